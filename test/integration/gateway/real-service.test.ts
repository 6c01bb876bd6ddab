/**
 * The gateway in remote mode against the real lookup service started as a child process
 * (`node --import tsx proxy/service/main.ts`), with a key from its own signup. Checks the
 * whole path lookup → queued → found, the batch, and that the key is seen by the service
 * only: never in the gateway's answers or logs. Issue 11 and issue 10 item 11: a held read of
 * a never-seen domain answers when the service stores it (the service honours `Prefer: wait`),
 * and "Check again" goes to the service's recheck; its registry is seeded beforehand with a
 * record checked two minutes ago, which the service may check again at once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AnnouncedRecordSchema,
  BatchResultSchema,
  DomainPolicyFoundSchema,
  FullRecordSchema,
  HistoryResponseSchema,
  ScoreResponseSchema,
  SignupResponseSchema,
  StatsResponseSchema,
} from '../../../shared/schemas.js';
import { createCrawler } from '../../../proxy/crawler/index.js';
import { createLogger } from '../../../proxy/lib/logger.js';
import { createLookupService } from '../../../proxy/service/index.js';
import { openSqliteStore } from '../../../proxy/service/store/sqlite/open.js';
import type { Domain } from '../../../shared/domain.js';
import { startFixtureFarm, text, type FixtureFarm } from '../../fixtures/farm.js';
import { homepage, SILENT_TERMS, STANCE_SITES, sitesOf } from '../../fixtures/stance-sites.js';
import { until } from '../../helpers/until.js';
import {
  CLIENT,
  EXT_ORIGIN,
  HELD_MARGIN_MS,
  dump,
  slowSite,
  startTestGateway,
  tempDir,
  type TestGateway,
} from './helpers.js';
import { json, type Json } from '../../helpers/json.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
let farm: FixtureFarm;
let service: ChildProcess;
let serviceUrl: string;
let key: string;
let gw: TestGateway;
const dir = tempDir('gw-real-');
const seen: string[] = [];

const BLOCK_GPT = 'User-agent: GPTBot\nDisallow: /\n';
const BLOCK_ALL = 'User-agent: *\nDisallow: /\n';
/** A poll of the service for the result of a check, at most 2 s apart (held/remote-watch.ts). */
const POLL_MAX_MS = 2_000;

/** The registry the service will open, with `domain` checked two minutes ago. */
async function seedRegistry(dataDir: string, domain: string): Promise<void> {
  const past = { now: () => Date.now() - 120_000 };
  const crawler = createCrawler({ overrides: farm.overrides(), clock: past });
  const seed = createLookupService({
    store: openSqliteStore(dataDir),
    crawler,
    clock: past,
    workers: false,
    logger: createLogger('seed', 'silent'),
  });
  await seed.analyseNow(domain as Domain);
  await seed.close();
  await crawler.close();
}

beforeAll(async () => {
  farm = await startFixtureFarm(sitesOf(STANCE_SITES));
  farm.set('changes.test', slowSite(BLOCK_GPT, 0));
  await seedRegistry(`${dir.path}/service`, 'changes.test');
  service = spawn(process.execPath, ['--import', 'tsx', 'proxy/service/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: `${dir.path}/service`,
      CRAWL_OVERRIDES: farm.overrides(),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  service.stderr!.on('data', (d) => (out += String(d)));
  serviceUrl = await new Promise<string>((resolve, reject) => {
    service.stdout!.on('data', (d) => {
      out += String(d);
      const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out);
      if (m) resolve(m[1]!);
    });
    service.once('exit', (code) => reject(new Error(`service exited ${code}: ${out}`)));
  });
  const signup = await fetch(`${serviceUrl}/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'gateway-test@example.com' }),
  });
  key = SignupResponseSchema.parse(await signup.json()).api_key;
  gw = await startTestGateway(
    { UPSTREAM_BASE_URL: serviceUrl, UPSTREAM_API_KEY: key },
    { ttl: { queuedMs: 100 } },
    `${dir.path}/gateway`,
  );
});
afterAll(async () => {
  await gw?.close();
  service?.kill('SIGTERM');
  await new Promise((r) => (service?.exitCode !== null ? r(null) : service.once('exit', r)));
  await farm.close();
  dir.remove();
});

async function get(path: string): Promise<Json> {
  const res = await gw.get(path);
  const text = await dump(res.clone());
  seen.push(text);
  return json(res);
}

describe('gateway over the real service', () => {
  it('goes lookup → queued → found with the stance of the site', async () => {
    expect(await get('/v1/domain/selective.test')).toEqual({ domain: 'selective.test', found: false, queued: true });
    const rec = await until(
      async () => {
        const b = await get('/v1/domain/selective.test');
        return b.found ? DomainPolicyFoundSchema.parse(b) : undefined;
      },
      30_000,
      100,
    );
    expect(rec).toMatchObject({
      stance: STANCE_SITES['selective.test']!.stance,
      detail: STANCE_SITES['selective.test']!.detail,
    });
  });

  it('mirrors the announced surface of the service', async () => {
    await until(async () => ((await get('/v1/domain/selective.test')).found ? true : undefined), 30_000, 100);
    AnnouncedRecordSchema.parse(await get('/preview/v1/policy/selective.test'));
    ScoreResponseSchema.parse(await get('/preview/v1/policy/selective.test/score'));
    const history = HistoryResponseSchema.parse(await get('/preview/v1/domain/selective.test/history'));
    expect(history.crawls).toBeGreaterThanOrEqual(1);
  });

  it('chunks a batch to the service and reads its quota headers', async () => {
    const names = Object.keys(STANCE_SITES);
    await get('/v1/domain/selective.test');
    const res = await gw.post('/v1/batch', { domains: names });
    seen.push(await dump(res.clone()));
    const body = BatchResultSchema.parse(await res.json());
    expect(body.domains.length + body.not_found.length).toBe(names.length);
    const status = await get('/status');
    expect(status.mode).toBe('remote');
    expect(status.upstream?.quota?.limitMinute).toBe(200);
    expect(status.upstream?.quota?.remainingMinute).toBeLessThan(200);
  });

  it('answers a never-seen domain under Prefer: wait as soon as the service has stored it', async () => {
    const ends: number[] = [];
    farm.set('held-first.test', slowSite(BLOCK_GPT, 250, ends));
    const started = Date.now();
    const res = await gw.get('/v1/domain/held-first.test', { prefer: 'wait=10' });
    const elapsed = Date.now() - started;
    seen.push(await dump(res.clone()));
    expect(DomainPolicyFoundSchema.parse(await res.json()).bots.blocked).toContain('GPTBot');
    expect(res.headers.get('preference-applied')).toBe('wait=10');
    expect(elapsed).toBeLessThanOrEqual(Math.max(...ends) - started + HELD_MARGIN_MS);
    // The service held it: the gateway says so once in its log, and did not fall back to polling.
    expect(gw.logs.join('')).toContain('the upstream holds answers for Prefer: wait');
  });

  it('while the service answers a lookup early (the terms page still being read), a held /full waits for the stored record', async () => {
    let termsOut = Infinity;
    farm.set('late-terms.test', {
      routes: {
        '/': homepage('Late Terms'),
        '/robots.txt': text(BLOCK_GPT),
        '/terms': () => ((termsOut = Date.now() + 1_500), { ...SILENT_TERMS, delayMs: 1_500 }),
      },
    });
    const [lookup, full] = await Promise.all([
      gw.get('/v1/domain/late-terms.test', { prefer: 'wait=10' }),
      // A moment later, so the lookup's wait is the one that asks the service first.
      new Promise((r) => setTimeout(r, 50)).then(() =>
        gw.get('/v1/domain/late-terms.test/full', { prefer: 'wait=10' }),
      ),
    ]);
    const early = DomainPolicyFoundSchema.parse(await lookup.json());
    expect(early.basis?.terms_pending).toBe(true);
    const record = FullRecordSchema.parse(await full.json());
    expect(Date.now()).toBeGreaterThanOrEqual(termsOut);
    expect(record.tos_ai_stance).toBe('silent');
    expect(record.ai_stance).toBe(early.stance);
  });

  it('Check again: accepted, refused within the minute, and the next held read brings the new record', async () => {
    const recheck = (d: string) =>
      fetch(`${gw.url}/v1/domain/${d}/recheck`, { method: 'POST', headers: { ...CLIENT, origin: EXT_ORIGIN } });
    const before = DomainPolicyFoundSchema.parse(await get('/v1/domain/changes.test'));
    expect(before.stance).not.toBe('blocks_all_ai');
    const ends: number[] = [];
    farm.set('changes.test', slowSite(BLOCK_ALL, 150, ends));
    const started = Date.now();
    const asked = await recheck('changes.test');
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ domain: 'changes.test', accepted: true, retry_after: 60 });
    const res = await gw.get('/v1/domain/changes.test', { prefer: 'wait=10' });
    const after = DomainPolicyFoundSchema.parse(await res.json());
    const elapsed = Date.now() - started;
    expect(after.stance).toBe('blocks_all_ai');
    expect(res.headers.get('preference-applied')).toBe('wait=10');
    // Found by a poll: within one poll interval of the service storing it.
    expect(elapsed).toBeLessThanOrEqual(Math.max(...ends) - started + POLL_MAX_MS + HELD_MARGIN_MS);
    expect((await get('/v1/domain/changes.test/full')).ai_stance).toBe('blocks_all_ai');

    const refused = await recheck('changes.test');
    expect(refused.status).toBe(200);
    expect(await refused.json()).toMatchObject({ domain: 'changes.test', accepted: false });
    // A domain the service checked seconds ago: the service's own refusal, with its retry_after.
    const recent = await recheck('held-first.test');
    const body = await json(recent);
    expect(body).toMatchObject({ domain: 'held-first.test', accepted: false });
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(60);
    expect(Number(recent.headers.get('retry-after'))).toBe(body.retry_after);
  });

  it("serves the service's statistics for the web app's overview, the later fields included", async () => {
    const stats = StatsResponseSchema.parse(await get('/preview/v1/stats'));
    expect(stats.total_domains).toBeGreaterThan(0);
    expect(stats.key_bots.map((b) => b.bot)).toContain('GPTBot');
    expect(stats.stance_changes.by_day).toHaveLength(30);
  });

  it('keeps the key out of every answer and log line', () => {
    seen.push(...gw.logs);
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(seen.filter((s) => s.includes(key))).toEqual([]);
  });
});

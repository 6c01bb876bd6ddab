/**
 * The gateway in remote mode against the real lookup service started as a child process
 * (`node --import tsx proxy/service/main.ts`), with a key from its own signup. Checks the
 * whole path lookup → queued → found, the batch, and that the key is seen by the service
 * only: never in the gateway's answers or logs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AnnouncedRecordSchema,
  BatchResultSchema,
  DomainPolicyFoundSchema,
  HistoryResponseSchema,
  ScoreResponseSchema,
  SignupResponseSchema,
} from '../../../shared/schemas.js';
import { startFixtureFarm, type FixtureFarm } from '../../fixtures/farm.js';
import { STANCE_SITES, sitesOf } from '../../fixtures/stance-sites.js';
import { dump, startTestGateway, tempDir, until, type TestGateway } from './helpers.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
let farm: FixtureFarm;
let service: ChildProcess;
let serviceUrl: string;
let key: string;
let gw: TestGateway;
const dir = tempDir('gw-real-');
const seen: string[] = [];

beforeAll(async () => {
  farm = await startFixtureFarm(sitesOf(STANCE_SITES));
  service = spawn(process.execPath, ['--import', 'tsx', 'proxy/service/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: `${dir.path}/service`, CRAWL_OVERRIDES: farm.overrides(), LOG_LEVEL: 'info' },
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
  gw = await startTestGateway({ UPSTREAM_BASE_URL: serviceUrl, UPSTREAM_API_KEY: key }, { ttl: { queuedMs: 100 } }, `${dir.path}/gateway`);
});
afterAll(async () => {
  await gw?.close();
  service?.kill('SIGTERM');
  await new Promise((r) => (service?.exitCode !== null ? r(null) : service.once('exit', r)));
  await farm.close();
  dir.remove();
});

async function get(path: string): Promise<any> {
  const res = await gw.get(path);
  const text = await dump(res.clone());
  seen.push(text);
  return res.json();
}

describe('gateway over the real service', () => {
  it('goes lookup → queued → found with the stance of the site', async () => {
    expect(await get('/v1/domain/selective.test')).toEqual({ domain: 'selective.test', found: false, queued: true });
    const rec = await until(async () => {
      const b = await get('/v1/domain/selective.test');
      return b.found ? DomainPolicyFoundSchema.parse(b) : undefined;
    }, 30_000);
    expect(rec).toMatchObject({ stance: STANCE_SITES['selective.test']!.stance, detail: STANCE_SITES['selective.test']!.detail });
  });

  it('mirrors the announced surface of the service', async () => {
    await until(async () => ((await get('/v1/domain/selective.test')).found ? true : undefined), 30_000);
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
    expect(status.upstream.quota.limitMinute).toBe(200);
    expect(status.upstream.quota.remainingMinute).toBeLessThan(200);
  });

  it('keeps the key out of every answer and log line', () => {
    seen.push(...gw.logs);
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(seen.filter((s) => s.includes(key))).toEqual([]);
  });
});

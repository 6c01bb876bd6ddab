/**
 * Issue 11 part 1 and issue 10 item 11 through the gateway in embedded mode: RFC 7240
 * `Prefer: wait=N` holds a read of a never-seen domain until its record is stored (the
 * service's event, not polling), a queued answer is never served after the record exists,
 * "Check again" is accepted then refused within the minute and the next held read brings the
 * new record, and the lookup service budgets new domains per gateway client, so a local
 * program queuing many domains does not delay the extension. Real crawler, fixture sites on
 * 127.0.0.1 whose files answer after a delay, SQLite registry; a clock that can be moved past
 * the minute after a check.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Domain } from '../../../shared/domain.js';
import { DomainPolicyFoundSchema, FullRecordSchema } from '../../../shared/schemas.js';
import type { Clock } from '../../../proxy/lib/clock.js';
import { startFixtureFarm, text, type FixtureFarm } from '../../fixtures/farm.js';
import { homepage, SILENT_TERMS } from '../../fixtures/stance-sites.js';
import {
  CLIENT,
  EXT_ORIGIN,
  HELD_MARGIN_MS as MARGIN_MS,
  slowSite,
  startTestGateway,
  tempDir,
  type TestGateway,
} from './helpers.js';
import { json } from '../../helpers/json.js';

const INSTALL = { 'x-ai-policy-lens-install': 'test-install-0123456789abcdef' };

const BLOCK_GPT = 'User-agent: GPTBot\nDisallow: /\n';
const BLOCK_ALL = 'User-agent: *\nDisallow: /\n';

let farm: FixtureFarm;
let gw: TestGateway;
let offsetMs = 0;
const clock: Clock = { now: () => Date.now() + offsetMs };
const dir = tempDir('gw-held-');

beforeAll(async () => {
  farm = await startFixtureFarm();
  gw = await startTestGateway(
    {
      CRAWL_OVERRIDES: farm.overrides(),
      CRAWL_CONCURRENCY: '1',
      CRAWL_NEW_PER_MINUTE: '3',
      RATE_LIMIT_PER_MINUTE: '1000',
    },
    // Queued answers would live a minute: only the record-stored event can explain a fresh answer.
    { clock, ttl: { queuedMs: 60_000 } },
    dir.path,
  );
});
afterAll(async () => {
  await gw?.close();
  await farm.close();
  dir.remove();
});

const held = (path: string, waitS = 10, headers: Record<string, string> = {}) =>
  gw.get(path, { prefer: `wait=${waitS}`, ...INSTALL, ...headers });
const analysed = (d: string) => gw.source.whenAnalysed!(d as Domain, 0);
const recheck = (d: string, headers: Record<string, string> = {}) =>
  // As the extension sends it: no body, its origin, the access header.
  fetch(`${gw.url}/v1/domain/${d}/recheck`, {
    method: 'POST',
    headers: { ...CLIENT, origin: EXT_ORIGIN, ...INSTALL, ...headers },
  });

describe('Prefer: wait in embedded mode', () => {
  it('answers a never-seen domain with its record as soon as its crawl is stored', async () => {
    const ends: number[] = [];
    farm.set('first-visit.test', slowSite(BLOCK_GPT, 250, ends));
    const started = Date.now();
    const res = await held('/v1/domain/first-visit.test');
    const elapsed = Date.now() - started;
    const body = DomainPolicyFoundSchema.parse(await json(res));
    expect(body.bots.blocked).toContain('GPTBot');
    expect(res.headers.get('preference-applied')).toBe('wait=10');
    expect(res.headers.get('vary')).toMatch(/Prefer/);
    const crawl = Math.max(...ends) - started;
    expect(crawl).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThanOrEqual(crawl + MARGIN_MS);
    // Known now: answered at once, not held, from the cache. The held answer may have been the
    // early one (given while the terms page is read, cached briefly and dropped when the record
    // is stored), so the cache is read once the record is stored.
    expect(await gw.source.whenAnalysed!('first-visit.test' as Domain, 10_000, undefined, { stored: true })).toBe(true);
    await (await gw.get('/v1/domain/first-visit.test')).arrayBuffer();
    const again = await held('/v1/domain/first-visit.test');
    expect(again.headers.get('preference-applied')).toBeNull();
    expect(again.headers.get('x-cache')).toBe('HIT');
    await again.arrayBuffer();
  });

  it('holds /full, the announced policy and score too, caps the wait at 10 s, and answers queued at the deadline', async () => {
    farm.set('other-reads.test', slowSite(BLOCK_ALL, 100, []));
    const [full, policy, score] = await Promise.all([
      held('/v1/domain/other-reads.test/full', 3600),
      held('/preview/v1/policy/other-reads.test', 3600),
      held('/preview/v1/policy/other-reads.test/score', 3600),
    ]);
    expect(FullRecordSchema.parse(await json(full)).policy_detail).toBeTruthy();
    expect(full.headers.get('preference-applied')).toBe('wait=10');
    expect(await json(policy)).toMatchObject({ domain: 'other-reads.test' });
    expect((await json(score)).score).toEqual(expect.any(Number));

    // A crawl slower than the wait: `queued` when the wait is over, and said to be held.
    farm.set('too-slow.test', slowSite(BLOCK_ALL, 2_500, []));
    const started = Date.now();
    const slow = await held('/v1/domain/too-slow.test', 1);
    expect(await json(slow)).toEqual({ domain: 'too-slow.test', found: false, queued: true });
    expect(slow.headers.get('preference-applied')).toBe('wait=1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    // No preference, or one that is not a wait: the seed's answer at once.
    const plain = await gw.get('/v1/domain/too-slow.test', { prefer: 'return=minimal' });
    expect(plain.headers.get('preference-applied')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/Prefer/);
    await plain.arrayBuffer();
  });

  it('answers early while the terms page is read, and serves the stored record once it is in', async () => {
    const TERMS_MS = 1_200;
    let termsOut = Infinity;
    farm.set('early-gw.test', {
      routes: {
        '/': homepage('Early'),
        '/robots.txt': text(BLOCK_GPT),
        '/terms': () => ((termsOut = Date.now() + TERMS_MS), { ...SILENT_TERMS, delayMs: TERMS_MS }),
      },
    });
    const res = await held('/v1/domain/early-gw.test');
    const early = DomainPolicyFoundSchema.parse(await json(res));
    expect(Date.now()).toBeLessThan(termsOut);
    expect(early.basis?.terms_pending).toBe(true);
    expect(early.bots.blocked).toContain('GPTBot');
    // Kept like a queued answer (here a minute), not a day, and dropped when the record is stored.
    const cached = await gw.get('/v1/domain/early-gw.test');
    expect(cached.headers.get('x-cache')).toBe('HIT');
    expect((await json(cached)).basis?.terms_pending).toBe(true);
    expect(await gw.source.whenAnalysed!('early-gw.test' as Domain, 10_000, undefined, { stored: true })).toBe(true);
    const stored = await gw.get('/v1/domain/early-gw.test');
    expect(stored.headers.get('x-cache')).toBe('MISS');
    const final = DomainPolicyFoundSchema.parse(await json(stored));
    expect(final.basis?.terms_pending).toBeUndefined();
    expect(final.site.has_tos).toBe(true);
    expect(final.stance).toBe(early.stance);
    // A held /full is not answered early: it waits for the stored record.
    expect(FullRecordSchema.parse(await json(await held('/v1/domain/early-gw.test/full'))).tos_ai_stance).toBe(
      'silent',
    );
  });

  it('holds /full until the stored record, not the early answer', async () => {
    farm.set('early-full.test', {
      routes: {
        '/': homepage('Early Full'),
        '/robots.txt': text(BLOCK_GPT),
        '/terms': { ...SILENT_TERMS, delayMs: 800 },
      },
    });
    const full = FullRecordSchema.parse(await json(await held('/v1/domain/early-full.test/full')));
    expect(full.tos_ai_stance).toBe('silent');
  });

  it('never serves a queued answer from the cache once the record is stored', async () => {
    farm.set('queued-then-found.test', slowSite(BLOCK_GPT, 100, []));
    expect(await json(await gw.get('/v1/domain/queued-then-found.test'))).toMatchObject({ found: false, queued: true });
    expect(await json(await gw.get('/v1/domain/queued-then-found.test/full'))).toMatchObject({
      found: false,
      queued: true,
    });
    const cached = await gw.get('/v1/domain/queued-then-found.test');
    expect(cached.headers.get('x-cache')).toBe('HIT');
    await cached.arrayBuffer();
    expect(await gw.source.whenAnalysed!('queued-then-found.test' as Domain, 10_000, undefined, { stored: true })).toBe(
      true,
    );
    // Queued answers are kept a minute here: only the record-stored event dropped them.
    for (const path of [
      '/v1/domain/queued-then-found.test',
      '/v1/domain/queued-then-found.test/full',
      '/preview/v1/policy/queued-then-found.test',
    ]) {
      const res = await gw.get(path);
      expect(res.headers.get('x-cache')).toBe('MISS');
      expect((await json(res)).found).not.toBe(false);
    }
  });
});

describe('Check again through the gateway', () => {
  it('is accepted, then refused within the minute; the next held read brings the new record', async () => {
    const ends: number[] = [];
    farm.set('changes.test', slowSite(BLOCK_GPT, 150, ends));
    const before = DomainPolicyFoundSchema.parse(await json(await held('/v1/domain/changes.test')));
    expect(before.stance).not.toBe('blocks_all_ai');
    // The held read may have brought the early answer (the terms still being read): the check
    // below is of the stored record.
    expect(await gw.source.whenAnalysed!('changes.test' as Domain, 10_000, undefined, { stored: true })).toBe(true);
    // A minute later (the service refuses a check of a domain checked less than a minute ago),
    // the site has changed its robots.txt.
    offsetMs += 61_000;
    ends.length = 0;
    farm.set('changes.test', slowSite(BLOCK_ALL, 150, ends));
    const started = Date.now();
    const asked = await recheck('changes.test');
    expect(asked.status).toBe(202);
    expect(await json(asked)).toEqual({ domain: 'changes.test', accepted: true, retry_after: 60 });
    const res = await held('/v1/domain/changes.test');
    const after = DomainPolicyFoundSchema.parse(await json(res));
    const elapsed = Date.now() - started;
    expect(after.stance).toBe('blocks_all_ai');
    expect(after.last_updated).not.toBe(before.last_updated);
    expect(res.headers.get('preference-applied')).toBe('wait=10');
    expect(elapsed).toBeLessThanOrEqual(Math.max(...ends) - started + MARGIN_MS);
    // Every read of the domain has the new record now, without waiting.
    expect((await json(await gw.get('/v1/domain/changes.test/full'))).ai_stance).toBe('blocks_all_ai');

    const refused = await recheck('changes.test');
    expect(refused.status).toBe(200);
    const body = await json(refused);
    expect(body).toMatchObject({ domain: 'changes.test', accepted: false });
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(60);
    expect(Number(refused.headers.get('retry-after'))).toBe(body.retry_after);
  });

  it('keeps the guards: the access header, extension origins only, POST only, valid domains', async () => {
    const bare = await fetch(`${gw.url}/v1/domain/changes.test/recheck`, {
      method: 'POST',
      headers: { origin: EXT_ORIGIN },
    });
    expect(bare.status).toBe(403);
    expect((await recheck('changes.test', { origin: 'https://evil.example' })).status).toBe(403);
    const get = await gw.get('/v1/domain/changes.test/recheck');
    expect([get.status, (await json(get)).error]).toEqual([405, 'method_not_allowed']);
    const bad = await recheck('bad_domain');
    expect([bad.status, (await json(bad)).error]).toEqual([400, 'invalid_domain']);
  });
});

describe('per-client budgets reach the service', () => {
  it("lets the extension's new domain through ahead of a local program's flood", async () => {
    const flood = Array.from({ length: 10 }, (_, i) => `flood${i}.test`);
    for (const d of [...flood, 'ext.test', 'anon.test']) farm.set(d, slowSite(BLOCK_GPT, 120, []));
    // A local program (no extension identity) asks for ten new domains: three within its
    // budget of new domains (CRAWL_NEW_PER_MINUTE=3), seven behind every interactive lookup.
    await Promise.all(flood.map(async (d) => void (await gw.get(`/v1/domain/${d}`)).arrayBuffer()));
    // The extension, told apart by its install id, and another program sharing the address.
    const [ext, anon] = await Promise.all([
      held('/v1/domain/ext.test').then(async (r) => ({ body: await json(r), flood: await analysedCount() })),
      gw
        .get('/v1/domain/anon.test', { prefer: 'wait=10' })
        .then(async (r) => ({ body: await json(r), flood: await analysedCount() })),
    ]);
    expect(ext.body.found).toBe(true);
    // The extension's domain came after at most the program's three interactive ones (and the crawl running).
    expect(ext.flood).toBeLessThanOrEqual(4);
    // The other program's domain was past the shared budget: it waited behind the flood.
    expect(anon.body.found).toBe(true);
    expect(anon.flood).toBe(flood.length);

    async function analysedCount(): Promise<number> {
      return (await Promise.all(flood.map(analysed))).filter(Boolean).length;
    }
    // The registry's budget rows name clients by a keyed hash, never an address or origin.
    const db = new Database(join(dir.path, 'registry.sqlite'), { readonly: true });
    try {
      const clients = (db.prepare('SELECT client FROM client_budget').all() as { client: string }[]).map(
        (r) => r.client,
      );
      expect(clients.length).toBeGreaterThanOrEqual(2);
      for (const c of clients) expect(c).toMatch(/^gw:[A-Za-z0-9_-]{22}$/);
    } finally {
      db.close();
    }
  });
});

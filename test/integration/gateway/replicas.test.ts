/**
 * Two gateway replicas on one Redis (issue 14), behind the same fault-injecting upstream:
 * the answer cache, the single-flight of upstream calls, the per-client rate limit and the
 * upstream pacing budget are shared, so the upstream sees each domain exactly once and one
 * client's budget is one budget whichever replica answers. Redis DB 6 (the gateway helper's
 * range 6-12), flushed before and after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BatchResultSchema } from '../../../shared/schemas.js';
import { startFaultUpstream, type FaultUpstream } from '../../fixtures/fault-upstream.js';
import { until } from '../../helpers/until.js';
import { EXT_ORIGIN, startTestGateway, type TestGateway } from './helpers.js';
import { freePort } from '../../e2e/helpers/stack.js';
import { json } from '../../helpers/json.js';

const REDIS_URL = 'redis://127.0.0.1:6379/6';
const KEY = 'sk-replicas-test-0123456789abcdef0123';
const FAST_RETRY = { backoff: { baseMs: 5, capMs: 20 } };
let redis: Redis;
let up: FaultUpstream;
let a: TestGateway;
let b: TestGateway;

async function replicas(
  env: Record<string, string> = {},
  remote: Record<string, unknown> = {},
  queuedMs?: number,
): Promise<void> {
  const settings = { UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: KEY, REDIS_URL, ...env };
  const ttl = queuedMs === undefined ? undefined : { queuedMs };
  a = await startTestGateway(settings, { remote: { ...FAST_RETRY, ...remote }, ttl });
  b = await startTestGateway(settings, { remote: { ...FAST_RETRY, ...remote }, ttl });
}

beforeAll(async () => {
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  await redis.flushdb();
  await redis.quit();
});
beforeEach(async () => {
  await redis.flushdb();
  up = await startFaultUpstream({ apiKey: KEY, unknown: ['queued.test'] });
});
afterEach(async () => {
  await a?.close();
  await b?.close();
  await up.close();
});

const status = (r: Response) => r.arrayBuffer().then(() => r.status);

describe('gateway replicas on one Redis', () => {
  it('makes one upstream call per domain however many replicas are asked at once', async () => {
    await replicas();
    const domains = Array.from({ length: 40 }, (_, i) => `r${i}.test`);
    const answers = await Promise.all(
      domains.flatMap((d) =>
        [a, b, a, b].map((g) => g.get(`/v1/domain/${d}`).then(async (r) => [r.status, (await json(r)).domain])),
      ),
    );
    expect(answers.every(([s], i) => s === 200 && answers[i]![1] === domains[Math.floor(i / 4)])).toBe(true);
    expect([...up.lookups.values()].every((n) => n === 1)).toBe(true);
    expect(up.lookups.size).toBe(40);
    expect(up.requests).toHaveLength(40);

    // A queued answer is shared too: the other replica does not ask again within its lifetime.
    await Promise.all([a.get('/v1/domain/queued.test'), b.get('/v1/domain/queued.test')].map((p) => p.then(status)));
    expect(up.lookups.get('queued.test')).toBe(1);

    // Later, the other replica answers from the shared cache: no upstream call, a hit.
    const later = await b.get('/v1/domain/r0.test');
    expect(later.headers.get('x-cache')).toBe('HIT');
    await later.arrayBuffer();
    expect(up.requests).toHaveLength(41);
    const s = await json(await a.get('/status'));
    expect(s.cache?.shared).toBe(true);
  });

  it('shares batch misses: each domain fetched once across replicas', async () => {
    await replicas();
    const names = Array.from({ length: 30 }, (_, i) => `batch${i}.test`);
    const [ra, rb] = await Promise.all([
      a.post('/v1/batch', { domains: names }),
      b.post('/v1/compare', { domains: [...names].reverse() }),
    ]);
    expect(BatchResultSchema.parse(await json(ra)).domains).toHaveLength(30);
    expect(BatchResultSchema.parse(await json(rb)).domains).toHaveLength(30);
    const fetched = names.map((d) => (up.batched.get(d) ?? 0) + (up.lookups.get(d) ?? 0));
    expect(fetched).toEqual(names.map(() => 1));
  });

  it('counts one client against one limit whichever replica answers', async () => {
    await replicas({ RATE_LIMIT_PER_MINUTE: '4' });
    const asClient = (g: TestGateway) => g.get('/v1/domain/limit.test', { origin: EXT_ORIGIN }).then(status);
    expect([await asClient(a), await asClient(b), await asClient(a), await asClient(b)]).toEqual([200, 200, 200, 200]);
    expect([await asClient(a), await asClient(b)]).toEqual([429, 429]);
    // Another client (no extension origin) has its own budget.
    expect(await a.get('/v1/domain/limit.test').then(status)).toBe(200);
  });

  it('paces both replicas within the one upstream budget: a burst queues and never draws a 429', async () => {
    await up.close();
    up = await startFaultUpstream({ apiKey: KEY, limit: { perWindow: 5, windowMs: 1_000 } });
    await replicas({ UPSTREAM_PER_MINUTE: '5' }, { windowMs: 1_100 });
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).get(`/v1/domain/p${i}.test`).then(status)),
    );
    expect(answers).toEqual(Array(12).fill(200));
    expect(up.limited).toBe(0);
    expect(up.requests).toHaveLength(12);
    // 12 calls at 5 per 1.1 s: the third group starts after two windows.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  });

  it('shares one held wait, and drops queued answers in every replica once one finds the record', async () => {
    // Queued answers kept a minute: only the drop can explain a found answer afterwards.
    await replicas({}, {}, 60_000);
    for (const g of [a, b]) {
      expect(await json(await g.get('/v1/domain/queued.test/full'))).toMatchObject({ found: false });
      expect(await json(await g.get('/v1/domain/queued.test'))).toMatchObject({ found: false });
    }
    setTimeout(() => up.unknown.delete('queued.test'), 500);
    const held = await Promise.all(
      [a, b, a, b, a, b].map((g) => g.get('/v1/domain/queued.test', { prefer: 'wait=10' }).then((r) => json(r))),
    );
    expect(held.every((h) => (h.found as unknown) === true)).toBe(true);
    // One wait across both replicas: the first lookups, then one poller, not six.
    expect(up.lookups.get('queued.test')).toBeLessThanOrEqual(1 + 7);
    for (const g of [a, b]) {
      expect((await json(await g.get('/v1/domain/queued.test'))).found).toBe(true);
      expect((await json(await g.get('/v1/domain/queued.test/full'))).found).not.toBe(false);
    }
  });

  it("shares each domain's Check again turn", async () => {
    await replicas();
    const recheck = (g: TestGateway) =>
      fetch(`${g.url}/v1/domain/turn.test/recheck`, {
        method: 'POST',
        headers: { 'x-ai-policy-lens': '1', origin: EXT_ORIGIN },
      });
    expect((await recheck(a)).status).toBe(202);
    const refused = await recheck(b);
    expect(refused.status).toBe(200);
    expect(await json(refused)).toMatchObject({ domain: 'turn.test', accepted: false });
  });

  it('keeps the API key out of Redis', async () => {
    await replicas();
    await Promise.all([a.get('/v1/domain/k.test'), b.get('/v1/domain/k.test')].map((p) => p.then(status)));
    const keys = await redis.keys('*');
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.startsWith('lens:gw:'))).toBe(true);
    for (const k of keys) {
      const type = await redis.type(k);
      const value = type === 'string' ? String(await redis.get(k)) : JSON.stringify(await redis.zrange(k, '0', '-1'));
      expect(value).not.toContain(KEY);
    }
  });

  it('goes on alone when Redis goes away, and says so once', async () => {
    const own = await ownRedis();
    try {
      a = await startTestGateway(
        { UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: KEY, REDIS_URL: own.url },
        { remote: FAST_RETRY },
      );
      expect(await a.get('/v1/domain/before.test').then(status)).toBe(200);
      own.proc.kill('SIGKILL');
      await new Promise((r) => own.proc.once('exit', r));
      const after = await Promise.all(['a1', 'a2', 'a3', 'a1'].map((d) => a.get(`/v1/domain/${d}.test`).then(status)));
      expect(after).toEqual([200, 200, 200, 200]);
      expect(await a.get('/v1/domain/before.test').then(status)).toBe(200);
      expect(a.logs.filter((l) => l.includes('Redis connection failed'))).toHaveLength(1);
      expect(a.logs.filter((l) => l.includes('rate limit')).length).toBeLessThanOrEqual(1);
      const health = await fetch(`${a.url}/healthz`);
      expect([health.status, await health.json()]).toEqual([
        200,
        expect.objectContaining({ status: 'degraded', dependencies: { redis: 'down' } }),
      ]);
    } finally {
      own.proc.kill('SIGKILL');
    }
  });

  it('answers promptly while Redis is frozen, names it on /healthz, and shares again when it is back', async () => {
    const own = await ownRedis();
    try {
      a = await startTestGateway(
        { UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: KEY, REDIS_URL: own.url },
        { remote: FAST_RETRY },
      );
      expect(await a.get('/v1/domain/before.test').then(status)).toBe(200);
      expect(await json(await fetch(`${a.url}/healthz`))).toEqual({ status: 'ok', dependencies: { redis: 'up' } });
      own.proc.kill('SIGSTOP');
      const timed = async (d: string) => {
        const started = Date.now();
        const s = await a.get(`/v1/domain/${d}`).then(status);
        return { s, ms: Date.now() - started };
      };
      // At first each Redis call may wait its command timeout (1 s); the watchdog drops the connection within about 2 s.
      const first = await Promise.all(['f1', 'f2', 'f3'].map((d) => timed(`${d}.test`)));
      for (const f of first) expect(f.s).toBe(200);
      await until(
        async () =>
          ((await json(await fetch(`${a.url}/healthz`))).status as unknown) === 'degraded' ? true : undefined,
        5_000,
        100,
      );
      const known = await Promise.all(Array.from({ length: 20 }, (_, i) => timed(`k${i}.test`)));
      for (const k of known) {
        expect(k.s).toBe(200);
        expect(k.ms).toBeLessThan(1_000);
      }
      const health = await (await fetch(`${a.url}/healthz`)).json();
      expect(health).toMatchObject({
        status: 'degraded',
        dependencies: { redis: 'down' },
        message: expect.stringMatching(/redis not answering/),
      });
      own.proc.kill('SIGCONT');
      await until(
        async () => (((await json(await fetch(`${a.url}/healthz`))).status as unknown) === 'ok' ? true : undefined),
        15_000,
        200,
      );
      expect(a.logs.filter((l) => l.includes('Redis connection failed'))).toHaveLength(1);
      expect(a.logs.filter((l) => l.includes('Redis connection back'))).toHaveLength(1);
    } finally {
      own.proc.kill('SIGCONT');
      own.proc.kill('SIGKILL');
    }
  }, 60_000);
});

/** A Redis of this test's own (not the shared one), so it can be stopped or frozen. */
async function ownRedis(): Promise<{ proc: ChildProcess; url: string }> {
  const port = await freePort();
  const proc = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}/0`;
  await until(
    async () => {
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => undefined);
      const ok = await probe
        .connect()
        .then(() => probe.ping())
        .then(
          () => true,
          () => undefined,
        );
      probe.disconnect();
      return ok;
    },
    10_000,
    100,
  );
  return { proc, url };
}

/**
 * Past one machine (issue 14, the service): two `npm run service` replicas (API only) and two
 * `npm run worker` processes on one PostgreSQL database, all real processes, the sites a
 * fixture farm reached through CRAWL_OVERRIDES.
 *
 * - 500 domains looked up on both replicas at once: each is crawled exactly once (counted at
 *   the fixture server) and answered by both.
 * - 260 concurrent requests with one key, split across the replicas: exactly 200 answers and
 *   60 × 429 (the minute window is counted in the database, not per process).
 * - A worker killed with kill -9 in the middle of a crawl loses no job: the other worker runs it
 *   once pg-boss's expiry passes, and the record is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureFarm, text, type FixtureFarm } from '../../fixtures/farm.js';
import { homepage } from '../../fixtures/stance-sites.js';
import { until } from '../../helpers/until.js';
import { createTestDatabase } from '../store/backends.js';
import { start, type Child } from './processes.js';

const DOMAINS = Array.from({ length: 500 }, (_, i) => `site-${String(i).padStart(3, '0')}.scale.test`);
const SLOW = 'slow.scale.test';
const IN_FLIGHT = 16;

describe('two service replicas and two workers on one PostgreSQL', () => {
  let farm: FixtureFarm;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const services: Child[] = [];
  const workers: Child[] = [];
  const bases: string[] = [];
  let signups = 0;

  const env = () => ({
    DATABASE_URL: db.url,
    CRAWL_OVERRIDES: farm.overrides(['*.scale.test']),
    CRAWL_NEW_PER_MINUTE: '10000',
    CRAWL_CONCURRENCY: '8',
    // A killed worker's job is run again 5 s after it started (the slow site answers in 3 s).
    CRAWL_JOB_EXPIRE_SECONDS: '5',
    CRAWL_JOB_CHECK_SECONDS: '1',
    CRAWL_JOB_POLL_SECONDS: '1',
    TRUST_PROXY: '1',
    PORT: '0',
  });
  const startWorker = async () => {
    const w = start('worker', { ...env(), LOG_LEVEL: 'debug' });
    await w.waitFor((l) => l.msg === 'crawl workers started');
    workers.push(w);
    return w;
  };
  /** A fresh key from the real signup endpoint (each signup from its own forwarded address). */
  const key = async (base: string) => {
    signups++;
    const res = await fetch(`${base}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${signups >> 8}.${signups & 255}` },
      body: JSON.stringify({ email: `scale${signups}@example.com` }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { api_key: string }).api_key;
  };
  const get = (base: string, path: string, k: string, headers: Record<string, string> = {}) =>
    fetch(base + path, { headers: { authorization: `Bearer ${k}`, ...headers } });
  /** Runs `fn` over `items`, `n` at a time. */
  const pool = async <T>(items: readonly T[], n: number, fn: (item: T, i: number) => Promise<void>) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: n }, async () => {
        while (next < items.length) {
          const i = next++;
          await fn(items[i]!, i);
        }
      }),
    );
  };

  beforeAll(async () => {
    const sites = Object.fromEntries(
      DOMAINS.map((d, i) => [
        d,
        {
          routes: {
            '/': homepage(`Site ${i}`),
            '/robots.txt': text(i % 2 ? 'User-agent: GPTBot\nDisallow: /\n' : 'User-agent: *\nAllow: /\n'),
          },
        },
      ]),
    );
    sites[SLOW] = {
      routes: { '/': { ...homepage('Slow'), delayMs: 3_000 }, '/robots.txt': text('User-agent: CCBot\nDisallow: /\n') },
    };
    farm = await startFixtureFarm(sites);
    db = await createTestDatabase();
    // All four start together on the new database: one migrates, the others wait for its lock.
    services.push(start('main', env()), start('main', env()));
    await Promise.all([...services.map((s) => s.waitFor((l) => l.msg === 'listening')), startWorker(), startWorker()]);
    for (const s of services) bases.push(String((await s.waitFor((l) => l.msg === 'listening')).url));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...services, ...workers].map((c) => c.kill('SIGKILL')));
    await db?.drop();
    await farm?.close();
  });

  it('the replicas answer the API only; the workers crawl', async () => {
    for (const s of services) expect((await s.waitFor((l) => l.msg === 'listening')).crawls).toBe(false);
    const health = (await (await fetch(`${bases[0]}/health`)).json()) as { queue: { workers: number } };
    expect(health.queue.workers).toBe(0);
  });

  it('500 domains looked up on both replicas are each crawled exactly once and answered by both', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, (_, i) => key(bases[i % 2]!)));
    // Every domain asked on both replicas at the same moment.
    await pool(DOMAINS, IN_FLIGHT, async (d, i) => {
      const answers = await Promise.all(
        bases.map((b, r) => get(b, `/v1/domain/${d}`, keys[(i * 2 + r) % keys.length]!)),
      );
      for (const a of answers) expect([200]).toContain(a.status);
    });
    await until(
      async () => {
        const h = (await (await fetch(`${bases[1]}/health`)).json()) as {
          domains: number;
          queue: { queued: number; crawling: number };
        };
        return h.domains >= DOMAINS.length && h.queue.queued === 0 && h.queue.crawling === 0 ? h : undefined;
      },
      90_000,
      250,
    );

    const robots = new Map<string, number>();
    for (const r of farm.requests)
      if (r.path === '/robots.txt' && r.host !== SLOW) robots.set(r.host, (robots.get(r.host) ?? 0) + 1);
    expect(robots.size).toBe(DOMAINS.length);
    expect([...robots.values()].every((n) => n === 1)).toBe(true);
    const health = (await (await fetch(`${bases[0]}/health`)).json()) as { domains: number; audits: number };
    expect(health).toMatchObject({ domains: DOMAINS.length, audits: DOMAINS.length });

    // Both replicas answer every domain from the shared registry.
    const k = await key(bases[0]!);
    const k2 = await key(bases[1]!);
    const wrong: string[] = [];
    const blocksGptBot: boolean[] = [];
    await pool(
      DOMAINS.filter((_, i) => i % 5 === 0),
      IN_FLIGHT,
      async (d) => {
        const [a, b] = await Promise.all(
          [get(bases[0]!, `/v1/domain/${d}`, k), get(bases[1]!, `/v1/domain/${d}`, k2)].map(async (r) =>
            (await r).text(),
          ),
        );
        const body = JSON.parse(a!) as { found: boolean; bots?: { blocked: string[] } };
        if (!body.found || a !== b) wrong.push(`${d}: ${a} / ${b}`);
        else blocksGptBot.push(body.bots!.blocked.includes('GPTBot') === DOMAINS.indexOf(d) % 2 > 0);
      },
    );
    expect(wrong).toEqual([]);
    expect(blocksGptBot.every(Boolean)).toBe(true);
  }, 150_000);

  it('260 concurrent requests with one key across both replicas: exactly 200 answers and 60 × 429', async () => {
    const k = await key(bases[0]!);
    // All 260 inside one minute window: start early in a minute.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 200));
    const statuses = await Promise.all(
      Array.from({ length: 260 }, (_, i) =>
        get(bases[i % 2]!, `/v1/domain/${DOMAINS[i]}`, k).then(async (r) => (await r.arrayBuffer(), r.status)),
      ),
    );
    const count = (s: number) => statuses.filter((x) => x === s).length;
    expect({ ok: count(200), limited: count(429), other: statuses.length - count(200) - count(429) }).toEqual({
      ok: 200,
      limited: 60,
      other: 0,
    });
  }, 60_000);

  it('a worker killed with kill -9 in the middle of a crawl loses no job', async () => {
    const k = await key(bases[0]!);
    const asked = Date.now();
    expect((await get(bases[0]!, `/v1/domain/${SLOW}`, k)).status).toBe(200);
    // The worker that took the job says so (debug line); kill it while the homepage is still on its way.
    const [claimed] = await Promise.race(
      workers.map((w) =>
        w.waitFor((l) => l.msg === 'crawl started' && l.domain === SLOW, 20_000).then(() => [w] as const),
      ),
    );
    await until(() => (farm.requests.some((r) => r.host === SLOW && r.path === '/') ? true : undefined), 10_000, 20);
    await claimed.kill('SIGKILL');
    // Killed before its crawl was stored (each stored crawl logs a line with its stance).
    expect(claimed.lines.some((l) => l.domain === SLOW && 'stance' in l)).toBe(false);

    // The other worker runs it once the job's expiry (5 s) has passed and pg-boss retries it.
    const res = await get(bases[1]!, `/v1/domain/${SLOW}`, k, { prefer: 'wait=10' });
    let body = (await res.json()) as { found: boolean; bots?: { blocked: string[] } };
    if (!body.found)
      body = (await (await get(bases[1]!, `/v1/domain/${SLOW}`, k, { prefer: 'wait=10' })).json()) as typeof body;
    expect(body).toMatchObject({ found: true });
    expect(body.bots?.blocked).toContain('CCBot');
    const homepages = farm.requests.filter(
      (r) => r.host === SLOW && r.path === '/' && r.headers.accept !== 'text/markdown',
    );
    expect(homepages.length).toBeGreaterThanOrEqual(2);
    const survivor = workers.find((w) => w !== claimed)!;
    expect(survivor.lines.some((l) => l.msg === 'crawl started' && l.domain === SLOW)).toBe(true);
    expect(Date.now() - asked).toBeLessThan(40_000);
  }, 60_000);
});

/**
 * A crawl worker outlives its database: a real `npm run worker` and an API-only `npm run service`
 * on a PostgreSQL cluster of the test's own (test/helpers/pg-cluster.ts), which is stopped as a
 * crash would stop it (`pg_ctl stop -m immediate`: every connection ends at once) and started
 * again, then stopped cleanly and started again. Domains looked up after each restart are
 * crawled and stored without restarting the worker, and the worker says once that the
 * database went and once that it is back.
 *
 * The first outage comes while every slot of the worker holds a crawl: each crawl ends while the
 * database is down, so neither its record nor its job's end can be written. pg-boss ends a job
 * without awaiting it, and that rejection used to end the worker process (queue/pgboss-db.ts);
 * the cut-off crawls now run again once their jobs expire.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureFarm, text, type FixtureFarm, type FixtureSite } from '../../fixtures/farm.js';
import { homepage } from '../../fixtures/stance-sites.js';
import { startPgCluster, type PgCluster } from '../../helpers/pg-cluster.js';
import { until } from '../../helpers/until.js';
import { start, type Child } from './processes.js';

let pg: PgCluster;
let farm: FixtureFarm;
let service: Child;
let worker: Child;
let base: string;
let key: string;

const SITES = ['before', 'after-busy', 'after-crash-1', 'after-crash-2', 'after-stop-1', 'after-stop-2'].map(
  (n) => `${n}.restart.test`,
);
/** Sites whose homepage takes 4 s: their crawls are running in the worker when the database goes. */
const SLOW = Array.from({ length: 8 }, (_, i) => `slow-${i}.restart.test`);

beforeAll(async () => {
  const site = (d: string, bot: string, delayMs = 0): [string, FixtureSite] => [
    d,
    { routes: { '/': { ...homepage(d), delayMs }, '/robots.txt': text(`User-agent: ${bot}\nDisallow: /\n`) } },
  ];
  farm = await startFixtureFarm(
    Object.fromEntries([...SITES.map((d) => site(d, 'GPTBot')), ...SLOW.map((d) => site(d, 'CCBot', 4_000))]),
  );
  pg = await startPgCluster();
  const env = {
    DATABASE_URL: pg.adminUrl,
    CRAWL_OVERRIDES: farm.overrides(['*.restart.test']),
    CRAWL_JOB_POLL_SECONDS: '1',
    // A crawl cut off by the outage is run again once its job expires (the slow sites answer in 4 s).
    CRAWL_JOB_EXPIRE_SECONDS: '8',
    CRAWL_JOB_CHECK_SECONDS: '1',
    HOST: '127.0.0.1',
    PORT: '0',
  };
  service = start('main', env);
  base = String((await service.waitFor((l) => l.msg === 'listening', 60_000)).url);
  worker = start('worker', env);
  await worker.waitFor((l) => l.msg === 'crawl workers started', 60_000);
  const r = await fetch(`${base}/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'restart@example.test' }),
  });
  key = ((await r.json()) as { api_key: string }).api_key;
}, 120_000);

afterAll(async () => {
  if (process.env.DEBUG_OUTAGE) for (const l of worker?.lines ?? []) console.log(JSON.stringify(l));
  await Promise.all([service?.kill('SIGKILL'), worker?.kill('SIGKILL')]);
  pg?.remove();
  await farm?.close();
});

/** Asks for the domain (queuing its crawl) until the service answers it with a stored record. */
const crawled = (domain: string, withinMs: number) =>
  until(
    async () => {
      const r = await fetch(`${base}/v1/domain/${domain}`, { headers: { authorization: `Bearer ${key}` } });
      if (r.status !== 200) return undefined;
      const body = (await r.json()) as { found?: boolean; bots?: { blocked: string[] } };
      return body.found ? body : undefined;
    },
    withinMs,
    250,
  );
const health = async () => (await fetch(`${base}/health`)).status;
const workerLines = (re: RegExp) => worker.lines.filter((l) => re.test(String(l.msg)));

describe('npm run worker across PostgreSQL restarts', () => {
  it('crawls while the database answers', async () => {
    const body = await crawled(SITES[0]!, 30_000);
    expect(body.bots?.blocked).toContain('GPTBot');
  });

  it('crawls again after PostgreSQL crashed with every slot of the worker busy, and runs the cut-off crawls again', async () => {
    for (const d of SLOW) {
      const r = await fetch(`${base}/v1/domain/${d}`, { headers: { authorization: `Bearer ${key}` } });
      expect(r.status).toBe(200);
    }
    // Every slot of the worker (CRAWL_CONCURRENCY 8) holds a slow crawl when the database goes.
    await until(
      () => (SLOW.every((d) => farm.requests.some((q) => q.host === d && q.path === '/')) ? true : undefined),
      20_000,
      50,
    );
    pg.crash();
    // Down until after the slow crawls end: each fails to store, and its job cannot be failed either.
    await new Promise((r) => setTimeout(r, 6_000));
    pg.start();
    await until(async () => ((await health()) === 200 ? true : undefined), 20_000, 200);
    // A new lookup is crawled at once; the crawls the outage cut off are run again.
    expect((await crawled('after-busy.restart.test', 30_000)).found).toBe(true);
    for (const d of SLOW) expect((await crawled(d, 60_000)).bots?.blocked).toContain('CCBot');
  }, 150_000);

  it.each([
    ['stopped as a crash would stop it', 'crash', SITES.slice(2, 4)],
    ['stopped cleanly', 'stop', SITES.slice(4, 6)],
  ] as const)(
    'crawls again, without a restart, after PostgreSQL was %s and started',
    async (_, how, domains) => {
      pg[how]();
      await new Promise((r) => setTimeout(r, 3_000));
      pg.start();
      await until(async () => ((await health()) === 200 ? true : undefined), 20_000, 200);
      for (const d of domains) expect((await crawled(d, 30_000)).bots?.blocked).toContain('GPTBot');
    },
    90_000,
  );

  it('said once per outage that the database went and that it is back, with no stack trace', () => {
    expect(worker.proc.exitCode, worker.stderr).toBeNull();
    const text = worker.lines.map((l) => JSON.stringify(l)).join('\n');
    expect(text).not.toMatch(/\\n\s+at /);
    expect(workerLines(/PostgreSQL is not answering/)).toHaveLength(3);
    expect(workerLines(/PostgreSQL is answering again/)).toHaveLength(3);
  });
});

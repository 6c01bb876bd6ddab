/**
 * `npm run bench -- scale`: the service past one machine, on this machine's PostgreSQL
 * (127.0.0.1:5432, a database made for the run and dropped after it).
 *
 * 1. Lookups per second through 1 and 2 API replicas (child processes, the keyed stack with
 *    limits raised; a cached GET /v1/domain), autocannon against each replica at once.
 * 2. Crawls per second with 1 and 2 `npm run worker`-like processes (8 crawls each at once)
 *    over fixture sites: from the moment the domains are queued until all are stored.
 * 3. The registry's search and statistics with 1,000,000 domains (DOMAINS=...), generated in
 *    PostgreSQL by SQL and copied into SQLite: each query on both stores, answers checked equal
 *    (about 5 minutes here; DOMAINS=0 leaves this part out).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- autocannon ships no type declarations; the part used is typed below.
import autocannonUntyped from 'autocannon';
import { createCrawler } from '../../proxy/crawler/index.js';
import { createLogger } from '../../proxy/lib/logger.js';
import { RETRY_DELAYS_MS } from '../../proxy/service/api.js';
import { ApiKeys } from '../../proxy/service/auth/api-keys.js';
import { createServiceApp } from '../../proxy/service/http/app.js';
import { createLookupService } from '../../proxy/service/lookup-service.js';
import { openPgStore, type PgStore } from '../../proxy/service/store/pg/open.js';
import { readStatsPg, scanStatsPg, searchPoliciesPg } from '../../proxy/service/store/pg/preview-store.js';
import { searchNames } from '../../proxy/service/store/pg/records.js';
import { PRIORITY, type RegistryStore } from '../../proxy/service/store/registry-store.js';
import { openSqliteStore } from '../../proxy/service/store/sqlite/open.js';
import { searchPolicies } from '../../proxy/service/store/sqlite/preview-search.js';
import { readStats } from '../../proxy/service/store/sqlite/preview-stats.js';
import type { PreviewSearchParams } from '../../shared/params.js';
import { startFixtureFarm, text } from '../fixtures/farm.js';
import { homepage } from '../fixtures/stance-sites.js';
import { classification, evidence } from '../helpers/crawls.js';
import { createTestDatabase } from '../integration/store/backends.js';
import { copyToSqlite, generatePg } from './lib/generated-registry.js';

const autocannon = autocannonUntyped as (opts: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<{
  requests: { total: number };
  non2xx: number;
  errors: number;
}>;

const here = fileURLToPath(import.meta.url);
const log = createLogger('bench', 'silent');
const N = Number(process.env.DOMAINS ?? 1_000_000);
const CRAWLS = 400;
const SECONDS = 8;
const NOW = Date.UTC(2026, 0, 15, 12);
const UNLIMITED = { minute: 1e9, day: 1e9, month: 1e9 };

// ---------------------------------------------------------------- children

async function serveReplica(url: string): Promise<void> {
  const store = await openPgStore(url, { log });
  const service = createLookupService({
    store,
    workers: false,
    crawler: { crawl: () => Promise.reject(new Error('API only')) },
    logger: log,
  });
  const app = createServiceApp({ service, store, logger: log, keyLimits: UNLIMITED });
  const server = app.listen(0, '127.0.0.1', () =>
    process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
  );
}

/** The SQLite service of one process (the default), for reference: same record, same stack. */
async function serveSqlite(): Promise<void> {
  const dir = mkdtempSync(`${tmpdir()}/scale-bench-sqlite-`);
  const store = openSqliteStore(dir);
  await storeCached(store);
  const service = createLookupService({
    store,
    workers: false,
    crawler: { crawl: () => Promise.reject(new Error('not used')) },
    logger: log,
  });
  const app = createServiceApp({ service, store, logger: log, keyLimits: UNLIMITED });
  const key = await new ApiKeys(store.keys).create('bench@example.com', '127.0.0.1', Date.now());
  const server = app.listen(0, '127.0.0.1', () =>
    process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, key }),
  );
  process.on('SIGTERM', () => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

function storeCached(store: RegistryStore) {
  const at = new Date().toISOString();
  return store.records.storeCrawl({
    evidence: evidence('cached.test', at, 'User-agent: GPTBot\nDisallow: /\n'),
    classification: classification('cached.test', at, { detail: 'blocks_training', blocked: ['GPTBot'] }),
    nowMs: Date.now(),
    failure: null,
    retryDelaysMs: RETRY_DELAYS_MS,
  });
}

async function runWorker(url: string, overrides: string): Promise<void> {
  const store = await openPgStore(url, { log, jobPollSeconds: 1 });
  const crawler = createCrawler({ overrides });
  createLookupService({ store, crawler, crawlConcurrency: 8, logger: log });
  process.send!({ ready: true });
}

function child(args: string[]): Promise<{ proc: ChildProcess; msg: { url?: string; key?: string } }> {
  const proc = fork(here, args, { execArgv: ['--import', 'tsx'], env: { ...process.env, LOG_LEVEL: 'silent' } });
  return new Promise((resolve, reject) => {
    proc.once('message', (msg: { url?: string; key?: string }) => resolve({ proc, msg }));
    proc.once('exit', (code) => reject(new Error(`child ${args[0]} exited with ${code}`)));
  });
}

// ---------------------------------------------------------------- 1. lookups

async function lookups(url: string, store: PgStore): Promise<void> {
  await storeCached(store);
  const key = await new ApiKeys(store.keys).create('bench@example.com', '127.0.0.1', Date.now());
  const replicas = await Promise.all([child(['replica', url]), child(['replica', url])]);
  const sqlite = await child(['sqlite']);
  try {
    const load = async (urls: string[], k = key) => {
      const runs = await Promise.all(
        urls.map((u) =>
          autocannon({
            url: `${u}/v1/domain/cached.test`,
            connections: 10,
            duration: SECONDS,
            headers: { authorization: `Bearer ${k}` },
          }),
        ),
      );
      if (runs.some((r) => r.non2xx > 0 || r.errors > 0)) throw new Error('failed answers under load');
      return runs.reduce((n, r) => n + r.requests.total, 0) / SECONDS;
    };
    const bases = replicas.map((r) => r.msg.url!);
    const one = await load(bases.slice(0, 1));
    const two = await load(bases);
    const alone = await load([sqlite.msg.url!], sqlite.msg.key);
    const [usage] = (
      await store.pool.query<{ minute_count: number; day_count: number }>('SELECT day_count FROM key_usage')
    ).rows;
    console.log(`lookups (cached GET /v1/domain, one key, every request counted in PostgreSQL), ${SECONDS} s each:`);
    console.log(`  1 replica:  ${Math.round(one).toLocaleString('en')} lookups/s`);
    console.log(
      `  2 replicas: ${Math.round(two).toLocaleString('en')} lookups/s (${(two / one).toFixed(2)}x; load generator, replicas and PostgreSQL share 2 cores)`,
    );
    console.log(
      `  SQLite, one process (the default, for reference): ${Math.round(alone).toLocaleString('en')} lookups/s`,
    );
    console.log(`  check: the key's day count is ${usage!.day_count.toLocaleString('en')}, one per answered request`);
  } finally {
    for (const r of [...replicas, sqlite]) r.proc.kill();
  }
}

// ---------------------------------------------------------------- 2. crawls

async function crawls(url: string, store: PgStore): Promise<void> {
  const farm = await startFixtureFarm();
  const names = (set: string) => Array.from({ length: CRAWLS }, (_, i) => `s${i}.${set}.test`);
  for (const set of ['one', 'two']) {
    for (const d of names(set))
      farm.set(d, { routes: { '/': homepage(d), '/robots.txt': text('User-agent: GPTBot\nDisallow: /\n') } });
  }
  try {
    for (const [set, count] of [
      ['one', 1],
      ['two', 2],
    ] as const) {
      const workers = await Promise.all(Array.from({ length: count }, () => child(['worker', url, farm.overrides()])));
      const t0 = performance.now();
      await store.queue.enqueue({ domains: names(set), priority: PRIORITY.batch, nowMs: Date.now(), maxQueued: 1e6 });
      for (;;) {
        const c = await store.queue.counts();
        if (c.queued === 0 && c.running === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const s = (performance.now() - t0) / 1000;
      const stored = (
        await store.pool.query<{ n: number }>(`SELECT count(*) AS n FROM domains WHERE domain LIKE '%.${set}.test'`)
      ).rows[0]!.n;
      if (stored !== CRAWLS) throw new Error(`${stored} of ${CRAWLS} stored`);
      console.log(
        `crawls with ${count} worker${count > 1 ? 's' : ''} (8 at once each), ${CRAWLS} fixture sites: ${(CRAWLS / s).toFixed(0)} crawls/s (${s.toFixed(1)} s)`,
      );
      for (const w of workers) w.proc.kill();
    }
  } finally {
    await farm.close();
  }
}

// ---------------------------------------------------------------- 3. search and stats at 1,000,000

async function time(fn: () => unknown, calls: number): Promise<string> {
  const ms: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = process.hrtime.bigint();
    await fn();
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  ms.sort((a, b) => a - b);
  const p = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(ms.length * q) - 1)]!.toFixed(2);
  return `median ${p(0.5)} ms, p99 ${p(0.99)} ms`;
}

async function registry(store: PgStore): Promise<void> {
  let t0 = Date.now();
  await generatePg(store.pool, N, NOW);
  console.log(
    `\ngenerated ${N.toLocaleString('en')} domains in PostgreSQL by SQL in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  const dir = mkdtempSync(`${tmpdir()}/scale-bench-`);
  const sqlite = openSqliteStore(dir);
  try {
    t0 = Date.now();
    await copyToSqlite(store.pool, sqlite.db);
    console.log(`copied into SQLite in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const db = sqlite.db;
    const same = (what: string, a: unknown, b: unknown) => {
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${what}: PostgreSQL and SQLite disagree`);
    };
    same('stats', await readStatsPg(store.pool, NOW), readStats(db, NOW));
    const scan = await scanStatsPg(store.pool, NOW);
    same('stats against a full scan', await readStatsPg(store.pool, NOW), scan);
    console.log('check: both stores give the same statistics, equal to a full scan');
    let k = 0;
    console.log('/preview/v1/stats (maintained counters), 200 calls:');
    console.log(`  PostgreSQL ${await time(() => readStatsPg(store.pool, NOW + k++ * 1000), 200)}`);
    console.log(`  SQLite     ${await time(() => readStats(db, NOW + k++ * 1000), 200)}`);
    console.log(`  PostgreSQL naive full-scan GROUP BY, 3 calls: ${await time(() => scanStatsPg(store.pool, NOW), 3)}`);

    const searches: Array<[string, Partial<PreviewSearchParams>]> = [
      ['no filter', {}],
      ['blocks=gptbot', { blocks: 'gptbot' }],
      ['blocks=pangubot (rare)', { blocks: 'pangubot' }],
      ['stance=blocks_training', { stance: 'blocks_training' }],
      ['standard=llms_txt&min_score=50', { standard: 'llms_txt', min_score: 50 }],
      ['cdn=fastly&cms=ghost&offset=1000', { cdn: 'fastly', cms: 'ghost', offset: 1000 }],
      ['min_score=37&max_score=37 (rare)', { min_score: 37, max_score: 37 }],
      ['q=0012345 (one name)', { q: '0012345' }],
      ['q=99.io', { q: '99.io' }],
    ];
    console.log('/preview/v1/search, 50 calls each (PostgreSQL | SQLite):');
    for (const [label, p] of searches) {
      const params = { limit: 20, offset: 0, ...p };
      same(label, await searchPoliciesPg(store.pool, params), searchPolicies(db, params));
      console.log(
        `  ${label.padEnd(34)} ${await time(() => searchPoliciesPg(store.pool, params), 50)} | ${await time(() => searchPolicies(db, params), 50)}`,
      );
    }
    console.log('/v1/search (names), 50 calls each (PostgreSQL | SQLite):');
    for (const q of ['site0012345', '0042', '77.de', '.io']) {
      const params = { q, limit: 20, offset: 0 };
      same(q, await searchNames(store.pool, params), await sqlite.records.search(params));
      console.log(
        `  q=${q.padEnd(32)} ${await time(() => searchNames(store.pool, params), 50)} | ${await time(() => sqlite.records.search(params), 50)}`,
      );
    }
    // SQLite answers 2-character queries from a bigram table this bench does not fill; PostgreSQL from its GIN index.
    for (const q of ['io', '9.', 'qz'])
      console.log(
        `  q=${q} (PostgreSQL only)`.padEnd(37) +
          (await time(() => searchNames(store.pool, { q, limit: 20, offset: 0 }), 50)),
      );
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const [role, url, overrides] = process.argv.slice(2);
  if (role === 'replica') return serveReplica(url!);
  if (role === 'worker') return runWorker(url!, overrides!);
  if (role === 'sqlite') return serveSqlite();

  const db = await createTestDatabase('lens_pg_bench');
  const store = await openPgStore(db.url, { log, poolMax: 4 });
  try {
    await lookups(db.url, store);
    await crawls(db.url, store);
    await store.pool.query(
      'TRUNCATE domains, audits, preview_policy, preview_bot, preview_standard, preview_counters, preview_crawl_hours, preview_history, preview_signals',
    );
    // DOMAINS=0: the replicas and workers only.
    if (N > 0) await registry(store);
  } finally {
    await store.close();
    await db.drop();
  }
}

main().then(
  // Children and their sockets are gone; nothing should hold the process, but a bench must end.
  () => {
    if (process.argv[2] === undefined) process.exit(0);
  },
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);

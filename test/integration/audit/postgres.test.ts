/**
 * `npm run audit` with DATABASE_URL: the run hands its list to the PostgreSQL registry's queue
 * and real `npm run worker` processes crawl it; the audit reads the results back. Stopped with
 * Ctrl-C it ends at once (the workers keep crawling what was handed over) and the next run
 * finds those results: each fixture's robots.txt requested once, every domain with a row that
 * matches the registry. A failed check is retried once within the run although the workers'
 * own first retry is 10 minutes away (the audit asks the queue for it), and the run ends with
 * the domain still failing listed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SiteRow } from '../../../proxy/audit/site-row.js';
import { createLogger } from '../../../proxy/lib/logger.js';
import { openPgStore } from '../../../proxy/service/store/pg/open.js';
import { startFixtureFarm, type FixtureFarm } from '../../fixtures/farm.js';
import { until } from '../../helpers/until.js';
import { start, type Child } from '../scale/processes.js';
import { createTestDatabase, FAST_JOBS } from '../store/backends.js';
import { failingSite, runCli, writeList } from './harness.js';
import { realSite, realSites } from './real-sites.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let farm: FixtureFarm;
let worker: Child | undefined;
let root: string;
const sites = realSites(60).slice(20, 50);

beforeAll(async () => {
  db = await createTestDatabase('lens_audit');
  farm = await startFixtureFarm(Object.fromEntries(sites.map((s) => [s.domain, realSite(s.robots, 100)])));
  root = mkdtempSync(join(tmpdir(), 'audit-pg-'));
  worker = start('worker', {
    DATABASE_URL: db.url,
    CRAWL_OVERRIDES: farm.overrides(),
    CRAWL_CONCURRENCY: '3',
    CRAWL_JOB_POLL_SECONDS: '1',
  });
  await worker.waitFor((l) => l.msg === 'crawl workers started');
}, 120_000);

afterAll(async () => {
  await worker?.kill();
  await farm?.close();
  await db?.drop();
  rmSync(root, { recursive: true, force: true });
});

it('runs on the PostgreSQL registry with npm run worker; a stopped run is finished by the next', async () => {
  const list = join(root, 'list.txt');
  const out = join(root, 'out');
  writeList(
    list,
    sites.map((s) => s.domain),
  );
  // The audit process itself never crawls here: its overrides point nowhere.
  const env = { DATABASE_URL: db.url, CRAWL_OVERRIDES: '*.test=http://127.0.0.1:9', DATABASE_POOL_MAX: '4' };
  const robots = () => farm.requests.filter((r) => r.path === '/robots.txt').map((r) => r.host);
  const first = await runCli([list, '--out', out, '--rate', '10'], env, (child) => {
    void until(() => (robots().length >= 5 ? true : undefined), 60_000).then(() => child.kill('SIGINT'));
  });
  expect(first.code).toBe(130);
  expect(first.stdout).toMatch(/on the PostgreSQL registry \(DATABASE_URL\)/);

  const second = await runCli([list, '--out', out, '--rate', '10'], env);
  expect(second.stderr).toBe('');
  expect(second.code).toBe(0);
  const hosts = robots();
  expect(hosts.sort()).toEqual(sites.map((s) => s.domain).sort());

  const rows = readFileSync(join(out, 'sites.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as SiteRow);
  expect(rows).toHaveLength(sites.length);
  const store = await openPgStore(db.url, { log: createLogger('audit-pg-test', 'silent'), ...FAST_JOBS });
  try {
    for (const row of rows) {
      const full = (await store.records.full(row.domain))!.value;
      expect(row).toMatchObject({
        status: 'ok',
        stance: full.ai_stance,
        detail: full.policy_detail,
        audit_id: full.audit_id,
        training: full.use_case_policies.training,
      });
    }
  } finally {
    await store.close();
  }
  // The audit's own registry file is not made: everything is in PostgreSQL.
  expect(() => readFileSync(join(out, 'registry.sqlite'))).toThrow();
}, 180_000);

it('retries a failed check once within the run through the shared queue, and ends listing the one still failing', async () => {
  farm.set('pg-once.test', failingSite(1));
  farm.set('pg-twice.test', failingSite(2, 'reset'));
  const fresh = realSites(60).slice(50, 52);
  for (const s of fresh) farm.set(s.domain, realSite(s.robots, 10));
  const list = join(root, 'retries.txt');
  const out = join(root, 'retries');
  writeList(list, ['pg-once.test', 'pg-twice.test', ...fresh.map((s) => s.domain)]);
  const env = { DATABASE_URL: db.url, CRAWL_OVERRIDES: '*.test=http://127.0.0.1:9', DATABASE_POOL_MAX: '4' };
  const robots = (host: string) => farm.requests.filter((r) => r.host === host && r.path === '/robots.txt');
  const started = Date.now();
  const run = await runCli([list, '--out', out, '--retry-pause', '1'], env);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  // The workers' own retries are 10 min, 1 h and 6 h away: the run waited for none of them.
  expect(Date.now() - started).toBeLessThan(90_000);
  const rows = new Map(
    readFileSync(join(out, 'sites.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as SiteRow)
      .map((r) => [r.domain, r]),
  );
  expect(robots('pg-once.test')).toHaveLength(2);
  expect(rows.get('pg-once.test')).toMatchObject({ status: 'ok', failure: null, stance: 'selective' });
  expect(robots('pg-twice.test')).toHaveLength(2);
  const twice = rows.get('pg-twice.test')!;
  expect(twice).toMatchObject({ status: 'failed', failure: 'robots.txt: the connection was reset' });
  // Two failures in a row: the workers' next retry is the backoff's second, an hour on.
  const retryMs = Date.parse(twice.retry_at!) - Date.parse(twice.checked_at!);
  expect(retryMs).toBeGreaterThan(3_600_000 - 5_000);
  expect(retryMs).toBeLessThan(3_600_000 + 5_000);
  for (const s of fresh) expect(rows.get(s.domain)).toMatchObject({ status: 'ok' });
  expect(run.stdout).toContain('Still failing: 1 domain');
  expect(run.stdout).toMatch(/\n {2}pg-twice\.test: robots\.txt: the connection was reset; may be tried again from /);

  // Run again at once: nothing is due, nothing is crawled.
  const before = farm.requests.length;
  const again = await runCli([list, '--out', out, '--retry-pause', '1'], env);
  expect(again.code).toBe(0);
  expect(again.stdout).toMatch(
    /Checks that failed before: 1 not due yet, at (?:\d{4}-\d\d-\d\d )?\d\d:\d\d UTC \(in (59|60) min\)/,
  );
  expect(farm.requests.length).toBe(before);
}, 180_000);

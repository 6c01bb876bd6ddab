/**
 * `npm run audit` on PostgreSQL while the database goes away: a cluster of the test's own
 * (test/helpers/pg-cluster.ts) with a real `npm run worker`, frozen (SIGSTOP: connections open,
 * nothing answers) in the middle of the run for longer than a query may take, then thawed.
 * The audit says once that the database does not answer and once that it is back, waits, and
 * ends with every domain checked: an outage pauses a long run, it does not end it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SiteRow } from '../../../proxy/audit/site-row.js';
import { startFixtureFarm, type FixtureFarm } from '../../fixtures/farm.js';
import { startPgCluster, type PgCluster } from '../../helpers/pg-cluster.js';
import { until } from '../../helpers/until.js';
import { start, type Child } from '../scale/processes.js';
import { runCli, writeList } from './harness.js';
import { realSite, realSites } from './real-sites.js';

let pg: PgCluster;
let farm: FixtureFarm;
let worker: Child | undefined;
let root: string;
const sites = realSites(60).slice(0, 24);

beforeAll(async () => {
  pg = await startPgCluster();
  farm = await startFixtureFarm(Object.fromEntries(sites.map((s) => [s.domain, realSite(s.robots, 300)])));
  root = mkdtempSync(join(tmpdir(), 'audit-pg-outage-'));
  worker = start('worker', {
    DATABASE_URL: pg.adminUrl,
    CRAWL_OVERRIDES: farm.overrides(),
    CRAWL_CONCURRENCY: '2',
    CRAWL_JOB_POLL_SECONDS: '1',
  });
  await worker.waitFor((l) => l.msg === 'crawl workers started', 60_000);
}, 120_000);

afterAll(async () => {
  await worker?.kill();
  await farm?.close();
  pg?.remove();
  rmSync(root, { recursive: true, force: true });
});

it('waits through a database that stops answering in the middle of the run and ends with every domain checked', async () => {
  const list = join(root, 'list.txt');
  const out = join(root, 'out');
  writeList(
    list,
    sites.map((s) => s.domain),
  );
  const env = { DATABASE_URL: pg.adminUrl, CRAWL_OVERRIDES: '*.test=http://127.0.0.1:9', DATABASE_POOL_MAX: '4' };
  const robots = () => farm.requests.filter((r) => r.path === '/robots.txt').length;
  const run = await runCli([list, '--out', out, '--rate', '10'], env, () => {
    void until(() => (robots() >= 4 ? true : undefined), 60_000).then(async () => {
      pg.freeze();
      await new Promise((r) => setTimeout(r, 8_000));
      pg.thaw();
    });
  });
  expect(run.code).toBe(0);
  // The store's own log lines (one when the database goes, one when it is back), no stack trace.
  const logged = run.stderr
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { name: string; msg: string });
  expect(logged.length).toBeGreaterThan(0);
  expect(logged.every((l) => l.name === 'audit' && !/\n\s+at /.test(l.msg))).toBe(true);
  expect(run.stdout).toMatch(/The database does not answer \([^)]+\); the audit waits for it and goes on by itself\./);
  expect(run.stdout).toContain('The database answers again; the audit goes on.');
  const rows = readFileSync(join(out, 'sites.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as SiteRow);
  expect(rows.map((r) => r.domain).sort()).toEqual(sites.map((s) => s.domain).sort());
  expect(rows.every((r) => r.status === 'ok')).toBe(true);
}, 240_000);

/**
 * A run stopped with Ctrl-C (SIGINT to the real `npm run audit` process) and run again: the
 * second run resumes from the registry in the run's folder. Counted at the fixture server:
 * every site's robots.txt is requested exactly once over both runs (nothing crawled twice) and
 * every domain ends with a row (nothing lost). Also --refresh-days (old records crawled again,
 * recent ones reused) and the global rate cap.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteRow } from '../../../proxy/audit/site-row.js';
import { openSqliteStore } from '../../../proxy/service/store/sqlite/open.js';
import { storeGood } from '../../helpers/crawls.js';
import { startFixtureFarm, type FixtureFarm } from '../../fixtures/farm.js';
import { until } from '../../helpers/until.js';
import { auditInProcess, runCli, writeList } from './harness.js';
import { realSite, realSites } from './real-sites.js';

const DAY = 86_400_000;
let farm: FixtureFarm;
let root: string;

const robotsHosts = () => farm.requests.filter((r) => r.path === '/robots.txt').map((r) => r.host);
const rows = (dir: string): SiteRow[] =>
  readFileSync(join(dir, 'sites.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as SiteRow);

beforeAll(async () => {
  // Files answer after 150 ms, so a run of 40 sites two at a time lasts long enough to stop it midway.
  farm = await startFixtureFarm(Object.fromEntries(realSites(40).map((s) => [s.domain, realSite(s.robots, 150)])));
  root = mkdtempSync(join(tmpdir(), 'audit-resume-'));
});

afterAll(async () => {
  await farm?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('npm run audit, stopped and resumed', () => {
  it('stops on Ctrl-C after the checks under way, writes what it has, and the next run crawls only the rest', async () => {
    const sites = realSites(40);
    const list = join(root, 'top40.txt');
    const out = join(root, 'run');
    writeList(
      list,
      sites.map((s) => s.domain),
    );
    const env = { CRAWL_OVERRIDES: farm.overrides(), CRAWL_CONCURRENCY: '2' };
    const first = await runCli([list, '--out', out, '--rate', '20'], env, (child) => {
      // Twice, 20 ms apart, as Ctrl-C under `npm run audit` arrives (the terminal's and npm's forwarded one): still one graceful stop.
      void until(() => (new Set(robotsHosts()).size >= 6 ? true : undefined), 60_000).then(() => {
        child.kill('SIGINT');
        setTimeout(() => child.kill('SIGINT'), 20);
      });
    });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(130);
    expect(first.stdout).toMatch(/Stopping: nothing more is handed to the crawler/);
    expect(first.stdout).toMatch(/Run the same command again to resume/);
    const afterFirst = rows(out);
    const checked = afterFirst.filter((r) => r.status === 'ok').length;
    expect(checked).toBeGreaterThanOrEqual(6);
    expect(checked).toBeLessThan(40);
    expect(afterFirst.filter((r) => r.status === 'pending')).toHaveLength(40 - checked);
    // Every check handed over was finished before the process ended: none begun and left.
    expect(new Set(robotsHosts()).size).toBe(checked);
    const report = readFileSync(join(out, 'report.html'), 'utf8');
    expect(report).toContain('This run is not finished');

    const second = await runCli([list, '--out', out, '--rate', '20'], env);
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^Resuming 40 domains/m);
    const hosts = robotsHosts();
    expect(hosts).toHaveLength(40);
    expect(new Set(hosts).size).toBe(40);
    const final = rows(out);
    expect(final.map((r) => r.domain)).toEqual(sites.map((s) => s.domain));
    expect(final.every((r) => r.status === 'ok' && r.audit_id !== null && !r.reused)).toBe(true);
    // Rows of the first run are kept as they were: same stored crawl.
    for (const r of afterFirst.filter((x) => x.status === 'ok'))
      expect(final.find((f) => f.domain === r.domain)!.audit_id).toBe(r.audit_id);

    // A third run over a finished folder crawls nothing and rewrites the results.
    const third = await runCli([list, '--out', out], env);
    expect(third.code).toBe(0);
    expect(robotsHosts()).toHaveLength(40);
    expect(third.stdout).toMatch(/Done: 40 checked, 0 failed, 0 not checked yet/);
  }, 180_000);

  it('resumes after kill -9 too: only the checks that were running are made again, nothing is lost', async () => {
    const sites = realSites(40).slice(0, 20);
    const list = join(root, 'twenty.txt');
    const out = join(root, 'killed');
    writeList(
      list,
      sites.map((s) => s.domain),
    );
    const env = { CRAWL_OVERRIDES: farm.overrides(), CRAWL_CONCURRENCY: '2' };
    const before = farm.requests.length;
    const hosts = () =>
      farm.requests
        .slice(before)
        .filter((r) => r.path === '/robots.txt')
        .map((r) => r.host);
    const first = await runCli([list, '--out', out], env, (child) => {
      void until(() => (new Set(hosts()).size >= 5 ? true : undefined), 60_000).then(() => child.kill('SIGKILL'));
    });
    expect(first.signal ?? first.code).toBe('SIGKILL');
    const begun = new Set(hosts()).size;
    const second = await runCli([list, '--out', out], env);
    expect(second.code).toBe(0);
    const all = hosts();
    expect(new Set(all).size).toBe(20);
    // At most the two crawls running at the kill (CRAWL_CONCURRENCY) are made twice.
    expect(all.length - 20).toBeLessThanOrEqual(2);
    expect(all.length).toBeGreaterThanOrEqual(begun);
    expect(rows(out).every((r) => r.status === 'ok')).toBe(true);
  }, 120_000);

  it('re-checks records older than --refresh-days and reuses the rest', async () => {
    const sites = realSites(40).slice(0, 6);
    const out = join(root, 'refresh');
    const list = join(root, 'six.txt');
    writeList(
      list,
      sites.map((s) => s.domain),
      false,
    );
    // The folder's registry already knows four of them: two checked 10 days ago, two 3 days ago.
    const store = openSqliteStore(out);
    const now = Date.now();
    for (const [i, s] of sites.slice(0, 4).entries()) await storeGood(store, s.domain, now - (i < 2 ? 10 : 3) * DAY);
    await store.close();
    const before = robotsHosts().length;
    const run = await auditInProcess({ list, out, refreshDays: 7 }, { overrides: farm.overrides() });
    try {
      const crawled = robotsHosts().slice(before);
      expect(crawled.sort()).toEqual([sites[0]!, sites[1]!, sites[4]!, sites[5]!].map((s) => s.domain).sort());
      const byDomain = new Map(rows(out).map((r) => [r.domain, r]));
      expect(byDomain.get(sites[2]!.domain)).toMatchObject({ status: 'ok', reused: true });
      expect(byDomain.get(sites[0]!.domain)).toMatchObject({ status: 'ok', reused: false });
      expect(run.result.tally.reused).toBe(2);
    } finally {
      await run.close();
    }
  });

  it('hands the crawler no more than --rate domains a second', async () => {
    const sites = realSites(40).slice(10, 26);
    const list = join(root, 'sixteen.txt');
    writeList(
      list,
      sites.map((s) => s.domain),
    );
    const start = performance.now();
    const before = farm.requests.length;
    const run = await auditInProcess(
      { list, out: join(root, 'rate'), rate: 4 },
      { overrides: farm.overrides(), concurrency: 8 },
    );
    await run.close();
    // At most 4 in any second (4 may go at once), so 16 take over 3 seconds.
    const handed = run.handovers.flatMap((h) => h.domains.map(() => h.at - start));
    expect(handed).toHaveLength(16);
    for (const t of handed) expect(handed.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(4);
    expect(Math.max(...handed) - Math.min(...handed)).toBeGreaterThan(2_990);
    // And crawled no faster: the fixture server saw the last robots.txt that long after the first.
    const starts = farm.requests
      .slice(before)
      .filter((r) => r.path === '/robots.txt')
      .map((r) => r.at - start);
    expect(starts).toHaveLength(16);
    expect(Math.max(...starts) - Math.min(...starts)).toBeGreaterThan(2_900);
  });
});

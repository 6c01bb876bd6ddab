/**
 * A run ends once every domain was tried (docs/audit.md): a check that fails for a reason that
 * may pass (docs/policy.md section 8: here a 503 and a reset connection) is tried once more
 * within the run, `--retry-pause` after it, and the domains still failing are listed, on the
 * terminal and in failed.csv, with when each may be tried again; the next run retries those that
 * are due and says which are not. The real `npm run audit` process on SQLite (its backoff after
 * the pause is the policy's 1 h), then runs in this process with the backoff shortened
 * (harness.ts) so a retry comes due within the test, and --wait-for-retries. Every request is
 * counted at the fixture server.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteRow } from '../../../proxy/audit/site-row.js';
import { text, startFixtureFarm, type FixtureFarm } from '../../fixtures/farm.js';
import { until } from '../../helpers/until.js';
import { auditInProcess, failingSite, runCli, writeList } from './harness.js';
import { realSite, realSites } from './real-sites.js';

const HOUR = 3_600_000;
const sites = realSites(12).slice(6, 12);
let farm: FixtureFarm;
let root: string;

const robots = (host: string) => farm.requests.filter((r) => r.host === host && r.path === '/robots.txt');
const rows = (dir: string): Map<string, SiteRow> =>
  new Map(
    readFileSync(join(dir, 'sites.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as SiteRow)
      .map((r) => [r.domain, r]),
  );
const failedCsv = (dir: string) =>
  parse<Record<string, string>>(readFileSync(join(dir, 'failed.csv')), { columns: true, record_delimiter: '\r\n' });
const hhmm = (iso: string) => iso.slice(11, 16);

beforeAll(async () => {
  farm = await startFixtureFarm(Object.fromEntries(sites.map((s) => [s.domain, realSite(s.robots, 10)])));
  farm.set('once.test', failingSite(1));
  farm.set('reset-once.test', failingSite(1, 'reset'));
  farm.set('twice.test', failingSite(2));
  root = mkdtempSync(join(tmpdir(), 'audit-retries-'));
});

afterAll(async () => {
  await farm?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('npm run audit with checks that fail', () => {
  const list = () => join(root, 'list.txt');
  const out = () => join(root, 'run');
  const env = () => ({ CRAWL_OVERRIDES: farm.overrides(), CRAWL_CONCURRENCY: '4' });

  it('retries a failed check once within the run, lists the one still failing with its retry time, and ends', async () => {
    writeList(list(), [...sites.map((s) => s.domain), 'once.test', 'reset-once.test', 'twice.test']);
    const started = Date.now();
    const run = await runCli([list(), '--out', out(), '--retry-pause', '1'], env());
    const tookMs = Date.now() - started;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // Promptly: the next retry of twice.test is an hour away and the run does not wait for it.
    expect(tookMs).toBeLessThan(60_000);

    const byDomain = rows(out());
    // Failed once, retried within the run after the pause, and read.
    for (const d of ['once.test', 'reset-once.test']) {
      expect(robots(d), d).toHaveLength(2);
      expect(byDomain.get(d), d).toMatchObject({ status: 'ok', failure: null, retry_at: null, stance: 'selective' });
    }
    const [first, second] = robots('twice.test');
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    expect(robots('twice.test')).toHaveLength(2);
    const twice = byDomain.get('twice.test')!;
    expect(twice).toMatchObject({ status: 'failed', failure: 'robots.txt: server error (HTTP 503)' });
    // Two failures in a row: the backoff's next retry, an hour after the second (docs/policy.md section 8).
    const retryMs = Date.parse(twice.retry_at!) - Date.parse(twice.checked_at!);
    expect(retryMs).toBeGreaterThan(HOUR - 5_000);
    expect(retryMs).toBeLessThan(HOUR + 5_000);
    for (const s of sites) expect(robots(s.domain), s.domain).toHaveLength(1);

    expect(failedCsv(out())).toEqual([
      {
        domain: 'twice.test',
        rank: String(sites.length + 3),
        failure: 'robots.txt: server error (HTTP 503)',
        failed_at: twice.checked_at,
        retry_at: twice.retry_at,
      },
    ]);
    expect(run.stdout).toContain(`Done: ${sites.length + 2} checked, 1 failed, 0 not checked yet.\n`);
    expect(run.stdout).toContain('Still failing: 1 domain, with when each may be tried again (all in failed.csv):\n');
    expect(run.stdout).toMatch(
      new RegExp(
        `\\n  twice\\.test: robots\\.txt: server error \\(HTTP 503\\); may be tried again from (?:\\d{4}-\\d\\d-\\d\\d )?${hhmm(twice.retry_at!)} UTC \\(in (59|60) min\\)\\n`,
      ),
    );
    expect(run.stdout).toMatch(
      /Run the same command again from (?:\d{4}-\d\d-\d\d )?\d\d:\d\d UTC \(in (59|60) min\) to retry it/,
    );
    expect(run.stdout).toContain('failed.csv\n');
  }, 120_000);

  it('run again at once: says the failed check is not due yet, crawls nothing, and lists it again', async () => {
    const before = farm.requests.length;
    const twice = rows(out()).get('twice.test')!;
    const again = await runCli([list(), '--out', out(), '--retry-pause', '1'], env());
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Resuming \d+ domains/m);
    expect(again.stdout).toMatch(
      new RegExp(
        `Checks that failed before: 1 not due yet, at (?:\\d{4}-\\d\\d-\\d\\d )?${hhmm(twice.retry_at!)} UTC \\(in (59|60) min\\)\\. The run ends without those not due yet`,
      ),
    );
    expect(farm.requests.length).toBe(before);
    expect(again.stdout).toMatch(/\n {2}twice\.test: robots\.txt: server error \(HTTP 503\); may be tried again from /);
    expect(rows(out()).get('twice.test')).toEqual(twice);
  }, 120_000);

  it('resumes a run killed while a failed check waited for its retry: the retry is still made, once', async () => {
    farm.set('twice-killed.test', failingSite(2));
    const killedList = join(root, 'killed.txt');
    const killedOut = join(root, 'killed');
    writeList(killedList, ['twice-killed.test', ...sites.slice(0, 2).map((s) => s.domain)]);
    const first = await runCli([killedList, '--out', killedOut, '--retry-pause', '3'], env(), (child) => {
      // Killed within the pause: the failure is stored, its retry not made yet.
      void until(() => (robots('twice-killed.test').length === 1 ? true : undefined), 30_000).then(() =>
        setTimeout(() => child.kill('SIGKILL'), 500),
      );
    });
    expect(first.signal ?? first.code).toBe('SIGKILL');
    expect(robots('twice-killed.test')).toHaveLength(1);
    const second = await runCli([killedList, '--out', killedOut, '--retry-pause', '3'], env());
    expect(second.code).toBe(0);
    expect(robots('twice-killed.test')).toHaveLength(2);
    expect(rows(killedOut).get('twice-killed.test')).toMatchObject({ status: 'failed' });
    expect(second.stdout).toContain('Still failing: 1 domain');
  }, 120_000);
});

describe('an audit whose failed check comes due between runs (backoff shortened)', () => {
  it('the next run says it is due, retries it and nothing else', async () => {
    farm.set('due.test', failingSite(2));
    const list = join(root, 'due.txt');
    const out = join(root, 'due');
    writeList(list, ['due.test', ...sites.slice(0, 3).map((s) => s.domain)]);
    // The pause 300 ms, then the backoff's next retry 3 s after the second failure.
    const env = { overrides: farm.overrides(), retryDelaysMs: [300, 3_000, 60_000] };
    const first = await auditInProcess({ list, out }, env);
    await first.close();
    expect(robots('due.test')).toHaveLength(2);
    expect(first.result.outcome).toBe('complete');
    const [failed] = first.result.failed;
    expect(failed).toMatchObject({ domain: 'due.test', failure: 'robots.txt: server error (HTTP 503)' });
    expect(failed!.retryMs! - failed!.failedMs!).toBeGreaterThanOrEqual(2_900);
    // Ended with the retry still to come: counted as a later one.
    expect(first.progress.at(-1)).toMatchObject({ failed: 1, retrying: 0, later: 1, queued: 0 });

    await until(() => (Date.now() > failed!.retryMs! + 200 ? true : undefined), 10_000);
    const before = farm.requests.length;
    const second = await auditInProcess({ list, out }, env);
    await second.close();
    expect(second.notes[0]).toBe('Checks that failed before: 1 due for a retry, made now.');
    expect(robots('due.test')).toHaveLength(3);
    // Only due.test's files were fetched again.
    expect(new Set(farm.requests.slice(before).map((r) => r.host))).toEqual(new Set(['due.test']));
    expect(rows(out).get('due.test')).toMatchObject({ status: 'ok', failure: null, stance: 'selective' });
    expect(second.result.failed).toEqual([]);
    expect(failedCsv(out)).toEqual([]);
  }, 60_000);
});

describe('--wait-for-retries (backoff shortened)', () => {
  it('waits for every retry of the backoff before it ends', async () => {
    farm.set('down.test', { routes: { '/robots.txt': text('down', {}, 503) } });
    farm.set('thrice.test', failingSite(3));
    const list = join(root, 'wait.txt');
    const out = join(root, 'wait');
    writeList(list, ['down.test', 'thrice.test', sites[0]!.domain]);
    const run = await auditInProcess(
      { list, out, waitRetries: true },
      { overrides: farm.overrides(), retryDelaysMs: [200, 400, 600] },
    );
    await run.close();
    // The first check, the retry after the pause and the backoff's two more.
    expect(robots('down.test')).toHaveLength(4);
    expect(robots('thrice.test')).toHaveLength(4);
    const byDomain = rows(out);
    expect(byDomain.get('thrice.test')).toMatchObject({ status: 'ok' });
    expect(byDomain.get('down.test')).toMatchObject({ status: 'failed', retry_at: null });
    expect(run.progress.some((p) => p.phase === 'waiting for retries')).toBe(true);
    expect(failedCsv(out)).toMatchObject([{ domain: 'down.test', retry_at: '' }]);
  }, 60_000);
});

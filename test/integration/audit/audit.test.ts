/**
 * `npm run audit --wait-for-retries` end to end on the embedded service, in this process
 * (harness.ts): the 204 real robots.txt bodies of the corpora served by fixture sites, a site
 * whose first check fails and a site that never answers, a list with duplicates and lines that
 * are not domains. The results are parsed back (csv-parse for the CSV) and checked against the
 * registry, the per-bot table against the fixture files read by hand, and each robots.txt
 * requested exactly as often as the spec's backoff allows. (retries.test.ts has the default
 * run, which ends without waiting for the later retries.)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_COLUMNS, BOT_COLUMNS } from '../../../proxy/audit/output/tables.js';
import type { SiteRow } from '../../../proxy/audit/site-row.js';
import { KEY_BOTS } from '../../../shared/key-bots.js';
import { html, startFixtureFarm, text, type FixtureFarm } from '../../fixtures/farm.js';
import { auditInProcess, type InProcessAudit } from './harness.js';
import { namedAndBlockedByHand, realSite, realSites, type RealSite } from './real-sites.js';

const RETRIES = [300, 600, 900];
const KEYS = new Set(Object.values(KEY_BOTS).flat());

let farm: FixtureFarm;
let dir: string;
let run: InProcessAudit;
let sites: RealSite[];
let flakyCalls = 0;

const robotsRequests = (host: string) =>
  farm.requests.filter((r) => r.host === host && r.path === '/robots.txt').length;
const readJsonl = (): SiteRow[] =>
  readFileSync(join(dir, 'sites.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as SiteRow);

beforeAll(async () => {
  sites = realSites();
  farm = await startFixtureFarm(Object.fromEntries(sites.map((s) => [s.domain, realSite(s.robots, 10)])));
  // Its first check fails (robots.txt: 503, docs/policy.md section 8); the retry finds the file.
  farm.set('flaky.test', {
    routes: {
      '/robots.txt': () => (++flakyCalls === 1 ? text('busy', {}, 503) : text('User-agent: GPTBot\nDisallow: /\n')),
    },
  });
  farm.set('down.test', { routes: { '/robots.txt': text('down', {}, 503) } });
  // Terms that forbid scrapers without naming AI: a fact of its own (docs/policy.md section 11).
  farm.set('terms.test', {
    routes: {
      '/robots.txt': text('User-agent: *\nDisallow: /admin/\n'),
      '/': html('<html><body><a href="/legal/terms">Terms of Service</a></body></html>'),
      '/legal/terms': html(
        '<h1>Terms of Service</h1><p>You agree not to: use any robot, spider, scraper or other automated means to access the site.</p>',
      ),
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'audit-test-'));
  const lines = [
    '# a Tranco-style list: rank,domain',
    ...sites.map((s, i) => `${i + 1},${s.domain}`),
    '205,flaky.test',
    '206,down.test',
    '206,terms.test',
    '207,CNN-COM.test.',
    '208,https://archive-org.test/some/page',
    'not a domain',
    '209,localhost',
    '1,2,3',
  ];
  writeFileSync(join(dir, 'list.csv'), lines.join('\n') + '\n');
  run = await auditInProcess(
    { list: join(dir, 'list.csv'), out: join(dir, 'out'), waitRetries: true },
    { overrides: farm.overrides(), retryDelaysMs: RETRIES },
  );
  dir = join(dir, 'out');
}, 240_000);

afterAll(async () => {
  await run?.close();
  await farm?.close();
  if (dir) rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe('an audit of the real robots.txt corpus', () => {
  it('checks every domain once, retries a failed check on the backoff and reports the one that never answers', async () => {
    expect(run.result.outcome).toBe('complete');
    expect(run.result.tally.status).toEqual({ ok: 206, failed: 1, pending: 0 });
    for (const s of sites) expect(robotsRequests(s.domain), s.domain).toBe(1);
    expect(robotsRequests('flaky.test')).toBe(2);
    // The first check and three retries (the pause, 1 h, 6 h in production; shortened here).
    expect(robotsRequests('down.test')).toBe(1 + RETRIES.length);
    const rows = new Map(readJsonl().map((r) => [r.domain, r]));
    expect(rows.get('flaky.test')).toMatchObject({
      status: 'ok',
      stance: 'selective',
      training: 'partial',
      failure: null,
      key_bots_blocked: ['GPTBot'],
    });
    expect(rows.get('down.test')).toMatchObject({
      status: 'failed',
      failure: 'robots.txt: server error (HTTP 503)',
      retry_at: null,
    });
    // Its retries are used up: failed.csv lists it with no time to try it again.
    expect(parse<Record<string, string>>(readFileSync(join(dir, 'failed.csv')), { columns: true })).toEqual([
      {
        domain: 'down.test',
        rank: '206',
        failure: 'robots.txt: server error (HTTP 503)',
        failed_at: rows.get('down.test')!.checked_at,
        retry_at: '',
      },
    ]);
    expect(run.result.failed.map((f) => [f.domain, f.retryMs])).toEqual([['down.test', null]]);
    const flakyAudits = await run.service.store.records.audits('flaky.test');
    expect(flakyAudits.map((a) => a.failure)).toEqual(['robots.txt: server error (HTTP 503)', null]);
    // The progress said so on the way: failed checks awaiting their retry, then none.
    expect(run.progress.some((p) => p.retrying > 0)).toBe(true);
    expect(run.progress.at(-1)).toMatchObject({ total: 207, done: 206, failed: 1, retrying: 0, queued: 0 });
    expect(rows.get('terms.test')).toMatchObject({
      status: 'ok',
      tos_automated_access: 'prohibits',
      tos_ai_stance: 'silent',
      tos_url: 'http://terms.test/legal/terms',
    });
  });

  it('reports each line that is not a domain with its number, and merges duplicates after normalising', () => {
    const invalid = parse<Record<string, string>>(readFileSync(join(dir, 'invalid-lines.csv')), { columns: true });
    expect(invalid.map((l) => Number(l.line))).toEqual([211, 212, 213]);
    expect(invalid[0]!.text).toBe('not a domain');
    expect(invalid[1]!.reason).toMatch(/two labels/);
    expect(invalid[2]!.reason).toMatch(/3 columns/);
    const domains = readJsonl().map((r) => r.domain);
    expect(domains).toHaveLength(207);
    expect(new Set(domains).size).toBe(207);
    expect(domains.slice(0, 3)).toEqual(['500px-com.test', 'abcnews-go-com.test', 'archive-org.test']);
  });

  it("writes sites.csv and sites.jsonl that parse back to the registry's records", async () => {
    const jsonl = readJsonl();
    const csv = parse<Record<string, string>>(readFileSync(join(dir, 'sites.csv')), {
      columns: true,
      record_delimiter: '\r\n',
    });
    expect(Object.keys(csv[0]!)).toEqual([...SITE_COLUMNS]);
    expect(csv).toHaveLength(jsonl.length);
    const { records } = run.service.store;
    for (const [i, row] of jsonl.entries()) {
      // The CSV holds the same values as the JSONL, as text: lists joined with ';', a column per standard.
      const want = Object.fromEntries(
        SITE_COLUMNS.map((c) => {
          const v = c.startsWith('has_')
            ? row.standards.includes(c.slice(4) as never)
            : (row as unknown as Record<string, string | number | boolean | null | string[]>)[c];
          return [c, v === null ? '' : Array.isArray(v) ? v.join(';') : String(v)];
        }),
      );
      expect(csv[i], row.domain).toEqual(want);
      const full = (await records.full(row.domain))!.value;
      const summary = (await records.summary(row.domain))!.value;
      expect(row).toMatchObject({
        stance: full.ai_stance,
        detail: full.policy_detail,
        training: full.use_case_policies.training,
        search: full.use_case_policies.search,
        inference: full.use_case_policies.inference,
        robots_txt_status: full.robots_txt_status,
        tos_ai_stance: full.tos_ai_stance,
        tos_automated_access: full.tos_automated_access ?? null,
        conflicts: full.conflicts,
        confidence: full.confidence,
        audit_id: full.audit_id,
        crawled_at: full.parsed_at,
      });
      expect(row.key_bots_blocked.sort()).toEqual(summary.bots.blocked.filter((b) => KEYS.has(b)).sort());
      expect(row.key_bots_allowed.sort()).toEqual(summary.bots.allowed.filter((b) => KEYS.has(b)).sort());
      expect(row.standards).toEqual(expect.arrayContaining(summary.basis!.found));
      expect(row.standards).toHaveLength(summary.basis!.found.length);
    }
  });

  it('counts per AI bot what the fixture files say, read by hand', () => {
    const bots = parse<Record<string, string>>(readFileSync(join(dir, 'bots.csv')), { columns: true });
    expect(Object.keys(bots[0]!)).toEqual([...BOT_COLUMNS]);
    const rows = new Map(readJsonl().map((r) => [r.domain, r]));
    const read = sites.filter((s) => rows.get(s.domain)!.robots_txt_status === 'ok');
    // + flaky.test, whose robots.txt was read on the retry and names GPTBot, and terms.test.
    expect(Number(bots[0]!.sites_robots_read)).toBe(read.length + 2);
    for (const token of [
      'GPTBot',
      'ClaudeBot',
      'CCBot',
      'Google-Extended',
      'PerplexityBot',
      'Bytespider',
      'Amazonbot',
      'ChatGPT-User',
      'OAI-SearchBot',
      'Applebot-Extended',
      'meta-externalagent',
    ]) {
      const hand = namedAndBlockedByHand(
        read.map((s) => s.robots),
        token,
      );
      const naming = hand.naming + (token === 'GPTBot' ? 1 : 0);
      const blockedByName = hand.blockedByName + (token === 'GPTBot' ? 1 : 0);
      const line = bots.find((b) => b.token === token)!;
      expect({ token, naming: Number(line.sites_naming), byName: Number(line.sites_blocking_by_name) }).toEqual({
        token,
        naming,
        byName: blockedByName,
      });
      // Blocked through `User-agent: *` too, so never fewer than by name.
      expect(Number(line.sites_blocking)).toBeGreaterThanOrEqual(blockedByName);
    }
  });
});

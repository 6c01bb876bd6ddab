/**
 * The analysis pool (proxy/analysis-pool/pool.ts) on real worker threads: its answers are
 * classify()'s; a document over its budget ends its worker (a new one takes the next task) and
 * is recorded as not read while the rest stands; a worker that dies or throws fails the document
 * it was reading, never the caller; the threads start with the first task and close() leaves no
 * handle behind. The faults come from test/helpers/analysis-worker.ts (the real worker, slowed or crashed
 * on one document by the domain's name).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { classify } from '../../../proxy/analysis/index.js';
import { AnalysisPool } from '../../../proxy/analysis-pool/index.js';
import { evidence, response } from '../analysis/helpers/responses.js';

const TEST_WORKER = new URL('../../helpers/analysis-worker.ts', import.meta.url);
const BUDGET_MS = 300;

const ROBOTS = 'User-agent: GPTBot\nDisallow: /\n';
const TERMS = '<html><body><h1>Terms of use</h1><p>You may not use our content to train AI models.</p></body></html>';

function site(domain: string) {
  const o = `https://${domain}`;
  return evidence({
    domain,
    origin: o,
    robots: response(ROBOTS, { url: `${o}/robots.txt` }),
    homepage: response('<html><a href="/terms">Terms</a></html>', { contentType: 'text/html', url: `${o}/` }),
    tosUrl: `${o}/terms`,
    tos: response(TERMS, { contentType: 'text/html', url: `${o}/terms` }),
  });
}

/** Worker threads and message ports open now (what a pool leaves behind if it leaks). */
const threadHandles = () =>
  process.getActiveResourcesInfo().filter((r) => r === 'Worker' || r === 'MessagePort').length;

let pool: AnalysisPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('the analysis pool', () => {
  it('answers what classify() answers, off this thread, starting its threads with the first task', async () => {
    pool = new AnalysisPool({ budgetMs: 5_000, threads: 1 });
    expect(pool.stats().threads).toBe(0);
    const e = site('plain.test');
    const { classification, evidence: used } = await pool.classify(e);
    expect(classification).toEqual(classify(e));
    expect(used).toBe(e);
    expect(classification.summary.basis?.not_read).toBeUndefined();
    expect(pool.stats().threads).toBe(1);
  });

  it('gives up a document over its budget, ends its worker, and classifies the rest', async () => {
    pool = new AnalysisPool({ budgetMs: BUDGET_MS, threads: 1, worker: TEST_WORKER });
    const e = site('slow-terms.test');
    const started = performance.now();
    const { classification, evidence: used } = await pool.classify(e);
    const took = performance.now() - started;
    const notRead = classification.full.basis?.not_read;
    expect(notRead).toEqual([
      { file: 'terms', reason: 'budget', bytes: e.tos!.kind === 'response' ? e.tos!.bytes : 0, budget_ms: BUDGET_MS },
    ]);
    expect(classification.summary.basis?.not_read).toEqual(notRead);
    expect(used.notRead).toEqual([
      { file: 'terms', reason: 'budget', bytes: notRead![0]!.bytes, budget_ms: BUDGET_MS },
    ]);
    // The terms were not read; everything else was (robots.txt blocks GPTBot by name).
    expect(classification.full.tos_ai_stance).toBe('unknown');
    expect(classification.summary.site.has_tos).toBe(true);
    expect(classification.summary.bots.blocked).toContain('GPTBot');
    // The same evidence read again with the terms marked gives the same record, on this thread too.
    expect(classify(used)).toEqual(classification);
    // The stuck worker was ended well before the document's minute was up, and another took its place.
    expect(took).toBeLessThan(15_000);
    expect(pool.stats().givenUp).toEqual({ budget: 1, failed: 0 });
    const next = await pool.classify(site('plain.test'));
    expect(next.classification.summary.basis?.not_read).toBeUndefined();
  });

  it('tells robots.txt over its budget as unreadable rules, not as a failed check', async () => {
    pool = new AnalysisPool({ budgetMs: BUDGET_MS, threads: 1, worker: TEST_WORKER });
    const { classification } = await pool.classify(site('slow-robots_txt.test'));
    expect(classification.full.basis?.robots_txt).toEqual({ status: 'blocked', http_status: 200, problem: 'not_read' });
    expect(classification.full.basis?.not_read?.map((n) => n.file)).toEqual(['robots_txt']);
    expect(classification.summary.use_cases).toEqual({ training: 'unknown', search: 'unknown', inference: 'unknown' });
    expect(classification.summary.detail).toBe('robots_blocked');
    // The terms were still read.
    expect(classification.full.tos_ai_stance).toBe('prohibits');
  });

  it('fails the document a dying worker was reading, not the caller', async () => {
    pool = new AnalysisPool({ budgetMs: 5_000, threads: 1, worker: TEST_WORKER });
    const { classification } = await pool.classify(site('crash-homepage.test'));
    expect(classification.full.basis?.not_read).toEqual([
      { file: 'homepage', reason: 'failed', bytes: expect.any(Number), budget_ms: 5_000 },
    ]);
    // No link read from the homepage, but the terms the crawl fetched are still read.
    expect(classification.full.tos_ai_stance).toBe('prohibits');
    const thrown = await pool.classify(site('throw-terms.test'));
    expect(thrown.classification.full.basis?.not_read?.map((n) => [n.file, n.reason])).toEqual([['terms', 'failed']]);
    expect(pool.stats().givenUp).toEqual({ budget: 0, failed: 2 });
  });

  it('reads one document for the crawler, or says it was given up', async () => {
    pool = new AnalysisPool({ budgetMs: BUDGET_MS, threads: 1, worker: TEST_WORKER });
    const body = 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n';
    const ask = (path: string) =>
      pool!.read({ kind: 'robots-match', body, token: 'AIPolicyLens', path }, 'plain.test', body.length);
    const [closed, open] = await Promise.all([ask('/private/x'), ask('/public')]);
    expect(closed.read && closed.value).toEqual({
      allowed: false,
      rule: { type: 'disallow', pattern: '/private/', line: 2 },
      source: 'wildcard',
    });
    expect(open.read && open.value.allowed).toBe(true);
    const link = await pool.read(
      {
        kind: 'terms-link',
        homepage: response('<a href="/legal">Terms of use</a>', { contentType: 'text/html' }),
        domain: 'example.com',
      },
      'example.com',
      30,
    );
    expect(link).toEqual({ read: true, value: { url: 'https://example.com/legal', probe: false } });
    const slow = await pool.read(
      {
        kind: 'terms-link',
        homepage: response('<a href="/terms">Terms</a>', { contentType: 'text/html' }),
        domain: 'slow-homepage.test',
      },
      'slow-homepage.test',
      26,
    );
    expect(slow).toEqual({
      read: false,
      notRead: { file: 'homepage', reason: 'budget', bytes: 26, budget_ms: BUDGET_MS },
    });
  });

  it('queues tasks beyond its threads and answers each', async () => {
    pool = new AnalysisPool({ budgetMs: 5_000, threads: 2 });
    const sites = Array.from({ length: 12 }, (_, i) => site(`q${i}.test`));
    const out = await Promise.all(sites.map((s) => pool!.classify(s)));
    expect(out.map((o) => o.classification.summary.domain)).toEqual(sites.map((s) => s.domain));
    expect(pool.stats().threads).toBeLessThanOrEqual(2);
  });

  it('leaves no thread or port open after close(), and refuses work afterwards', async () => {
    const before = threadHandles();
    pool = new AnalysisPool({ budgetMs: BUDGET_MS, threads: 2, worker: TEST_WORKER });
    await Promise.all([pool.classify(site('a.test')), pool.classify(site('slow-terms.test'))]);
    expect(threadHandles()).toBeGreaterThan(before);
    await pool.close();
    expect(threadHandles()).toBe(before);
    await expect(pool.classify(site('b.test'))).rejects.toThrow(/closed/);
  });
});

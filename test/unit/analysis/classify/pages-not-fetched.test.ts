/**
 * Pages the crawler did not request (docs/policy.md sections 1, 5, 6, 8): it asks
 * robots.txt first (RFC 9309), so a homepage without an answer was not always unreachable.
 * - disallowed at the site's request: the policy is read as usual, confidence keeps its 0.3,
 *   and the records say why the homepage and terms were not read, with the robots.txt line;
 * - held back because robots.txt answered 5xx or 429: row 6, told truly; 5xx is a failed
 *   check, 429 the site's answer;
 * - held back because robots.txt gave no answer: row 6 while other files answered, row 1 only
 *   when nothing did (section 11), a failed check either way, without claiming that the
 *   homepage did not answer.
 * Hand-built evidence in the shapes proxy/crawler/robots-gate.ts gives.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Classification } from '../../../../proxy/analysis/classification.js';
import { classify } from '../../../../proxy/analysis/index.js';
import type { Evidence } from '../../../../proxy/analysis/evidence.js';
import { crawlFailure } from '../../../../proxy/service/crawl-failure.js';
import {
  AnnouncedRecordSchema,
  DomainPolicyFoundSchema,
  FullRecordSchema,
  type Explanation,
} from '../../../../shared/schemas.js';
import {
  buildEvidence,
  disallowedPage,
  failed,
  heldFailedPage,
  heldPage,
  nothingAnswered,
  status,
  type EvidenceOptions,
} from '../helpers/evidence-builder.js';

const TERMS =
  '<html><body><h1>Terms</h1><p>You may not scrape our content or use it to train artificial intelligence models.</p></body></html>';
const HOME_WITH_TERMS = '<html><body><a href="/terms">Terms of Service</a></body></html>';

function run(o: EvidenceOptions): { c: Classification; e: Evidence } {
  const e = buildEvidence(o);
  const c = classify(e);
  DomainPolicyFoundSchema.parse(c.summary);
  FullRecordSchema.omit({ id: true, audit_id: true }).parse(c.full);
  AnnouncedRecordSchema.omit({ audit_id: true }).parse(c.announced);
  return { c, e };
}

const explanation = (c: Classification, subject: string): Explanation | undefined =>
  c.full.explanations.find((x) => x.subject === subject);
const reasons = (c: Classification): string => c.full.explanations.map((x) => x.reason).join('\n');

describe('a homepage the site asked the crawler not to fetch', () => {
  const ROBOTS = 'User-agent: AIPolicyLens\nDisallow: /\n\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n';
  const optedOut = (): EvidenceOptions => ({
    robots: ROBOTS,
    homepage: disallowedPage(2),
    markdown: disallowedPage(2),
    tos: null,
    tosUrl: null,
  });

  it('decides stance and verdicts from robots.txt as usual, and keeps full confidence', () => {
    const { c } = run(optedOut());
    // The same site with its homepage fetched, for comparison.
    const fetched = run({ robots: ROBOTS }).c;
    expect(c.summary.stance).toBe('selective');
    expect(c.summary.use_cases).toEqual(fetched.summary.use_cases);
    expect(c.summary.bots).toEqual(fetched.summary.bots);
    expect(c.full.confidence).toBe(1);
    expect(c.full.confidence).toBe(fetched.full.confidence);
    expect(c.full.homepage_status).toBeNull();
  });

  it('says plainly that the homepage was not fetched at the site’s request, with the robots.txt line', () => {
    const { c } = run(optedOut());
    expect(explanation(c, 'homepage')).toEqual({
      subject: 'homepage',
      value: 'not_fetched',
      source: 'robots_txt',
      line: 2,
      evidence: 'Disallow: /',
      reason: expect.stringMatching(
        /^The homepage was not fetched, at the site’s request: the site’s robots.txt asks AI Policy Lens’s crawler \(User-agent: AIPolicyLens\) not to fetch it\./,
      ),
    });
    expect(reasons(c)).not.toMatch(/unreachable|did not answer|no answer|Neither/i);
  });

  it('reads the terms as not looked for, for that reason, never as “no terms”', () => {
    const { c } = run(optedOut());
    expect(c.summary.site.has_tos).toBe(false);
    expect(c.full.tos_ai_stance).toBe('unknown');
    expect(explanation(c, 'tos_ai_stance')).toMatchObject({
      value: 'unknown',
      source: 'robots_txt',
      line: 2,
      reason: expect.stringContaining(
        'not looked for: the homepage, where the link to them would be, was not fetched at the site’s request',
      ),
    });
    expect(reasons(c)).not.toMatch(/No readable terms|No link to terms/);
  });

  it('names every crawler when the `*` group disallowed it, and keeps full confidence on a wildcard block', () => {
    const { c } = run({
      robots: 'User-agent: *\nDisallow: /\n',
      homepage: disallowedPage(2, '/', '*'),
      markdown: disallowedPage(2, '/', '*'),
    });
    expect(c.summary).toMatchObject({ stance: 'blocks_all_ai', detail: 'wildcard_block' });
    expect(c.full.confidence).toBe(1);
    expect(explanation(c, 'homepage')!.reason).toContain(
      'asks every crawler (User-agent: *), AI Policy Lens’s included, not to fetch it',
    );
  });

  it('names the other host when a redirect led to a robots.txt elsewhere', () => {
    const page = disallowedPage(4, '/', 'AIPolicyLens', 'https://example.test/', 'https://www.example.test/robots.txt');
    const { c } = run({ robots: 'User-agent: *\nAllow: /\n', homepage: page, markdown: page });
    expect(explanation(c, 'homepage')).toMatchObject({
      source: 'robots_txt',
      line: null,
      evidence: 'robots.txt of www.example.test, line 4: Disallow: /',
      reason: expect.stringContaining('it leads to www.example.test, whose robots.txt asks AI Policy Lens’s crawler'),
    });
  });

  it('a terms page disallowed on its own: the terms explanation names its line', () => {
    const { c } = run({
      robots: 'User-agent: *\nDisallow: /terms\n',
      homepage: HOME_WITH_TERMS,
      tosUrl: 'https://example.test/terms',
      tos: disallowedPage(2, '/terms', '*', 'https://example.test/terms'),
    });
    expect(c.full.tos_url).toBe('https://example.test/terms');
    expect(c.summary.site.has_tos).toBe(false);
    expect(explanation(c, 'tos_ai_stance')).toMatchObject({
      value: 'unknown',
      source: 'robots_txt',
      line: 2,
      evidence: 'Disallow: /terms',
      reason: expect.stringContaining('The terms of service were not fetched, at the site’s request'),
    });
    expect(explanation(c, 'homepage')).toBeUndefined();
  });

  it('is not a failed check: the disallow is the site’s answer', () => {
    const { c, e } = run(optedOut());
    expect(crawlFailure(e, c.full.robots_txt_status)).toBeNull();
  });
});

describe('a homepage held back because robots.txt answered a server error or 429 (RFC 9309 2.3.1.4)', () => {
  const held = (code: number): EvidenceOptions => ({
    robots: status(code, 'busy'),
    homepage: heldPage(code),
    markdown: heldPage(code),
  });

  it.each([
    [503, 'robots.txt could not be read because the server failed (HTTP 503)'],
    [429, 'robots.txt could not be read because the server asked to slow down (HTTP 429)'],
  ])('HTTP %i: row 6, told truly, and the homepage is not called unreachable', (code, why) => {
    const { c } = run(held(code));
    expect(c.summary).toMatchObject({ stance: 'no_policy', detail: 'robots_blocked' });
    expect(c.summary.use_cases).toEqual({ training: 'unknown', search: 'unknown', inference: 'unknown' });
    // 1.0 - 0.6 for robots.txt; no 0.3 for a homepage that was never requested.
    expect(c.full.confidence).toBe(0.4);
    const stance = explanation(c, 'stance')!.reason;
    expect(stance).toContain(why);
    expect(stance).toContain(
      'As RFC 9309 asks in that case, the homepage and the site’s other pages were not requested.',
    );
    expect(explanation(c, 'homepage')).toMatchObject({
      value: 'not_fetched',
      source: 'crawl',
      evidence: expect.stringContaining(`robots.txt: HTTP ${code}`),
    });
    expect(explanation(c, 'tos_ai_stance')!.reason).toContain('The terms of service were not looked for');
    expect(reasons(c)).not.toMatch(/Neither|did not answer/);
  });

  it('a 5xx is a failed check that may pass; a 429 is the site’s answer', () => {
    const e503 = run(held(503));
    expect(crawlFailure(e503.e, e503.c.full.robots_txt_status)).toEqual({
      cause: 'robots.txt: server error (HTTP 503)',
    });
    const e429 = run(held(429));
    expect(crawlFailure(e429.e, e429.c.full.robots_txt_status)).toBeNull();
  });
});

describe('a homepage held back because robots.txt gave no answer', () => {
  const silent = (reason: 'timeout' | 'connect' = 'timeout'): EvidenceOptions => ({
    robots: failed(reason),
    homepage: heldFailedPage(reason),
    markdown: heldFailedPage(reason),
  });
  /** robots.txt waited on for the crawler's 10 s, as the real crawler reports it (elapsedMs). */
  const slowRobots = (): EvidenceOptions => ({ ...silent(), robots: { ...failed('timeout'), elapsedMs: 10_004 } });

  it('while llms.txt and the well-known files answered: row 6, robots.txt did not answer within 10 s (section 11), not “unreachable”', () => {
    const { c } = run(slowRobots());
    expect(c.summary).toMatchObject({ stance: 'no_policy', detail: 'robots_blocked' });
    expect(c.summary.use_cases).toEqual({ training: 'unknown', search: 'unknown', inference: 'unknown' });
    expect(c.summary.basis!.robots_txt).toEqual({
      status: 'unreachable',
      http_status: null,
      problem: 'timeout',
      waited_s: 10,
    });
    // Like a robots.txt that failed: 1.0 - 0.6; the homepage was not requested, so no 0.3.
    expect(c.full.confidence).toBe(0.4);
    const stance = explanation(c, 'stance')!.reason;
    expect(stance).toBe(
      'robots.txt could not be read because it did not answer within 10 s, and no other signal decides, so the site’s AI rules are not known. As RFC 9309 asks in that case, the homepage and the site’s other pages were not requested.',
    );
    expect(reasons(c)).not.toMatch(/could not be reached|Neither the homepage/);
    expect(explanation(c, 'homepage')!.reason).toMatch(
      /^robots\.txt did not answer within 10 s, so, as RFC 9309 asks, the homepage/,
    );
  });

  it('when nothing answered at all: row 1 with confidence 0, and says what happened instead of “neither answered”', () => {
    const { c } = run(
      nothingAnswered(failed('timeout'), { homepage: heldFailedPage('timeout'), markdown: heldFailedPage('timeout') }),
    );
    expect(c.summary).toMatchObject({ stance: 'no_policy', detail: 'unreachable' });
    expect(c.full.confidence).toBe(0);
    const stance = explanation(c, 'stance')!.reason;
    expect(stance).toBe(
      'robots.txt timed out, so, as RFC 9309 asks, the homepage and the site’s other pages were not requested; without robots.txt the site’s AI rules are not known.',
    );
    expect(reasons(c)).not.toMatch(/Neither the homepage/);
    expect(explanation(c, 'homepage')!.reason).toMatch(/^robots\.txt timed out, so, as RFC 9309 asks, the homepage/);
  });

  it('is a failed check whose cause is robots.txt’s own, the homepage having not been asked', () => {
    for (const [reason, cause] of [
      ['timeout', 'robots.txt: timed out'],
      ['connect', 'robots.txt: the connection failed'],
    ] as const) {
      const { c, e } = run(silent(reason));
      expect(crawlFailure(e, c.full.robots_txt_status)).toEqual({ cause });
    }
  });

  it('a site where nothing answered at all is down, not only its robots.txt', () => {
    const down = buildEvidence({
      ...silent(),
      llms: failed('timeout'),
      aiTxt: failed('timeout'),
      tdmrep: failed('timeout'),
      agents: failed('timeout'),
    });
    expect(crawlFailure(down, 'unreachable')).toEqual({ cause: 'timed out' });
  });
});

describe('a homepage that was requested and gave no answer', () => {
  it('still costs 0.3 of confidence and is told as such', () => {
    const { c, e } = run({
      robots: 'User-agent: GPTBot\nDisallow: /\n',
      homepage: failed('timeout'),
      markdown: failed('timeout'),
    });
    expect(c.full.confidence).toBe(0.7);
    expect(explanation(c, 'homepage')).toMatchObject({
      value: 'no_answer',
      source: 'crawl',
      reason: expect.stringContaining('The homepage could not be fetched: it timed out'),
    });
    expect(explanation(c, 'tos_ai_stance')!.reason).toContain('could not be fetched');
    expect(crawlFailure(e, c.full.robots_txt_status)).toEqual({ cause: 'timed out' });
  });

  it('a homepage that answered gets no homepage explanation, and its missing terms link is said as such', () => {
    const { c } = run({ robots: 'User-agent: GPTBot\nDisallow: /\n' });
    expect(explanation(c, 'homepage')).toBeUndefined();
    expect(explanation(c, 'tos_ai_stance')!.reason).toBe(
      'No link to terms of service was found on the homepage, nor terms at /terms, /terms-of-service, /legal or /tos.',
    );
  });

  it('the terms, when read, are explained as read', () => {
    const { c } = run({ robots: 'User-agent: GPTBot\nDisallow: /\n', homepage: HOME_WITH_TERMS, tos: TERMS });
    expect(c.full.tos_ai_stance).toBe('prohibits');
    expect(explanation(c, 'tos_ai_stance')).toMatchObject({
      source: 'tos',
      reason:
        'The terms of service were read for clauses on AI use, apart from clauses on robots and scrapers. The deciding clause is under \u201cTerms\u201d.',
    });
    // Automated access apart (docs/policy.md section 11): here scraping only to feed AI.
    expect(explanation(c, 'tos_automated_access')).toMatchObject({
      value: 'restricts',
      source: 'tos',
      evidence: expect.stringContaining('may not scrape'),
    });
    expect(c.full.tos_automated_access_section).toBe('Terms');
    // Where the terms name AI, kept in the record (issue 34), so no face says they do not.
    expect(c.summary.basis!.terms!.names_ai).toBe(true);
    expect(c.full.tos_ai_mention).toBe(
      'You may not scrape our content or use it to train artificial intelligence models.',
    );
    expect(c.full.tos_ai_mention_section).toBe('Terms');
  });

  it('terms that name no AI say so in the record, and of terms not read nothing is said', () => {
    const silent = '<html><body><h1>Terms</h1><p>These terms are governed by the laws of Delaware.</p></body></html>';
    const { c } = run({ robots: 'User-agent: GPTBot\nDisallow: /\n', homepage: HOME_WITH_TERMS, tos: silent });
    expect([c.summary.basis!.terms!.names_ai, c.full.tos_ai_mention, c.full.tos_ai_mention_section]).toEqual([
      false,
      null,
      null,
    ]);
    const unread = run({ robots: 'User-agent: GPTBot\nDisallow: /\n' }).c;
    expect(unread.summary.basis!.terms!.ai).toBe('unknown');
    expect([unread.summary.basis!.terms!.names_ai, unread.full.tos_ai_mention]).toEqual([undefined, null]);
  });
});

/** basis.fetches (docs/policy.md section 11, "not fetched is not missing"): what became of each request. */
describe('basis.fetches says per file whether it was requested, and why not', () => {
  const fetches = (o: EvidenceOptions) => run(o).c.summary.basis!.fetches;
  const POLICY_FILES = {
    robots_txt: 'answered',
    llms_txt: 'answered',
    ai_txt: 'answered',
    tdmrep: 'answered',
    agents_json: 'answered',
  };

  it.each([
    ['www.reddit.com', 8],
    ['stackoverflow.com', 5],
  ])(
    '%s (real robots.txt closing the site to every crawler): homepage and terms "disallowed", never no answer or none found',
    (domain, line) => {
      const robots = readFileSync(`../shared/corpora/real-robots/2026-01/${domain}.robots.txt`, 'utf8');
      const page = disallowedPage(line, '/', '*', `https://${domain}/`, `https://${domain}/robots.txt`);
      const { c } = run({ domain, robots, homepage: page, markdown: page, tos: null, tosUrl: null });
      expect(c.summary.basis!.fetches).toEqual({ ...POLICY_FILES, homepage: 'disallowed', terms: 'disallowed' });
      expect(c.summary.site.has_tos).toBe(false);
      expect(c.full.homepage_status).toBeNull();
      expect(explanation(c, 'homepage')).toMatchObject({ value: 'not_fetched', line });
    },
  );

  it('robots.txt answering 503 or 429: the pages were held back ("robots_unreadable")', () => {
    for (const code of [503, 429])
      expect(fetches({ robots: status(code, 'busy'), homepage: heldPage(code), markdown: heldPage(code) })).toEqual({
        ...POLICY_FILES,
        homepage: 'robots_unreadable',
        terms: 'robots_unreadable',
      });
  });

  it('robots.txt without an answer: robots.txt "no_answer", the pages held back', () => {
    expect(
      fetches({ robots: failed('timeout'), homepage: heldFailedPage('timeout'), markdown: heldFailedPage('timeout') }),
    ).toEqual({ ...POLICY_FILES, robots_txt: 'no_answer', homepage: 'robots_unreadable', terms: 'robots_unreadable' });
  });

  it('a homepage requested without an answer: "no_answer", and its terms link not looked for', () => {
    expect(fetches({ robots: 'User-agent: GPTBot\nDisallow: /\n', homepage: failed('timeout') })).toMatchObject({
      homepage: 'no_answer',
      terms: 'not_looked',
    });
  });

  it('a homepage read without a terms link: "no_link"; a terms page read: "answered"; one disallowed: "disallowed"; one on its way: "pending"', () => {
    expect(fetches({ robots: 'User-agent: GPTBot\nDisallow: /\n' })).toMatchObject({
      homepage: 'answered',
      terms: 'no_link',
    });
    expect(fetches({ homepage: HOME_WITH_TERMS, tos: TERMS })).toMatchObject({
      homepage: 'answered',
      terms: 'answered',
    });
    expect(
      fetches({ homepage: HOME_WITH_TERMS, tos: disallowedPage(3, '/terms', '*', 'https://example.test/terms') }),
    ).toMatchObject({ terms: 'disallowed' });
    const early = classify({
      ...buildEvidence({ homepage: HOME_WITH_TERMS }),
      tosUrl: 'https://example.test/terms',
      tosPending: true,
    });
    expect(early.summary.basis!.fetches!.terms).toBe('pending');
  });

  it('a homepage that is not an HTML page: its terms link was "not_looked" for', () => {
    expect(fetches({ homepage: status(500, 'Server error') })).toMatchObject({
      homepage: 'answered',
      terms: 'not_looked',
    });
  });

  it('an address the guard refused: every file "refused"', () => {
    const refused = { kind: 'refused' as const, url: 'https://x.test/', reason: 'loopback' };
    expect(fetches(nothingAnswered(refused))).toEqual({
      robots_txt: 'refused',
      llms_txt: 'refused',
      ai_txt: 'refused',
      tdmrep: 'refused',
      agents_json: 'refused',
      homepage: 'refused',
      terms: 'refused',
    });
  });
});

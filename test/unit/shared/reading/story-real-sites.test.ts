/**
 * What a person reads about real sites (docs/policy.md section 11), told by shared/reading/story*.ts
 * from the records classify() gives for real robots.txt files (../shared/corpora) and from
 * records with the terms' two facts: the words are written out here by hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classify } from '../../../../proxy/analysis/index.js';
import { CRAWL_LIMITS } from '../../../../proxy/crawler/limits.js';
import type { DomainPolicyFound, FullRecord } from '../../../../shared/schemas.js';
import { headline, robotsReading, termsReading, readingsOfUses } from '../../../../shared/reading/story.js';
import { signalValues } from '../../../../shared/reading/story-signals.js';
import { opennessWords } from '../../../../shared/reading/story-notes.js';
import { readConfidence, readIssues } from '../../../../shared/reading/read-full.js';
import { readSite } from '../../../../shared/reading/read-site.js';
import { hostClaims } from '../../../../shared/reading/host-claims.js';
import { REQUEST_SECONDS } from '../../../../shared/reading/story-robots.js';
import { basisOf, fullRecordOf, summaryRecord } from '../../../fixtures/records.js';
import { buildEvidence, text } from '../../analysis/helpers/evidence-builder.js';

const REAL = '../shared/corpora/real-robots/2026-01';

/** The notes and conflicts the reading tells for a record, in words (their claims are checked elsewhere). */
const issuesOf = (p: DomainPolicyFound, f: FullRecord) =>
  readIssues(readSite({ policy: p, full: f }), f).map(({ kind, label, explanation }) => ({ kind, label, explanation }));
/** The confidence sentence for a full record (the summary as its own). */
const confidenceOf = (f: FullRecord) =>
  readConfidence(hostClaims(summaryRecord(f.domain, { basis: f.basis }), f))?.text;
/** A headline without its claims. */
const wordsOf = ({ claims: _, ...h }: ReturnType<typeof headline>) => h;
const real = (file: string) => {
  const c = classify(
    buildEvidence({ domain: file, robots: text(readFileSync(join(REAL, `${file}.robots.txt`), 'utf8')) }),
  );
  return { p: c.summary, full: { ...c.full, id: 1, audit_id: 'a1' } };
};

describe('allow-lists: "every crawler it does not name", never "every crawler"', () => {
  it('lobste.rs lets six search engines and an archive in, no AI bot', () => {
    const { p, full } = real('lobste.rs');
    const h = headline(p, full);
    expect(h.label).toBe('Blocks all AI');
    expect(h.explanation).toBe(
      'robots.txt closes the site to every crawler it does not name; it lets in Googlebot, bingbot and 5 others, no AI bot.',
    );
    expect(h.phrase).toBe(
      'blocks all AI; robots.txt closes the site to every crawler it does not name; it lets in Googlebot, bingbot and 5 others, no AI bot',
    );
    expect(`${h.explanation} ${h.phrase}`).not.toMatch(/closes the whole site to every crawler/);
  });

  it("a file that names no crawler closes the site to every crawler; the badge (the answer alone) says the same; without the analysis' allow-list the words hold either way", () => {
    const c = classify(buildEvidence({ robots: 'User-agent: *\nDisallow: /\n' }));
    expect(headline(c.summary, c.full as FullRecord).explanation).toBe(
      'robots.txt closes the whole site to every crawler (User-agent: *), AI bots included.',
    );
    expect(headline(c.summary)).toEqual(headline(c.summary, c.full as FullRecord));
    const lobsters = real('lobste.rs');
    expect(headline(lobsters.p)).toEqual(headline(lobsters.p, lobsters.full));
    // A foreign upstream (no basis) and no full record: nothing says whether crawlers are let in.
    expect(headline({ ...c.summary, basis: undefined }).explanation).toBe(
      'robots.txt\u2019s rule for all crawlers (User-agent: *) closes the whole site, AI bots included.',
    );
    // An older record without basis.allow_list: from the full record's all_bots.
    const older = { ...lobsters.p, basis: { ...lobsters.p.basis!, allow_list: undefined } };
    expect(headline(older, lobsters.full).explanation).toBe(headline(lobsters.p).explanation);
  });
});

describe('signals read out, not described', () => {
  it('lobste.rs: the Content-Signal of its allow-list group, with whom it speaks for', () => {
    const { p, full } = real('lobste.rs');
    expect(signalValues(p, full).map((s) => s.words)).toEqual([
      'Content-Signal (for Applebot, bingbot and 5 others): AI training no, AI answers no, search yes',
    ]);
  });

  it("stackoverflow.com: the `*` group's signal speaks for every crawler", () => {
    const { p, full } = real('stackoverflow.com');
    expect(signalValues(p, full).map((s) => s.words)).toEqual(['Content-Signal: AI training no, search no']);
    // Before the full record: the deciding line of the answer.
    expect(signalValues(p).map((s) => s.words)).toEqual(['Content-Signal: AI training no, search no']);
  });

  it('Cloudflare\'s managed file with ai-input=no: AI search reads "Search listings allowed", not a green "Allowed"', () => {
    const body = readFileSync(join(REAL, 'davidguetta.com.robots.txt'), 'utf8').replace(
      'search=yes,ai-train=no',
      'search=yes,ai-train=no,ai-input=no',
    );
    const c = classify(buildEvidence({ robots: body }));
    const uses = readingsOfUses(c.summary, c.full as FullRecord);
    expect(uses.map((u) => [u.words, u.tone])).toEqual([
      ['Blocked', 'blocked'],
      ['Search listings allowed', 'neutral'],
      ['Blocked', 'blocked'],
    ]);
    expect(signalValues(c.summary, c.full as FullRecord).map((s) => s.words)).toEqual([
      'Content-Signal: AI training no, AI answers no, search yes',
    ]);
    // Without ai-input=no (the real file), search=yes still speaks of listings and links, not AI-written
    // summaries (docs/policy.md section 16): never a green "Allowed".
    expect(readingsOfUses(real('davidguetta.com').p)[1]).toMatchObject({
      words: 'Search listings allowed',
      tone: 'neutral',
      explanation:
        'A usage signal allows listing and linking the site\u2019s pages in search results; that covers links, not AI-written summaries of the pages.',
    });
  });
});

describe('robots.txt that did not answer, and pages not fetched', () => {
  it('waits as long as the crawler does', () => {
    expect(REQUEST_SECONDS * 1000).toBe(CRAWL_LIMITS.requestMs);
  });

  it('a robots.txt that timed out while the site answered: "did not answer within 10 s", never "could not be reached"', () => {
    const p = summaryRecord('slow.test', {
      detail: 'robots_blocked',
      use_cases: { training: 'unknown', search: 'unknown', inference: 'unknown' },
      basis: basisOf({ robots_txt: { status: 'unreachable', http_status: null, problem: 'timeout' } }),
    });
    const h = headline(p);
    expect(h.explanation).toBe('robots.txt did not answer within 10 s, so the site\u2019s AI rules are not known.');
    expect(h.phrase).toBe('unknown: robots.txt did not answer within 10 s');
    expect(robotsReading(p).reason).toBe('no answer within 10 s');
    // The crawler says how long it waited when its limit was another.
    const slower = {
      ...p,
      basis: basisOf({ robots_txt: { status: 'unreachable', http_status: null, problem: 'timeout', waited_s: 15 } }),
    };
    expect(headline(slower).phrase).toBe('unknown: robots.txt did not answer within 15 s');
    // A detail `unreachable` while the homepage answered is still not "could not be reached".
    const stale = { ...p, detail: 'unreachable' as const };
    expect(
      headline(stale, fullRecordOf('slow.test', { homepage_status: 200, robots_txt_status: 'unreachable' }))
        .explanation,
    ).not.toMatch(/could not be reached/);
    expect(
      headline(stale, fullRecordOf('slow.test', { homepage_status: null, robots_txt_status: 'unreachable' }))
        .explanation,
    ).toMatch(/^The site could not be reached/);
  });

  it('confidence says what lowered it', () => {
    expect(confidenceOf(fullRecordOf('a.test', { confidence: 0.4, robots_txt_status: 'blocked' }))).toBe(
      'How sure this reading is: 40 % (robots.txt could not be read).',
    );
    expect(
      confidenceOf(
        fullRecordOf('a.test', {
          confidence: 0.75,
          robots_txt_status: 'missing',
          conflicts: ['llms_txt_but_blocks_all_ai'],
        }),
      ),
    ).toBe('How sure this reading is: 75 % (the site has no robots.txt; two sources disagree).');
    expect(confidenceOf(fullRecordOf('a.test'))).toBe('How sure this reading is: 100 %.');
  });
});

describe('terms of service, told apart: AI use and robots (section 11)', () => {
  const EXCERPT =
    'You may not use the Content to train, fine-tune or improve any artificial intelligence or machine learning model.';
  const summary = (ai: FullRecord['tos_ai_stance'], access: FullRecord['tos_ai_stance']): DomainPolicyFound =>
    summaryRecord('terms.test', {
      site: {
        ranklist_rank: null,
        cdn: null,
        cms: null,
        behind_cdnvendor: false,
        has_paywall: false,
        has_tos: true,
        tos_url: 'https://terms.test/terms',
      },
      basis: basisOf({ terms: { ai, automated_access: access } }),
    });
  const full = (over: Partial<FullRecord>): FullRecord =>
    fullRecordOf('terms.test', { tos_url: 'https://terms.test/terms', ...over });

  it('terms that forbid AI training beside a robots.txt with no AI rule: the terms are the headline, never "no other AI rule"', () => {
    const p = summary('prohibits', 'prohibits');
    const f = full({
      tos_ai_stance: 'prohibits',
      tos_excerpt: EXCERPT,
      tos_ai_section: '4.2',
      tos_automated_access: 'prohibits',
      tos_automated_access_excerpt: 'You may not use robots or scrapers.',
      conflicts: ['tos_prohibits_ai_but_robots_allows'],
    });
    const h = headline(p, f);
    expect(wordsOf(h)).toEqual({
      label: 'Terms prohibit AI',
      explanation: 'The terms of service forbid AI training; robots.txt does not block AI bots.',
      badge: 'terms',
      phrase: 'the terms of service forbid AI training; robots.txt does not block AI bots',
    });
    // The badge, from the summary alone, says the same.
    expect(wordsOf(headline(p))).toEqual(wordsOf(h));
    const uses = readingsOfUses(p, f);
    expect(uses.map((u) => [u.words, u.because])).toEqual([
      ['Forbidden by the terms', 'robots.txt does not block it'],
      ['Not restricted', null],
      ['Not restricted', null],
    ]);
    expect(opennessWords(100, uses, termsReading(p, f))).toBe(
      'Openness 100 / 100: how much AI use robots.txt and the AI files leave open (0 all blocked, 100 none restricted). It does not count the terms of service, and the terms of service forbid AI training.',
    );
    expect(issuesOf(p, f)).toEqual([
      {
        kind: 'conflict',
        label: 'Terms forbid AI, robots.txt does not',
        explanation: `The terms of service forbid using the content to train AI (section 4.2: \u2018${EXCERPT}\u2019), but robots.txt lets every AI bot in.`,
      },
    ]);
  });

  it('terms that forbid AI beside a robots.txt that blocks training: the stance stays, the terms are a note with their sentence', () => {
    const p = {
      ...summary('prohibits', 'silent'),
      stance: 'blocks_training' as const,
      detail: 'blocks_training' as const,
      use_cases: { training: 'blocked' as const, search: 'allowed' as const, inference: 'allowed' as const },
    };
    const f = full({ tos_ai_stance: 'prohibits', tos_excerpt: EXCERPT, tos_ai_section: null });
    expect(headline(p, f).label).toBe('Blocks AI training');
    expect(issuesOf(p, f)).toEqual([
      {
        kind: 'note',
        label: 'Terms prohibit AI',
        explanation: `The terms of service forbid using the content to train AI (\u2018${EXCERPT}\u2019).`,
      },
    ]);
  });

  it('a ban on robots and scrapers alone is a note, never an AI rule; "they do not mention AI" only when the terms reader found no mention (section 16)', () => {
    const ACCESS = 'You agree not to use any robot, spider, scraper or other automated means to access the Service.';
    const p = summary('silent', 'prohibits');
    const f = full({
      tos_ai_stance: 'silent',
      tos_automated_access: 'prohibits',
      tos_automated_access_excerpt: ACCESS,
      tos_automated_access_section: '7',
    });
    const h = headline(p, f);
    expect(h.label).toBe('No AI rules');
    expect(h.badge).toBe('no_policy');
    expect(readingsOfUses(p, f).map((u) => u.words)).toEqual(['Not restricted', 'Not restricted', 'Not restricted']);
    // The record does not say whether the terms name AI: nothing is claimed about it.
    expect(issuesOf(p, f)).toEqual([
      {
        kind: 'note',
        label: 'Terms forbid robots',
        explanation: `The terms forbid robots and scrapers (section 7: \u2018${ACCESS}\u2019); they say nothing about using the content for AI.`,
      },
    ]);
    // The terms reader found no mention of AI in the text: still no claim about the whole document.
    const named = (names: boolean, mention: Partial<FullRecord> = {}) => {
      const q = { ...p, basis: { ...p.basis!, terms: { ...p.basis!.terms!, names_ai: names } } } as DomainPolicyFound;
      return issuesOf(q, { ...f, ...mention, basis: q.basis })[0]!.explanation;
    };
    expect(named(false)).toBe(
      `The terms forbid robots and scrapers (section 7: \u2018${ACCESS}\u2019); they say nothing about using the content for AI.`,
    );
    // Terms that name AI (their own AI features) are never told as not mentioning it.
    const MENTION = 'We use artificial intelligence to recommend articles.';
    expect(named(true, { tos_ai_mention: MENTION, tos_ai_mention_section: '5' })).toBe(
      `The terms forbid robots and scrapers (section 7: \u2018${ACCESS}\u2019); they mention AI (section 5: \u2018${MENTION}\u2019) but do not restrict using the content for it.`,
    );
  });

  it('terms that restrict AI use, not about training: "restrict AI use of the content"', () => {
    const p = summary('restricts', 'silent');
    const f = full({
      tos_ai_stance: 'restricts',
      tos_excerpt: 'Use of the Content with generative AI tools requires our written permission.',
    });
    expect(headline(p, f)).toMatchObject({
      label: 'Terms restrict AI',
      explanation: 'The terms of service restrict AI use of the content; robots.txt does not block AI bots.',
    });
    expect(readingsOfUses(p, f)[0]!.words).toBe('Restricted by the terms');
  });

  it('no robots.txt at all: "the site has no robots.txt"', () => {
    const p = {
      ...summary('prohibits', 'silent'),
      detail: 'no_robots' as const,
      basis: basisOf({
        robots_txt: { status: 'missing', http_status: 404, problem: null },
        found: [],
        terms: { ai: 'prohibits', automated_access: 'silent' },
      }),
    };
    expect(headline(p).explanation).toBe('The terms of service forbid AI training; the site has no robots.txt.');
  });

  it('an unread robots.txt stays Unknown, the terms said beside it', () => {
    const p = {
      ...summary('prohibits', 'silent'),
      detail: 'robots_blocked' as const,
      use_cases: { training: 'unknown' as const, search: 'unknown' as const, inference: 'unknown' as const },
      basis: basisOf({
        robots_txt: { status: 'blocked', http_status: 403, problem: 'refused' },
        terms: { ai: 'prohibits', automated_access: 'silent' },
      }),
    };
    expect(headline(p)).toMatchObject({
      label: 'Unknown',
      badge: 'unknown',
      explanation:
        'robots.txt could not be read (HTTP 403, access refused), so the site\u2019s AI rules are not known. The terms of service forbid AI training.',
    });
  });
});

describe('documents fetched but not read (basis.not_read): told as not read, never as read', () => {
  const policy = summaryRecord('long.test', {
    site: {
      ranklist_rank: null,
      cdn: null,
      cms: null,
      behind_cdnvendor: false,
      has_paywall: false,
      has_tos: true,
      tos_url: 'https://long.test/terms',
    },
    basis: basisOf({
      fetches: {
        robots_txt: 'answered',
        homepage: 'answered',
        llms_txt: 'answered',
        ai_txt: 'answered',
        tdmrep: 'answered',
        agents_json: 'answered',
        terms: 'answered',
      },
      not_read: [
        { file: 'homepage', reason: 'budget', bytes: 900_000, budget_ms: 2000 },
        { file: 'terms', reason: 'budget', bytes: 880_640, budget_ms: 2000, note: 'without sentence ends' },
      ],
    }),
  });
  const reading = readSite({ policy });
  const fact = (k: string) => reading.facts.find((f) => f.key === k)?.text;

  it('a homepage not read shows no paywall as seen: it is not known, and why', () => {
    expect(fact('paywall')).toBe('Not known (the homepage was too long to read in the time allowed (879 KB))');
  });

  it('a terms page not read says so with its size and what made it long, and a note says what it says is not known', () => {
    expect(fact('terms')).toBe('Found, not read: too long to read in the time allowed (860 KB, without sentence ends)');
    const notes = readIssues(reading, fullRecordOf('long.test', {})).map((i) => i.explanation);
    expect(notes).toContain(
      'The terms page was fetched but not read: too long to read in the time allowed (860 KB, without sentence ends). What it says is not known.',
    );
  });
});

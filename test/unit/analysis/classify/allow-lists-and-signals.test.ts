/**
 * Allow-lists and what was signalled (docs/policy.md section 11): when `*` closes the site
 * and named groups let some crawlers in, the records name them (basis.allow_list) and the
 * stance stays what sections 4 and 5 say; every Content-Signal line is carried with its values
 * per group (basis.content_signals); `search=yes` beside `ai-input=no` allows search listings,
 * not AI search explicitly.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classify } from '../../../../proxy/analysis/index.js';
import { buildEvidence, text } from '../helpers/evidence-builder.js';

const REAL = '../shared/corpora/real-robots/2026-01/';
const real = (domain: string) =>
  classify(buildEvidence({ domain, robots: text(readFileSync(`${REAL}${domain}.robots.txt`, 'utf8')) }));
const run = (robots: string) => classify(buildEvidence({ robots: text(robots) }));

describe('lobste.rs (real file): `*` closes the site, seven named crawlers are let in', () => {
  const c = real('lobste.rs');

  it('keeps the stance sections 4 and 5 give: wildcard_block (no AI bot named, the Content-Signal speaks to search engines only)', () => {
    expect([c.summary.stance, c.summary.detail]).toEqual(['blocks_all_ai', 'wildcard_block']);
  });

  it('lists the crawlers let in, search engines first with their catalogue spelling, and no AI bot', () => {
    expect(c.summary.basis!.allow_list).toEqual({
      let_in: ['Googlebot', 'bingbot', 'Applebot', 'DuckDuckBot', 'ia_archiver', 'kagibot', 'slurp'],
      let_in_count: 7,
      ai: [],
    });
    expect(c.full.basis!.allow_list).toEqual(c.summary.basis!.allow_list);
  });

  it('says so in the stance explanation, never "every crawler"', () => {
    const stance = c.full.explanations[0]!.reason;
    expect(stance).toBe(
      'robots.txt closes the whole site to every crawler it does not name (User-agent: *); it lets in Googlebot, bingbot and 5 others, no AI bot; no rule or signal is aimed at AI in particular.',
    );
    expect(stance).not.toContain('blocks every crawler');
  });

  it('carries its Content-Signal with the values, for the group it is written in', () => {
    expect(c.summary.basis!.content_signals).toEqual([
      {
        vocabulary: 'content-signal',
        agents: ['Applebot', 'bingbot', 'DuckDuckBot', 'Googlebot', 'ia_archiver', 'kagibot', 'slurp'],
        line: 14,
        path: null,
        training: false,
        search: true,
        inference: false,
        text: 'Content-Signal: ai-input=no, ai-train=no, search=yes',
      },
    ]);
  });
});

describe('allow_list', () => {
  it('names the AI bots let in', () => {
    const c = run(
      'User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nUser-agent: GPTBot\nUser-agent: grok\nAllow: /\n',
    );
    expect(c.summary.basis!.allow_list).toEqual({
      let_in: ['Googlebot', 'GPTBot', 'grok'],
      let_in_count: 3,
      ai: ['GPTBot', 'grok'],
    });
  });

  it('an AI bot let in that decides no key use (linkedin.com lets Bytespider in): still wildcard_block, and said', () => {
    const c = run('User-agent: Googlebot\nUser-agent: Bytespider\nAllow: /\n\nUser-agent: *\nDisallow: /\n');
    expect(c.summary.detail).toBe('wildcard_block');
    expect(c.summary.basis!.allow_list).toEqual({
      let_in: ['Googlebot', 'Bytespider'],
      let_in_count: 2,
      ai: ['Bytespider'],
    });
    expect(c.full.explanations[0]!.reason).toBe(
      'robots.txt closes the whole site to every crawler it does not name (User-agent: *); it lets in Googlebot and Bytespider, AI bot Bytespider among them; no rule or signal blocks AI bots in particular.',
    );
  });

  it('is empty when `*` closes the site to every crawler, and null when it does not close it', () => {
    expect(run('User-agent: *\nDisallow: /\n').summary.basis!.allow_list).toEqual({
      let_in: [],
      let_in_count: 0,
      ai: [],
    });
    // A named group that is itself blocked lets nothing in (lobste.rs's `brave`).
    expect(run('User-agent: *\nDisallow: /\n\nUser-agent: brave\nDisallow: /\n').summary.basis!.allow_list).toEqual({
      let_in: [],
      let_in_count: 0,
      ai: [],
    });
    expect(
      run('User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /\n').summary.basis!.allow_list,
    ).toBeNull();
    expect(classify(buildEvidence({})).summary.basis!.allow_list).toBeNull();
  });

  it('shows at most 20 names and counts them all; a malformed user-agent line is not a crawler let in', () => {
    const names = Array.from({ length: 25 }, (_, i) => `User-agent: crawler${i}`).join('\n');
    const c = run(`User-agent: *\nDisallow: /\n\n${names}\nUser-agent: compatible; "Foo"\nAllow: /\n`);
    expect(c.summary.basis!.allow_list!.let_in).toHaveLength(20);
    expect(c.summary.basis!.allow_list!.let_in_count).toBe(25);
  });
});

describe('content_signals: what each line said', () => {
  it('stackoverflow.com (real): search=no, ai-train=no for every crawler', () => {
    expect(real('stackoverflow.com').summary.basis!.content_signals).toEqual([
      {
        vocabulary: 'content-signal',
        agents: ['*'],
        line: 4,
        path: null,
        training: false,
        search: false,
        inference: null,
        text: 'Content-Signal: search=no, ai-train=no',
      },
    ]);
  });

  it('keeps at most 20 lines and 100 crawlers a line, whatever a file holds', () => {
    const group = Array.from({ length: 150 }, (_, i) => `User-agent: bot${i}`).join('\n');
    const c = run(`${group}\n${'Content-Signal: ai-train=no\n'.repeat(30)}Disallow:\n`);
    expect(c.summary.basis!.content_signals).toHaveLength(20);
    expect(c.summary.basis!.content_signals![0]!.agents).toHaveLength(100);
  });

  it("a header is carried too, after the file's lines, with line null", () => {
    const c = classify(
      buildEvidence({
        robots: text('User-agent: *\nContent-Usage: train-ai=n\nAllow: /\n'),
        homepageHeaders: { 'Content-Signal': 'ai-input=no' },
      }),
    );
    expect(c.summary.basis!.content_signals!.map((e) => [e.vocabulary, e.line, e.training, e.inference])).toEqual([
      ['content-usage', 2, false, null],
      ['content-signal', null, null, false],
    ]);
  });
});

describe('search=yes beside ai-input=no (docs/policy.md section 11)', () => {
  const managed = (signal: string) => run(`User-agent: *\nContent-Signal: ${signal}\nAllow: /\n`);

  it('allows search listings, not AI search explicitly: allowed, not explicit, no green "Allowed"', () => {
    const c = managed('search=yes, ai-train=no, ai-input=no');
    expect(c.summary.use_cases).toEqual({ training: 'blocked', search: 'allowed', inference: 'blocked' });
    expect(c.summary.basis!.explicit.search).toBe(false);
    expect(c.summary.basis!.decided_by.search).toEqual([]);
    expect(c.announced.purposes.search).toEqual({ allowed: null, source: [] });
    expect(c.full.explanations.find((e) => e.subject === 'search')!.reason).toBe(
      'AI search (listing and linking pages) is not restricted: a Content-Signal allows search listings (search=yes) but refuses AI answers (ai-input=no), so AI-written summaries of the pages are not allowed.',
    );
    // The values themselves stay in the record.
    expect(c.summary.basis!.content_signals![0]).toMatchObject({ training: false, search: true, inference: false });
  });

  it("without ai-input=no (Cloudflare's default managed file, davidguetta.com), search=yes allows listings, not AI search explicitly (section 16)", () => {
    const c = real('davidguetta.com');
    expect(c.summary.use_cases.search).toBe('allowed');
    expect(c.summary.basis!.explicit.search).toBe(false);
    expect(managed('search=yes').summary.basis!.explicit.search).toBe(false);
  });

  it('a key search bot named allowed keeps AI search explicit', () => {
    const c = run(
      'User-agent: *\nContent-Signal: search=yes, ai-input=no\nAllow: /\n\nUser-agent: OAI-SearchBot\nAllow: /\n',
    );
    expect(c.summary.basis!.explicit.search).toBe(true);
  });
});

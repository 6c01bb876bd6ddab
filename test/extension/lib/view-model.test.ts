/**
 * The one model behind every view (lib/view-model.ts) and "This page" (lib/page-reading.ts):
 * pure functions over records, so each rule of docs/policy.md section 9 is checked here.
 */
import { describe, expect, it } from 'vitest';
import { pageReading } from '../../../extension/lib/page-reading.js';
import { pathVerdicts } from '../../../extension/lib/path-verdicts.js';
import type { PathRules } from '../../../shared/schemas.js';
import { aiTokensOf } from '../../../extension/lib/page-signals.js';
import { needsParent, parentSite } from '../../../extension/lib/parent-site.js';
import { fullModel } from '../../../extension/components/with-full-record.js';
import { popupModel } from '../../../extension/lib/view-model.js';
import { headline, readingsOfUses } from '../../../shared/reading/story.js';
import { basisOf } from '../../fixtures/records.js';
import { announced, fullRecord, policy } from '../helpers/records.js';

describe('view model', () => {
  it('tells Purposes with the Overview words, the same three uses: partial stays "Partly blocked"', () => {
    const p = policy('selective.test');
    const m = popupModel({
      policy: p,
      full: fullRecord('selective.test', { GPTBot: 'blocked' }),
      announced: announced('selective.test'),
    });
    expect(m.purposes).toEqual(m.uses);
    expect(m.uses.map((u) => u.words)).toEqual(['Partly blocked', 'Not restricted', 'Not restricted']);
  });

  it('gives no openness score when a verdict is unknown', () => {
    const p = policy('server-error.test');
    const m = popupModel({
      policy: p,
      full: fullRecord('server-error.test', {}, { ai_openness_score: 0.5, robots_txt_status: 'error' }),
    });
    expect(m.openness).toBe('No openness score: the site\u2019s rules could not be read.');
    expect(
      fullModel(m, fullRecord('server-error.test', {}, { ai_openness_score: 0.5, robots_txt_status: 'error' })).details
        .openness,
    ).toBe(m.openness);
    expect(
      popupModel({
        policy: policy('training.test'),
        full: fullRecord('training.test', {}, { ai_openness_score: 2 / 3 }),
      }).openness,
    ).toMatch(/^Openness 67 \/ 100/);
  });

  it('a signal conflict names the uses it is about', () => {
    const p = policy('wildcard-signals.test');
    const full = fullRecord(
      'wildcard-signals.test',
      {},
      {
        conflicts: ['signal_allows_but_robots_blocks'],
        explanations: [
          {
            subject: 'signal_allows_but_robots_blocks',
            value: 'search',
            source: 'content_signals',
            line: 30,
            evidence: 'Content-Signal: search=yes,ai-train=no',
            reason: 'x',
          },
        ],
      },
    );
    expect(fullModel(popupModel({ policy: p, full }), full).issues).toMatchObject([
      {
        kind: 'conflict',
        label: 'A signal allows what robots.txt blocks',
        explanation: 'A usage signal says yes to AI search, which robots.txt restricts for AI bots.',
      },
    ]);
  });

  it('names an IDN host in Unicode and keeps the ASCII form for Details', () => {
    expect(popupModel({ policy: policy('xn--bcher-kva.test') }).host).toEqual({
      display: 'bücher.test',
      ascii: 'xn--bcher-kva.test',
      idn: true,
    });
  });

  it('formats times in the given language', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const p = policy('training.test', { last_updated: '2026-03-01T09:00:00Z' });
    expect(popupModel({ policy: p, now, locale: 'en' }).checked.relative).toBe('3 hours ago');
    expect(popupModel({ policy: p, now, locale: 'fr' }).checked.relative).toBe('il y a 3 heures');
  });
});

describe('the site a subdomain belongs to', () => {
  it("a subdomain without robots.txt shows its parent's policy, marked as the parent's (docs/policy.md section 11)", () => {
    const sub = policy('cooking.blocks-all.test', {
      ...policy('no-robots.test'),
      domain: 'cooking.blocks-all.test',
      registrable_domain: 'blocks-all.test',
    });
    expect(parentSite(sub)).toEqual({ domain: 'blocks-all.test', www: false });
    expect(needsParent(sub)).toBe(true);
    expect(needsParent(policy('training.test'))).toBe(false);
    const m = popupModel({
      policy: sub,
      parent: { domain: 'blocks-all.test', www: false, policy: policy('blocks-all.test') },
    });
    expect(m.headline).toMatchObject({ label: 'Blocks all AI', badge: 'blocks_all_ai' });
    expect(m.headline.explanation).toBe(
      'From blocks-all.test: The site refuses AI training, AI search and AI answers alike. cooking.blocks-all.test has no robots.txt of its own.',
    );
    expect(m.headline.phrase).toBe(
      'blocks all AI, from blocks-all.test; cooking.blocks-all.test has no robots.txt of its own',
    );
    expect(m.uses.map((u) => [u.words, u.because])).toEqual([
      ['Blocked', 'by blocks-all.test\u2019s robots.txt (line 14)'],
      ['Blocked', 'by blocks-all.test\u2019s robots.txt (line 14)'],
      ['Blocked', 'by blocks-all.test\u2019s robots.txt (line 14)'],
    ]);
    expect(m.parent).toBeNull();
  });

  it("a subdomain with its own robots.txt shows its own, the parent's in a note when they differ; a parent without AI rules is not shown", () => {
    const own = policy('news.training.test', {
      ...policy('selective.test'),
      domain: 'news.training.test',
      registrable_domain: 'training.test',
    });
    const m = popupModel({
      policy: own,
      parent: { domain: 'training.test', www: false, policy: policy('training.test') },
    });
    expect(m.headline.label).toBe('Selective');
    expect(m.parent).toBe(
      'training.test, the site news.training.test belongs to: blocks AI training, by robots.txt (line 7).',
    );
    const bare = policy('docs.no-rules.test', {
      ...policy('no-robots.test'),
      domain: 'docs.no-rules.test',
      registrable_domain: 'no-rules.test',
    });
    const n = popupModel({
      policy: bare,
      parent: { domain: 'no-rules.test', www: false, policy: policy('no-rules.test') },
    });
    expect(n.headline.label).toBe('No AI rules');
    expect(n.parent).toBeNull();
  });

  it('explains www.', () => {
    const www = policy('www.training.test');
    expect(parentSite(www)).toEqual({ domain: 'training.test', www: true });
    const m = popupModel({ policy: www, parent: { domain: 'training.test', www: true, policy: null } });
    expect(m.parent).toBe(
      'www.training.test is the www address of training.test; each host name has its own robots.txt. training.test has not been checked yet.',
    );
  });

  it('no parent for a registrable domain itself, or when the gateway does not name one', () => {
    expect(parentSite(policy('training.test', { registrable_domain: null }))).toBeNull();
    expect(parentSite(policy('a.training.test'))).toBeNull();
    expect(popupModel({ policy: policy('training.test') }).parent).toBeNull();
  });
});

describe("this page's path, judged with the service's matcher", () => {
  const rules = {
    groups: [
      { agents: ['*'], rules: [[0, '/admin/', 2]] },
      {
        agents: ['gptbot', 'claudebot', 'google-extended', 'ccbot'],
        rules: [
          [0, '/articles/', 10],
          [1, '/articles/free/', 11],
        ],
      },
    ],
    truncated: false,
  } satisfies PathRules;
  const site = policy('paths.test', {
    stance: 'selective',
    detail: 'selective',
    use_cases: { training: 'partial', search: 'allowed', inference: 'allowed' },
    basis: basisOf(),
    path_rules: rules,
  });

  it('a disallowed path: training blocked by its line; the root and an opened path are not', () => {
    expect(pathVerdicts(site, '/articles/2026/story?ref=home')!.training).toEqual({
      verdict: 'blocked',
      decider: { source: 'robots_txt', line: 10, evidence: 'Disallow: /articles/' },
    });
    expect(pathVerdicts(site, '/')!.training!.verdict).toBe('allowed');
    expect(pathVerdicts(site, '/articles/free/x')!.training).toEqual({
      verdict: 'allowed',
      decider: { source: 'robots_txt', line: 11, evidence: 'Allow: /articles/free/' },
    });
    // The search and answer bots are not named: the rules for all crawlers apply to them.
    expect(pathVerdicts(site, '/admin/users')!.search!.verdict).toBe('blocked');
    const r = pageReading(readingsOfUses(site), headline(site), pathVerdicts(site, '/articles/x'), null);
    expect(r.sentence).toBe('This page: AI training blocked, by robots.txt (line 10); the site as a whole: selective');
  });

  it('no judgement without rules, with truncated rules, or without a path', () => {
    expect(pathVerdicts(policy('robots-blocked.test', { path_rules: null }), '/x')).toBeNull();
    expect(pathVerdicts({ ...site, path_rules: { ...rules, truncated: true } }, '/x')).toBeNull();
    expect(pathVerdicts(site, null)).toBeNull();
  });
});

describe('this page', () => {
  const site = policy('no-rules.test');
  const uses = readingsOfUses(site);
  const head = headline(site);
  const allowed = { verdict: 'allowed', decider: null } as const;

  it('a page under a disallowed path: training blocked here, the site as a whole has no AI rules', () => {
    const r = pageReading(
      uses,
      head,
      {
        training: { verdict: 'blocked', decider: { source: 'robots_txt', line: 12, evidence: 'Disallow: /articles/' } },
        search: allowed,
        inference: allowed,
      },
      null,
    );
    expect(r.differs.map((d) => [d.use, d.words, d.because])).toEqual([
      ['training', 'Blocked', 'by robots.txt (line 12)'],
    ]);
    expect(r.sentence).toBe(
      'This page: AI training blocked, by robots.txt (line 12); the site as a whole: no AI rules',
    );
  });

  it('a page an RSL licence offers for a payment (OpenRSL\'s /research/): "Licence required", not "Partly blocked"', () => {
    const r = pageReading(
      uses,
      head,
      {
        training: {
          verdict: 'partial',
          decider: { source: 'rsl', line: 16, evidence: '<payment type="training"> 10.00 USD' },
        },
        search: allowed,
        inference: allowed,
      },
      null,
    );
    expect(r.differs.map((d) => [d.use, d.words, d.tone])).toEqual([['training', 'Licence required', 'partial']]);
    expect(r.sentence).toMatch(
      /^This page: AI training licence required, by .*RSL licence.*; the site as a whole: no AI rules$/,
    );
  });

  it("the page's own noai tag blocks training on this page", () => {
    const r = pageReading(uses, head, null, { aiTokens: ['noai'], tdmReservation: null, tdmPolicy: null });
    expect(r.sentence).toBe(
      'This page: AI training blocked, by this page\u2019s noai tag; the site as a whole: no AI rules',
    );
    const tdm = pageReading(uses, head, null, { aiTokens: [], tdmReservation: '1', tdmPolicy: null });
    expect(tdm.differs[0]!.because).toBe('by this page\u2019s TDMRep reservation');
  });

  it("nothing to say when the page is treated like the site, or the site's rules were not read", () => {
    expect(
      pageReading(
        uses,
        head,
        { training: allowed, search: allowed, inference: allowed },
        { aiTokens: [], tdmReservation: '0', tdmPolicy: null },
      ).sentence,
    ).toBeNull();
    const unread = policy('robots-blocked.test');
    expect(
      pageReading(readingsOfUses(unread), headline(unread), null, {
        aiTokens: ['noai'],
        tdmReservation: null,
        tdmPolicy: null,
      }).differs.map((d) => d.use),
    ).toEqual(['training']);
  });

  it('a usage signal of the site speaks for every path', () => {
    const signal = { source: 'content_signals', line: 2, evidence: 'Content-Signal: search=yes, ai-train=no' } as const;
    const s = policy('signal-training.test', {
      path_rules: { groups: [{ agents: ['*'], rules: [[1, '/', 5]] }], truncated: false },
      path_signals: {
        content_signals: [
          { agents: ['*'], path: null, training: false, search: true, line: 2, evidence: signal.evidence },
        ],
        tdmrep: null,
        ai_txt: null,
        noai: [],
        truncated: false,
      },
    });
    const page = pathVerdicts(s, '/articles/2026/story');
    expect(page!.training).toEqual({ verdict: 'blocked', decider: signal });
    expect(page!.search).toEqual({ verdict: 'allowed', decider: signal });
    expect(pageReading(readingsOfUses(s), headline(s), page, null).differs.map((d) => d.use)).toEqual([]);
  });

  it('a record stored before its per-URL signals were kept judges no use its signals could decide', () => {
    const s = policy('signal-training.test', {
      path_rules: { groups: [{ agents: ['*'], rules: [[1, '/', 5]] }], truncated: false },
    });
    expect(pathVerdicts(s, '/articles/2026/story')).toBeNull();
  });

  it('reads the AI tokens of robots meta contents', () => {
    expect(aiTokensOf(['noindex, NoAI', 'noimageai nofollow', 'all'])).toEqual(['noai', 'noimageai']);
    expect(aiTokensOf(['noaiX'])).toEqual([]);
  });
});

/**
 * RSL licences decide (docs/policy.md section 15): the fixture sites built from real documents
 * and the specification's examples classify as test/fixtures/rsl-sites.ts says, with RSL as the
 * deciding source, and the licence rules (payments, users, scopes, unread documents) hold.
 */
import { describe, expect, it } from 'vitest';
import { classify } from '../../../../proxy/analysis/index.js';
import { contentUses } from '../../../../proxy/analysis/classify/licence.js';
import { parseRsl } from '../../../../proxy/analysis/signals/rsl.js';
import { AnnouncedRecordSchema, DomainPolicyFoundSchema, FullRecordSchema } from '../../../../shared/schemas.js';
import { licenceReading, RSL_SITES } from '../../../fixtures/rsl-sites.js';
import { evidenceFromSite, text } from '../helpers/evidence-builder.js';

const NS = 'https://rslstandard.org/rsl';

describe('RSL fixture sites', () => {
  it.each(Object.entries(RSL_SITES))('%s', (host, s) => {
    const c = classify(evidenceFromSite(host, s.site));
    expect({ stance: c.summary.stance, detail: c.summary.detail, use_cases: c.summary.use_cases }).toEqual({
      stance: s.stance,
      detail: s.detail,
      use_cases: s.use_cases,
    });
    expect(DomainPolicyFoundSchema.parse(c.summary)).toEqual(c.summary);
    FullRecordSchema.omit({ id: true, audit_id: true }).parse(c.full);
    AnnouncedRecordSchema.omit({ audit_id: true }).parse(c.announced);
    const l = c.summary.basis!.licence!;
    expect(licenceReading(l)).toEqual(s.licence);
    expect(c.summary.basis!.found).toContain('rsl');
    expect(c.summary.basis!.fetches!.rsl).toBe('answered');
  });

  it('an open robots.txt beside a licence prohibiting training: blocked, decided by the licence\u2019s line', () => {
    const c = classify(evidenceFromSite('rsl-train.test', RSL_SITES['rsl-train.test']!.site));
    expect(c.summary.basis!.decided_by.training).toEqual([
      { source: 'rsl', evidence: '<prohibits type="usage">ai-train</prohibits>', line: 6 },
    ]);
    expect(c.summary.basis!.explicit.inference).toBe(true);
    expect(c.summary.basis!.decided_by.inference).toEqual([
      { source: 'rsl', evidence: '<permits type="usage">search ai-input</permits>', line: 5 },
    ]);
    expect(c.summary.basis!.licence).toMatchObject({
      url: 'https://rsl-train.test/license.xml',
      line: 4,
      http_status: 200,
      warnings: [],
    });
    expect(c.summary.basis!.licence!.uses.inference.payment).toEqual({
      type: 'attribution',
      amount: null,
      currency: null,
    });
    // AI search: the licence permits search listings and AI answers, not AI indexing: not granted, not prohibited.
    expect(c.summary.basis!.licence!.uses.search).toMatchObject({ verdict: null, not_listed: true });
    expect(c.announced.purposes.training).toEqual({ allowed: false, source: ['rsl'] });
    expect(c.announced.purposes.rag).toEqual({ allowed: true, source: ['rsl'] });
    const why = c.full.explanations.find((e) => e.subject === 'training')!;
    expect(why).toMatchObject({ source: 'rsl', line: 6, value: 'blocked' });
    expect(why.reason).toBe('AI training is refused by the site\u2019s RSL licence.');
  });

  it('pay-per-crawl: a licence required, told with its payment type and amount', () => {
    const c = classify(evidenceFromSite('rsl-paid.test', RSL_SITES['rsl-paid.test']!.site));
    const search = c.summary.basis!.licence!.uses.search;
    expect(search).toMatchObject({
      verdict: 'paid',
      payment: { type: 'crawl', amount: '0.001', currency: 'USD' },
      evidence: '<payment type="crawl"> 0.001 USD',
    });
    expect(c.summary.basis!.decided_by.search).toEqual([
      { source: 'rsl', evidence: '<payment type="crawl"> 0.001 USD', line: 7 },
    ]);
    expect(c.announced.purposes.search).toEqual({ allowed: false, source: ['rsl'] });
    const why = c.full.explanations.find((e) => e.subject === 'search')!;
    expect(why.reason).toBe(
      'AI search (listing and linking pages) needs a licence: the site\u2019s RSL licence grants it only for a payment (<payment type="crawl"> 0.001 USD).',
    );
    // The licence as read is kept, foreign extension elements left out.
    expect(c.full.rsl_licence!.contents.map((x) => [x.url, x.path, x.licences[0]!.payments[0]!.type])).toEqual([
      ['/', '/', 'crawl'],
      ['/research/', '/research/', 'training'],
      ['/open/', '/open/', 'free'],
    ]);
    expect(c.summary.basis!.licence!.warnings).toEqual([
      'line 9: elements outside the RSL namespace are ignored (<binding> in https://openrsl.org/ns/extensions)',
    ]);
    expect(c.summary.path_signals!.rsl!.map((x) => [x.path, x.training?.verdict ?? null])).toEqual([
      ['/', 'prohibited'],
      ['/research/', 'paid'],
      ['/open/', 'free'],
    ]);
  });

  it('a broken document is found and not read: reported, deciding nothing', () => {
    const c = classify(evidenceFromSite('rsl-broken.test', RSL_SITES['rsl-broken.test']!.site));
    expect(c.summary.basis!.licence!.warnings).toContain('line 7: not well-formed XML: unclosed tag: license');
    expect(c.summary.basis!.decided_by).toEqual({ training: [], search: [], inference: [] });
    expect(c.full.rsl_licence).toBeNull();
    expect(c.summary.path_signals!.rsl).toBeUndefined();
  });
});

describe('a licence that cannot be read is told so', () => {
  const site = RSL_SITES['rsl-train.test']!.site;

  it('evidence stored before licences were fetched: the licence is named, not fetched', () => {
    const e = evidenceFromSite('rsl-train.test', site);
    delete e.rslRef;
    delete e.rsl;
    const c = classify(e);
    expect(c.summary.basis!.licence).toMatchObject({
      state: 'not_fetched',
      found_via: 'robots_txt',
      http_status: null,
    });
    expect(c.summary.use_cases.training).toBe('allowed');
    expect(c.summary.basis!.fetches!.rsl).toBeUndefined();
  });

  it('a 404 and an HTML page are unreadable, with the reason', () => {
    for (const [answer, warning] of [
      [text('Not found', { status: 404 }), 'HTTP 404'],
      [
        { ...text('<!doctype html><html><body>Sign in</body></html>'), contentType: 'text/html' },
        'an HTML page, not an RSL document',
      ],
    ] as const) {
      const e = { ...evidenceFromSite('rsl-train.test', site), rsl: answer };
      const l = classify(e).summary.basis!.licence!;
      expect([l.state, l.warnings]).toEqual(['unreadable', [warning]]);
    }
  });

  it('an RSL document served as text/html is still read (XML also starts with <)', () => {
    const e = evidenceFromSite('rsl-train.test', site);
    const rsl = { ...(e.rsl as ReturnType<typeof text>), contentType: 'text/html' };
    expect(classify({ ...e, rsl }).summary.basis!.licence!.state).toBe('read');
  });

  it('no answer is not fetched', () => {
    const e = {
      ...evidenceFromSite('rsl-train.test', site),
      rsl: {
        kind: 'failed' as const,
        url: 'https://rsl-train.test/license.xml',
        reason: 'timeout' as const,
        message: 't',
        elapsedMs: 1,
      },
    };
    const c = classify(e);
    expect(c.summary.basis!.licence!.state).toBe('not_fetched');
    expect(c.summary.basis!.fetches!.rsl).toBe('no_answer');
  });
});

describe('what a <content> says of each use', () => {
  const uses = (licences: string) => {
    const d = parseRsl(`<rsl xmlns="${NS}"><content url="/">${licences}</content></rsl>`);
    const u = contentUses(d.contents[0]!);
    return { training: u.training.verdict, search: u.search.verdict, inference: u.inference.verdict };
  };

  it('a licence without terms is free for every use', () => {
    expect(uses('<license/>')).toEqual({ training: 'free', search: 'free', inference: 'free' });
  });

  it('the cheapest licence that grants a use decides; a prohibition only when none grants it', () => {
    expect(
      uses(
        '<license><prohibits type="usage">ai-train</prohibits><payment type="free"/></license>' +
          '<license><permits type="usage">ai-train</permits><payment type="purchase"><amount currency="USD">500</amount></payment></license>',
      ),
    ).toEqual({ training: 'paid', search: 'free', inference: 'free' });
  });

  it('all and ai-all cover the AI uses; a prohibition of search listings restricts AI search too', () => {
    expect(uses('<license><prohibits type="usage">all</prohibits></license>')).toEqual({
      training: 'prohibited',
      search: 'prohibited',
      inference: 'prohibited',
    });
    expect(uses('<license><prohibits type="usage">search</prohibits></license>')).toEqual({
      training: 'free',
      search: 'prohibited',
      inference: 'free',
    });
  });

  it('a licence only for non-commercial users grants AI companies nothing', () => {
    expect(
      uses('<license><permits type="user">non-commercial education</permits><payment type="free"/></license>'),
    ).toEqual({ training: null, search: null, inference: null });
    expect(
      uses(
        '<license><permits type="user">non-commercial</permits></license>' +
          '<license><permits type="user">commercial</permits><payment type="subscription"><amount currency="EUR">20</amount></payment></license>',
      ),
    ).toEqual({ training: 'paid', search: 'paid', inference: 'paid' });
  });

  it('an attribution payment beside a paid one is the cheaper way in', () => {
    expect(uses('<license><payment type="attribution"/><payment type="crawl"/></license>').training).toBe(
      'attribution',
    );
  });
});

/**
 * The RSL 1.0 reader (proxy/analysis/signals/rsl.ts, docs/policy.md section 15) over the
 * specification's examples, real published licences (test/fixtures/rsl/SOURCES.md) and hostile
 * XML: every case asserts what was read and the warning given, and that nothing was thrown.
 */
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, MAX_RSL_CHARS, parseRsl, type RslDocument } from '../../../../proxy/analysis/signals/rsl.js';
import { rslDocument } from '../../../fixtures/rsl-sites.js';

const NS = 'https://rslstandard.org/rsl';
const messages = (d: RslDocument): string[] => d.warnings.map((w) => w.message);
/** parseRsl must never throw: every test reads through this. */
const read = (xml: string): RslDocument => {
  let doc: RslDocument | undefined;
  expect(() => (doc = parseRsl(xml))).not.toThrow();
  return doc!;
};

describe('the specification\u2019s examples and real licences', () => {
  it('reads the site-wide ai-all prohibition', () => {
    const d = read(rslDocument('spec-prohibit-ai-all.xml'));
    expect(d.readable).toBe(true);
    expect(d.warnings).toEqual([]);
    expect(d.contents).toEqual([
      {
        url: '/',
        server: null,
        terms: [],
        copyright: null,
        line: 2,
        licences: [
          {
            statements: [{ kind: 'prohibits', type: 'usage', values: ['ai-all'], line: 4 }],
            payments: [],
            legal: [],
            line: 3,
          },
        ],
      },
    ]);
  });

  it('reads pay-per-crawl with its amount, currency and standard licence', () => {
    const d = read(rslDocument('spec-pay-per-crawl.xml'));
    expect(d.readable).toBe(true);
    expect(d.contents[0]!.licences[0]!.payments).toEqual([
      {
        type: 'crawl',
        amount: '0.015',
        currency: 'USD',
        standards: ['https://example.com/licenses/pay-per-crawl'],
        custom: null,
        line: 4,
      },
    ]);
  });

  it('reads park.fan\u2019s licence: permits, prohibits and an attribution payment', () => {
    const d = read(rslDocument('park-fan-license.xml'));
    expect(d.readable).toBe(true);
    const l = d.contents[0]!.licences[0]!;
    expect(d.contents[0]!.url).toBe('https://park.fan/');
    expect(l.statements.map((s) => [s.kind, s.type, s.values])).toEqual([
      ['permits', 'usage', ['search', 'ai-input']],
      ['prohibits', 'usage', ['ai-train']],
    ]);
    expect(l.payments.map((p) => p.type)).toEqual(['attribution']);
  });

  it('reads the OpenRSL example\u2019s three scopes and warns once of its foreign namespace', () => {
    const d = read(rslDocument('openrsl-example.xml'));
    expect(d.readable).toBe(true);
    expect(d.contents.map((c) => [c.url, c.server, c.licences[0]!.payments.map((p) => [p.type, p.amount])])).toEqual([
      ['/', 'https://olp.example.com', [['crawl', '0.001']]],
      ['/research/', 'https://olp.example.com', [['training', '10.00']]],
      ['/open/', null, [['free', null]]],
    ]);
    expect(messages(d)).toEqual([
      'elements outside the RSL namespace are ignored (<binding> in https://openrsl.org/ns/extensions)',
    ]);
  });

  it('reads prefixed RSL in an RSS licence feed, several licences, user and geo, terms, legal and copyright', () => {
    const d = read(`<rss version="2.0" xmlns:rsl="${NS}"><channel><item>
      <rsl:content url="https://example.com/a">
        <rsl:license>
          <rsl:permits type="user">non-commercial education</rsl:permits>
          <rsl:permits type="geo">us, ca</rsl:permits>
          <rsl:payment type="free"/>
        </rsl:license>
        <rsl:license>
          <rsl:permits type="user">commercial</rsl:permits>
          <rsl:payment type="subscription"><rsl:amount currency="eur">20</rsl:amount></rsl:payment>
          <rsl:legal type="warranty">ownership authority</rsl:legal>
        </rsl:license>
        <rsl:terms>https://example.com/terms</rsl:terms>
        <rsl:copyright>Example Media</rsl:copyright>
      </rsl:content></item></channel></rss>`);
    expect(d.readable).toBe(true);
    const c = d.contents[0]!;
    expect(c.licences.map((l) => l.statements.map((s) => [s.type, s.values]))).toEqual([
      [
        ['user', ['non-commercial', 'education']],
        ['geo', ['US', 'CA']],
      ],
      [['user', ['commercial']]],
    ]);
    expect(c.licences[1]!.payments[0]).toMatchObject({ type: 'subscription', amount: '20', currency: 'EUR' });
    expect(c.licences[1]!.legal).toEqual([{ type: 'warranty', values: ['ownership', 'authority'] }]);
    expect([c.terms, c.copyright]).toEqual([['https://example.com/terms'], 'Example Media']);
    expect(messages(d)).toEqual(['elements outside the RSL namespace are ignored (<rss> in prefix (none))']);
  });
});

describe('unknown values and odd documents give warnings, never an exception', () => {
  it('leaves out unknown usage and user values, warns of unknown payment types and types', () => {
    const d = read(`<rsl xmlns="${NS}"><content url="/"><license>
      <prohibits type="usage">ai-train train-ai</prohibits>
      <permits type="user">robots</permits>
      <permits type="mood">happy</permits>
      <payment type="barter"><amount currency="dollars">lots</amount></payment>
      <sparkle/>
    </license></content></rsl>`);
    expect(d.readable).toBe(true);
    expect(d.contents[0]!.licences[0]!.statements.map((s) => s.values)).toEqual([['ai-train'], []]);
    expect(messages(d)).toEqual([
      'unknown usage value "train-ai" is ignored',
      'unknown user value "robots" is ignored',
      '<permits type="mood"> is not an RSL constraint type; ignored',
      'unknown payment type "barter": read as a payment that is not free',
      'amount "lots" is not a decimal number',
      'currency "DOLLARS" is not an ISO 4217 code',
      'unknown RSL element <sparkle> is ignored',
    ]);
  });

  it('reads a root <rsl> without the namespace, with a warning', () => {
    const d = read(
      '<rsl><content url="/"><license><prohibits type="usage">ai-train</prohibits></license></content></rsl>',
    );
    expect(d.readable).toBe(true);
    expect(d.contents[0]!.licences[0]!.statements[0]!.values).toEqual(['ai-train']);
    expect(messages(d)).toEqual([`<rsl> without the RSL namespace (xmlns="${NS}"); read as RSL`]);
  });

  it.each([
    ['an empty body', ''],
    ['plain text', 'License: all rights reserved'],
    ['another XML vocabulary', '<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>'],
    ['an RSL root without content', `<rsl xmlns="${NS}"></rsl>`],
    ['content without a url', `<rsl xmlns="${NS}"><content><license/></content></rsl>`],
  ])('%s is not readable, with a warning', (_what, xml) => {
    const d = read(xml);
    expect(d.readable).toBe(false);
    expect(d.contents).toEqual([]);
    expect(d.warnings.length).toBeGreaterThan(0);
  });
});

describe('hostile XML', () => {
  it('never expands a billion laughs: the DOCTYPE is skipped and the entity stays undefined', () => {
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const xml = `<?xml version="1.0"?><!DOCTYPE rsl [<!ENTITY lol0 "lol">${lol}]><rsl xmlns="${NS}"><content url="/"><license><prohibits type="usage">&lol9;</prohibits></license></content></rsl>`;
    const d = read(xml);
    expect(messages(d)).toEqual([
      'a DOCTYPE is ignored: its entities are never expanded',
      'an entity that is not defined is read as its literal text (DTD entities are never expanded)',
      'unknown usage value "&lol9;" is ignored',
    ]);
    expect(d.contents[0]!.licences[0]!.statements[0]!.values).toEqual([]);
  });

  it('never reads an external entity', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE rsl [<!ENTITY x SYSTEM "file:///etc/passwd">]><rsl xmlns="${NS}"><content url="/"><license><prohibits type="usage">&x;</prohibits></license></content></rsl>`;
    const d = read(xml);
    expect(JSON.stringify(d)).not.toMatch(/root:/);
    expect(messages(d)).toContain('a DOCTYPE is ignored: its entities are never expanded');
    expect(messages(d)).toContain('unknown usage value "&x;" is ignored');
  });

  it(`stops at ${MAX_DEPTH} levels of nesting, 100,000 deep included`, () => {
    const n = 100_000;
    const d = read(`<rsl xmlns="${NS}">${'<content url="/">'.repeat(n)}${'</content>'.repeat(n)}</rsl>`);
    expect(d.readable).toBe(false);
    expect(messages(d)).toContain(`elements nested deeper than ${MAX_DEPTH} levels: the rest is not read`);
  });

  it('reads at most MAX_RSL_CHARS of a 10 MB document, then reports it unreadable (cut mid-element)', () => {
    const one = '<content url="/x"><license><prohibits type="usage">ai-train</prohibits></license></content>';
    const xml = `<rsl xmlns="${NS}">${one.repeat(Math.ceil((10 * 1024 * 1024) / one.length))}</rsl>`;
    expect(xml.length).toBeGreaterThan(10 * 1024 * 1024);
    const d = read(xml);
    expect(d.readable).toBe(false);
    expect(d.contents.length).toBe(100);
    expect(messages(d)).toContain(`document longer than ${MAX_RSL_CHARS} characters: the rest is not read`);
    expect(messages(d)).toContain('more than 100 <content> elements: the rest are ignored');
    expect(d.warnings.length).toBeLessThanOrEqual(21);
  });

  it('reports unclosed tags as not well-formed, and keeps nothing as read', () => {
    const d = read(`<rsl xmlns="${NS}"><content url="/"><license><prohibits type="usage">ai-train`);
    expect(d.readable).toBe(false);
    expect(messages(d)).toContain('not well-formed XML: unclosed tag: license');
  });

  it('reports mismatched tags and stray markup as not well-formed', () => {
    const d = read(`<rsl xmlns="${NS}"><content url="/"><license></content></rsl><<<`);
    expect(d.readable).toBe(false);
    expect(messages(d).some((m) => m.startsWith('not well-formed XML'))).toBe(true);
  });

  it('reads in linear time: eight times the input takes about eight times as long, not sixty-four', () => {
    // Many small elements (the shape that costs a parser most), under the size cap.
    const body = (n: number) =>
      `<rsl xmlns="${NS}"><content url="/"><license>${'<legal type="warranty">a</legal>'.repeat(n)}</license></content></rsl>`;
    const small = body(1_000);
    const large = body(8_000);
    const once = (xml: string): number => {
      const t = performance.now();
      parseRsl(xml);
      return performance.now() - t;
    };
    once(large); // warm the JIT
    // Interleaved, best of nine each: a burst of load on this shared machine hits both sizes alike.
    let a = Infinity;
    let b = Infinity;
    for (let i = 0; i < 9; i++) {
      a = Math.min(a, once(small));
      b = Math.min(b, once(large));
    }
    // Linear is about 8, quadratic about 64; the bound leaves room for a noisy machine.
    expect(b / a).toBeLessThan(24);
  });
});

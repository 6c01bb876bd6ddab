import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scanHtml } from '../../../../proxy/analysis/html/scan.js';
import {
  parseTdmrepJson,
  resolveTdmrep,
  tdmFromHeaders,
  tdmFromMeta,
  tdmrepRuleFor,
} from '../../../../proxy/analysis/signals/tdmrep.js';
import { notFound, response } from '../helpers/responses.js';

interface Corpus {
  rules_summary: string[];
  tdmrep_json_cases: {
    name: string;
    tdmrep_json: unknown[];
    path: string;
    expect_reservation: 0 | 1 | null;
    expect_policy: string | null;
  }[];
  http_header_cases: {
    name: string;
    headers: Record<string, string>;
    expect_reservation: 0 | 1 | null;
    expect_policy: string | null;
  }[];
  html_meta_cases: { name: string; html: string; expect_reservation: 0 | 1 | null; expect_policy: string | null }[];
}
const corpus = JSON.parse(
  readFileSync(new URL('../../../../../shared/corpora/tdmrep/tdmrep-spec-examples.json', import.meta.url), 'utf8'),
) as Corpus;
const lower = (h: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

describe('TDMRep spec examples (../shared/corpora/tdmrep)', () => {
  it.each(corpus.tdmrep_json_cases.map((c) => [c.name, c] as const))('tdmrep.json %s', (_name, c) => {
    const file = response(JSON.stringify(c.tdmrep_json), { contentType: 'application/json' });
    const r = resolveTdmrep({ file, headers: {}, metas: [], path: c.path });
    expect(r.found).toBe(true);
    expect(r.reservation).toBe(c.expect_reservation);
    expect(r.policy).toBe(c.expect_policy);
    expect(r.source).toBe(c.expect_reservation === null ? null : 'tdmrep_json');
  });

  it.each(corpus.http_header_cases.map((c) => [c.name, c] as const))('header %s', (_name, c) => {
    const r = resolveTdmrep({ file: notFound(), headers: lower(c.headers), metas: [] });
    expect([r.found, r.reservation, r.policy, r.source]).toEqual([
      true,
      c.expect_reservation,
      c.expect_policy,
      'header',
    ]);
  });

  it.each(corpus.html_meta_cases.map((c) => [c.name, c] as const))('meta %s', (_name, c) => {
    const r = resolveTdmrep({ file: null, headers: {}, metas: scanHtml(c.html).metas });
    expect([r.found, r.reservation, r.policy, r.source]).toEqual([true, c.expect_reservation, c.expect_policy, 'meta']);
  });
});

describe('TDMRep priority (spec section 3.5)', () => {
  const file = response(
    JSON.stringify([{ location: '/', 'tdm-reservation': 1, 'tdm-policy': 'https://a.example/p.json' }]),
    { contentType: 'application/json' },
  );
  const meta0 = scanHtml('<meta name="tdm-reservation" content="0">').metas;

  it('a header supersedes the file, a meta supersedes the header', () => {
    expect(resolveTdmrep({ file, headers: { 'tdm-reservation': '0' }, metas: [] })).toMatchObject({
      reservation: 0,
      policy: null,
      source: 'header',
    });
    expect(resolveTdmrep({ file, headers: { 'tdm-reservation': '1' }, metas: meta0 })).toMatchObject({
      reservation: 0,
      source: 'meta',
    });
  });

  it('absence, or an invalid value, at a later step does not reset the earlier one', () => {
    expect(resolveTdmrep({ file, headers: {}, metas: [] })).toMatchObject({
      reservation: 1,
      policy: 'https://a.example/p.json',
      source: 'tdmrep_json',
    });
    const r = resolveTdmrep({ file, headers: { 'tdm-reservation': 'yes' }, metas: [] });
    expect(r).toMatchObject({ found: true, reservation: 1, source: 'tdmrep_json' });
    expect(r.problems).toContain('tdm-reservation header is not 0 or 1');
  });

  it('the first matching rule wins, not the longest; matching is case-sensitive; $ anchors', () => {
    const f = parseTdmrepJson(
      JSON.stringify([
        { location: '/docs/', 'tdm-reservation': 0 },
        { location: '/docs/private/', 'tdm-reservation': 1 },
        { location: '/*.PDF$', 'tdm-reservation': 1 },
      ]),
    );
    expect(tdmrepRuleFor(f, '/docs/private/a.html')?.reservation).toBe(0);
    expect(tdmrepRuleFor(f, '/x/report.PDF')?.reservation).toBe(1);
    expect(tdmrepRuleFor(f, '/x/report.pdf')).toBeNull();
    expect(tdmrepRuleFor(f, '/x/report.PDF?download=1')).toBeNull();
  });

  it('is not found without a valid array, a header or a meta', () => {
    for (const body of ['{"location":"/","tdm-reservation":1}', 'not json', '<html></html>']) {
      const ct = body.startsWith('<') ? 'text/html' : 'application/json';
      expect(resolveTdmrep({ file: response(body, { contentType: ct }), headers: {}, metas: [] }).found).toBe(false);
    }
    expect(resolveTdmrep({ file: notFound(), headers: {}, metas: [] }).found).toBe(false);
    expect(parseTdmrepJson('{"a":1}')).toMatchObject({ valid: false, problems: ['tdmrep.json must be a JSON array'] });
  });

  it('accepts absolute-URL locations, string values, and reports malformed rules', () => {
    const f = parseTdmrepJson(
      '\uFEFF[{"location":"https://example.com/books/","tdm-reservation":"1"}, 7, {"tdm-reservation":1}]',
    );
    expect(tdmrepRuleFor(f, '/books/1')?.reservation).toBe(1);
    expect(f.problems).toEqual(['rule 1 is not an object', 'rule 2 has no location']);
  });

  it('reads headers and metas on their own', () => {
    expect(tdmFromHeaders({ 'tdm-reservation': ' 1 ', 'tdm-policy': 'https://p' })).toEqual({
      present: true,
      reservation: 1,
      policy: 'https://p',
    });
    expect(tdmFromMeta([])).toEqual({ present: false, reservation: null, policy: null });
  });
});

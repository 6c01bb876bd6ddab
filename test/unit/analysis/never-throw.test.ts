/** Every parser takes any input without throwing (fast-check), and stays fast on hostile 1 MiB input. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseRobotsTxt } from '../../../shared/robots/index.js';
import { scanHtml } from '../../../proxy/analysis/html/scan.js';
import {
  analyzeAgentsJson,
  analyzeAiTxt,
  analyzeLlmsTxt,
  extractContentSignals,
  pageMeta,
  parsePreferenceValue,
  parseTdmrepJson,
  parseXRobotsTag,
  resolvePrefs,
  resolveTdmrep,
} from '../../../proxy/analysis/signals/index.js';
import { parseLinkHeader, termsFromText } from '../../../proxy/analysis/site/index.js';
import { readEvidence } from '../../../proxy/analysis/classify/read-evidence.js';
import { evidence, response } from './helpers/responses.js';

const pieces = fc.constantFrom(
  'User-agent: *\n',
  'Content-Signal: ',
  'Content-Usage: ',
  'ai-train=no',
  '=',
  ',',
  ';',
  '/',
  '*',
  '$',
  '"',
  '{',
  '}',
  '[',
  ']',
  ':',
  '<',
  '>',
  '\n',
  ' ',
  'y',
  'n',
  '#',
  'Disallow: /',
  '<a href=',
  '&amp;',
  'tdm-reservation',
);
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.array(pieces, { maxLength: 60 }).map((a) => a.join('')),
);
const headers = fc.dictionary(
  fc.constantFrom(
    'content-signal',
    'content-usage',
    'x-robots-tag',
    'tdm-reservation',
    'tdm-policy',
    'link',
    'server',
    'cf-ray',
  ),
  text,
);
const status = fc.constantFrom(200, 204, 301, 403, 404, 500);
const contentType = fc.constantFrom(null, 'text/plain', 'text/html', 'application/json', 'text/markdown');

describe('never throws', () => {
  it('string parsers', () => {
    fc.assert(
      fc.property(text, (t) => {
        parsePreferenceValue('content-signal', t);
        parsePreferenceValue('content-usage', t);
        parseXRobotsTag(t);
        parseTdmrepJson(t);
        parseLinkHeader(t);
        termsFromText(t);
        const cs = extractContentSignals(parseRobotsTxt(t), { 'content-signal': t });
        resolvePrefs(cs, 'gptbot');
      }),
      { numRuns: 1500 },
    );
  }, 60_000);

  it('response analysers and the evidence entry points', () => {
    fc.assert(
      fc.property(text, status, contentType, headers, (body, st, ct, h) => {
        const r = response(body, { status: st, contentType: ct, headers: h });
        analyzeLlmsTxt(r);
        analyzeAiTxt(r);
        analyzeAgentsJson(r);
        resolveTdmrep({ file: r, headers: h, metas: scanHtml(body).metas });
        pageMeta(scanHtml(body), h);
        const ev = evidence({
          homepage: r,
          robots: r,
          llms: r,
          aiTxt: r,
          tdmrep: r,
          agents: r,
          markdown: r,
          tos: r,
          tosUrl: 'https://example.com/terms',
        });
        const f = readEvidence(ev);
        expect(typeof f.llms.found).toBe('boolean');
        expect(typeof f.paywall.hasPaywall).toBe('boolean');
      }),
      { numRuns: 800 },
    );
  }, 60_000);
});

describe('hostile 1 MiB input', () => {
  // Inputs shaped to make backtracking or quadratic scanners blow up: a quadratic one would
  // not finish within the test timeout. No timing is asserted here.
  const MiB = 1024 * 1024;
  const hostile = [
    '<a href="'.repeat(MiB / 9),
    '<'.repeat(MiB),
    '<a href=/x>' + 'x '.repeat(MiB / 2),
    '<script>' + '</scrip'.repeat(MiB / 7),
    '&#'.repeat(MiB / 2),
    '['.repeat(MiB),
    'may not ' + 'without '.repeat(MiB / 8),
    ' '.repeat(MiB) + '=',
    '<meta name="robots" content="a' + ' '.repeat(MiB) + 'b">',
    '<meta name="' + 'bot'.repeat(MiB / 3) + '!" content="noai">',
  ];
  it.each(hostile.map((h, i) => [i, h] as const))(
    'input #%i',
    (_i, h) => {
      expect(scanHtml(h).anchors.length).toBeLessThanOrEqual(5000);
      expect(termsFromText(h).ai.stance).not.toBe('unknown');
      expect(parsePreferenceValue('content-usage', h).problems.length).toBeLessThanOrEqual(20);
      expect(Array.isArray(parseLinkHeader(h))).toBe(true);
      expect(analyzeLlmsTxt(response(h)).found).toBeTypeOf('boolean');
      expect(pageMeta(scanHtml(h), { 'x-robots-tag': h }).noai).toBeTypeOf('boolean');
    },
    60_000,
  );
});

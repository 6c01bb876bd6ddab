import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeLlmsTxt, type LlmsTxtKind } from '../../../../proxy/analysis/signals/llms-txt.js';
import { failed, response } from '../helpers/responses.js';

interface Capture {
  content: string;
  http_headers: string;
  'WARC-Target-URI': string;
}
const captures = JSON.parse(
  readFileSync(new URL('../../../../../shared/corpora/llms-txt/llms-txt-records.json', import.meta.url), 'utf8'),
) as Capture[];

/**
 * Every capture that is NOT a real llms.txt, by URL, classified by reading each body
 * (commoncrawl/llms-txt-experiments). Every other capture is a real llms.txt (markdown or
 * plain text written for models). Common Crawl keeps 200 answers, so every status is 200.
 */
const NOT_LLMS: Readonly<Partial<Record<string, Exclude<LlmsTxtKind, 'llms_txt'>>>> = {
  // empty bodies
  'https://www.vhelkab.cz/llms.txt': 'empty',
  'https://www.vazimsita.sk/llms.txt': 'empty',
  'https://binicilik.org.tr/llms.txt': 'empty',
  'https://pokies-gambling.com/llms.txt': 'empty',
  'https://www.placo.es/llms.txt': 'empty',
  'http://96d462bad2d4.com/llms-full.txt': 'empty',
  'https://jobs.duco.eu/llms-full.txt': 'empty',
  'http://enviosinbound.com/llms-full.txt': 'empty',
  'http://www.guofen365.com/llms-full.txt': 'empty',
  'https://www.simando24.de/llms-full.txt': 'empty',
  // a JavaScript cookie-redirect page
  'http://5e88.com/llms.txt': 'html',
  'http://k3688.com/llms.txt': 'html',
  'http://iqzb.com/llms.txt': 'html',
  // API error objects
  'http://telecomsevice.com/llms.txt': 'json',
  'https://drawing.jcidtech.com/llms.txt': 'json',
  // "not found" served with 200
  'https://www.yuyan360zhibo.com/llms-full.txt': 'error_page',
  'https://www.hnssnet.com/llms.txt': 'error_page',
  'https://www.yuyan360zhibo.com/llms.txt': 'error_page',
  // robots.txt lines served for any *.txt
  'https://www.websiteresponsivetest.com/llms.txt': 'robots_txt',
  'https://whatsmaster.ru/llms.txt': 'robots_txt',
  'https://hungaroforex.hu/llms.txt': 'robots_txt',
  'https://www.ru-master.ru/llms.txt': 'robots_txt',
  // a certificate-validation token, a container's hostname echo, "ok", a random string
  'https://tarverlawfirm.com/llms.txt': 'placeholder',
  'http://www.accommodationlondon.com/llms-full.txt': 'placeholder',
  'http://www.ideaspired.com/llms.txt': 'placeholder',
  'http://bncfjdqsptknsjerc.org/llms.txt': 'placeholder',
};

/** Counts per class, verified by reading the 147 captures. */
const EXPECTED_COUNTS = { llms_txt: 121, empty: 10, html: 3, json: 2, error_page: 3, robots_txt: 4, placeholder: 4 };

function asResponse(c: Capture) {
  const headers = JSON.parse(c.http_headers) as Record<string, string>;
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const ct = lower['content-type'];
  return response(c.content, {
    contentType: ct === undefined ? null : ct.split(';')[0]!.trim().toLowerCase(),
    headers: lower,
    url: c['WARC-Target-URI'],
  });
}

describe('llms.txt captures (../shared/corpora/llms-txt, 147 records)', () => {
  it('has the expected number of captures and classes', () => {
    expect(captures).toHaveLength(147);
    const counts: Record<string, number> = {};
    for (const c of captures) {
      const kind = NOT_LLMS[c['WARC-Target-URI']] ?? 'llms_txt';
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    expect(counts).toEqual(EXPECTED_COUNTS);
  });

  it.each(captures.map((c, i) => [i, c['WARC-Target-URI'], c] as const))('#%i %s', (_i, url, c) => {
    const expected = NOT_LLMS[url] ?? 'llms_txt';
    const r = analyzeLlmsTxt(asResponse(c));
    expect(r.kind).toBe(expected);
    expect(r.found).toBe(expected === 'llms_txt');
  });
});

describe('analyzeLlmsTxt', () => {
  it('reads the title and counts links of a llmstxt.org file', () => {
    const r = analyzeLlmsTxt(
      response(
        '# FastHTML\n\n> A library.\n\n## Docs\n\n- [Quick start](https://x.example/qs.md): start\n- [API](https://x.example/api.md)\n',
      ),
    );
    expect(r).toMatchObject({ found: true, kind: 'llms_txt', title: 'FastHTML', links: 2, status: 200 });
  });

  it('is not found for non-2xx answers, declared HTML, and no answer', () => {
    expect(analyzeLlmsTxt(response('# Title\n- [a](b)', { status: 404 })).kind).toBe('http_error');
    expect(analyzeLlmsTxt(response('# Looks like markdown', { contentType: 'text/html' })).kind).toBe('html');
    expect(analyzeLlmsTxt(failed())).toMatchObject({ found: false, kind: 'unreachable', status: null });
    expect(analyzeLlmsTxt(null).kind).toBe('unreachable');
  });

  it('does not call a short markdown file a placeholder, nor a long one an error page', () => {
    expect(analyzeLlmsTxt(response('# LLMs.txt')).kind).toBe('llms_txt');
    expect(
      analyzeLlmsTxt(
        response(
          `# Docs\n\nPages that were not found are listed here.\n${'- [page](https://e.example/p)\n'.repeat(20)}`,
        ),
      ).kind,
    ).toBe('llms_txt');
  });
});

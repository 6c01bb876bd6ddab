/**
 * shared/url-check with an RSL licence (docs/policy.md section 15): a URL is judged by the
 * `<content>` scope whose pattern matches it longest (RFC 9309 matching), most restrictive first
 * beside robots.txt; a licence that asks a payment makes the answer `partial`. Records are made
 * by the real analysis from the RSL fixture sites, questions go through POST /v1/check's parser.
 */
import { describe, expect, it } from 'vitest';
import { classify } from '../../../../proxy/analysis/index.js';
import { checkCheckBody } from '../../../../shared/check-api.js';
import type { DomainPolicyFound } from '../../../../shared/schemas.js';
import { answerUrls } from '../../../../shared/url-check/answer.js';
import { judgeUrl } from '../../../../shared/url-check/judge.js';
import { RSL_SITES } from '../../../fixtures/rsl-sites.js';
import { evidenceFromSite } from '../../analysis/helpers/evidence-builder.js';

const record = (host: string): DomainPolicyFound => classify(evidenceFromSite(host, RSL_SITES[host]!.site)).summary;

function ask(rec: DomainPolicyFound, q: { bot?: string; use?: string }, urls: string[]) {
  const req = checkCheckBody({ ...q, urls });
  if (!req.ok) throw new Error(req.message);
  return answerUrls(req.value, new Map([[rec.domain, { found: true as const, record: rec }]])).results;
}

describe('URLs under and outside a scoped <content>', () => {
  const rec = record('rsl-paid.test');

  it.each(RSL_SITES['rsl-paid.test']!.urls!)('$url: training $training', ({ url, training, source }) => {
    const [r] = ask(rec, { use: 'training' }, [url]);
    expect([r!.verdict, r!.decided_by?.source ?? null]).toEqual([training, source]);
  });

  it('names the deciding element of the licence and its line', () => {
    const r = ask(rec, { use: 'training' }, [
      'https://rsl-paid.test/news/today',
      'https://rsl-paid.test/research/paper-1',
      'https://rsl-paid.test/open/notes',
    ]);
    expect(r.map((x) => [x.verdict, x.decided_by, x.explicit])).toEqual([
      ['blocked', { source: 'rsl', line: 6, evidence: '<prohibits type="usage">ai-train</prohibits>' }, false],
      ['partial', { source: 'rsl', line: 16, evidence: '<payment type="training"> 10.00 USD' }, false],
      ['allowed', { source: 'rsl', line: 24, evidence: '<permits type="usage">all</permits>' }, true],
    ]);
  });

  it('a bot asked about with its use is answered alike (GPTBot, training)', () => {
    const r = ask(rec, { bot: 'GPTBot' }, ['https://rsl-paid.test/research/x', 'https://rsl-paid.test/about']);
    expect(r.map((x) => x.verdict)).toEqual(['partial', 'blocked']);
  });

  it('AI search needs a licence on the whole site but /open/', () => {
    const r = ask(rec, { use: 'search' }, ['https://rsl-paid.test/news/a', 'https://rsl-paid.test/open/a']);
    expect(r.map((x) => [x.verdict, x.decided_by?.evidence])).toEqual([
      ['partial', '<payment type="crawl"> 0.001 USD'],
      ['allowed', '<permits type="usage">all</permits>'],
    ]);
  });

  it('a bot asked about without a use follows robots.txt alone', () => {
    expect(judgeUrl(rec, '/research/x', { token: 'gptbot', use: null }).verdict).toBe('allowed');
  });
});

describe('site-wide licences judge every URL as the site', () => {
  it('a prohibition for / blocks every path, robots.txt open', () => {
    const rec = record('rsl-link.test');
    for (const use of ['training', 'search', 'inference'] as const)
      expect(judgeUrl(rec, '/any/page', { token: null, use }).verdict).toBe('blocked');
  });

  it('pay-per-crawl for / restricts every path', () => {
    const rec = record('rsl-crawl.test');
    const j = judgeUrl(rec, '/story/1', { token: null, use: 'inference' });
    expect([j.verdict, j.decided_by?.source, j.explicit]).toEqual(['partial', 'rsl', false]);
  });

  it('a licence that could not be read judges nothing', () => {
    const rec = record('rsl-broken.test');
    expect(judgeUrl(rec, '/story/1', { token: null, use: 'training' }).verdict).toBe('allowed');
  });

  it('robots.txt that blocks stays blocked beside a paid licence (most restrictive first)', () => {
    const site = RSL_SITES['rsl-crawl.test']!.site;
    const routes = {
      ...site.routes,
      '/robots.txt': { body: 'License: /ai/license.rsl\nUser-agent: GPTBot\nDisallow: /\n' },
    };
    const rec = classify(evidenceFromSite('rsl-crawl.test', { routes })).summary;
    expect(judgeUrl(rec, '/story/1', { token: 'gptbot', use: 'training' }).verdict).toBe('blocked');
    expect(judgeUrl(rec, '/story/1', { token: 'claudebot', use: 'training' }).verdict).toBe('partial');
  });
});

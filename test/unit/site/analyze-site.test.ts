import { describe, expect, it } from 'vitest';
import { analyzeSite } from '../../../proxy/analysis/site/index.js';
import { evidence, failed, response } from '../signals/helpers.js';

const HOME = `<!doctype html><html><head>
<meta name="generator" content="WordPress 6.5">
<script src="https://cdn.tinypass.com/api/tinypass.min.js"></script>
<link rel="alternate" type="text/markdown" href="/index.md">
</head><body><a href="/terms-of-service">Terms</a></body></html>`;

describe('analyzeSite', () => {
  it('gathers every site fact from the evidence', () => {
    const ev = evidence({
      homepage: response(HOME, { contentType: 'text/html', headers: { 'cf-ray': '8a-AMS', server: 'cloudflare' } }),
      tosUrl: 'https://example.com/terms-of-service',
      tos: response('<h1>Terms</h1><p>You may not use our content to train machine learning models.</p>', { contentType: 'text/html' }),
    });
    expect(analyzeSite(ev)).toEqual({
      cdn: 'cloudflare', cdnEvidence: 'cf-ray: 8a-AMS', behindCdnvendor: true,
      cms: 'wordpress', cmsEvidence: 'generator: WordPress 6.5',
      hasPaywall: true, paywallEvidence: 'piano script',
      hasTos: true, tosUrl: 'https://example.com/terms-of-service', tosAiStance: 'prohibits',
      tosExcerpt: 'You may not use our content to train machine learning models.',
      markdownForAgents: { offered: true, via: 'link_tag', url: '/index.md' },
      homepageChallenge: { challenged: false, vendor: null, evidence: null },
    });
  });

  it('gives empty facts for an unreachable homepage, and a challenge for a Cloudflare interstitial', () => {
    const none = analyzeSite(evidence({ homepage: failed() }));
    expect(none).toMatchObject({ cdn: null, behindCdnvendor: false, cms: null, hasPaywall: false, hasTos: false, tosUrl: null, tosAiStance: 'unknown' });
    const challenged = analyzeSite(evidence({ homepage: response('<title>Just a moment...</title>', { status: 403, contentType: 'text/html', headers: { 'cf-mitigated': 'challenge', server: 'cloudflare' } }) }));
    expect(challenged.homepageChallenge).toEqual({ challenged: true, vendor: 'cloudflare', evidence: 'cf-mitigated: challenge' });
    expect(challenged.behindCdnvendor).toBe(true);
  });

  it('says terms unknown when the linked page could not be read', () => {
    const r = analyzeSite(evidence({ tosUrl: 'https://example.com/terms', tos: response('gone', { status: 404 }) }));
    expect([r.hasTos, r.tosAiStance, r.tosExcerpt]).toEqual([true, 'unknown', null]);
  });
});

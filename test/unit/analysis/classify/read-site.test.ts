/** The site facts as classify() reads them from a crawl's Evidence (classify/read-evidence.ts, the one reader). */
import { describe, expect, it } from 'vitest';
import { readEvidence } from '../../../../proxy/analysis/classify/read-evidence.js';
import { evidence, failed, response } from '../helpers/responses.js';

const HOME = `<!doctype html><html><head>
<meta name="generator" content="WordPress 6.5">
<script src="https://cdn.tinypass.com/api/tinypass.min.js"></script>
<link rel="alternate" type="text/markdown" href="/index.md">
</head><body><a href="/terms-of-service">Terms</a></body></html>`;

describe('readEvidence: site facts', () => {
  it('gathers every site fact from the evidence', () => {
    const ev = evidence({
      homepage: response(HOME, { contentType: 'text/html', headers: { 'cf-ray': '8a-AMS', server: 'cloudflare' } }),
      tosUrl: 'https://example.com/terms-of-service',
      tos: response('<h1>Terms</h1><p>You may not use our content to train machine learning models.</p>', {
        contentType: 'text/html',
      }),
    });
    const f = readEvidence(ev);
    expect(f.cdn).toMatchObject({ cdn: 'cloudflare', evidence: 'cf-ray: 8a-AMS', behindCdnvendor: true });
    expect(f.cms).toEqual({ cms: 'wordpress', evidence: 'generator: WordPress 6.5' });
    expect(f.paywall).toEqual({ hasPaywall: true, evidence: 'piano script' });
    expect(f.hasTos).toBe(true);
    expect(f.tos).toEqual({
      ai: {
        stance: 'prohibits',
        excerpt: 'You may not use our content to train machine learning models.',
        section: 'Terms',
      },
      automatedAccess: { stance: 'silent', excerpt: null, section: null },
      namesAi: true,
      mention: { excerpt: 'You may not use our content to train machine learning models.', section: 'Terms' },
    });
    expect(f.markdown).toEqual({ offered: true, via: 'link_tag', url: '/index.md' });
  });

  it('gives empty facts for an unreachable homepage, and the CDN of a Cloudflare interstitial', () => {
    const none = readEvidence(evidence({ homepage: failed() }));
    expect([
      none.cdn.cdn,
      none.cdn.behindCdnvendor,
      none.cms.cms,
      none.paywall.hasPaywall,
      none.hasTos,
      none.tos.ai.stance,
    ]).toEqual([null, false, null, false, false, 'unknown']);
    const challenged = readEvidence(
      evidence({
        homepage: response('<title>Just a moment...</title>', {
          status: 403,
          contentType: 'text/html',
          headers: { 'cf-mitigated': 'challenge', server: 'cloudflare' },
        }),
      }),
    );
    expect(challenged.cdn.behindCdnvendor).toBe(true);
    expect(challenged.scan).toBeNull(); // a 403 page is not the site's homepage: nothing read from its HTML
  });

  it('does not count terms that could not be read (docs/policy.md section 1: 2xx HTML or text)', () => {
    const r = readEvidence(evidence({ tosUrl: 'https://example.com/terms', tos: response('gone', { status: 404 }) }));
    expect([r.hasTos, r.tos.ai, r.tos.automatedAccess]).toEqual([
      false,
      { stance: 'unknown', excerpt: null, section: null },
      { stance: 'unknown', excerpt: null, section: null },
    ]);
  });

  it('reports which challenge page blocked robots.txt', () => {
    const r = readEvidence(
      evidence({
        robots: response('<title>Just a moment...</title>', {
          contentType: 'text/html',
          headers: { 'cf-mitigated': 'challenge' },
        }),
      }),
    );
    expect(r.robotsOutcome).toBe('blocked');
    expect(r.robotsChallenge).toMatchObject({ challenged: true, vendor: 'cloudflare' });
  });
});

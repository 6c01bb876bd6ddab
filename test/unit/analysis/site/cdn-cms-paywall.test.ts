import { describe, expect, it } from 'vitest';
import { scanHtml } from '../../../../proxy/analysis/html/scan.js';
import { CDN_RULES, detectCdn } from '../../../../proxy/analysis/site/cdn.js';
import { detectCms } from '../../../../proxy/analysis/site/cms.js';
import { detectPaywall } from '../../../../proxy/analysis/site/paywall.js';

describe('detectCdn', () => {
  it.each([
    [{ 'cf-ray': '8a1b2c3d4e5f-AMS', server: 'cloudflare' }, 'cloudflare'],
    [{ server: 'AkamaiGHost' }, 'akamai'],
    [{ 'x-served-by': 'cache-ams21080-AMS', 'x-cache': 'HIT' }, 'fastly'],
    [{ 'x-amz-cf-id': 'abc==', via: '1.1 1234.cloudfront.net (CloudFront)' }, 'cloudfront'],
    [{ 'x-iinfo': '1-2-3 NNNN CT(0 0 0) RT(1 2) q(0 0 0 -1) r(1 1) U6' }, 'imperva'],
    [{ 'x-sucuri-id': '14016' }, 'sucuri'],
    [{ 'x-azure-ref': '0abc' }, 'azure_front_door'],
    [{ via: '1.1 google' }, 'google'],
    [{ server: 'BunnyCDN-DE1-1051' }, 'bunny'],
    [{ 'x-vercel-id': 'fra1::abc', server: 'Vercel' }, 'vercel'],
    [{ 'x-nf-request-id': '01J', server: 'Netlify' }, 'netlify'],
    [{ server: 'nginx' }, null],
  ])('%j -> %s', (headers, cdn) => {
    expect(detectCdn(headers).cdn).toBe(cdn);
  });

  it('reports the outermost proxy first and behind_cdnvendor only for Cloudflare', () => {
    const r = detectCdn({ server: 'cloudflare', 'cf-ray': 'x', 'x-vercel-id': 'y' });
    expect(r).toEqual({
      cdn: 'cloudflare',
      all: ['cloudflare', 'vercel'],
      evidence: 'cf-ray: x',
      behindCdnvendor: true,
    });
    expect(detectCdn({ 'x-amz-cf-id': 'z' }).behindCdnvendor).toBe(false);
  });

  it('has a documentation source for every rule', () => {
    for (const r of CDN_RULES) expect(r.source).toMatch(/\S{6,}/);
  });
});

describe('detectCms', () => {
  const cms = (headers: Record<string, string>, html = '') => detectCms(headers, scanHtml(html), html);
  it('prefers platform headers, then the generator meta, then asset paths', () => {
    expect(cms({ 'x-drupal-cache': 'HIT' }, '<meta name="generator" content="WordPress 6.5">')).toEqual({
      cms: 'drupal',
      evidence: 'x-drupal-cache: HIT',
    });
    expect(cms({}, '<meta name="generator" content="WordPress 6.5"><link href="/wp-content/x.css">')).toEqual({
      cms: 'wordpress',
      evidence: 'generator: WordPress 6.5',
    });
    expect(cms({}, '<link rel=stylesheet href="/wp-content/themes/x/style.css">')).toEqual({
      cms: 'wordpress',
      evidence: '/wp-content/',
    });
  });
  it.each([
    [{ 'x-shopify-stage': 'production' }, '', 'shopify'],
    [{ link: '<https://example.com/wp-json/>; rel="https://api.w.org/"' }, '', 'wordpress'],
    [{ 'x-ghost-cache-status': 'HIT' }, '', 'ghost'],
    [{ 'x-wix-request-id': '1' }, '', 'wix'],
    [{ server: 'Squarespace' }, '', 'squarespace'],
    [{}, '<meta name="generator" content="Ghost 5.80">', 'ghost'],
    [{}, '<meta name="generator" content="Wix.com Website Builder">', 'wix'],
    [{}, '<script src="https://js.hs-scripts.com/123.js"></script>', 'hubspot'],
    [{}, '<img src="https://cdn.shopify.com/s/files/1/logo.png">', 'shopify'],
    [{}, '<html data-wf-site="abc">', 'webflow'],
    [{}, '<p>hello</p>', null],
  ])('%j %s -> %s', (headers, html, expected) => {
    expect(cms(headers, html).cms).toBe(expected);
  });
});

describe('detectPaywall', () => {
  it('finds isAccessibleForFree false in JSON-LD, nested in @graph or as a string', () => {
    expect(
      detectPaywall(
        scanHtml(
          '<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebPage"},{"@type":"NewsArticle","isAccessibleForFree":"False","hasPart":{"@type":"WebPageElement","cssSelector":".paywall"}}]}</script>',
        ),
      ),
    ).toEqual({ hasPaywall: true, evidence: 'isAccessibleForFree: false' });
    expect(
      detectPaywall(scanHtml('<script type="application/ld+json">{"isAccessibleForFree":true}</script>')).hasPaywall,
    ).toBe(false);
    expect(detectPaywall(scanHtml('<script type="application/ld+json">{broken</script>')).hasPaywall).toBe(false);
  });
  it.each([
    ['<script src="https://cdn.tinypass.com/api/tinypass.min.js"></script>', 'piano'],
    ['<script>tp = window.tp || []; tp.push(["setAid", "x"]);</script>', 'piano'],
    ['<script src="https://js.pelcro.com/sdk/main.min.js"></script>', 'pelcro'],
    ['<script async src="https://assets.poool.fr/access.min.js"></script>', 'poool'],
    ['<script src="https://example.memberful.com/embed.js"></script>', 'memberful'],
    ['<script src="https://steadyhq.com/widget_loader/abc"></script>', 'steady'],
    ['<script src="/wp-content/plugins/leaky-paywall/js/x.js"></script>', 'leaky_paywall'],
  ])('%s -> %s', (html, vendor) => {
    expect(detectPaywall(scanHtml(html))).toEqual({ hasPaywall: true, evidence: `${vendor} script` });
  });
  it('is false for an ordinary page and for no page', () => {
    expect(detectPaywall(scanHtml('<script src="/app.js"></script>')).hasPaywall).toBe(false);
    expect(detectPaywall(null).hasPaywall).toBe(false);
  });
});

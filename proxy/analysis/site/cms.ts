/**
 * CMS from the homepage: response headers first (set by the platform itself), then
 * `<meta name="generator">`, then asset paths in the HTML. One table per kind of evidence,
 * each row with its source (CONVENTIONS 4).
 */
import type { HtmlScan } from '../html/scan.js';

export interface CmsFacts {
  cms: string | null;
  /** What decided, for explanations (`x-drupal-cache: HIT`, `generator: WordPress 6.5`, `/wp-content/`). */
  evidence: string | null;
}

interface HeaderRule {
  cms: string;
  header: string;
  value?: RegExp;
  source: string;
}
interface TextRule {
  cms: string;
  pattern: RegExp;
  source: string;
}

const HEADER_RULES: readonly HeaderRule[] = [
  { cms: 'shopify', header: 'x-shopify-stage', source: 'Shopify storefront response header' },
  { cms: 'shopify', header: 'x-shopid', source: 'Shopify storefront response header' },
  { cms: 'drupal', header: 'x-drupal-cache', source: 'Drupal core page cache (drupal.org/docs)' },
  { cms: 'drupal', header: 'x-drupal-dynamic-cache', source: 'Drupal core dynamic page cache' },
  { cms: 'drupal', header: 'x-generator', value: /drupal/i, source: 'Drupal core X-Generator header' },
  {
    cms: 'wordpress',
    header: 'link',
    value: /rel="?https:\/\/api\.w\.org\/"?/i,
    source: 'WordPress REST API discovery (developer.wordpress.org/rest-api/using-the-rest-api/discovery/)',
  },
  {
    cms: 'wordpress',
    header: 'x-powered-by',
    value: /wordpress|wp engine/i,
    source: 'WordPress hosts (WordPress VIP, WP Engine)',
  },
  { cms: 'ghost', header: 'x-ghost-cache-status', source: 'Ghost(Pro) cache header' },
  { cms: 'wix', header: 'x-wix-request-id', source: 'Wix response header' },
  { cms: 'squarespace', header: 'server', value: /^squarespace/i, source: 'Squarespace server header' },
  { cms: 'hubspot', header: 'x-hs-hub-id', source: 'HubSpot CMS response header' },
  { cms: 'webflow', header: 'x-wf-region', source: 'Webflow hosting response header' },
  { cms: 'magento', header: 'x-magento-cache-debug', source: 'Magento full-page cache header' },
  { cms: 'joomla', header: 'x-content-encoded-by', value: /joomla/i, source: 'Joomla response header' },
  { cms: 'typo3', header: 'x-typo3-parsetime', source: 'TYPO3 debug header' },
];

/** `<meta name="generator">` values (HTML 4.2.5.2, "generator"). */
const GENERATOR_RULES: readonly TextRule[] = [
  { cms: 'wordpress', pattern: /^wordpress/i, source: 'WordPress wp_generator()' },
  { cms: 'drupal', pattern: /^drupal/i, source: 'Drupal system module' },
  { cms: 'joomla', pattern: /joomla/i, source: 'Joomla document generator' },
  { cms: 'ghost', pattern: /^ghost/i, source: 'Ghost {{ghost_head}}' },
  { cms: 'wix', pattern: /^wix\.com/i, source: 'Wix sites' },
  { cms: 'squarespace', pattern: /squarespace/i, source: 'Squarespace sites' },
  { cms: 'webflow', pattern: /^webflow/i, source: 'Webflow sites' },
  { cms: 'hubspot', pattern: /^hubspot/i, source: 'HubSpot CMS' },
  { cms: 'typo3', pattern: /typo3/i, source: 'TYPO3 generator meta' },
  { cms: 'blogger', pattern: /^blogger$/i, source: 'Blogger templates' },
  { cms: 'hugo', pattern: /^hugo/i, source: 'Hugo .Site.Hugo.Generator' },
  { cms: 'jekyll', pattern: /^jekyll/i, source: 'jekyll-seo-tag' },
  { cms: 'docusaurus', pattern: /^docusaurus/i, source: 'Docusaurus head' },
  { cms: 'gatsby', pattern: /^gatsby/i, source: 'Gatsby head' },
  { cms: 'astro', pattern: /^astro/i, source: 'Astro.generator' },
  { cms: 'weebly', pattern: /weebly/i, source: 'Weebly sites' },
  { cms: 'duda', pattern: /duda/i, source: 'Duda sites' },
  { cms: 'prestashop', pattern: /prestashop/i, source: 'PrestaShop themes' },
  { cms: 'craft', pattern: /^craft cms/i, source: 'Craft CMS' },
  { cms: 'sitecore', pattern: /sitecore/i, source: 'Sitecore' },
  { cms: 'substack', pattern: /substack/i, source: 'Substack publications' },
];

/** Asset paths and hosts only one platform uses. Plain literals: searched with indexOf-like tests. */
const HTML_RULES: readonly TextRule[] = [
  { cms: 'wordpress', pattern: /\/wp-content\/|\/wp-includes\//, source: 'WordPress directory layout' },
  { cms: 'shopify', pattern: /cdn\.shopify\.com|Shopify\.theme/, source: 'Shopify CDN / theme object' },
  {
    cms: 'drupal',
    pattern: /\/sites\/default\/files\/|drupal-settings-json|Drupal\.settings/,
    source: 'Drupal files directory and settings',
  },
  { cms: 'wix', pattern: /static\.wixstatic\.com|static\.parastorage\.com/, source: 'Wix static hosts' },
  { cms: 'squarespace', pattern: /static1\.squarespace\.com|squarespace-cdn\.com/, source: 'Squarespace CDN' },
  { cms: 'webflow', pattern: /website-files\.com|data-wf-site=/, source: 'Webflow asset host and site attribute' },
  { cms: 'hubspot', pattern: /js\.hs-scripts\.com|hs-sites\.com|hubspotusercontent/, source: 'HubSpot hosts' },
  {
    cms: 'ghost',
    pattern: /ghost-(?:portal|sodo-search)|\/ghost\/api\/content\//,
    source: 'Ghost portal and content API',
  },
  { cms: 'joomla', pattern: /\/media\/jui\/|\/components\/com_/, source: 'Joomla directory layout' },
  { cms: 'typo3', pattern: /\/typo3conf\/|\/typo3temp\//, source: 'TYPO3 directory layout' },
  { cms: 'substack', pattern: /substackcdn\.com/, source: 'Substack CDN' },
  { cms: 'blogger', pattern: /blogger\.com\/static|\.blogspot\.com/, source: 'Blogger hosts' },
  { cms: 'magento', pattern: /\/static\/version\d+\/frontend\/|Magento_/, source: 'Magento 2 static paths' },
  { cms: 'prestashop', pattern: /prestashop/i, source: 'PrestaShop JS globals' },
];

/** How much of the HTML the asset-path rules read: markers sit in the head and first body lines. */
const HTML_CAP = 512 * 1024;

export function detectCms(headers: Readonly<Record<string, string>>, scan: HtmlScan | null, html: string): CmsFacts {
  for (const r of HEADER_RULES) {
    const v = headers[r.header];
    if (v !== undefined && (r.value === undefined || r.value.test(v)))
      return { cms: r.cms, evidence: `${r.header}: ${v}` };
  }
  for (const m of scan?.metas ?? []) {
    if (m.name !== 'generator' || m.content === null) continue;
    const hit = GENERATOR_RULES.find((r) => r.pattern.test(m.content as string));
    if (hit !== undefined) return { cms: hit.cms, evidence: `generator: ${m.content}` };
  }
  const head = html.length > HTML_CAP ? html.slice(0, HTML_CAP) : html;
  for (const r of HTML_RULES) {
    const m = r.pattern.exec(head);
    if (m !== null) return { cms: r.cms, evidence: m[0] };
  }
  return { cms: null, evidence: null };
}

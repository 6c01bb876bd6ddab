/**
 * CDN from the homepage response headers. One table, one row per vendor, each with the
 * documentation that names the header (CONVENTIONS 4). Rows are ordered outermost first: a
 * reverse proxy (Cloudflare, Akamai) often sits in front of a hosting platform (Vercel,
 * Netlify) whose headers pass through, and the client talks to the outer one.
 */

export interface CdnRule {
  id: string;
  /** Where the header is documented. */
  source: string;
  /** True when the headers (lower-case names) show this vendor; returns the deciding header. */
  match: (h: Readonly<Record<string, string>>) => string | null;
}

const has =
  (name: string) =>
  (h: Readonly<Record<string, string>>): string | null =>
    h[name] !== undefined ? `${name}: ${h[name]}` : null;
const headerMatches =
  (name: string, re: RegExp) =>
  (h: Readonly<Record<string, string>>): string | null => {
    const v = h[name];
    return v !== undefined && re.test(v) ? `${name}: ${v}` : null;
  };
const anyOf =
  (...tests: ((h: Readonly<Record<string, string>>) => string | null)[]) =>
  (h: Readonly<Record<string, string>>): string | null => {
    for (const t of tests) {
      const hit = t(h);
      if (hit !== null) return hit;
    }
    return null;
  };

export const CDN_RULES: readonly CdnRule[] = [
  {
    id: 'cloudflare',
    source: 'https://developers.cloudflare.com/fundamentals/reference/http-headers/',
    match: anyOf(has('cf-ray'), headerMatches('server', /^cloudflare/i), has('cf-cache-status'), has('cf-mitigated')),
  },
  {
    id: 'akamai',
    source: 'https://techdocs.akamai.com/edge-diagnostics/docs/pragma-headers',
    match: anyOf(
      headerMatches('server', /akamai/i),
      has('akamai-grn'),
      has('x-akamai-transformed'),
      has('akamai-cache-status'),
      has('x-akamai-request-id'),
    ),
  },
  {
    id: 'fastly',
    source: 'https://www.fastly.com/documentation/reference/http/http-headers/',
    match: anyOf(has('x-fastly-request-id'), has('fastly-debug-digest'), headerMatches('x-served-by', /^cache-/i)),
  },
  {
    id: 'cloudfront',
    source:
      'https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/RequestAndResponseBehaviorCustomOrigin.html',
    match: anyOf(
      has('x-amz-cf-id'),
      has('x-amz-cf-pop'),
      headerMatches('via', /cloudfront/i),
      headerMatches('x-cache', /cloudfront/i),
    ),
  },
  {
    id: 'imperva',
    source: 'https://docs.imperva.com/bundle/cloud-application-security/page/settings/xray-debug-headers.htm',
    match: anyOf(
      has('x-iinfo'),
      headerMatches('x-cdn', /imperva|incapsula/i),
      headerMatches('set-cookie', /incap_ses_|visid_incap_/),
    ),
  },
  {
    id: 'sucuri',
    source: 'https://docs.sucuri.net/website-firewall/',
    match: anyOf(has('x-sucuri-id'), has('x-sucuri-cache'), headerMatches('server', /sucuri/i)),
  },
  {
    id: 'azure_front_door',
    source: 'https://learn.microsoft.com/azure/frontdoor/front-door-http-headers-protocol',
    match: anyOf(has('x-azure-ref'), has('x-msedge-ref'), has('x-fd-int-roxy-purgeid')),
  },
  {
    id: 'google',
    source: 'https://cloud.google.com/cdn/docs/caching#cache-hit-ratio (Via: 1.1 google)',
    match: anyOf(headerMatches('via', /\bgoogle\b/i), headerMatches('server', /^google frontend$/i)),
  },
  {
    id: 'bunny',
    source: 'https://docs.bunny.net/docs/cdn-response-headers',
    match: anyOf(headerMatches('server', /^bunnycdn/i), has('cdn-pullzone'), has('cdn-requestid')),
  },
  { id: 'keycdn', source: 'https://www.keycdn.com/support/headers', match: headerMatches('server', /^keycdn/i) },
  {
    id: 'cdn77',
    source: 'https://client.cdn77.com/support/knowledgebase/cdn-resource/http-headers',
    match: headerMatches('server', /^cdn77/i),
  },
  {
    id: 'edgio',
    source: 'https://docs.edg.io/applications/performance/response (Server: ECAcc / ECS)',
    match: anyOf(headerMatches('server', /^ec(acc|s) \(/i), has('x-ec-custom-error')),
  },
  {
    id: 'stackpath',
    source: 'https://support.stackpath.com/hc/en-us/articles/360001212783 (X-HW)',
    match: has('x-hw'),
  },
  {
    id: 'vercel',
    source: 'https://vercel.com/docs/headers/response-headers',
    match: anyOf(has('x-vercel-id'), headerMatches('server', /^vercel/i), has('x-vercel-cache')),
  },
  {
    id: 'netlify',
    source: 'https://docs.netlify.com/routing/headers/',
    match: anyOf(has('x-nf-request-id'), headerMatches('server', /^netlify/i)),
  },
];

export interface CdnFacts {
  /** The outermost CDN recognised, or null. */
  cdn: string | null;
  /** Every vendor recognised, outermost first. */
  all: string[];
  /** The header that decided `cdn`. */
  evidence: string | null;
  /** Behind Cloudflare's proxy (the seed's `behind_cdnvendor`). */
  behindCdnvendor: boolean;
}

export function detectCdn(headers: Readonly<Record<string, string>>): CdnFacts {
  const hits: { id: string; evidence: string }[] = [];
  for (const rule of CDN_RULES) {
    const evidence = rule.match(headers);
    if (evidence !== null) hits.push({ id: rule.id, evidence });
  }
  return {
    cdn: hits[0]?.id ?? null,
    all: hits.map((h) => h.id),
    evidence: hits[0]?.evidence ?? null,
    behindCdnvendor: hits.some((h) => h.id === 'cloudflare'),
  };
}

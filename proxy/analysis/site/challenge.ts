/**
 * Bot-challenge and block pages of CDNs, bot-management vendors and web application
 * firewalls. docs/policy.md section 1 counts a 2xx robots.txt that is such a page as
 * `blocked`, not `ok`; the same test tells a homepage that was never really seen. Each row
 * names the marker its vendor documents or always serves.
 *
 * Section 11 ("challenge pages, exactly"): an answer is a challenge only when it is HTML (by
 * content type or markup) and carries a challenge's own marker. A plain-text robots.txt whose
 * rules name `/cdn-cgi/challenge-platform/` or `_Incapsula_Resource` is an ordinary file. The
 * scripts vendors inject into every page of a protected site (Cloudflare's JavaScript
 * detections, Imperva's and PerimeterX's sensors, DataDome's and DDoS-Guard's headers) are
 * beacons, not challenges: an HTML "not found" page carrying one is a soft 404. A beacon counts
 * only on a page with no text to read, which is how these vendors' JavaScript challenges look.
 */
import type { FetchResponse } from '../evidence.js';
import { isHtmlBody } from '../signals/response.js';

export interface ChallengeFacts {
  challenged: boolean;
  vendor: string | null;
  /** The header or body marker that decided. */
  evidence: string | null;
}

type Response = Pick<FetchResponse, 'headers' | 'body' | 'status'> & Partial<Pick<FetchResponse, 'contentType'>>;

interface Markers {
  headers?: readonly { name: string; value: RegExp }[];
  body?: RegExp;
}

interface ChallengeRule {
  vendor: string;
  source: string;
  /** Found only on a challenge or block page. */
  challenge: Markers;
  /** Found on every page the vendor protects: a challenge only on a page without text. */
  beacon?: Markers;
}

const RULES: readonly ChallengeRule[] = [
  {
    vendor: 'cloudflare',
    source:
      'developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response/ (cf-mitigated: challenge); JavaScript detections inject /cdn-cgi/challenge-platform/scripts/jsd/main.js into every page',
    challenge: {
      headers: [{ name: 'cf-mitigated', value: /challenge/i }],
      body: /<title>\s*(?:Just a moment\.\.\.|Attention Required! \| Cloudflare)|\/cdn-cgi\/challenge-platform\/h\/[^/'"\s]+\/orchestrate\/|_cf_chl_opt|cf-browser-verification/i,
    },
    beacon: { body: /\/cdn-cgi\/challenge-platform\// },
  },
  {
    vendor: 'vercel',
    source: 'vercel.com/docs/vercel-firewall (x-vercel-mitigated)',
    challenge: { headers: [{ name: 'x-vercel-mitigated', value: /challenge|deny/i }] },
  },
  {
    vendor: 'aws_waf',
    source: 'docs.aws.amazon.com/waf/latest/developerguide/waf-captcha-and-challenge.html',
    challenge: { headers: [{ name: 'x-amzn-waf-action', value: /challenge|captcha/i }] },
  },
  {
    vendor: 'akamai',
    source:
      'Akamai edge "Access Denied" page (errors.edgesuite.net reference); Bot Manager telemetry script on every page',
    // The "Access Denied" page's reference (#18.394c3917.1563829117.3c859224, often entity-encoded).
    challenge: {
      body: /errors(?:\.|&#46;)edgesuite(?:\.|&#46;)net|bm-verify|Reference(?:\s|&#32;)*(?:#|&#35;)\d+(?:\.|&#46;)[0-9a-f]{6,}(?:\.|&#46;)\d{9,}/i,
    },
    beacon: { body: /akamai-bm-telemetry/i },
  },
  {
    vendor: 'imperva',
    source:
      'Imperva/Incapsula block page (incident ID, CWUDNSAI iframe); its /_Incapsula_Resource script on every page',
    challenge: { body: /Incapsula incident ID|_Incapsula_Resource\?CWUDNSAI=/i },
    beacon: { body: /_Incapsula_Resource/i },
  },
  {
    vendor: 'datadome',
    source: 'docs.datadome.co (captcha-delivery.com); x-datadome on every protected answer',
    challenge: { body: /captcha-delivery\.com/i },
    beacon: { headers: [{ name: 'x-datadome', value: /./ }] },
  },
  {
    vendor: 'perimeterx',
    source: 'HUMAN/PerimeterX block page (px-captcha); its _pxAppId sensor on every page',
    challenge: { body: /px-captcha|\/_pxCaptcha\//i },
    beacon: { body: /_pxAppId/i },
  },
  {
    vendor: 'ddos_guard',
    source: 'DDoS-Guard JS challenge (/.well-known/ddos-guard/js-challenge/); server: ddos-guard on every answer',
    challenge: { body: /\/\.well-known\/ddos-guard\/js-challenge\/|<title>\s*ddos-guard/i },
    beacon: { headers: [{ name: 'server', value: /^ddos-guard$/i }] },
  },
  {
    vendor: 'sucuri',
    source: 'Sucuri WebSite Firewall block page',
    challenge: { body: /Sucuri WebSite Firewall - (?:Access Denied|CloudProxy)/i },
  },
  {
    vendor: 'kasada',
    source: 'Kasada challenge (x-kpsdk-ct)',
    challenge: { headers: [{ name: 'x-kpsdk-ct', value: /./ }] },
  },
  // Firewall block pages served with a 2xx status by default: the site refused the request, it did not say "no
  // robots.txt".
  {
    vendor: 'f5',
    source: 'F5 BIG-IP ASM default blocking page ("Request Rejected", served 200 by default)',
    challenge: { body: /The requested URL was rejected\. Please consult with your administrator\./i },
  },
  {
    vendor: 'modsecurity',
    source: 'ModSecurity\'s default error page ("Not Acceptable!")',
    challenge: { body: /This error was generated by Mod_Security/i },
  },
];

const NONE: ChallengeFacts = Object.freeze({ challenged: false, vendor: null, evidence: null });

/** The marker of `m` found in the answer, as evidence, or null. */
function find(m: Markers | undefined, headers: Readonly<Record<string, string>>, body: string): string | null {
  for (const h of m?.headers ?? []) {
    const v = headers[h.name];
    if (v !== undefined && h.value.test(v)) return `${h.name}: ${v}`;
  }
  return m?.body?.exec(body)?.[0] ?? null;
}

export function detectChallenge(r: Response): ChallengeFacts {
  const contentType = r.contentType ?? r.headers['content-type']?.split(';')[0]!.trim().toLowerCase() ?? null;
  if (!isHtmlBody({ contentType, body: r.body })) return NONE;
  // The whole body is searched (the crawler's cap bounds it): a marker is a marker wherever it
  // stands (Kobo's challenge page carries 80 KB of inline images before its first), and every
  // pattern below is a plain alternation, so one search is linear in the body.
  const body = r.body;
  for (const rule of RULES) {
    const evidence = find(rule.challenge, r.headers, body);
    if (evidence !== null) return { challenged: true, vendor: rule.vendor, evidence };
  }
  if (hasText(body)) return NONE;
  for (const rule of RULES) {
    const evidence = find(rule.beacon, r.headers, body);
    if (evidence !== null) return { challenged: true, vendor: rule.vendor, evidence };
  }
  return NONE;
}

/**
 * Whether a page shows any text: what is left once scripts, styles, comments and tags are
 * dropped. A JavaScript challenge is an empty page running the vendor's script (Imperva serves
 * `<html><head><script src="/_Incapsula_Resource?…"></script><body></body></html>`).
 */
function hasText(html: string): boolean {
  const text = html
    .replace(/<(script|style|noscript)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<[^>]*>?/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ');
  return /\S/.test(text);
}

/**
 * Bot-challenge and block pages of CDNs and bot-management vendors. classification.md
 * section 1 counts a 2xx robots.txt that is such a page as `blocked`, not `ok`; the same test
 * tells a homepage that was never really seen. Each row names the marker its vendor documents
 * or always serves.
 */
import type { FetchResponse } from '../evidence.js';

export interface ChallengeFacts {
  challenged: boolean;
  vendor: string | null;
  /** The header or body marker that decided. */
  evidence: string | null;
}

type Response = Pick<FetchResponse, 'headers' | 'body' | 'status'>;

interface ChallengeRule {
  vendor: string;
  source: string;
  headers?: readonly { name: string; value: RegExp }[];
  body?: RegExp;
}

const RULES: readonly ChallengeRule[] = [
  {
    vendor: 'cloudflare',
    source: 'developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response/ (cf-mitigated: challenge)',
    headers: [{ name: 'cf-mitigated', value: /challenge/i }],
    body: /<title>\s*(?:Just a moment\.\.\.|Attention Required! \| Cloudflare)|\/cdn-cgi\/challenge-platform\/|_cf_chl_opt|cf-browser-verification/i,
  },
  { vendor: 'vercel', source: 'vercel.com/docs/vercel-firewall (x-vercel-mitigated)', headers: [{ name: 'x-vercel-mitigated', value: /challenge|deny/i }] },
  { vendor: 'aws_waf', source: 'docs.aws.amazon.com/waf/latest/developerguide/waf-captcha-and-challenge.html', headers: [{ name: 'x-amzn-waf-action', value: /challenge|captcha/i }] },
  { vendor: 'akamai', source: 'Akamai edge "Access Denied" page (errors.edgesuite.net reference)', body: /errors(?:\.|&#46;)edgesuite(?:\.|&#46;)net|bm-verify|akamai-bm-telemetry/i },
  { vendor: 'imperva', source: 'Imperva/Incapsula block page', body: /_Incapsula_Resource|Incapsula incident ID/i },
  { vendor: 'datadome', source: 'docs.datadome.co (captcha-delivery.com)', headers: [{ name: 'x-datadome', value: /./ }], body: /captcha-delivery\.com/i },
  { vendor: 'perimeterx', source: 'HUMAN/PerimeterX block page (px-captcha)', body: /px-captcha|\/_pxCaptcha\/|_pxAppId/i },
  { vendor: 'ddos_guard', source: 'DDoS-Guard JS challenge (/.well-known/ddos-guard/js-challenge/)', headers: [{ name: 'server', value: /^ddos-guard$/i }], body: /\/\.well-known\/ddos-guard\/js-challenge\/|<title>\s*ddos-guard/i },
  { vendor: 'sucuri', source: 'Sucuri WebSite Firewall block page', body: /Sucuri WebSite Firewall - (?:Access Denied|CloudProxy)/i },
  { vendor: 'kasada', source: 'Kasada challenge (x-kpsdk-ct)', headers: [{ name: 'x-kpsdk-ct', value: /./ }] },
];

/** How much of the body is searched: challenge pages are small and their markers are near the top. */
const BODY_CAP = 64 * 1024;

export function detectChallenge(r: Response): ChallengeFacts {
  const body = r.body.length > BODY_CAP ? r.body.slice(0, BODY_CAP) : r.body;
  for (const rule of RULES) {
    for (const h of rule.headers ?? []) {
      const v = r.headers[h.name];
      if (v !== undefined && h.value.test(v)) return { challenged: true, vendor: rule.vendor, evidence: `${h.name}: ${v}` };
    }
    const m = rule.body?.exec(body);
    if (m) return { challenged: true, vendor: rule.vendor, evidence: m[0] };
  }
  return { challenged: false, vendor: null, evidence: null };
}

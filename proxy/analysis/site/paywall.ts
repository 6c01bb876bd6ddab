/**
 * Paywall on the homepage: schema.org `isAccessibleForFree: false` in JSON-LD (the markup
 * Google documents for subscription and paywalled content,
 * developers.google.com/search/docs/appearance/structured-data/paywalled-content), or a known
 * paywall vendor's script.
 */
import type { HtmlScan } from '../html/scan.js';
import { parseJson } from '../signals/response.js';

export interface PaywallFacts {
  hasPaywall: boolean;
  /** `isAccessibleForFree: false`, or the vendor whose script was found. */
  evidence: string | null;
}

/** Paywall and metering vendors, recognised by the script host or the global their snippet sets. */
const VENDORS: readonly { vendor: string; pattern: RegExp; source: string }[] = [
  {
    vendor: 'piano',
    pattern: /tinypass\.com|cdn\.piano\.io|piano\.io\/xbuilder|\btp\s*=\s*window\.tp\b/i,
    source: 'docs.piano.io (tinypass.min.js)',
  },
  { vendor: 'pelcro', pattern: /js\.pelcro\.com|\bPelcro\b/, source: 'docs.pelcro.com' },
  { vendor: 'zephr', pattern: /zephr/i, source: 'zephr.com (Zephr feature decisions)' },
  { vendor: 'poool', pattern: /poool\.fr|poool-access|\bpoool\(/i, source: 'poool.tech' },
  { vendor: 'memberful', pattern: /memberful\.com/i, source: 'memberful.com embed' },
  { vendor: 'laterpay', pattern: /laterpay\.net/i, source: 'laterpay.net' },
  { vendor: 'steady', pattern: /steadyhq\.com/i, source: 'steadyhq.com paywall snippet' },
  { vendor: 'substack', pattern: /substackcdn\.com\/[^"'\s]{0,200}paywall/i, source: 'Substack paid posts' },
  { vendor: 'leaky_paywall', pattern: /leaky-paywall/i, source: 'Leaky Paywall (WordPress)' },
  { vendor: 'wallkit', pattern: /wallkit\.net/i, source: 'wallkit.net' },
  { vendor: 'axate', pattern: /agate\.io|axate\.io/i, source: 'axate.com' },
  { vendor: 'fewcents', pattern: /fewcents\.co/i, source: 'fewcents.co' },
];

/** Walks JSON-LD (including `@graph` and nested parts) for `isAccessibleForFree` false. Bounded depth. */
function notFree(node: unknown, depth = 0): boolean {
  if (depth > 12 || node === null || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some((n) => notFree(n, depth + 1));
  const o = node as Record<string, unknown>;
  const v = o['isAccessibleForFree'];
  if (v === false || (typeof v === 'string' && /^(false|no)$/i.test(v.trim()))) return true;
  return Object.values(o).some((child) => notFree(child, depth + 1));
}

export function detectPaywall(scan: HtmlScan | null): PaywallFacts {
  if (scan === null) return { hasPaywall: false, evidence: null };
  for (const block of scan.jsonLd) {
    const parsed = parseJson(block);
    if (parsed.ok && notFree(parsed.value)) return { hasPaywall: true, evidence: 'isAccessibleForFree: false' };
  }
  for (const s of scan.scripts) {
    // External scripts are identified by their URL; inline snippets by what they load or set.
    const text = s.src ?? s.inline;
    const hit = VENDORS.find((v) => v.pattern.test(text));
    if (hit !== undefined) return { hasPaywall: true, evidence: `${hit.vendor} script` };
  }
  return { hasPaywall: false, evidence: null };
}

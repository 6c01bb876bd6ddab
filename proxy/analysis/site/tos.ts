/**
 * Terms of service: the link to follow from the homepage (docs/policy.md section 1) and the
 * terms page read for its two facts (sections 6 and 11; terms-facts.ts): AI use
 * (`tos_ai_stance`) and automated access (`tos_automated_access`). Values: `prohibits`
 * (forbidden), `restricts` (only with permission, a licence or within limits), `permits`
 * (expressly allowed), `silent` (terms read, no clause on it), `unknown` (no terms could be read).
 */
import { getDomain } from 'tldts';
import type { FetchResponse, FetchResult } from '../evidence.js';
import { scanPage } from '../html/page-scan.js';
import type { HtmlScan } from '../html/scan.js';
import { htmlBlocks } from '../html/blocks.js';
import { successfulResponse } from '../signals/response.js';
import { termsFromBlocks, termsFromText, UNREAD, type TermsReading } from './terms-facts.js';

export { termsFromBlocks, termsFromText, type TermsReading, type TosStanceResult } from './terms-facts.js';

export interface TosLink {
  url: string;
  /** The link's text (or label) as shown. */
  text: string;
}

/** Words that name a terms page, in link text or as a path segment; a few common languages. */
const TEXT_WORDS =
  /(?:^|[^\p{L}])(?:terms|tos|conditions|legal|agb|nutzungsbedingungen|conditions générales|términos|condiciones|termini|voorwaarden|villkor|vilkår|regulamin)(?:[^\p{L}]|$)|利用規約|服务条款|服務條款|이용약관/iu;
const PATH_WORDS =
  /(?:^|[/_.-])(?:terms|tos|conditions|legal|agb|nutzungsbedingungen|terminos|condiciones|termini|voorwaarden)(?:$|[/_.-])/i;

function pathOf(url: URL): string {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return url.pathname;
  }
}

/**
 * The first anchor whose text, label or path says terms / tos / conditions / legal, on the same
 * registrable domain as `domain` (tldts `getDomain`, Public Suffix List), http or https;
 * relative hrefs are resolved against `<base href>` and the page URL (WHATWG URL).
 */
export function findTosLink(scan: HtmlScan, pageUrl: string, domain: string): TosLink | null {
  let base: URL;
  try {
    base = new URL(scan.base ?? pageUrl, pageUrl);
  } catch {
    try {
      base = new URL(pageUrl);
    } catch {
      return null;
    }
  }
  const site = getDomain(domain) ?? domain;
  for (const a of scan.anchors) {
    let url: URL;
    try {
      url = new URL(a.href, base);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    const says =
      TEXT_WORDS.test(a.text) || (a.label !== null && TEXT_WORDS.test(a.label)) || PATH_WORDS.test(pathOf(url));
    if (!says) continue;
    if ((getDomain(url.hostname) ?? url.hostname) !== site) continue;
    url.hash = '';
    return { url: url.href, text: a.text || a.label || '' };
  }
  return null;
}

/**
 * The terms link of a homepage answer (a 2xx HTML page), resolved against where the answer
 * came from; null for any other answer. The crawler follows it and classify() reads the same
 * scan (html/page-scan.ts), so the homepage is scanned once per crawl.
 */
export function termsLink(homepage: FetchResult, domain: string): TosLink | null {
  const scan = scanPage(homepage);
  return scan === null || homepage.kind !== 'response' ? null : findTosLink(scan, homepage.finalUrl, domain);
}

/**
 * Where terms usually live, tried in this order when the homepage links none (the crawler
 * stops at the first that reads as terms).
 */
export const TERMS_PATHS: readonly string[] = ['/terms', '/terms-of-service', '/legal', '/tos'];

/** The homepage is a readable HTML page (and links no terms): the usual places are worth a try. */
export function termsWorthProbing(homepage: FetchResult): boolean {
  return scanPage(homepage) !== null;
}

/**
 * A page at one of TERMS_PATHS is the terms page when it can be read (readableTerms), was not
 * sent back to the homepage, and says so near its top (title, first headings and lines name
 * terms, conditions, legal…): a soft 404 or a landing page is not terms.
 */
export function looksLikeTerms(result: FetchResult | null): boolean {
  const r = readableTerms(result);
  if (r === null) return false;
  try {
    if (new URL(r.finalUrl).pathname === '/') return false;
  } catch {
    return false;
  }
  const html = r.contentType !== 'text/plain' && r.body.trimStart().startsWith('<');
  const top = html
    ? [
        scanPage(r)?.title ?? '',
        ...htmlBlocks(r.body.slice(0, 200_000))
          .slice(0, 12)
          .map((b) => b.text),
      ]
    : r.body.slice(0, 2000).split('\n', 12);
  return top.some((line) => TEXT_WORDS.test(line));
}

/**
 * The terms page when it can be read (docs/policy.md section 1, "2xx HTML or text"): a 2xx
 * answer typed text/*, XHTML, or untyped; else null. `has_tos` and tosStance share this rule.
 */
export function readableTerms(result: FetchResult | null): FetchResponse | null {
  const r = successfulResponse(result);
  if (r === null) return null;
  const ct = r.contentType ?? '';
  return ct === '' || ct.startsWith('text/') || ct === 'application/xhtml+xml' ? r : null;
}

/** The terms' two facts from the fetched terms page: `unknown` unless it is readable (readableTerms). */
export function readTerms(result: FetchResult | null): TermsReading {
  const r = readableTerms(result);
  if (r === null) return UNREAD;
  const ct = r.contentType ?? '';
  const html =
    ct === 'text/html' || ct === 'application/xhtml+xml' || (ct === '' && r.body.trimStart().startsWith('<'));
  if (!html) return termsFromText(r.body);
  const blocks = htmlBlocks(r.body);
  return blocks.length === 0 ? UNREAD : termsFromBlocks(blocks);
}

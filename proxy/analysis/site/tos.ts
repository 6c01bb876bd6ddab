/**
 * Terms of service: the link to follow from the homepage (classification.md section 1) and the
 * terms' position on AI (section 6, `tos_ai_stance`):
 * - `prohibits`: a clause that forbids AI training, scraping, crawling or text and data mining
 *   (including an Article 4 CDSM reservation of text and data mining rights);
 * - `restricts`: such a use is allowed only with permission, a licence, or within limits;
 * - `permits`: such a use is expressly allowed;
 * - `silent`: terms were read and no clause speaks of it;
 * - `unknown`: no terms could be read.
 * The most restrictive clause found decides, and its sentence is returned as the excerpt.
 */
import { getDomain } from 'tldts';
import type { FetchResponse, FetchResult } from '../evidence.js';
import { scanPage } from '../html/page-scan.js';
import type { HtmlScan } from '../html/scan.js';
import { htmlToText } from '../html/text.js';
import { successfulResponse } from '../signals/response.js';
import type { TosStance } from '../../../shared/values.js';

export interface TosLink {
  url: string;
  /** The link's text (or label) as shown. */
  text: string;
}

/** Words that name a terms page, in link text or as a path segment; a few common languages. */
const TEXT_WORDS = /(?:^|[^\p{L}])(?:terms|tos|conditions|legal|agb|nutzungsbedingungen|conditions générales|términos|condiciones|termini|voorwaarden|villkor|vilkår|regulamin)(?:[^\p{L}]|$)|利用規約|服务条款|服務條款|이용약관/iu;
const PATH_WORDS = /(?:^|[/_.\-])(?:terms|tos|conditions|legal|agb|nutzungsbedingungen|terminos|condiciones|termini|voorwaarden)(?:$|[/_.\-])/i;

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
    const says = TEXT_WORDS.test(a.text) || (a.label !== null && TEXT_WORDS.test(a.label)) || PATH_WORDS.test(pathOf(url));
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

export interface TosStanceResult {
  stance: TosStance;
  /** The sentence that decided (at most EXCERPT_MAX characters), null for silent/unknown. */
  excerpt: string | null;
}

const EXCERPT_MAX = 400;

/** Uses the clauses are about: AI and machine learning, training, mining, automated collection. */
const SUBJECT = /artificial intelligence|machine[- ]learning|(?:large )?language models?|neural networks?|generative|\btrain(?:ing)?\b[^.]{0,60}\b(?:models?|algorithms?|systems?|software|datasets?)\b|text (?:and|&) data mining|data[- ]mining|scrap(?:e|es|ed|ing|ers?)\b|\bcrawl(?:s|ed|ing|ers?)?\b|\bspiders?\b|\brobots?\b|harvest(?:s|ed|ing)?\b|automated (?:means|tools?|systems?|software|scripts?|programs?|processes|queries|access)|\bbots?\b/i;
/** Abbreviations only as capitals: a case-insensitive `ai` is an everyday word in Italian and French. */
const SUBJECT_CAPS = /\b(?:AI|A\.I\.|LLMs?|TDM)\b/;
const subjectAt = (s: string): number => {
  const a = s.search(SUBJECT);
  const b = s.search(SUBJECT_CAPS);
  return a < 0 ? b : b < 0 ? a : Math.min(a, b);
};
/** A clause forbids (or reserves the right, CDSM Directive 2019/790 Article 4(3)). */
const FORBID = /\b(?:may not|must not|shall not|will not|cannot|can ?not|do not|don't|agree not to|not (?:be )?(?:permitted|allowed|authori[sz]ed)|(?:is|are) (?:strictly |expressly )?(?:prohibited|forbidden)|prohibit(?:s|ed)?|forbid(?:s|den)?|no (?:right|licen[cs]e) (?:is granted )?to|expressly reserves?|reserves? (?:all|the|its|their) rights?)\b/i;
/** The ban is lifted by permission, a licence or limits: the use is restricted, not closed. */
const UNLESS = /\b(?:without (?:(?:our|the|its|their|prior|express|explicit|written|a|an) ){0,4}(?:consent|permission|authori[sz]ation|approval|licen[cs]e|agreement)|unless (?:(?:you|we|it|have|has|been|are|is|expressly|specifically|otherwise|first) ){0,4}(?:authori[sz]ed|permitted|agreed|licensed|obtained|granted)|except (?:as|with|under|where|if)|(?:prior|express|written) (?:consent|permission|authori[sz]ation)|subject to (?:a |our |the )?(?:licen[cs]e|agreement|permission)|requires? (?:a |our )?(?:licen[cs]e|permission|consent))\b/i;
/** A clause expressly allows. */
const ALLOW = /\b(?:may|can|are (?:free|welcome|permitted|allowed|authori[sz]ed) to|is (?:permitted|allowed)|permits?|allows?|grants? (?:you )?(?:a |the )?(?:right|licen[cs]e|permission))\b/i;

/** Sentences of the text: split at `.!?;` followed by space, and at line breaks. Linear. */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?;])\s+|\n+/).map((s) => s.trim()).filter((s) => s.length > 0);
}

function excerptOf(sentence: string): string {
  if (sentence.length <= EXCERPT_MAX) return sentence;
  // Keep the part around the subject word, which is what a reader needs to see.
  const at = Math.max(0, subjectAt(sentence) - 150);
  const cut = sentence.slice(at, at + EXCERPT_MAX - 2);
  return `${at > 0 ? '…' : ''}${cut}…`.slice(0, EXCERPT_MAX);
}

const RANK: Readonly<Record<TosStance, number>> = { prohibits: 4, restricts: 3, permits: 2, silent: 1, unknown: 0 };

/** The terms' position on AI use from their plain text. */
export function tosStanceFromText(text: string): TosStanceResult {
  if (text.trim() === '') return { stance: 'unknown', excerpt: null };
  let best: TosStanceResult = { stance: 'silent', excerpt: null };
  for (const s of sentences(text)) {
    // Very long "sentences" are navigation or minified text; reading a window keeps the regexes cheap.
    const sentence = s.length > 4000 ? s.slice(0, 4000) : s;
    if (subjectAt(sentence) < 0) continue;
    let stance: TosStance | null = null;
    if (FORBID.test(sentence)) stance = UNLESS.test(sentence) ? 'restricts' : 'prohibits';
    else if (UNLESS.test(sentence)) stance = 'restricts';
    else if (ALLOW.test(sentence)) stance = 'permits';
    if (stance !== null && RANK[stance] > RANK[best.stance]) {
      best = { stance, excerpt: excerptOf(sentence) };
      if (stance === 'prohibits') break;
    }
  }
  return best;
}

/**
 * The terms page when it can be read (classification.md section 1, "2xx HTML or text"): a 2xx
 * answer typed text/*, XHTML, or untyped; else null. `has_tos` and tosStance share this rule.
 */
export function readableTerms(result: FetchResult | null): FetchResponse | null {
  const r = successfulResponse(result);
  if (r === null) return null;
  const ct = r.contentType ?? '';
  return ct === '' || ct.startsWith('text/') || ct === 'application/xhtml+xml' ? r : null;
}

/** The terms' position from the fetched terms page: `unknown` unless it is readable (readableTerms). */
export function tosStance(result: FetchResult | null): TosStanceResult {
  const r = readableTerms(result);
  if (r === null) return { stance: 'unknown', excerpt: null };
  const ct = r.contentType ?? '';
  const html = ct === 'text/html' || ct === 'application/xhtml+xml' || (ct === '' && r.body.trimStart().startsWith('<'));
  return tosStanceFromText(html ? htmlToText(r.body) : r.body);
}

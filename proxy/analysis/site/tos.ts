/**
 * Terms of service: the link to follow from the homepage (classification.md section 1) and two
 * facts the terms state (sections 6 and 11), each with the sentence that decided it:
 * - AI use (`tos_ai_stance`): training or improving AI or machine-learning models, generative
 *   AI, text and data mining (an Article 4 CDSM reservation counts);
 * - automated access (`tos_automated_access`): robots, spiders, scrapers, crawlers, automated
 *   means. A clause naming both speaks to both; one naming only robots says nothing of AI.
 * Values: `prohibits` (forbidden), `restricts` (only with permission, a licence or within
 * limits), `permits` (expressly allowed), `silent` (terms read, no clause on it), `unknown`
 * (no terms could be read). The most restrictive clause found decides each fact.
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
  /** The deciding clause's section number or heading, null when none (or silent/unknown). */
  section: string | null;
}

/** What the terms say of AI use, and of automated access (robots, scrapers), apart. */
export interface TermsReading {
  ai: TosStanceResult;
  automatedAccess: TosStanceResult;
}

const EXCERPT_MAX = 400;

/** AI use: training or improving models, generative AI, text and data mining. */
const AI_SUBJECT = /artificial intelligence|machine[- ]learning|(?:large )?language models?|neural networks?|generative|\btrain(?:ing)?\b[^.]{0,60}\b(?:models?|algorithms?|systems?|software|datasets?)\b|text (?:and|&) data mining/i;
/** Abbreviations only as capitals: a case-insensitive `ai` is an everyday word in Italian and French. */
const AI_SUBJECT_CAPS = /\b(?:AI|A\.I\.|LLMs?|TDM)\b/;
/** Automated access: robots, spiders, scrapers, crawlers, harvesting, data mining tools, automated means. */
const ACCESS_SUBJECT = /(?<!text (?:and|&) )data[- ]mining|scrap(?:e|es|ed|ing|ers?)\b|\bcrawl(?:s|ed|ing|ers?)?\b|\bspiders?\b|\brobots?\b|harvest(?:s|ed|ing)?\b|automated (?:means|tools?|systems?|software|scripts?|programs?|processes|queries|access)|\bbots?\b/i;

const firstOf = (a: number, b: number): number => (a < 0 ? b : b < 0 ? a : Math.min(a, b));
const aiSubjectAt = (s: string): number => firstOf(s.search(AI_SUBJECT), s.search(AI_SUBJECT_CAPS));
const accessSubjectAt = (s: string): number => s.search(ACCESS_SUBJECT);
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

function excerptOf(sentence: string, subjectAt: number): string {
  if (sentence.length <= EXCERPT_MAX) return sentence;
  // Keep the part around the subject word, which is what a reader needs to see.
  const at = Math.max(0, subjectAt - 150);
  const cut = sentence.slice(at, at + EXCERPT_MAX - 2);
  return `${at > 0 ? '…' : ''}${cut}…`.slice(0, EXCERPT_MAX);
}

const RANK: Readonly<Record<TosStance, number>> = { prohibits: 4, restricts: 3, permits: 2, silent: 1, unknown: 0 };

/** What one sentence says of its subject: forbids, restricts, permits, or nothing. */
function sentenceStance(sentence: string): TosStance | null {
  if (FORBID.test(sentence)) return UNLESS.test(sentence) ? 'restricts' : 'prohibits';
  if (UNLESS.test(sentence)) return 'restricts';
  if (ALLOW.test(sentence)) return 'permits';
  return null;
}

const UNKNOWN: TosStanceResult = { stance: 'unknown', excerpt: null, section: null };
const SILENT: TosStanceResult = { stance: 'silent', excerpt: null, section: null };

/** The terms' two facts from their plain text. */
export function termsFromText(text: string): TermsReading {
  if (text.trim() === '') return { ai: UNKNOWN, automatedAccess: UNKNOWN };
  let ai = SILENT;
  let access = SILENT;
  for (const s of sentences(text)) {
    if (ai.stance === 'prohibits' && access.stance === 'prohibits') break;
    // Very long "sentences" are navigation or minified text; reading a window keeps the regexes cheap.
    const sentence = s.length > 4000 ? s.slice(0, 4000) : s;
    const aiAt = aiSubjectAt(sentence);
    const accessAt = accessSubjectAt(sentence);
    if (aiAt < 0 && accessAt < 0) continue;
    const stance = sentenceStance(sentence);
    if (stance === null) continue;
    if (aiAt >= 0 && RANK[stance] > RANK[ai.stance]) ai = { stance, excerpt: excerptOf(sentence, aiAt), section: null };
    if (accessAt >= 0 && RANK[stance] > RANK[access.stance]) access = { stance, excerpt: excerptOf(sentence, accessAt), section: null };
  }
  return { ai, automatedAccess: access };
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

/** The terms' two facts from the fetched terms page: `unknown` unless it is readable (readableTerms). */
export function readTerms(result: FetchResult | null): TermsReading {
  const r = readableTerms(result);
  if (r === null) return { ai: UNKNOWN, automatedAccess: UNKNOWN };
  const ct = r.contentType ?? '';
  const html = ct === 'text/html' || ct === 'application/xhtml+xml' || (ct === '' && r.body.trimStart().startsWith('<'));
  return termsFromText(html ? htmlToText(r.body) : r.body);
}

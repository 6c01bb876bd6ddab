/**
 * Site facts of a crawled domain (seed "site" object and the full record's site fields):
 * CDN, Cloudflare proxy, CMS, paywall, terms of service and their AI stance, markdown for
 * agents, and whether the homepage was a bot challenge. Pure: reads the Evidence only.
 */
import type { Evidence, FetchResponse } from '../evidence.js';
import { scanHtml, type HtmlScan } from '../html/scan.js';
import { detectCdn } from './cdn.js';
import { detectChallenge, type ChallengeFacts } from './challenge.js';
import { detectCms } from './cms.js';
import { detectMarkdownForAgents, type MarkdownFacts } from './markdown.js';
import { detectPaywall } from './paywall.js';
import { tosStance, type TosStanceResult } from './tos.js';
import type { TosStance } from '../../../shared/values.js';

export { CDN_RULES, detectCdn, type CdnFacts } from './cdn.js';
export { detectChallenge, type ChallengeFacts } from './challenge.js';
export { detectCms, type CmsFacts } from './cms.js';
export { detectMarkdownForAgents, parseLinkHeader, type LinkValue, type MarkdownFacts } from './markdown.js';
export { detectPaywall, type PaywallFacts } from './paywall.js';
export { findTosLink, tosStance, tosStanceFromText, type TosLink, type TosStanceResult } from './tos.js';

export interface SiteFacts {
  cdn: string | null;
  cdnEvidence: string | null;
  behindCdnvendor: boolean;
  cms: string | null;
  cmsEvidence: string | null;
  hasPaywall: boolean;
  paywallEvidence: string | null;
  hasTos: boolean;
  tosUrl: string | null;
  tosAiStance: TosStance;
  /** The sentence that decided `tosAiStance` (≤ 400 characters), or null. */
  tosExcerpt: string | null;
  markdownForAgents: MarkdownFacts;
  /** The homepage answered with a bot challenge or block page. */
  homepageChallenge: ChallengeFacts;
}

/** The homepage as HTML to read: a response whose type is HTML or whose body starts with `<`. */
export function homepageHtml(home: FetchResponse | null): string {
  if (home === null) return '';
  const ct = home.contentType ?? '';
  if (ct === 'text/html' || ct === 'application/xhtml+xml' || home.body.trimStart().startsWith('<')) return home.body;
  return '';
}

/** Site facts from the evidence; pass `scan` when the homepage was already scanned. */
export function analyzeSite(evidence: Evidence, scan?: HtmlScan | null): SiteFacts {
  const home = evidence.homepage.kind === 'response' ? evidence.homepage : null;
  const headers = home?.headers ?? {};
  const html = homepageHtml(home);
  const page = scan !== undefined ? scan : html === '' ? null : scanHtml(html);
  const cdn = detectCdn(headers);
  const cms = detectCms(headers, page, html);
  const paywall = detectPaywall(page);
  // A terms page counts as read only when it answered 2xx HTML or text (classification.md section 1).
  const tos: TosStanceResult = evidence.tos === null ? { stance: 'unknown', excerpt: null } : tosStance(evidence.tos);
  return {
    cdn: cdn.cdn,
    cdnEvidence: cdn.evidence,
    behindCdnvendor: cdn.behindCdnvendor,
    cms: cms.cms,
    cmsEvidence: cms.evidence,
    hasPaywall: paywall.hasPaywall,
    paywallEvidence: paywall.evidence,
    hasTos: evidence.tosUrl !== null,
    tosUrl: evidence.tosUrl,
    tosAiStance: tos.stance,
    tosExcerpt: tos.excerpt,
    markdownForAgents: detectMarkdownForAgents(evidence.markdown, headers, page),
    homepageChallenge: home === null ? { challenged: false, vendor: null, evidence: null } : detectChallenge(home),
  };
}

/**
 * Site-fact detectors of a crawled domain (seed "site" object and the full record's site
 * fields): CDN, CDN proxy, CMS, paywall, terms of service and their AI stance, markdown for
 * agents, bot challenges. Pure. Reading them from a crawl's Evidence is done once, by
 * classify/read-evidence.ts.
 */
export { CDN_RULES, detectCdn, type CdnFacts } from './cdn.js';
export { detectChallenge, type ChallengeFacts } from './challenge.js';
export { detectCms, type CmsFacts } from './cms.js';
export { detectMarkdownForAgents, parseLinkHeader, type LinkValue, type MarkdownFacts } from './markdown.js';
export { detectPaywall, type PaywallFacts } from './paywall.js';
export {
  findTosLink,
  readableTerms,
  readTerms,
  termsFromText,
  termsLink,
  type TermsReading,
  type TosLink,
  type TosStanceResult,
} from './tos.js';

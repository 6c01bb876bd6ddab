/**
 * Evidence → the facts classify() decides on: every raw response goes through the one parser
 * that owns its "found" rule (docs/policy.md section 1), so this module only wires them.
 */
import type { RobotsOutcome } from '../../../shared/values.js';
import type { Evidence, FetchResponse, FetchResult } from '../evidence.js';
import { scanPage } from '../html/page-scan.js';
import type { HtmlScan } from '../html/scan.js';
import { MAX_ROBOTS_BYTES, parseRobotsTxt, type RobotsTxt } from '../../../shared/robots/index.js';
import { analyzeAgentsJson, type AgentsJsonResult } from '../signals/agents-json.js';
import { analyzeAiTxt, type AiTxtResult } from '../signals/ai-txt.js';
import { extractContentSignals, type ContentSignals } from '../signals/content-signals.js';
import { analyzeLlmsTxt, type LlmsTxtResult } from '../signals/llms-txt.js';
import { pageMeta, type PageMeta } from '../signals/meta.js';
import { isSuccess } from '../signals/response.js';
import { resolveTdmrep, type TdmrepResult } from '../signals/tdmrep.js';
import { detectCdn, type CdnFacts } from '../site/cdn.js';
import { detectChallenge, type ChallengeFacts } from '../site/challenge.js';
import { detectCms, type CmsFacts } from '../site/cms.js';
import { detectMarkdownForAgents, type MarkdownFacts } from '../site/markdown.js';
import { detectPaywall, type PaywallFacts } from '../site/paywall.js';
import { readableTerms, readTerms, type TermsReading } from '../site/tos.js';
import { readLicence, type LicenceFacts } from './licence.js';
import { pageFetch, type PageFetch } from './page-fetch.js';
import { robotsOutcome } from './robots-outcome.js';

export interface Facts {
  evidence: Evidence;
  /**
   * Some request to the host got an HTTP answer: any file or page, any status, a redirect
   * included (a redirect loop or a bad redirect is an answer too). False only when nothing
   * answered (docs/policy.md section 11, "unreachable means nothing answered").
   */
  hostAnswered: boolean;
  /** The homepage answer (any status), or null when there was no HTTP answer. */
  homepage: FetchResponse | null;
  /** Why there was no homepage answer, when there was none. */
  homepageFetch: PageFetch;
  homepageHeaders: Readonly<Record<string, string>>;
  scan: HtmlScan | null;
  robotsOutcome: RobotsOutcome;
  /** When robots.txt is blocked by a challenge page, what gave it away. */
  robotsChallenge: ChallengeFacts | null;
  /** Parsed robots.txt when the outcome is `ok`, else null. */
  robots: RobotsTxt | null;
  /** The raw text that was parsed (first 500 KiB), null unless `ok`. */
  robotsText: string | null;
  contentSignals: ContentSignals;
  tdmrep: TdmrepResult;
  aiTxt: AiTxtResult;
  llms: LlmsTxtResult;
  agents: AgentsJsonResult;
  meta: PageMeta;
  cdn: CdnFacts;
  cms: CmsFacts;
  paywall: PaywallFacts;
  markdown: MarkdownFacts;
  /** What the terms say of AI use and of automated access, apart (docs/policy.md section 11). */
  tos: TermsReading;
  /** The terms page answered 2xx with HTML or text. */
  hasTos: boolean;
  /** The RSL licence the site names, read or not (docs/policy.md section 15); null when it names none. */
  licence: LicenceFacts | null;
}

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** The body up to RFC 9309's 500 KiB floor; the parser caps again by octets, this keeps the stored copy bounded. */
const capText = (s: string): string => (s.length > MAX_ROBOTS_BYTES ? s.slice(0, MAX_ROBOTS_BYTES) : s);

export function readEvidence(evidence: Evidence): Facts {
  const homepage = evidence.homepage.kind === 'response' ? evidence.homepage : null;
  const homepageHeaders = homepage?.headers ?? NO_HEADERS;
  // A 2xx HTML homepage is scanned, once per crawl: the crawler's terms-link search made the scan.
  const scan = scanPage(homepage);

  const robotsResponse = evidence.robots.kind === 'response' ? evidence.robots : null;
  // Only a 2xx answer can be a challenge page; it is tested once and kept for the explanation.
  const challenge =
    robotsResponse !== null && isSuccess(robotsResponse.status) ? detectChallenge(robotsResponse) : null;
  const robotsChallenge = challenge?.challenged ? challenge : null;
  const outcome = robotsOutcome(evidence.robots, robotsChallenge !== null);
  const readable = outcome === 'ok' && robotsResponse !== null;
  // The parser gets the whole body so it can report truncation itself (RFC 9309 section 2.5).
  const robots = readable ? parseRobotsTxt(robotsResponse.body) : null;
  const robotsText = readable ? capText(robotsResponse.body) : null;

  return {
    evidence,
    hostAnswered: hostAnswered(evidence),
    homepage,
    homepageFetch: pageFetch(evidence.homepage),
    homepageHeaders,
    scan,
    robotsOutcome: outcome,
    robotsChallenge,
    robots,
    robotsText,
    contentSignals: extractContentSignals(robots, homepage === null ? null : homepageHeaders),
    tdmrep: resolveTdmrep({ file: evidence.tdmrep, headers: homepageHeaders, metas: scan?.metas ?? [], path: '/' }),
    aiTxt: analyzeAiTxt(evidence.aiTxt),
    llms: analyzeLlmsTxt(evidence.llms),
    agents: analyzeAgentsJson(evidence.agents),
    meta: pageMeta(scan, homepageHeaders),
    cdn: detectCdn(homepageHeaders),
    cms: detectCms(homepageHeaders, scan, scan === null ? '' : (homepage?.body ?? '')),
    paywall: detectPaywall(scan),
    markdown: detectMarkdownForAgents(evidence.markdown, homepageHeaders, scan),
    tos: readTerms(evidence.tos),
    hasTos: readableTerms(evidence.tos) !== null,
    licence: readLicence({ evidence, robots, scan, headers: homepage === null ? null : homepageHeaders }),
  };
}

/** Failures that happen after the host answered (with redirects). */
const ANSWERED_FAILURES = new Set(['too_many_redirects', 'bad_redirect']);

function hostAnswered(e: Evidence): boolean {
  const results: FetchResult[] = [
    e.homepage,
    e.robots,
    e.llms,
    e.aiTxt,
    e.tdmrep,
    e.agents,
    e.markdown,
    ...(e.tos === null ? [] : [e.tos]),
  ];
  return results.some((r) => r.kind === 'response' || (r.kind === 'failed' && ANSWERED_FAILURES.has(r.reason)));
}

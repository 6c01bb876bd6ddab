/**
 * Evidence → the facts classify() decides on: every raw response goes through the one parser
 * that owns its "found" rule (docs/policy.md section 1), so this module only wires them. The
 * documents are read one at a time, each announced to `watch` first (the analysis pool times
 * each against its budget: proxy/analysis-pool/), and a document the evidence marks not read
 * (`evidence.notRead`) is not read at all: robots.txt as unreadable, the homepage's markup as
 * absent (its headers are read), the terms as unknown, any other file as not found.
 */
import type { FetchedFile, RobotsOutcome } from '../../../shared/values.js';
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
import { documentOf } from './not-read.js';
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
  /** robots.txt answered but was not read (evidence.notRead): its rules are unknown (outcome `blocked`). */
  robotsNotRead: boolean;
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
  /** The documents not read (evidence.notRead), by file. */
  notRead: ReadonlySet<FetchedFile>;
}

/** Told which document is read next, before its reading starts (the pool's budget clock). */
export interface ReadingWatch {
  reading(file: FetchedFile): void;
}

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** The body up to RFC 9309's 500 KiB floor; the parser caps again by octets, this keeps the stored copy bounded. */
const capText = (s: string): string => (s.length > MAX_ROBOTS_BYTES ? s.slice(0, MAX_ROBOTS_BYTES) : s);

type RobotsFacts = Pick<Facts, 'robotsOutcome' | 'robotsNotRead' | 'robotsChallenge' | 'robots' | 'robotsText'>;

/** robots.txt: its outcome, challenge page and rules (the parser gets the whole body: RFC 9309 section 2.5). */
function readRobots(evidence: Evidence, unread: boolean): RobotsFacts {
  const robotsResponse = evidence.robots.kind === 'response' ? evidence.robots : null;
  if (unread && robotsResponse !== null)
    return { robotsOutcome: 'blocked', robotsNotRead: true, robotsChallenge: null, robots: null, robotsText: null };
  // Only a 2xx answer can be a challenge page; it is tested once and kept for the explanation.
  const challenge =
    robotsResponse !== null && isSuccess(robotsResponse.status) ? detectChallenge(robotsResponse) : null;
  const robotsChallenge = challenge?.challenged ? challenge : null;
  const outcome = robotsOutcome(evidence.robots, robotsChallenge !== null);
  const readable = outcome === 'ok' && robotsResponse !== null;
  return {
    robotsOutcome: outcome,
    robotsNotRead: false,
    robotsChallenge,
    robots: readable ? parseRobotsTxt(robotsResponse.body) : null,
    robotsText: readable ? capText(robotsResponse.body) : null,
  };
}

type PageFacts = Pick<Facts, 'scan' | 'meta' | 'cms' | 'paywall' | 'markdown'>;

/** The homepage's markup (scanned once per crawl: the crawler's terms-link search made the scan); headers only when not read. */
function readHomepage(evidence: Evidence, homepage: FetchResponse | null, unread: boolean): PageFacts {
  const headers = homepage?.headers ?? NO_HEADERS;
  const scan = unread ? null : scanPage(homepage);
  return {
    scan,
    meta: pageMeta(scan, headers),
    cms: detectCms(headers, scan, scan === null ? '' : (homepage?.body ?? '')),
    paywall: detectPaywall(scan),
    markdown: detectMarkdownForAgents(evidence.markdown, headers, scan),
  };
}

export function readEvidence(evidence: Evidence, watch?: ReadingWatch): Facts {
  const notRead = new Set<FetchedFile>((evidence.notRead ?? []).map((n) => n.file));
  /** Reads one document, told to `watch` first when there is one to read (an answer, not marked not read). */
  const doc = <T>(file: FetchedFile, read: () => T): T => {
    if (!notRead.has(file) && documentOf(evidence, file)?.kind === 'response') watch?.reading(file);
    return read();
  };
  /** The answer of a file to read, null (as if absent) for one not read. */
  const file = (name: FetchedFile, result: FetchResult): FetchResult | null => (notRead.has(name) ? null : result);
  const homepage = evidence.homepage.kind === 'response' ? evidence.homepage : null;
  const homepageHeaders = homepage?.headers ?? NO_HEADERS;

  const robots = doc('robots_txt', () => readRobots(evidence, notRead.has('robots_txt')));
  const contentSignals = extractContentSignals(robots.robots, homepage === null ? null : homepageHeaders);
  const page = doc('homepage', () => readHomepage(evidence, homepage, notRead.has('homepage')));
  const metas = page.scan?.metas ?? [];
  return {
    evidence,
    hostAnswered: hostAnswered(evidence),
    homepage,
    homepageFetch: pageFetch(evidence.homepage),
    homepageHeaders,
    ...robots,
    contentSignals,
    ...page,
    cdn: detectCdn(homepageHeaders),
    tdmrep: doc('tdmrep', () =>
      resolveTdmrep({ file: file('tdmrep', evidence.tdmrep), headers: homepageHeaders, metas, path: '/' }),
    ),
    aiTxt: doc('ai_txt', () => analyzeAiTxt(file('ai_txt', evidence.aiTxt))),
    llms: doc('llms_txt', () => analyzeLlmsTxt(file('llms_txt', evidence.llms))),
    agents: doc('agents_json', () => analyzeAgentsJson(file('agents_json', evidence.agents))),
    tos: doc('terms', () => (notRead.has('terms') ? UNREAD_TERMS : readTerms(evidence.tos))),
    hasTos: readableTerms(evidence.tos) !== null,
    licence: doc('rsl', () =>
      readLicence({
        evidence,
        robots: robots.robots,
        scan: page.scan,
        headers: homepage === null ? null : homepageHeaders,
        notRead: notRead.has('rsl'),
      }),
    ),
    notRead,
  };
}

/** Terms not read: both stances unknown (docs/policy.md section 6), as for terms that could not be fetched. */
const UNREAD_TERMS: TermsReading = readTerms(null);

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

/**
 * What the analysis pool's workers run (worker.ts): every reading of a crawled document, so
 * none runs on a thread that answers requests. Each task announces the document it reads
 * before reading it (`watch`), and the pool (pool.ts) times each document against its budget.
 * Inputs and results are plain data: they cross threads by structured clone.
 */
import { matchPath, parseRobotsTxt, type PathDecision, type RobotsTxt } from '../../shared/robots/index.js';
import type { DomainPolicyFound } from '../../shared/schemas.js';
import type { FetchedFile, RobotsOutcome } from '../../shared/values.js';
import type { Classification } from '../analysis/classification.js';
import { classify, type ReadingWatch } from '../analysis/classify/index.js';
import type { Evidence, FetchResult } from '../analysis/evidence.js';
import { licenceRefOf } from '../analysis/classify/licence.js';
import type { LicenceRef } from '../analysis/signals/rsl-discovery.js';
import { looksLikeTerms, termsLink, termsWorthProbing } from '../analysis/site/tos.js';
import { isValidClassification } from './valid.js';

/** The homepage's terms link, or whether the usual places are worth a try when it links none. */
export interface TermsLead {
  url: string | null;
  /** No link, and the homepage is a page whose links could be read (site/tos.ts termsWorthProbing). */
  probe: boolean;
}

/**
 * The reading of a whole crawl (classify()): `all` the three records; `early` only the summary
 * and robots.txt's outcome (an early answer keeps no more, and a large full record is slow to
 * copy to the thread that answers); `valid` the records, or null when they are not valid
 * records (the re-derivation at start, valid.ts).
 */
export type ClassifyAnswer = 'all' | 'early' | 'valid';

export interface EarlyReading {
  summary: DomainPolicyFound;
  robotsStatus: RobotsOutcome;
}

export type AnalysisTask =
  | { kind: 'classify'; evidence: Evidence; answer: ClassifyAnswer }
  /**
   * robots.txt parsed and asked about one path for `token` (the crawler's own gate). The text
   * goes with each question (one string copies in no time; the parsed rules of a large file
   * are many objects, slow to copy on the thread that answers), and each worker keeps the
   * last few files it parsed.
   */
  | { kind: 'robots-match'; body: string; token: string; path: string }
  | { kind: 'terms-link'; homepage: FetchResult; domain: string }
  | { kind: 'looks-like-terms'; page: FetchResult }
  /** The RSL licence robots.txt or the homepage names (classify/licence.ts licenceRefOf). */
  | { kind: 'licence-ref'; robots: FetchResult; homepage: FetchResult };

export interface TaskResults {
  classify: Classification | EarlyReading | null;
  'robots-match': PathDecision;
  'terms-link': TermsLead;
  'looks-like-terms': boolean;
  'licence-ref': LicenceRef | null;
}

export type TaskKind = AnalysisTask['kind'];
export type TaskOf<K extends TaskKind> = Extract<AnalysisTask, { kind: K }>;

/** The one document a single-document task reads (classify announces its own, one by one). */
export const TASK_DOCUMENT: Readonly<Record<Exclude<TaskKind, 'classify'>, FetchedFile>> = {
  'robots-match': 'robots_txt',
  'terms-link': 'homepage',
  'looks-like-terms': 'terms',
  // robots.txt's License lines are most of the reading (the homepage's scan is the terms link's too).
  'licence-ref': 'robots_txt',
};

/** Files parsed lately by this worker, most recent last: a crawl asks about a few paths of the same file. */
const parsed = new Map<string, RobotsTxt>();
const KEPT = 4;

function robotsOf(body: string): RobotsTxt {
  let robots = parsed.get(body);
  if (robots === undefined) {
    robots = parseRobotsTxt(body);
    if (parsed.size >= KEPT) parsed.delete(parsed.keys().next().value!);
  } else parsed.delete(body);
  parsed.set(body, robots);
  return robots;
}

export function runTask(task: AnalysisTask, watch: ReadingWatch): TaskResults[TaskKind] {
  if (task.kind === 'classify') {
    const c = classify(task.evidence, watch);
    if (task.answer === 'early') return { summary: c.summary, robotsStatus: c.full.robots_txt_status };
    return task.answer === 'valid' && !isValidClassification(c) ? null : c;
  }
  watch.reading(TASK_DOCUMENT[task.kind]);
  switch (task.kind) {
    case 'robots-match':
      return matchPath(robotsOf(task.body), task.token, task.path);
    case 'terms-link': {
      const url = termsLink(task.homepage, task.domain)?.url ?? null;
      return { url, probe: url === null && termsWorthProbing(task.homepage) };
    }
    case 'looks-like-terms':
      return looksLikeTerms(task.page);
    case 'licence-ref':
      return licenceRefOf(task.robots, task.homepage);
  }
}

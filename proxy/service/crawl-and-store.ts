/**
 * One check of a domain, from crawl to store: the crawl (with its early answer while the terms
 * are read, pending/), today's rules over its evidence (on the analysis pool, never on this
 * thread; a document given up there is stored in the evidence as not read), the failed-check decision
 * (docs/policy.md section 8: a failure keeps the earlier good record and is retried on a
 * backoff), one log line, and one storing transaction. Queue jobs and `analyseNow` both run it.
 */
import type { DocumentNotRead, Evidence, EvidenceSource } from '../analysis/evidence.js';
import type { AnalysisPool } from '../analysis-pool/index.js';
import { logCrawl } from '../crawler/crawl-log.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { crawlFailure } from './crawl-failure.js';
import type { PendingAnswers } from './pending/index.js';
import type { RecordStore, StoreOutcome } from './store/registry-store.js';

export interface CrawlAndStoreDeps {
  crawler: EvidenceSource;
  analysis: Pick<AnalysisPool, 'classify'>;
  records: RecordStore;
  pending: PendingAnswers;
  clock: Clock;
  log: Logger;
  retryDelaysMs: readonly number[];
  /** A failed check's retry was scheduled: the workers set their timer for it. */
  retryScheduled: () => void;
}

export type CrawlAndStore = (domain: string, signal?: AbortSignal) => Promise<StoreOutcome>;

export function crawlAndStore(d: CrawlAndStoreDeps): CrawlAndStore {
  return (domain, signal) =>
    d.pending.during(domain, async (onEarly) => {
      const started = performance.now();
      const crawled = await d.crawler.crawl(domain, signal, onEarly);
      // An aborted crawl returns failures that are ours, not the site's: never store them.
      if (signal?.aborted) throw signal.reason ?? new Error('aborted');
      // What the early answer's reading gave up is not tried again (the same documents, the same budget).
      const known = await d.pending.givenUp(domain);
      const { evidence, classification } = await d.analysis.classify(withNotRead(crawled, known));
      const failure = crawlFailure(evidence, classification.full.robots_txt_status);
      logCrawl(d.log, evidence, classification.summary.stance, performance.now() - started);
      const outcome = await d.records.storeCrawl({
        evidence,
        classification,
        nowMs: d.clock.now(),
        failure,
        retryDelaysMs: d.retryDelaysMs,
      });
      if (failure)
        d.log.info(
          { domain, cause: failure.cause, kept: !outcome.current, retryAt: outcome.nextRetryMs },
          'check failed',
        );
      // The pool sets its timer for the retry (a crawl outside the queue, analyseNow, has no job of its own).
      if (outcome.nextRetryMs !== null) d.retryScheduled();
      return outcome;
    });
}

/** The evidence with these documents also marked not read (each file once). */
function withNotRead(evidence: Evidence, more: readonly DocumentNotRead[]): Evidence {
  const have = new Set((evidence.notRead ?? []).map((n) => n.file));
  const add = more.filter((n) => !have.has(n.file));
  return add.length === 0 ? evidence : { ...evidence, notRead: [...(evidence.notRead ?? []), ...add] };
}

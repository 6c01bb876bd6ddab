/**
 * The lookup service in-process (api.ts): registry reads are synchronous SQLite queries;
 * unknown domains are enqueued once and answered `found: false, queued: true`; stale records
 * are served and re-crawled in the background. The HTTP surface, the CLI and the gateway's
 * embedded source all go through this object.
 */
import type Database from 'better-sqlite3';
import type { Domain } from '../../shared/domain.js';
import type { BatchResult, DomainPolicyUnknown } from '../../shared/schemas.js';
import { classify } from '../analysis/index.js';
import { logCrawl } from '../crawler/crawl-log.js';
import { systemClock } from '../lib/clock.js';
import { createLogger, type Logger } from '../lib/logger.js';
import type { LookupService, LookupServiceOptions } from './api.js';
import { buildHistory } from './preview/history.js';
import { JobQueue, PRIORITY_NEW, PRIORITY_REFRESH } from './queue/job-queue.js';
import { CrawlWorkers } from './queue/workers.js';
import { openRegistry } from './registry/open.js';
import { RecordStore } from './registry/records.js';
import { DomainSearch } from './registry/search.js';

const DAY_MS = 86_400_000;
/** How often the whole registry is swept for records older than REFRESH_DAYS. */
const SWEEP_EVERY_MS = 3_600_000;
const SWEEP_BATCH = 1_000;

/** The service plus its database, which the HTTP app needs for keys and the preview router. */
export interface EmbeddedLookupService extends LookupService {
  readonly db: Database.Database;
}

export interface EmbeddedOptions extends LookupServiceOptions {
  logger?: Logger;
  /** Start the worker pool (default true). The CLI analyses one domain without it. */
  workers?: boolean;
}

export function createLookupService(opts: EmbeddedOptions): EmbeddedLookupService {
  const clock = opts.clock ?? systemClock;
  const log = opts.logger ?? createLogger('lookup-service');
  const refreshMs = (opts.refreshDays ?? 7) * DAY_MS;
  const db = openRegistry(opts.dataDir);
  const records = new RecordStore(db);
  const finder = new DomainSearch(db);
  const queue = new JobQueue(db);

  const crawlAndStore = async (domain: string, signal?: AbortSignal) => {
    const started = performance.now();
    const evidence = await opts.crawler.crawl(domain, signal);
    // An aborted crawl returns failures that are ours, not the site's: never store them.
    if (signal?.aborted) throw signal.reason ?? new Error('aborted');
    const classification = classify(evidence);
    logCrawl(log, evidence, classification.summary.stance, performance.now() - started);
    return records.store(evidence, classification, clock.now());
  };
  const workers = new CrawlWorkers(queue, async (d, s) => void (await crawlAndStore(d, s)), opts.crawlConcurrency ?? 8, log);
  const runWorkers = opts.workers ?? true;

  const enqueue = (domain: string, priority: number) => {
    if (queue.enqueue(domain, priority, clock.now()) && runWorkers) workers.kick();
  };
  const unknown = (domain: Domain): DomainPolicyUnknown => {
    enqueue(domain, PRIORITY_NEW);
    return { domain, found: false, queued: true };
  };
  /** Serves what is stored; a record older than REFRESH_DAYS is also re-crawled, once. */
  const served = <T extends { lastCrawledMs: number }>(domain: Domain, rec: T | undefined): T | undefined => {
    if (rec && clock.now() - rec.lastCrawledMs > refreshMs) enqueue(domain, PRIORITY_REFRESH);
    return rec;
  };

  const recovered = queue.recover();
  if (recovered > 0) log.info({ recovered }, 'crawl jobs interrupted by the last stop are queued again');
  let sweep: NodeJS.Timeout | undefined;
  if (runWorkers) {
    const sweepStale = () => {
      const n = queue.enqueueStale(clock.now() - refreshMs, SWEEP_BATCH, clock.now());
      if (n > 0) log.info({ queued: n }, 'stale records queued for refresh');
      workers.kick();
    };
    sweepStale();
    sweep = setInterval(sweepStale, SWEEP_EVERY_MS);
    sweep.unref();
  }

  let closed = false;
  return {
    db,
    lookup(domain: Domain) {
      return served(domain, records.summary(domain))?.summary ?? unknown(domain);
    },
    full(domain: Domain) {
      return served(domain, records.full(domain))?.full ?? unknown(domain);
    },
    search(params) {
      return finder.search(params);
    },
    batch(domains: Domain[]) {
      const result: BatchResult = { domains: [], not_found: [] };
      for (const domain of new Set(domains)) {
        const r = this.lookup(domain);
        if (r.found) result.domains.push({ domain: r.domain, found: true, stance: r.stance, use_cases: r.use_cases, bots: r.bots });
        else result.not_found.push(domain);
      }
      return result;
    },
    policy(domain: Domain) {
      return served(domain, records.announced(domain))?.announced ?? unknown(domain);
    },
    score(domain: Domain) {
      const rec = served(domain, records.announced(domain))?.announced;
      return rec ? { domain, score: rec.score, last_crawled: rec.last_crawled } : unknown(domain);
    },
    history(domain: Domain) {
      return buildHistory(db, domain) ?? unknown(domain);
    },
    async analyseNow(domain: Domain) {
      return (await crawlAndStore(domain)).full;
    },
    status() {
      const q = queue.counts();
      return { ...records.counts(), queued: q.queued, crawling: q.running, workers: workers.concurrency };
    },
    idle: () => workers.idle(),
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      clearInterval(sweep);
      await workers.stop();
      db.close();
    },
  };
}

/**
 * The lookup service in-process (api.ts), composed of parts with one job each over the storage
 * port it is given (service-options.ts chooses it): reads (reads.ts, served.ts), who gets into
 * the crawl queue (admission.ts), one check from crawl to store (crawl-and-store.ts), answers on
 * their way (pending/: early answers, `whenAnalysed`, Check again), and the crawling this
 * process does (crawl-pool.ts: workers, sweep, retention, reclassify). Unknown domains are
 * queued and answered `found: false, queued: true`; stale records are served and re-crawled in
 * the background; a failed check keeps the earlier good record and is retried on a backoff
 * (docs/policy.md section 8). The HTTP surface, the CLIs and the gateway's embedded source
 * all go through this object.
 */
import { AnalysisPool } from '../analysis-pool/index.js';
import { systemClock } from '../lib/clock.js';
import { createLogger, type Logger } from '../lib/logger.js';
import { Admission } from './admission.js';
import { DEFAULT_QUEUE_LIMITS, RETRY_DELAYS_MS, type LookupService, type LookupServiceOptions } from './api.js';
import { crawlAndStore, type CrawlAndStore } from './crawl-and-store.js';
import { CrawlPool } from './crawl-pool.js';
import { withLastCheck } from './last-check.js';
import { LookupMarks } from './looked-up.js';
import { PendingAnswers } from './pending/index.js';
import { registryReads, previewReads, type RegistryReads, type PreviewReads, type ReadDeps } from './reads.js';
import { Reclassifier } from './reclassify.js';
import { DEFAULT_AUDIT_RETENTION_DAYS, Retention } from './retention.js';
import { Serving } from './served.js';
import type { RegistryStore } from './store/registry-store.js';

const DAY_MS = 86_400_000;

/** The service plus its store, which the HTTP app needs for keys and usage. */
export interface EmbeddedLookupService extends LookupService {
  readonly store: RegistryStore;
}

export interface EmbeddedOptions extends LookupServiceOptions {
  logger?: Logger;
  /**
   * Run crawl jobs in this process (default true). The CLI analyses one domain without them;
   * with PostgreSQL, `npm run service` leaves them to `npm run worker` unless SERVICE_CRAWLS=1.
   */
  workers?: boolean;
}

interface Parts extends ReadDeps {
  store: RegistryStore;
  pool: CrawlPool;
  check: CrawlAndStore;
  /** The service's own analysis pool when the program gave none (closed with the service). */
  ownAnalysis: AnalysisPool | null;
}

/** The parts, wired: each gets what it calls, the pool's kick reaching the workers once they run. */
function assemble(opts: EmbeddedOptions): Parts {
  const { store } = opts;
  const { records, queue } = store;
  const clock = opts.clock ?? systemClock;
  const log = opts.logger ?? createLogger('lookup-service');
  const refreshMs = (opts.refreshDays ?? 7) * DAY_MS;
  const ownAnalysis = opts.analysis === undefined ? new AnalysisPool({ log }) : null;
  const analysis = opts.analysis ?? ownAnalysis!;
  analysis.logTo(log);
  const pending = new PendingAnswers(records, analysis, log);
  const kick = () => pool.kick();
  const check = crawlAndStore({
    crawler: opts.crawler,
    analysis,
    records,
    pending,
    clock,
    log,
    retryDelaysMs: opts.retryDelaysMs ?? RETRY_DELAYS_MS,
    retryScheduled: kick,
  });
  const admission = new Admission(queue, opts.queueLimits ?? DEFAULT_QUEUE_LIMITS, clock, kick);
  const serving = new Serving({ admission, marks: new LookupMarks(store.maintenance, clock, log), clock, refreshMs });
  const retention = new Retention(
    store.maintenance,
    {
      auditDays: opts.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS,
      purgeUnusedDays: opts.purgeUnusedDays ?? null,
    },
    clock,
    log,
  );
  // Records made by older rules are re-derived from their evidence; ones without evidence are re-crawled.
  const reclassifier = new Reclassifier({
    records,
    log,
    analysis,
    recrawl: async (domains) => {
      for (const d of domains) await admission.refresh(d);
    },
  });
  const pool: CrawlPool = new CrawlPool({
    enabled: opts.workers ?? true,
    concurrency: opts.crawlConcurrency ?? 8,
    queue,
    run: async (d, s) => void (await check(d, s)),
    sweep: (cutoffMs, max) => admission.sweep(cutoffMs, max),
    refreshMs,
    passes: [retention, reclassifier],
    clock,
    log,
  });
  pool.start();
  return { store, records, preview: store.preview, serving, pending, admission, clock, pool, check, ownAnalysis };
}

/** The analysis controls and operations: waits, Check again, bulk checks, a crawl now, status, close. */
function controls(p: Parts): Omit<LookupService, keyof RegistryReads | keyof PreviewReads> {
  let closed = false;
  return {
    whenAnalysed: (domain, timeoutMs, signal, o) => p.pending.whenAnalysed(domain, timeoutMs, signal, o),
    recheck: (domain, o) => p.admission.recheck(domain, o?.client),
    async queueChecks(domains) {
      const known = await p.records.summaries(domains);
      const added = await p.admission.batch(domains.filter((d) => !known.has(d)));
      const refreshed = await p.admission.refreshMany(domains.filter((d) => known.has(d)));
      return domains.map((d) => added.has(d) || refreshed.has(d));
    },
    async analyseNow(domain) {
      const outcome = await p.check(domain);
      return withLastCheck(outcome.record.full, outcome.lastCheck);
    },
    async status() {
      const [r, q] = await Promise.all([p.records.counts(), p.store.queue.counts()]);
      return { ...r, queued: q.queued, crawling: q.running, retrying: q.retrying, workers: p.pool.concurrency };
    },
    idle: () => p.pool.idle(),
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await p.pool.stopPasses();
      p.pending.close();
      await p.pool.stopWorkers();
      await p.ownAnalysis?.close();
      await p.store.close();
    },
  };
}

export function createLookupService(opts: EmbeddedOptions): EmbeddedLookupService {
  const parts = assemble(opts);
  return { store: parts.store, ...registryReads(parts), ...previewReads(parts), ...controls(parts) };
}

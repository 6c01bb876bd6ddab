/**
 * The lookup service in-process (api.ts) over the storage port: unknown domains are queued
 * (admission.ts) and answered `found: false, queued: true`; stale records are served and
 * re-crawled in the background; a failed check keeps the earlier good record and is retried on
 * a backoff (classification.md section 8). The HTTP surface, the CLI and the gateway's embedded
 * source all go through this object.
 */
import type { ReadOptions } from '../../shared/api.js';
import { toBatchResult } from '../../shared/batch-result.js';
import type { Domain } from '../../shared/domain.js';
import type { DomainPolicy, DomainPolicyFound, DomainPolicyUnknown } from '../../shared/schemas.js';
import type { Evidence } from '../analysis/evidence.js';
import { classify } from '../analysis/index.js';
import { logCrawl } from '../crawler/crawl-log.js';
import { systemClock } from '../lib/clock.js';
import { createLogger, type Logger } from '../lib/logger.js';
import { Admission } from './admission.js';
import { DEFAULT_QUEUE_LIMITS, RETRY_DELAYS_MS, type LookupService, type LookupServiceOptions } from './api.js';
import { crawlFailure } from './crawl-failure.js';
import { withLastCheck } from './last-check.js';
import { LookupMarks } from './looked-up.js';
import { Reclassifier } from './reclassify.js';
import { DEFAULT_AUDIT_RETENTION_DAYS, Retention } from './retention.js';
import type { CrawlRunner, RecordRead, RegistryStore } from './store/registry-store.js';
import { openSqliteStore } from './store/sqlite/open.js';
import { RecordWaiters } from './waiters.js';

const DAY_MS = 86_400_000;
/** How often the whole registry is swept for records older than REFRESH_DAYS. */
const SWEEP_EVERY_MS = 3_600_000;
const SWEEP_BATCH = 1_000;

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

export function createLookupService(opts: EmbeddedOptions): EmbeddedLookupService {
  const clock = opts.clock ?? systemClock;
  const log = opts.logger ?? createLogger('lookup-service');
  const refreshMs = (opts.refreshDays ?? 7) * DAY_MS;
  const retryDelaysMs = opts.retryDelaysMs ?? RETRY_DELAYS_MS;
  const store = opts.store ?? openSqliteStore(opts.dataDir);
  const { records, queue } = store;

  /**
   * Early answers of domains with no record yet, while their crawl reads the terms page (issue 11
   * part 1): the stance, verdicts and bots are final then, so a first visit need not wait for the
   * terms. Kept in this process only until the crawl is stored (or fails); never stored.
   */
  const early = new Map<string, DomainPolicyFound>();
  const publishEarly = (domain: string, partial: Evidence) => {
    try {
      const c = classify(partial);
      // A failed crawl (section 8) is kept apart and retried, never shown early.
      if (crawlFailure(partial, c.full.robots_txt_status)) return;
      early.set(domain, c.summary);
      waiters.answered(domain, true);
    } catch (err) {
      log.warn({ domain, err }, 'early answer could not be built; the crawl goes on');
    }
  };

  const crawlAndStore = async (domain: string, signal?: AbortSignal) => {
    try {
      return await crawlThenStore(domain, signal);
    } finally {
      early.delete(domain);
    }
  };
  const crawlThenStore = async (domain: string, signal?: AbortSignal) => {
    const started = performance.now();
    const evidence = await opts.crawler.crawl(domain, signal, (partial) => publishEarly(domain, partial));
    // An aborted crawl returns failures that are ours, not the site's: never store them.
    if (signal?.aborted) throw signal.reason ?? new Error('aborted');
    const classification = classify(evidence);
    const failure = crawlFailure(evidence, classification.full.robots_txt_status);
    logCrawl(log, evidence, classification.summary.stance, performance.now() - started);
    const outcome = await records.storeCrawl({ evidence, classification, nowMs: clock.now(), failure, retryDelaysMs });
    if (failure) log.info({ domain, cause: failure.cause, kept: !outcome.current, retryAt: outcome.nextRetryMs }, 'check failed');
    // The pool sets its timer for the retry (a crawl outside the queue, analyseNow, has no job of its own).
    if (outcome.nextRetryMs !== null) kickWorkers();
    return outcome;
  };
  const runWorkers = opts.workers ?? true;
  const concurrency = opts.crawlConcurrency ?? 8;
  let workers: CrawlRunner | undefined;
  const waiters = new RecordWaiters(records, (domain) => early.has(domain));
  // Workers look for work only once they run (SQLite: after jobs a killed process left running are queued again).
  const kickWorkers = () => {
    if (runWorkers) void started.then(() => workers?.kick(), () => undefined);
  };
  const admission = new Admission(queue, opts.queueLimits ?? DEFAULT_QUEUE_LIMITS, clock, kickWorkers);
  const marks = new LookupMarks(store.maintenance, clock, log);
  const retention = new Retention(
    store.maintenance,
    { auditDays: opts.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS, purgeUnusedDays: opts.purgeUnusedDays ?? null },
    clock,
    log,
  );
  // Records made by older rules are re-derived from their evidence; ones without evidence are re-crawled.
  const reclassifier = new Reclassifier({
    records,
    log,
    recrawl: async (domains) => {
      for (const d of domains) await admission.refresh(d);
    },
  });

  const unknown = async (domain: Domain, o?: ReadOptions): Promise<DomainPolicyUnknown> => {
    await admission.interactive(domain, o?.client);
    return { domain, found: false, queued: true };
  };
  /**
   * Serves what is stored; a record not checked for REFRESH_DAYS is also re-crawled, once. A
   * served record counts as looked up (the purge of unused domains reads that).
   */
  const served = async <T>(domain: Domain, rec: RecordRead<T> | undefined): Promise<RecordRead<T> | undefined> => {
    if (!rec) return rec;
    marks.mark([domain]);
    if (clock.now() - rec.checkedMs > refreshMs) await admission.refresh(domain);
    return rec;
  };
  const announced = async (domain: Domain) => (await served(domain, await records.announced(domain)))?.value;

  let sweep: NodeJS.Timeout | undefined;
  let closed = false;
  const started = (async () => {
    if (!runWorkers) return;
    workers = await queue.work(async (d, s) => void (await crawlAndStore(d, s)), { concurrency, log, clock });
    // Every process that crawls sweeps; with several workers the queue's one-job-per-domain rule keeps it to one refresh each.
    const sweepStale = async () => {
      const n = await admission.sweep(clock.now() - refreshMs, SWEEP_BATCH);
      if (n > 0) log.info({ queued: n }, 'stale records queued for refresh');
      workers?.kick();
    };
    await sweepStale();
    sweep = setInterval(() => void sweepStale().catch((err: unknown) => log.error({ err }, 'refresh sweep failed')), SWEEP_EVERY_MS);
    sweep.unref();
    if (!closed) retention.start();
    if (!closed) reclassifier.start();
  })();
  started.catch((err: unknown) => log.error({ err }, 'the crawl queue could not be started'));

  const service: EmbeddedLookupService = {
    store,
    async lookup(domain, o) {
      const rec = await served(domain, await records.summary(domain));
      return rec ? withLastCheck(rec.value, rec.lastCheck) : (early.get(domain) ?? unknown(domain, o));
    },
    async full(domain, o) {
      const rec = await served(domain, await records.full(domain));
      return rec ? withLastCheck(rec.value, rec.lastCheck) : unknown(domain, o);
    },
    search: (params) => records.search(params),
    async batch(domains, o) {
      const wanted = [...new Set(domains)];
      const found = await records.summaries(wanted);
      for (const [d, rec] of found) await served(d as Domain, rec);
      await admission.batch(wanted.filter((d) => !found.has(d) && !early.has(d)), o?.client);
      // Unknown domains stay in not_found whether queued or over the client's budget.
      return toBatchResult(wanted.map((d): DomainPolicy => found.get(d)?.value ?? early.get(d) ?? { domain: d, found: false, queued: true }));
    },
    async policy(domain, o) {
      return (await announced(domain)) ?? unknown(domain, o);
    },
    async score(domain, o) {
      const rec = await announced(domain);
      return rec ? { domain, score: rec.score, last_crawled: rec.last_crawled } : unknown(domain, o);
    },
    async history(domain, o) {
      const history = await store.preview.history(domain);
      if (!history) return unknown(domain, o);
      marks.mark([domain]);
      return history;
    },
    async signals(domain, o) {
      const raw = await store.preview.signals(domain);
      if (raw) {
        marks.mark([domain]);
        return raw;
      }
      return (await records.summary(domain)) ? null : unknown(domain, o);
    },
    previewSearch: (params) => store.preview.search(params),
    stats: () => store.preview.stats(clock.now()),
    whenAnalysed: (domain, timeoutMs, signal, o) => waiters.whenAnalysed(domain, timeoutMs, signal, o),
    recheck: (domain, o) => admission.recheck(domain, o?.client),
    async queueChecks(domains) {
      const known = await records.summaries(domains);
      const added = await admission.batch(domains.filter((d) => !known.has(d)));
      const refreshed = await admission.refreshMany(domains.filter((d) => known.has(d)));
      return domains.map((d) => added.has(d) || refreshed.has(d));
    },
    async analyseNow(domain) {
      const outcome = await crawlAndStore(domain);
      return withLastCheck(outcome.record.full, outcome.lastCheck);
    },
    async status() {
      const [r, q] = await Promise.all([records.counts(), queue.counts()]);
      return { ...r, queued: q.queued, crawling: q.running, retrying: q.retrying, workers: runWorkers ? concurrency : 0 };
    },
    async idle() {
      await started;
      return workers?.idle();
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await started.catch(() => undefined);
      clearInterval(sweep);
      await retention.stop();
      await reclassifier.stop();
      waiters.close();
      await workers?.stop();
      await store.close();
    },
  };
  return service;
}

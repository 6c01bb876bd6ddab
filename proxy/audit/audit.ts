/**
 * An audit session from start to results: the list read and the run's state opened
 * (prepareAudit), then the runner over the lookup service, then the results written, whether
 * the session finished or was stopped (runAudit). The entry point (main.ts) and the tests go
 * through these two; only where the service comes from differs (the embedded one retries on
 * auditRetryDelays).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { catalogueCounts } from '../../shared/bots.js';
import { CRAWL_LIMITS } from '../crawler/limits.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { RETRY_DELAYS_MS } from '../service/api.js';
import type { EmbeddedLookupService } from '../service/lookup-service.js';
import { SERVICE_VERSION } from '../service/version.js';
import { readDomainList, type DomainList } from './list.js';
import type { AuditOptions } from './options.js';
import { UsageError } from './options.js';
import { failedDomain, writeFailed, writeOutputs, type FailedDomain } from './output/write-outputs.js';
import type { Tally } from './output/tally.js';
import { describeEarlierFailures, type ProgressView } from './progress.js';
import { AuditRunner } from './runner.js';
import { AuditState, type RunMeta } from './state.js';

/**
 * The retry delays of the service an audit embeds (its own registry, DIR/registry.sqlite): a
 * failed check's first retry comes after the pause, the one retry within the run; the later
 * ones keep the backoff's (docs/policy.md section 8: 1 h, 6 h). A shared registry's workers
 * keep theirs, and the runner asks for that first retry (runner.ts).
 */
export function auditRetryDelays(pauseMs: number, policy: readonly number[] = RETRY_DELAYS_MS): number[] {
  return [pauseMs, ...policy.slice(1)];
}

export interface PreparedAudit {
  list: DomainList;
  state: AuditState;
  meta: RunMeta;
  resumed: boolean;
}

/** Reads the list and opens (or resumes) the run in its folder; bad input is a UsageError. */
export function prepareAudit(opts: AuditOptions, nowMs: number): PreparedAudit {
  let bytes: Buffer;
  try {
    bytes = readFileSync(opts.list);
  } catch (e) {
    throw new UsageError(
      `Cannot read the list ${opts.list}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}.`,
    );
  }
  const list = readDomainList(bytes);
  if (list.entries.length === 0)
    throw new UsageError(
      `${opts.list} names no domain${list.invalid.length ? ` (${list.invalid.length} lines are not domains, the first on line ${list.invalid[0]!.line}: ${list.invalid[0]!.reason})` : ''}.`,
    );
  try {
    mkdirSync(opts.out, { recursive: true });
  } catch (e) {
    throw new UsageError(`Cannot create the folder ${opts.out}: ${(e as Error).message}.`);
  }
  const { state, meta, resumed } = AuditState.open(opts.out, list, basename(opts.list), nowMs);
  return { list, state, meta, resumed };
}

export interface AuditDeps {
  service: EmbeddedLookupService;
  /** The service crawls in this process (SQLite); false when `npm run worker` processes do (PostgreSQL). */
  crawlsHere: boolean;
  /** Domains handed over and not stored yet, at most. */
  window: number;
  /** For the report's method: where the registry is, and the crawler's User-Agent. */
  registry: string;
  userAgent: string;
  log: Logger;
  view: ProgressView;
  clock?: Clock;
  pollMs?: number;
}

export interface AuditResult {
  outcome: 'complete' | 'stopped';
  tally: Tally;
  /** The domains whose latest check failed, in list order, with when each may be tried again (failed.csv). */
  failed: FailedDomain[];
}

export interface AuditSession {
  readonly done: Promise<AuditResult>;
  /** Ctrl-C: nothing more handed over; checks under way finish, then the results are written. */
  stop(): void;
  /** A second Ctrl-C: the results are written now. */
  stopNow(): void;
}

export function runAudit(p: PreparedAudit, opts: AuditOptions, deps: AuditDeps): AuditSession {
  const clock = deps.clock ?? systemClock;
  // What the last session left failing, as its failed.csv says: which retries are due now.
  const earlier = describeEarlierFailures([...p.state.failedRows()].map(failedDomain), clock.now(), opts.waitRetries);
  if (earlier !== null) deps.view.note(earlier);
  const runner = new AuditRunner({
    service: deps.service,
    state: p.state,
    clock,
    startedMs: p.meta.startedMs,
    refreshDays: opts.refreshDays,
    rate: opts.rate,
    waitRetries: opts.waitRetries,
    retryPauseMs: opts.retryPauseMs,
    crawlsHere: deps.crawlsHere,
    window: deps.window,
    log: deps.log,
    onProgress: (progress) => deps.view.update(progress),
    onStorage: (cause) =>
      deps.view.note(
        cause === null
          ? 'The database answers again; the audit goes on.'
          : `The database does not answer (${cause}); the audit waits for it and goes on by itself.`,
      ),
    pollMs: deps.pollMs,
  });
  const done = (async (): Promise<AuditResult> => {
    const outcome = await runner.run();
    const counts = p.state.counts();
    const tally = await writeOutputs(
      opts.out,
      () => p.state.rows(),
      {
        listName: p.meta.listName,
        listSha256: p.meta.listSha256,
        listLines: { domains: p.list.entries.length, invalid: p.list.invalid.length, duplicates: p.list.duplicates },
        runStartedMs: p.meta.startedMs,
        builtMs: clock.now(),
        version: SERVICE_VERSION,
        userAgent: deps.userAgent,
        refreshDays: opts.refreshDays,
        rate: opts.rate,
        registry: deps.registry,
        complete: counts.pending === 0 && outcome === 'complete',
        catalogue: catalogueCounts(),
        limits: {
          domainMs: CRAWL_LIMITS.domainMs,
          requestMs: CRAWL_LIMITS.requestMs,
          maxRedirects: CRAWL_LIMITS.maxRedirects,
        },
      },
      p.list.invalid,
    );
    const failed = await writeFailed(opts.out, p.state.failedRows());
    return { outcome, tally, failed };
  })();
  return { done, stop: () => runner.stop(), stopNow: () => runner.stopNow() };
}

/**
 * The crawling a process does, when it crawls (the service on SQLite, `npm run worker`, the
 * gateway's embedded service): the queue's workers, the hourly sweep of records due for a
 * refresh, and the background passes (retention, reclassify) that run wherever crawls run.
 * Workers look for work only once they run (SQLite: after jobs a killed process left running
 * are queued again), so a kick before then waits for the start.
 */
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { CrawlQueue, CrawlRunner, RunJob } from './store/registry-store.js';

/** How often the whole registry is swept for records due for a refresh. */
const SWEEP_EVERY_MS = 3_600_000;
const SWEEP_BATCH = 1_000;

/** A background pass: started once the workers run, stopped with the service. */
export interface BackgroundPass {
  start(): void;
  stop(): Promise<void>;
}

export interface CrawlPoolOptions {
  /** Run crawl jobs in this process; false: the pool does nothing (API-only replicas, the CLIs). */
  enabled: boolean;
  concurrency: number;
  queue: CrawlQueue;
  run: RunJob;
  /** Queues refreshes of records checked before `cutoffMs`, at most `max`; returns how many. */
  sweep: (cutoffMs: number, max: number) => Promise<number>;
  refreshMs: number;
  passes: readonly BackgroundPass[];
  clock: Clock;
  log: Logger;
}

export class CrawlPool {
  private workers: CrawlRunner | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private started: Promise<void> = Promise.resolve();

  constructor(private readonly o: CrawlPoolOptions) {}

  get concurrency(): number {
    return this.o.enabled ? this.o.concurrency : 0;
  }

  /** Starts the workers, the first sweep, then the timer and the passes; a failure is logged. */
  start(): void {
    this.started = this.o.enabled ? this.begin() : Promise.resolve();
    this.started.catch((err: unknown) => this.o.log.error({ err }, 'the crawl queue could not be started'));
  }

  private async begin(): Promise<void> {
    const { queue, run, concurrency, log, clock } = this.o;
    this.workers = await queue.work(run, { concurrency, log, clock });
    // Every process that crawls sweeps; with several workers the queue's one-job-per-domain rule keeps it to one
    // refresh each.
    await this.sweepStale();
    this.sweepTimer = setInterval(
      () => void this.sweepStale().catch((err: unknown) => log.error({ err }, 'refresh sweep failed')),
      SWEEP_EVERY_MS,
    );
    this.sweepTimer.unref();
    for (const pass of this.o.passes) if (!this.closed) pass.start();
  }

  private async sweepStale(): Promise<void> {
    const n = await this.o.sweep(this.o.clock.now() - this.o.refreshMs, SWEEP_BATCH);
    if (n > 0) this.o.log.info({ queued: n }, 'stale records queued for refresh');
    this.workers?.kick();
  }

  /** Work may be due: the workers look now rather than at their next poll. */
  kick(): void {
    if (this.o.enabled)
      void this.started.then(
        () => this.workers?.kick(),
        () => undefined,
      );
  }

  /** Resolves when nothing is queued or crawling (tests, CLI). */
  async idle(): Promise<void> {
    await this.started;
    return this.workers?.idle();
  }

  /** Stops the sweep and the passes (the workers run on until stopWorkers). */
  async stopPasses(): Promise<void> {
    this.closed = true;
    await this.started.catch(() => undefined);
    clearInterval(this.sweepTimer);
    for (const pass of this.o.passes) await pass.stop();
  }

  /** Stops the workers: a running crawl stays queued for the next start. */
  async stopWorkers(): Promise<void> {
    await this.workers?.stop();
  }
}

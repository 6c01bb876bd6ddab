/**
 * The crawl worker pool of the embedded SQLite store (store/sqlite/jobs.ts `work()`): up to
 * `concurrency` jobs at once, claimed from the persisted queue in priority order, in the
 * service's own process. (With PostgreSQL the jobs are pg-boss's, queue/pgboss-workers.ts.) A job leaves the queue
 * only when its result is stored (inside `run`); a crawl
 * that throws goes back to the end of the queue, and after MAX_ATTEMPTS it is dropped and
 * logged. A failed check's retry waits in the store until its time; a timer wakes the pool
 * then. Stopping aborts running crawls and puts their jobs back, so the next start runs them.
 */
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { CrawlRunner, QueueCounts, RunJob } from '../store/registry-store.js';

export type { RunJob };

/** Attempts of a job whose crawl throws (not a failed check: that is stored and retried on its backoff). */
export const MAX_ATTEMPTS = 3;
/** The retry timer never sleeps longer than this (the clock may be moved, the hourly sweep kicks anyway). */
const MAX_SLEEP_MS = 3_600_000;

/** A queue that hands out its jobs one by one to the workers of this process. */
export interface ClaimQueue {
  /** The next due job (priority, then age), now marked running, or undefined. */
  claim(nowMs: number): Promise<{ domain: string; attempts: number } | undefined>;
  /** Back to the end of the queue (after a crawl that threw, or when the workers stop). */
  requeue(domain: string): Promise<void>;
  drop(domain: string): Promise<void>;
  counts(): Promise<QueueCounts>;
  /** When the earliest retry becomes due (epoch ms), or null. */
  nextRetryMs(): Promise<number | null>;
}

export class CrawlWorkers implements CrawlRunner {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private waiters: Array<() => void> = [];
  private stopped = false;
  /** One claim loop at a time; a kick during it makes it look again. */
  private claiming = false;
  private again = false;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly queue: ClaimQueue,
    private readonly run: RunJob,
    readonly concurrency: number,
    private readonly log: Logger,
    private readonly clock: Clock,
  ) {}

  /** Starts jobs until the pool is full or nothing is due. Cheap to call often. */
  kick(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    void this.fill();
  }

  private async fill(): Promise<void> {
    this.claiming = true;
    try {
      do {
        this.again = false;
        while (!this.stopped && this.running.size < this.concurrency) {
          const job = await this.queue.claim(this.clock.now());
          if (!job) break;
          this.start(job.domain, job.attempts);
        }
      } while (this.again && !this.stopped);
      await this.wakeForRetry();
    } catch (err) {
      this.log.error({ err }, 'claiming crawl jobs failed');
    } finally {
      this.claiming = false;
    }
    await this.notifyIfIdle();
  }

  /** Sleeps until the earliest failed check is due for its retry. */
  private async wakeForRetry(): Promise<void> {
    const at = await this.queue.nextRetryMs();
    clearTimeout(this.retryTimer);
    if (at === null || this.stopped) return;
    this.retryTimer = setTimeout(() => this.kick(), Math.min(MAX_SLEEP_MS, Math.max(0, at - this.clock.now())));
    this.retryTimer.unref();
  }

  /** Resolves when nothing is due or running (retries waiting for their time do not count). */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      void this.notifyIfIdle();
    });
  }

  /** Aborts running crawls and waits for them; their jobs stay queued for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const all = [...this.running.entries()];
    for (const [, job] of all) job.controller.abort(new Error('service stopping'));
    await Promise.all(all.map(([, job]) => job.done));
    for (const [domain] of all) await this.queue.requeue(domain);
    for (const w of this.waiters.splice(0)) w();
  }

  private start(domain: string, attempts: number): void {
    const controller = new AbortController();
    const done = this.run(domain, controller.signal).then(
      () => undefined,
      async (err: unknown) => {
        if (controller.signal.aborted) return;
        if (attempts >= MAX_ATTEMPTS) {
          this.log.error({ domain, attempts, err }, 'crawl failed repeatedly; job dropped');
          await this.queue.drop(domain);
        } else {
          this.log.warn({ domain, attempts, err }, 'crawl failed; job requeued');
          await this.queue.requeue(domain);
        }
      },
    );
    this.running.set(domain, { controller, done });
    void done
      .catch((err: unknown) => this.log.error({ domain, err }, 'crawl job could not be settled'))
      .finally(() => {
        this.running.delete(domain);
        if (!this.stopped) this.kick();
        else void this.notifyIfIdle();
      });
  }

  private async notifyIfIdle(): Promise<void> {
    if (this.waiters.length === 0 || this.claiming || this.running.size > 0) return;
    if (!this.stopped && (await this.queue.counts()).queued > 0) return;
    // Work may have started while the counts were read.
    if (this.claiming || this.running.size > 0) return;
    for (const w of this.waiters.splice(0)) w();
  }
}

/**
 * The crawl worker pool: up to `concurrency` jobs at once, claimed from the persisted queue.
 * A job leaves the queue only when its result is stored (inside `run`); a failed attempt goes
 * back to the end of the queue, and after MAX_ATTEMPTS it is dropped and logged. Stopping
 * aborts running crawls and puts their jobs back, so the next start runs them again.
 */
import type { Logger } from '../../lib/logger.js';
import type { JobQueue } from './job-queue.js';

export const MAX_ATTEMPTS = 3;

/** Crawls, classifies and stores one domain; must not store anything once `signal` aborted. */
export type RunJob = (domain: string, signal: AbortSignal) => Promise<void>;

export class CrawlWorkers {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private waiters: Array<() => void> = [];
  private stopped = false;

  constructor(
    private readonly queue: JobQueue,
    private readonly run: RunJob,
    readonly concurrency: number,
    private readonly log: Logger,
  ) {}

  /** Starts jobs until the pool is full or the queue is empty. Cheap to call often. */
  kick(): void {
    while (!this.stopped && this.running.size < this.concurrency) {
      const job = this.queue.claim();
      if (!job) break;
      this.start(job.domain, job.attempts);
    }
    this.notifyIfIdle();
  }

  /** Resolves when nothing is queued or running. */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.notifyIfIdle();
    });
  }

  /** Aborts running crawls and waits for them; their jobs stay queued for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    const all = [...this.running.entries()];
    for (const [, job] of all) job.controller.abort(new Error('service stopping'));
    await Promise.all(all.map(([, job]) => job.done));
    for (const [domain] of all) this.queue.requeue(domain);
    for (const w of this.waiters.splice(0)) w();
  }

  private start(domain: string, attempts: number): void {
    const controller = new AbortController();
    const done = this.run(domain, controller.signal).then(
      () => undefined,
      (err: unknown) => {
        if (controller.signal.aborted) return;
        if (attempts >= MAX_ATTEMPTS) {
          this.log.error({ domain, attempts, err }, 'crawl failed repeatedly; job dropped');
          this.queue.drop(domain);
        } else {
          this.log.warn({ domain, attempts, err }, 'crawl failed; job requeued');
          this.queue.requeue(domain);
        }
      },
    );
    this.running.set(domain, { controller, done });
    void done.finally(() => {
      this.running.delete(domain);
      if (!this.stopped) this.kick();
    });
  }

  private notifyIfIdle(): void {
    if (this.waiters.length === 0 || this.running.size > 0) return;
    if (!this.stopped && this.queue.counts().queued > 0) return;
    for (const w of this.waiters.splice(0)) w();
  }
}

/**
 * Crawl workers on pg-boss (`npm run worker`, or `npm run service` with SERVICE_CRAWLS=1): one
 * pg-boss worker per concurrent crawl, each fetching one job at a time in priority order.
 *
 * pg-boss 10 waits a polling interval after every fetch unless the worker is notified, so each
 * worker notifies itself when its job is done (the next job is fetched at once while there is
 * work), and NOTIFY lens_jobs_added from any replica wakes idle workers; the polling interval
 * only matters for retries that come due. The handler's success completes nothing itself: the
 * job ended in the transaction that stored the crawl (settle()); a throw fails it into pg-boss's
 * retry. Stopping stops fetching, lets running crawls finish for a grace period (each is bounded
 * by the crawler's whole-domain limit), then aborts the rest, which pg-boss retries elsewhere.
 */
import type PgBoss from 'pg-boss';
import type { Logger } from '../../lib/logger.js';
import { CHANNELS, type PgEvents } from '../store/pg/notify.js';
import type { CrawlRunner, QueueCounts, RunJob } from '../store/registry-store.js';
import { CRAWL_QUEUE, type JobData } from './pgboss-job.js';

/** How long stop() lets running crawls finish: the crawler's 20 s whole-domain limit and a margin. */
const STOP_GRACE_MS = 25_000;
const IDLE_CHECK_MS = 100;

export interface PgBossWorkersOptions {
  boss: PgBoss;
  events: PgEvents;
  queue: { counts(): Promise<QueueCounts> };
  run: RunJob;
  concurrency: number;
  pollSeconds: number;
  log: Logger;
  /** The cause, when `err` says the database cannot be reached; else null. */
  outage?: (err: unknown) => string | null;
}

export class PgBossWorkers implements CrawlRunner {
  private readonly ids: string[] = [];
  private readonly running = new Map<string, { controller: AbortController; done: Promise<unknown> }>();
  private unlisten: () => void = () => undefined;
  private stopped = false;

  private constructor(private readonly o: PgBossWorkersOptions) {}

  get concurrency(): number {
    return this.o.concurrency;
  }

  static async start(o: PgBossWorkersOptions): Promise<PgBossWorkers> {
    const w = new PgBossWorkers(o);
    w.unlisten = o.events.on(CHANNELS.jobsAdded, () => w.kick());
    for (let i = 0; i < o.concurrency; i++) {
      const slot = { id: '' };
      slot.id = await o.boss.work<JobData>(
        CRAWL_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: o.pollSeconds },
        ([job]) => w.handle(job!, slot.id),
      );
      w.ids.push(slot.id);
    }
    o.log.info({ concurrency: o.concurrency, queue: CRAWL_QUEUE }, 'crawl workers started');
    return w;
  }

  private async handle(job: PgBoss.Job<JobData>, workerId: string): Promise<void> {
    const controller = new AbortController();
    this.o.log.debug({ domain: job.data.domain, job: job.id }, 'crawl started');
    const done = this.o.run(job.data.domain, controller.signal);
    this.running.set(job.id, { controller, done });
    try {
      await done;
    } catch (err) {
      if (!controller.signal.aborted) this.failed(job.data.domain, err);
      throw err;
    } finally {
      this.running.delete(job.id);
      // Fetch the next job now instead of after the polling interval.
      if (!this.stopped) this.o.boss.notifyWorker(workerId);
    }
  }

  /** One line per failed crawl; while the database is down (said once by the availability watch), without the stack. */
  private failed(domain: string, err: unknown): void {
    const cause = this.o.outage?.(err) ?? null;
    if (cause === null) this.o.log.warn({ domain, err }, 'crawl failed; pg-boss retries the job');
    else
      this.o.log.info(
        { domain, cause },
        `crawl of ${domain} not stored: the database is not answering (${cause}); it runs again`,
      );
  }

  kick(): void {
    if (this.stopped) return;
    for (const id of this.ids) this.o.boss.notifyWorker(id);
  }

  async idle(): Promise<void> {
    for (;;) {
      const c = await this.o.queue.counts();
      if (this.stopped || (c.queued === 0 && c.running === 0 && this.running.size === 0)) return;
      await new Promise((r) => setTimeout(r, IDLE_CHECK_MS));
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.unlisten();
    for (const id of this.ids) await this.o.boss.offWork({ id });
    const all = [...this.running.values()];
    const grace = new Promise((r) => setTimeout(r, STOP_GRACE_MS).unref());
    await Promise.race([Promise.allSettled(all.map((j) => j.done)), grace]);
    for (const j of this.running.values()) j.controller.abort(new Error('worker stopping'));
    await Promise.allSettled(all.map((j) => j.done));
  }
}

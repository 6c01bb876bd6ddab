/**
 * Who gets into the crawl queue, and how far ahead. Interactive lookups go
 * before batch items, which go before the service's own refreshes and retries; a batch item
 * someone then looks up is promoted. Each client (ReadOptions.client: the API key in the
 * service, the gateway's client key in the embedded source) may queue a budget of new domains
 * a minute: a batch queues no more than it (the rest stay in `not_found`, not queued), and an
 * interactive lookup beyond it is still queued, behind every interactive one. A full queue
 * refuses new work with 503 `queue_full`; batch and refresh work stops at 90 % of the cap, so
 * lookups still find room. Callers that name no client (the CLI, tests) are not budgeted.
 * Within a priority, clients take turns (queue/fair-turns.ts): a client's backlog delays
 * another's lookup by one round at most.
 */
import type { RecheckResult } from '../../shared/api.js';
import { HttpError } from '../lib/http-error.js';
import type { Clock } from '../lib/clock.js';
import type { QueueLimits } from './api.js';
import { RECHECK_INTERVAL_MS, recheckAnswer } from './pending/recheck.js';
import { PRIORITY, type CrawlQueue, type EnqueueOutcome } from './store/registry-store.js';

/** What a full queue asks callers to wait: about the time the workers need to free a share of it. */
export const QUEUE_FULL_RETRY_S = 60;

const isQueued = (o: EnqueueOutcome) => o === 'queued' || o === 'added';

export function queueFull(): HttpError {
  return new HttpError(503, 'queue_full', `The analysis queue is full; ask again in ${QUEUE_FULL_RETRY_S} seconds.`, {
    retryAfter: QUEUE_FULL_RETRY_S,
  });
}

export class Admission {
  private readonly bulkCap: number;

  constructor(
    private readonly queue: CrawlQueue,
    private readonly limits: QueueLimits,
    private readonly clock: Clock,
    /** Called when a job was added or made due: the workers look for work. */
    private readonly kick: () => void,
  ) {
    this.bulkCap = Math.floor(limits.maxQueued * 0.9);
  }

  private budget(client: string | undefined) {
    return client === undefined ? undefined : { client, perMinute: this.limits.newPerClientPerMinute };
  }

  /** A domain someone is looking at: queued ahead of bulk work, or 503 queue_full. */
  async interactive(domain: string, client?: string): Promise<void> {
    const nowMs = this.clock.now();
    let [o] = await this.queue.enqueue({
      domains: [domain],
      priority: PRIORITY.interactive,
      nowMs,
      maxQueued: this.limits.maxQueued,
      budget: this.budget(client),
    });
    // Past the client's budget: still queued (the answer says so), behind every interactive lookup, in the client's
    // turns.
    if (o === 'over_budget')
      [o] = await this.queue.enqueue({
        domains: [domain],
        priority: PRIORITY.batch,
        nowMs,
        maxQueued: this.bulkCap,
        client,
      });
    if (o === 'full') throw queueFull();
    if (o === 'added') this.kick();
  }

  /** Batch items: queued within the client's budget and below the bulk cap; returns the ones that are queued. */
  async batch(domains: readonly string[], client?: string): Promise<Set<string>> {
    if (domains.length === 0) return new Set();
    const out = await this.queue.enqueue({
      domains,
      priority: PRIORITY.batch,
      nowMs: this.clock.now(),
      maxQueued: this.bulkCap,
      budget: this.budget(client),
    });
    if (out.includes('added')) this.kick();
    return new Set(domains.filter((_, i) => isQueued(out[i]!)));
  }

  /** Known domains a bulk run wants checked again, as refreshes below the bulk cap; returns the ones that are queued. */
  async refreshMany(domains: readonly string[]): Promise<Set<string>> {
    if (domains.length === 0) return new Set();
    const out = await this.queue.enqueue({
      domains,
      priority: PRIORITY.refresh,
      nowMs: this.clock.now(),
      maxQueued: this.bulkCap,
    });
    if (out.includes('added')) this.kick();
    return new Set(domains.filter((_, i) => isQueued(out[i]!)));
  }

  /** A stale record served: refreshed in the background when there is room. */
  async refresh(domain: string): Promise<void> {
    const [o] = await this.queue.enqueue({
      domains: [domain],
      priority: PRIORITY.refresh,
      nowMs: this.clock.now(),
      maxQueued: this.bulkCap,
    });
    if (o === 'added') this.kick();
  }

  /** The service's hourly sweep of records due for a refresh. */
  async sweep(cutoffMs: number, max: number): Promise<number> {
    const n = await this.queue.enqueueStale(cutoffMs, max, this.clock.now(), this.bulkCap);
    if (n > 0) this.kick();
    return n;
  }

  /** "Check again": a new check now, ahead of bulk work; refused when the domain was checked or queued less than a minute ago. */
  async recheck(domain: string, client?: string): Promise<RecheckResult> {
    const r = await this.queue.recheck(domain, {
      nowMs: this.clock.now(),
      minIntervalMs: RECHECK_INTERVAL_MS,
      maxQueued: this.limits.maxQueued,
      budget: this.budget(client),
    });
    if (r.kind === 'full') throw queueFull();
    if (r.kind === 'queued') this.kick();
    return recheckAnswer(domain, r);
  }
}

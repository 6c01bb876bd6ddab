/**
 * One session of an audit run over the lookup service's own queue, crawler and registry (no
 * crawler of its own): each domain of the list not checked since the run's cutoff is handed to
 * the queue (service.queueChecks), at most `rate` a second and `window` at a time; each stored
 * check is read back from the registry into the run's state. Failed checks are retried by the
 * queue on the spec's backoff (docs/policy.md section 8). A first failure is retried once within
 * the run, `retryPauseMs` after it; the session then ends once every domain was tried and every
 * retry that is due was made, leaving later retries to the next session, unless `waitRetries`
 * (--wait-for-retries) waits for them all.
 *
 * Resuming is reading: a domain whose record was checked since the cutoff is done, one with a
 * job in the queue is waited for, only the rest are handed over. So a second session crawls
 * nothing twice and loses nothing, whether the first ended, was stopped or was killed.
 */
import type { Domain } from '../../shared/domain.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { OUTAGE_RETRY_S } from '../service/store/availability.js';
import { DEFAULT_QUEUE_LIMITS, type LookupService } from '../service/api.js';
import type { JobState, RegistryStore } from '../service/store/registry-store.js';
import { readOutcome } from './outcome.js';
import { ProgressMeter, type AuditProgress } from './progress-meter.js';
import { RateGate } from './rate-gate.js';
import { pendingRow, siteRow, type RowStatus } from './site-row.js';
import type { AuditState } from './state.js';

const DAY_MS = 86_400_000;
const CHUNK = 500;
/** A handed-over domain with neither a job nor a new record after this long was lost (its job dropped): handed over again. */
const LOST_AFTER_MS = 15_000;
const MAX_HANDOVERS = 3;
/** A retry the queue runs this close after the pause is the one retry within the run (clocks and commits differ by milliseconds). */
const SLACK_MS = 1_000;
/** A retry asked for when its job was gone may take a new job only below the service's bulk cap (admission.ts). */
const BULK_CAP = Math.floor(DEFAULT_QUEUE_LIMITS.maxQueued * 0.9);

export interface RunnerOptions {
  service: Pick<LookupService, 'queueChecks'> & { readonly store: RegistryStore };
  state: AuditState;
  clock: Clock;
  /** When the run began (its first session): --refresh-days counts back from it. */
  startedMs: number;
  refreshDays: number;
  rate: number;
  waitRetries: boolean;
  /** A failed check's one retry within the run comes this long after it. */
  retryPauseMs: number;
  /** This process crawls (the embedded service): a stop lets the checks handed over finish. */
  crawlsHere: boolean;
  window: number;
  log: Logger;
  onProgress(p: AuditProgress): void;
  /** The database stopped answering (its cause), or answers again (null). */
  onStorage?(cause: string | null): void;
  pollMs?: number;
}

interface Entry {
  rank: number | null;
  checkedMs: number | null;
  status: RowStatus;
}

/** A failed check with a retry planned: followed until the retry is stored (or its job is gone). */
interface Retry {
  /** When it is retried (epoch ms); null when due now (its job waits to run, or runs). */
  atMs: number | null;
  /** It is the check's one retry within the run, which a session always waits for. */
  quick: boolean;
}

const chunks = <T>(xs: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

export class AuditRunner {
  private readonly entries = new Map<string, Entry>();
  private readonly meter: ProgressMeter;
  private readonly toFeed: string[] = [];
  private next = 0;
  /** Handed over and not stored yet, since when. */
  private readonly outstanding = new Map<string, { since: number }>();
  /** Why the database does not answer, while it does not. */
  private waitingFor: string | null = null;
  /** How often each domain was handed over in this session (a dropped job is handed over again, up to MAX_HANDOVERS). */
  private readonly handedOver = new Map<string, number>();
  /** Failed checks with a retry planned. */
  private readonly retrying = new Map<string, Retry>();
  /** Quick retries this session asks the queue for (a shared registry's workers wait 10 min): when. */
  private readonly asks = new Map<string, number>();
  private readonly asked = new Set<string>();
  private readonly dirty = new Set<string>();
  private readonly gate: RateGate;
  private readonly cutoffMs: number;
  private stopping = false;
  private now_ = false;
  private fullUntil = 0;
  private wake: () => void = () => undefined;

  constructor(private readonly o: RunnerOptions) {
    this.cutoffMs = o.startedMs - o.refreshDays * DAY_MS;
    this.meter = new ProgressMeter(o.clock.now());
    this.gate = new RateGate(o.rate);
  }

  /** Ctrl-C: hand over nothing more; with the embedded crawler, let the checks handed over finish. */
  stop(): void {
    this.stopping = true;
    this.wake();
  }

  /** A second Ctrl-C: end now; checks under way stay queued for the next session. */
  stopNow(): void {
    this.stopping = true;
    this.now_ = true;
    this.wake();
  }

  async run(): Promise<'complete' | 'stopped'> {
    const { store } = this.o.service;
    const unsubscribe = store.records.onRecordStored((d) => {
      if (this.outstanding.has(d) || this.retrying.has(d)) {
        this.dirty.add(d);
        this.wake();
      }
    });
    try {
      await this.reconcile();
      let nextPoll = this.o.clock.now() + this.pollMs();
      for (;;) {
        try {
          const step = await this.step(nextPoll);
          if (step === 'complete' || step === 'stopped') return step;
          this.storageDown(null);
          if (step === 'polled') nextPoll = this.o.clock.now() + this.pollMs();
        } catch (err) {
          // A database that stops answering for a while (PostgreSQL restarting, a query timed
          // out under load) pauses the run: it waits and goes on, as the service's workers do.
          const cause = store.availability?.report(err) ?? null;
          if (cause === null) throw err;
          this.storageDown(cause);
          await this.sleep(OUTAGE_RETRY_S * 1000);
          continue;
        }
        this.report();
        await this.sleep(Math.max(0, Math.min(nextPoll - this.o.clock.now(), this.feedWaitMs(), this.askWaitMs())));
      }
    } finally {
      unsubscribe();
    }
  }

  /** One pass: stored checks read, more handed over, the queue polled when due; how the run ended, or whether it polled. */
  private async step(nextPoll: number): Promise<'complete' | 'stopped' | 'polled' | null> {
    await this.readDirty();
    if (this.stopping) {
      if (!this.o.crawlsHere || this.outstanding.size === 0 || this.now_) return this.finish('stopped');
    } else {
      await this.feed();
      await this.askRetries();
      if (this.next >= this.toFeed.length && this.outstanding.size === 0 && !this.waitingForRetries()) {
        return this.finish('complete');
      }
    }
    if (this.o.clock.now() < nextPoll) return null;
    await this.poll();
    return 'polled';
  }

  /** Tells once when the database stops answering, and once when it is back. */
  private storageDown(cause: string | null): void {
    if ((cause === null) === (this.waitingFor === null)) return;
    this.waitingFor = cause;
    this.o.onStorage?.(cause);
  }

  private pollMs(): number {
    return this.o.pollMs ?? 2_000;
  }

  private finish(how: 'complete' | 'stopped'): 'complete' | 'stopped' {
    this.report();
    return how;
  }

  private sleep(ms: number): Promise<void> {
    if (this.dirty.size > 0) return Promise.resolve();
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wake = done;
    });
  }

  private setStatus(e: Entry, status: RowStatus): void {
    this.meter.moved(e.status, status);
    e.status = status;
  }

  /** The state against the registry and the queue: what is done, what is under way, what is to hand over. */
  private async reconcile(): Promise<void> {
    const { records, queue } = this.o.service.store;
    for (const e of this.o.state.entries()) {
      this.entries.set(e.domain, { rank: e.rank, checkedMs: e.checkedMs, status: e.status });
      this.meter.moved(null, e.status);
    }
    for (const chunk of chunks([...this.entries.keys()])) {
      const jobs = await queue.jobs(chunk);
      const recs = await records.summaries(chunk);
      for (const d of chunk) {
        const e = this.entries.get(d)!;
        const rec = recs.get(d);
        if (rec && rec.checkedMs >= this.cutoffMs) {
          // Checked in this run (or recently enough to reuse): read it unless the row already holds it.
          if (e.checkedMs !== rec.checkedMs || e.status !== 'ok') this.dirty.add(d);
        } else if (jobs.has(d)) this.outstanding.set(d, { since: this.o.clock.now() });
        else this.toFeed.push(d);
      }
    }
    this.o.log.info(
      {
        domains: this.entries.size,
        toCheck: this.toFeed.length,
        underWay: this.outstanding.size,
        toRead: this.dirty.size,
      },
      'audit resumed from the registry',
    );
  }

  private feedWaitMs(): number {
    if (this.stopping || this.next >= this.toFeed.length) return Number.POSITIVE_INFINITY;
    if (this.outstanding.size >= this.o.window) return Number.POSITIVE_INFINITY;
    return Math.max(this.fullUntil - this.o.clock.now(), this.gate.waitMs(this.o.clock.now()));
  }

  /** Hands domains to the queue within the rate cap and the window. */
  private async feed(): Promise<void> {
    const now = this.o.clock.now();
    if (now < this.fullUntil) return;
    const n = Math.min(
      this.gate.available(now),
      this.o.window - this.outstanding.size,
      this.toFeed.length - this.next,
      CHUNK,
    );
    if (n <= 0) return;
    const batch = this.toFeed.slice(this.next, this.next + n);
    const queued = await this.o.service.queueChecks(batch as Domain[]);
    let taken = 0;
    for (const [i, d] of batch.entries()) {
      if (!queued[i]) break;
      this.outstanding.set(d, { since: this.o.clock.now() });
      this.handedOver.set(d, this.handovers(d) + 1);
      taken++;
    }
    this.next += taken;
    this.gate.take(taken, now);
    // The queue is at its bulk cap (people's lookups keep their room): try again shortly.
    if (taken < batch.length) this.fullUntil = this.o.clock.now() + 2_000;
  }

  /** Reads each stored check into a row. */
  private async readDirty(): Promise<void> {
    while (this.dirty.size > 0) {
      const batch = [...this.dirty].slice(0, CHUNK);
      for (const d of batch) this.dirty.delete(d);
      const jobs = await this.o.service.store.queue.jobs(batch);
      const rows = [];
      for (const d of batch) {
        const outcome = await readOutcome(this.o.service.store.records, d);
        const e = this.entries.get(d);
        if (!outcome || !e || outcome.checkedMs < this.cutoffMs) continue;
        const job = jobs.get(d);
        const retry = outcome.failure !== null && job ? await this.retryOf(d, job, outcome.checkedMs) : undefined;
        const row = siteRow(outcome.summary, outcome.full, {
          rank: e.rank,
          checkedMs: outcome.checkedMs,
          failure: outcome.failure,
          retryAtMs: retry ? (retry.atMs ?? this.o.clock.now()) : null,
          reused: outcome.checkedMs < this.o.startedMs,
        });
        rows.push({ row, checkedMs: outcome.checkedMs });
        if (this.outstanding.delete(d) || (this.retrying.has(d) && e.checkedMs !== outcome.checkedMs))
          this.meter.stored(this.o.clock.now());
        e.checkedMs = outcome.checkedMs;
        this.setStatus(e, row.status);
        if (row.status === 'failed' && retry) this.retrying.set(d, retry);
        else this.settled(d);
      }
      this.o.state.save(rows);
    }
  }

  private settled(d: string): void {
    this.retrying.delete(d);
    this.asks.delete(d);
  }

  /**
   * A failed check's retry: when, and whether it is the one retry within the run. The embedded
   * service retries a first failure after the pause itself (audit.ts auditRetryDelays); a shared
   * registry's workers after 10 minutes, so the run asks for that one sooner (askRetries).
   */
  private async retryOf(d: string, job: JobState, checkedMs: number): Promise<Retry> {
    const atMs = job.state === 'retrying' ? job.runAfterMs : null;
    const quickAtMs = checkedMs + this.o.retryPauseMs;
    if (atMs !== null && atMs <= quickAtMs + SLACK_MS) return { atMs, quick: true };
    if (!this.o.crawlsHere && atMs !== null && !this.asked.has(d) && (await this.failuresInARow(d)) === 1) {
      this.asks.set(d, quickAtMs);
      return { atMs: quickAtMs, quick: true };
    }
    this.asks.delete(d);
    return { atMs, quick: false };
  }

  /** The domain's failed checks since its last good one (the backoff's count, docs/policy.md section 8). */
  private async failuresInARow(d: string): Promise<number> {
    const audits = await this.o.service.store.records.audits(d);
    let n = 0;
    for (let i = audits.length - 1; i >= 0 && audits[i]!.failure !== null; i--) n++;
    return n;
  }

  /** Asks the queue for the quick retries that are due: a check now, as "Check again" asks for one. */
  private async askRetries(): Promise<void> {
    const { queue } = this.o.service.store;
    for (const [d, at] of this.asks) {
      const now = this.o.clock.now();
      if (at > now) continue;
      const r = await queue.recheck(d, { nowMs: now, minIntervalMs: this.o.retryPauseMs, maxQueued: BULK_CAP });
      if (r.kind === 'queued') {
        this.asks.delete(d);
        this.asked.add(d);
        this.retrying.set(d, { atMs: null, quick: true });
      } else this.asks.set(d, now + (r.kind === 'too_soon' ? r.retryAfterMs : 2_000));
    }
  }

  private askWaitMs(): number {
    if (this.stopping) return Number.POSITIVE_INFINITY;
    let first = Number.POSITIVE_INFINITY;
    for (const at of this.asks.values()) first = Math.min(first, at);
    return first - this.o.clock.now();
  }

  /** A retry the session waits for: its quick one, one that is due, or any with --wait-for-retries. */
  private waitsFor(r: Retry, nowMs: number): boolean {
    return this.o.waitRetries || r.quick || r.atMs === null || r.atMs <= nowMs;
  }

  private waitingForRetries(): boolean {
    const now = this.o.clock.now();
    for (const r of this.retrying.values()) if (this.waitsFor(r, now)) return true;
    return false;
  }

  /** Stored checks the events missed (another process's, a dropped notification), lost jobs, retries. */
  private async poll(): Promise<void> {
    const { records, queue } = this.o.service.store;
    for (const chunk of chunks([...this.outstanding.keys(), ...this.retrying.keys()])) {
      // Jobs first: a check stored after this read shows in the records read next.
      const jobs = await queue.jobs(chunk);
      const recs = await records.summaries(chunk);
      for (const d of chunk) {
        const rec = recs.get(d);
        const e = this.entries.get(d)!;
        if (rec && rec.checkedMs >= this.cutoffMs && rec.checkedMs !== e.checkedMs) this.dirty.add(d);
        else if (this.retrying.has(d)) {
          const job = jobs.get(d);
          const r = this.retrying.get(d)!;
          // An ask still to come keeps its time; else the queue's.
          if (job && !this.asks.has(d)) r.atMs = job.state === 'retrying' ? job.runAfterMs : null;
          else if (!job) this.settled(d);
        } else if (!jobs.has(d)) this.lost(d);
      }
    }
  }

  private lost(d: string): void {
    const o = this.outstanding.get(d);
    if (!o || this.o.clock.now() - o.since < LOST_AFTER_MS) return;
    this.outstanding.delete(d);
    const e = this.entries.get(d)!;
    if (this.handovers(d) >= MAX_HANDOVERS) {
      this.o.log.error(
        { domain: d },
        'the crawl queue dropped this domain each time it was handed over; left unchecked',
      );
      const row = {
        ...pendingRow(d, e.rank),
        status: 'failed' as const,
        failure: 'the check could not be run (the crawl itself failed each time)',
      };
      this.o.state.save([{ row, checkedMs: e.checkedMs ?? 0 }]);
      this.setStatus(e, 'failed');
      return;
    }
    this.o.log.warn({ domain: d }, 'a domain handed to the queue was dropped; handed over again');
    // Back in line as the next one handed over.
    this.toFeed.splice(this.next, 0, d);
  }

  private handovers(d: string): number {
    return this.handedOver.get(d) ?? 0;
  }

  private report(): void {
    const now = this.o.clock.now();
    let nextRetryMs: number | null = null;
    let waited = 0;
    // A loop, not Math.min(...): a run where every check failed may follow 100,000 retries.
    for (const r of this.retrying.values()) {
      if (!this.waitsFor(r, now)) continue;
      waited++;
      if (r.atMs !== null && (nextRetryMs === null || r.atMs < nextRetryMs)) nextRetryMs = r.atMs;
    }
    this.o.onProgress(
      this.meter.snapshot(now, {
        total: this.entries.size,
        inFlight: this.outstanding.size,
        retrying: waited,
        later: this.retrying.size - waited,
        nextRetryMs,
        stopping: this.stopping,
      }),
    );
  }
}

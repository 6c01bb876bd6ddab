/**
 * The figures a run reports as it goes: rows per status, checks stored per minute over the last
 * minute of this session, and the time left at that pace.
 */
import type { RowStatus } from './site-row.js';

export interface AuditProgress {
  total: number;
  done: number;
  failed: number;
  /** Failed checks whose retry this session waits for: the one retry within the run, or a retry that is due. */
  retrying: number;
  /** Failed checks whose retry comes later, left to a later run (or waited for with --wait-for-retries, then counted above). */
  later: number;
  /** Not checked yet in this run: waiting to be handed over or being checked. */
  queued: number;
  /** Handed to the crawler and not stored yet. */
  inFlight: number;
  /** Checks stored per minute over the last minute; null before any. */
  perMinute: number | null;
  /** Time left at that rate, null when unknown. */
  leftMs: number | null;
  /** The earliest retry waited for (epoch ms) while only retries are left. */
  nextRetryMs: number | null;
  phase: 'checking' | 'waiting for retries' | 'stopping';
}

const WINDOW_MS = 60_000;

export class ProgressMeter {
  private readonly counts: Record<RowStatus, number> = { ok: 0, failed: 0, pending: 0 };
  /** When each check of the last minute was stored. */
  private readonly times: number[] = [];

  constructor(private readonly sessionMs: number) {}

  /** A row counted under `to` (and no longer under `from`, unless it is new). */
  moved(from: RowStatus | null, to: RowStatus): void {
    if (from !== null) this.counts[from]--;
    this.counts[to]++;
  }

  stored(nowMs: number): void {
    this.times.push(nowMs);
  }

  snapshot(
    nowMs: number,
    o: {
      total: number;
      inFlight: number;
      retrying: number;
      later: number;
      nextRetryMs: number | null;
      stopping: boolean;
    },
  ): AuditProgress {
    while (this.times.length > 0 && this.times[0]! < nowMs - WINDOW_MS) this.times.shift();
    const span = Math.min(WINDOW_MS, nowMs - this.sessionMs);
    const perMinute = this.times.length > 0 && span > 0 ? (this.times.length / span) * 60_000 : null;
    const queued = this.counts.pending;
    const onlyRetries = queued === 0 && o.retrying > 0;
    return {
      total: o.total,
      done: this.counts.ok,
      failed: this.counts.failed,
      retrying: o.retrying,
      later: o.later,
      queued,
      inFlight: o.inFlight,
      perMinute,
      leftMs: perMinute && queued > 0 ? (queued / perMinute) * 60_000 : null,
      nextRetryMs: onlyRetries ? o.nextRetryMs : null,
      phase: o.stopping ? 'stopping' : onlyRetries ? 'waiting for retries' : 'checking',
    };
  }
}

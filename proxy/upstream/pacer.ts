/**
 * Outbound pacing for the remote source (seed "Limits": 200 requests per minute per key).
 *
 * A token bucket whose tokens come back one window after they were spent: at most `limit`
 * calls start in any sliding window of `windowMs`, so the upstream's fixed minute window can
 * never see more than `limit` either. A plain refill-rate bucket of capacity C allows up to 2C
 * in one window (a full burst, then the refill), which is why the tokens here are timed.
 *
 * Callers queue for a slot when it comes within `maxWaitMs`; otherwise they fail fast with
 * 503 upstream_unavailable and `retry_after`, so a browser is never held for a minute and the
 * gateway can serve a stale answer instead. After an upstream 429 the pacer pauses until the
 * upstream's `retry_after` has passed.
 *
 * Spare calls (the extra calls of a held read, RFC 7240 `Prefer: wait`: a wait passed on to the
 * upstream, or a poll for a domain being analysed) take a slot only at once and only while less
 * than SPARE_SHARE of the window is spent: they never wait, never push a lookup back, and never
 * take the gateway past its pacing.
 */
import { HttpError } from '../lib/http-error.js';
import type { Clock } from '../lib/clock.js';

export interface PacerOptions {
  limit: number;
  windowMs: number;
  /** Longest a call may wait for its slot before failing fast. */
  maxWaitMs: number;
  clock: Clock;
  /** Waits `ms`; injectable so tests need not sleep. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (ms <= 0) return resolve();
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Share of the window's calls that spare calls may use. */
export const SPARE_SHARE = 0.5;

export interface AcquireOptions {
  /** A call that may be skipped: a slot now and within SPARE_SHARE of the window, else refused at once. */
  spare?: boolean;
}

/** The limit and longest wait a call is held to. */
export function slotRule(
  limit: number,
  maxWaitMs: number,
  opts?: AcquireOptions,
): { limit: number; maxWaitMs: number } {
  return opts?.spare ? { limit: Math.floor(limit * SPARE_SHARE), maxWaitMs: 0 } : { limit, maxWaitMs };
}

/**
 * Upstream pacing as the remote source sees it: this process's Pacer, or one budget shared by
 * every gateway replica (proxy/gateway/replicas/redis-pacer.ts, with REDIS_URL).
 */
export interface PacingBudget {
  /** Reserves the next slot and waits for it; rejects fast (503 + retry_after) when it is too far away. */
  acquire(signal?: AbortSignal, opts?: AcquireOptions): Promise<void>;
  /** Called after an upstream 429: no call starts before `retryAfterSec` has passed. */
  pause(retryAfterSec: number): void;
  /** Epoch ms until which no call starts (after a 429), or null. */
  pausedUntil(): number | null;
  /** Calls started (or reserved) in the current sliding window, for status pages. */
  used(): number | Promise<number>;
}

/** The refusal when the next slot is more than the allowed wait away. */
export function slotTooFar(waitMs: number): HttpError {
  return new HttpError(503, 'upstream_unavailable', 'The upstream service is at its request limit; try again later.', {
    retryAfter: Math.max(1, Math.ceil(waitMs / 1000)),
  });
}

export class Pacer implements PacingBudget {
  /** Start times of granted calls (past and reserved), non-decreasing. */
  private readonly starts: number[] = [];
  private pausedUntilMs = 0;
  private readonly wait: NonNullable<PacerOptions['sleep']>;

  constructor(private readonly opts: PacerOptions) {
    this.wait = opts.sleep ?? sleep;
  }

  /** Epoch ms until which no call starts (after a 429), or null. */
  pausedUntil(): number | null {
    return this.pausedUntilMs > this.opts.clock.now() ? this.pausedUntilMs : null;
  }

  /** Called after an upstream 429: no call starts before `retryAfterSec` has passed. */
  pause(retryAfterSec: number): void {
    this.pausedUntilMs = Math.max(this.pausedUntilMs, this.opts.clock.now() + retryAfterSec * 1000);
  }

  /** Calls that started in the current sliding window (for status pages). */
  used(): number {
    this.prune(this.opts.clock.now());
    return this.starts.length;
  }

  /** Reserves the next slot and waits for it; rejects fast when it is too far away. */
  async acquire(signal?: AbortSignal, opts?: AcquireOptions): Promise<void> {
    const now = this.opts.clock.now();
    this.prune(now);
    const { windowMs } = this.opts;
    const { limit, maxWaitMs } = slotRule(this.opts.limit, this.opts.maxWaitMs, opts);
    if (limit < 1) throw slotTooFar(windowMs);
    let at = Math.max(now, this.pausedUntilMs);
    if (this.starts.length >= limit) at = Math.max(at, this.starts[this.starts.length - limit]! + windowMs);
    const waitMs = at - now;
    if (waitMs > maxWaitMs) throw slotTooFar(waitMs);
    this.starts.push(at);
    if (waitMs > 0) {
      try {
        await this.wait(waitMs, signal);
      } catch (e) {
        // Give the slot back so an aborted caller does not spend quota it never used.
        const i = this.starts.lastIndexOf(at);
        if (i >= 0) this.starts.splice(i, 1);
        throw e;
      }
    }
  }

  private prune(now: number): void {
    const cutoff = now - this.opts.windowMs;
    let n = 0;
    while (n < this.starts.length && this.starts[n]! <= cutoff) n++;
    if (n > 0) this.starts.splice(0, n);
  }
}

/**
 * What the gateway remembers about "Check again" in remote mode, where it
 * learns of a new record only by asking: each domain's once-a-minute turn, and the checks
 * asked for whose result has not been seen yet (with the ETag of the answer they replace).
 * In this process (LocalRecheckMarks) or, with REDIS_URL, shared by every replica
 * (redis-marks.ts), so a check asked through one replica is waited for through any.
 */
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../lib/clock.js';

/** "Check again" at most once a minute per domain (the service's own rule, RECHECK_INTERVAL_MS). */
export const RECHECK_TURN_MS = 60_000;
/** How long a check asked for is waited for: the crawl's 20 s limit, and time to get through the queue. */
export const PENDING_MS = 120_000;
const MAX_DOMAINS = 10_000;

export interface RecheckMarks {
  /** Takes the domain's turn: 0 when taken now, else the seconds until the next turn. */
  take(domain: string): Promise<number>;
  /** Moves the next turn to `seconds` from now (the upstream's own retry_after), or frees it (0). */
  turnIn(domain: string, seconds: number): Promise<void>;
  /** A check was asked for: its result is an answer whose ETag differs from `before`. */
  setPending(domain: string, before: string): Promise<void>;
  /** The ETag the new answer must differ from, while a check of `domain` is pending. */
  pending(domain: string): Promise<string | undefined>;
  clearPending(domain: string): Promise<void>;
}

export const secondsUntil = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

export class LocalRecheckMarks implements RecheckMarks {
  /** Domain → epoch ms of its next turn. */
  private readonly turns = new LRUCache<string, number>({ max: MAX_DOMAINS });
  private readonly pendings = new LRUCache<string, { before: string; until: number }>({ max: MAX_DOMAINS });

  constructor(private readonly clock: Clock) {}

  async take(domain: string): Promise<number> {
    const now = this.clock.now();
    const next = this.turns.get(domain);
    if (next !== undefined && next > now) return secondsUntil(next - now);
    this.turns.set(domain, now + RECHECK_TURN_MS);
    return 0;
  }

  async turnIn(domain: string, seconds: number): Promise<void> {
    if (seconds <= 0) this.turns.delete(domain);
    else this.turns.set(domain, this.clock.now() + seconds * 1000);
  }

  async setPending(domain: string, before: string): Promise<void> {
    this.pendings.set(domain, { before, until: this.clock.now() + PENDING_MS });
  }

  async pending(domain: string): Promise<string | undefined> {
    const p = this.pendings.get(domain);
    if (p === undefined) return undefined;
    if (p.until > this.clock.now()) return p.before;
    this.pendings.delete(domain);
    return undefined;
  }

  async clearPending(domain: string): Promise<void> {
    this.pendings.delete(domain);
  }
}

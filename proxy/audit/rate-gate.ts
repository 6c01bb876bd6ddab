/**
 * The run's global rate cap: a token bucket of `perSecond` domains a second, holding at most one
 * second's worth, so a run never hands the crawler more than `perSecond` domains in any second
 * however long it waited before (the queue and its workers add their own limits on top).
 */
export class RateGate {
  private tokens = 1;
  private last: number;

  constructor(
    private readonly perSecond: number,
    nowMs: number,
  ) {
    this.last = nowMs;
  }

  private refill(nowMs: number): void {
    this.tokens = Math.min(Math.max(1, this.perSecond), this.tokens + ((nowMs - this.last) / 1000) * this.perSecond);
    this.last = nowMs;
  }

  /** How many may go now (whole domains). */
  available(nowMs: number): number {
    this.refill(nowMs);
    return Math.floor(this.tokens);
  }

  take(n: number): void {
    this.tokens -= n;
  }

  /** Milliseconds until the next domain may go. */
  waitMs(nowMs: number): number {
    this.refill(nowMs);
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.perSecond) * 1000);
  }
}

/**
 * The run's global rate cap, as a sliding window: at most `ceil(perSecond)` domains handed over
 * in any window of `ceil(perSecond) / perSecond` seconds, so at most N in any second for a whole
 * N (and 1 every 2 s for 0.5). A run that was held up (a slow queue, a busy machine) does not
 * make up for it in a burst, as a token bucket would.
 */
export class RateGate {
  private readonly allowed: number;
  private readonly windowMs: number;
  /** When each domain of the current window was handed over, oldest first. */
  private readonly times: number[] = [];

  constructor(perSecond: number) {
    this.allowed = Math.ceil(perSecond);
    this.windowMs = (1000 * this.allowed) / perSecond;
  }

  private expire(nowMs: number): void {
    while (this.times.length > 0 && this.times[0]! < nowMs - this.windowMs) this.times.shift();
  }

  /** How many may go now. */
  available(nowMs: number): number {
    this.expire(nowMs);
    return this.allowed - this.times.length;
  }

  take(n: number, nowMs: number): void {
    for (let i = 0; i < n; i++) this.times.push(nowMs);
  }

  /** Milliseconds until the next domain may go. */
  waitMs(nowMs: number): number {
    this.expire(nowMs);
    return this.times.length < this.allowed ? 0 : Math.floor(this.times[0]! + this.windowMs - nowMs) + 1;
  }
}

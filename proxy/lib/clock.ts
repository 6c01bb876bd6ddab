/** Injected time, so limits, caches and refreshes are testable without waiting (CONVENTIONS 7). */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  constructor(private t: number = Date.UTC(2026, 0, 15, 12, 0, 0)) {}
  now(): number {
    return this.t;
  }
  set(ms: number): void {
    this.t = ms;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

/**
 * `compute`'s value, worked out at most once per `ms` of `clock` time: calls within that time
 * get the same value. For figures that cost a query (registry counts) on paths anyone allowed
 * may call often (health and status).
 */
export function atMostEvery<T>(ms: number, clock: Clock, compute: () => T): () => T {
  let at = -Infinity;
  let value: T;
  return () => {
    const t = clock.now();
    if (t - at >= ms) {
      value = compute();
      at = t;
    }
    return value;
  };
}

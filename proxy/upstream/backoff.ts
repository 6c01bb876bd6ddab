/**
 * Exponential backoff with full jitter (AWS Architecture Blog, "Exponential Backoff And
 * Jitter"): attempt n waits a random time in [0, min(cap, base * 2^n)), so clients that failed
 * together do not retry together.
 */
export interface BackoffOptions {
  baseMs: number;
  capMs: number;
  random?: () => number;
}

export function backoffDelay(attempt: number, opts: BackoffOptions): number {
  const ceiling = Math.min(opts.capMs, opts.baseMs * 2 ** attempt);
  return Math.floor((opts.random ?? Math.random)() * ceiling);
}

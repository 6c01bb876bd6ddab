/**
 * Which upstream failures are worth another attempt, and the attempts themselves: exponential
 * backoff with full jitter between them (backoff.ts). Only failures that may pass are marked
 * retryable: network errors, timeouts, 5xx, and a 429 whose wait fits the caller's queue.
 */
import { HttpError, isHttpError } from '../lib/http-error.js';
import { backoffDelay, type BackoffOptions } from './backoff.js';
import { sleep } from './pacer.js';

/** Errors worth another attempt, marked without widening HttpError's contract. */
const RETRYABLE = new WeakSet<HttpError>();

export function retryable(e: HttpError): HttpError {
  RETRYABLE.add(e);
  return e;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 100, capMs: 2_000 };

/**
 * Runs `attempt` up to `attempts` times while it fails retryably, waiting a backoff between
 * attempts; the last retryable failure is thrown. Every call made more than once is a read
 * (batch included), so repeating it is safe (RFC 9110 section 9.2.2); a recheck is made once.
 */
export async function withRetries<T>(
  attempts: number,
  backoff: BackoffOptions,
  signal: AbortSignal | undefined,
  attempt: () => Promise<T>,
): Promise<T> {
  let last: HttpError | undefined;
  for (let n = 0; n < attempts; n++) {
    if (n > 0) await sleep(backoffDelay(n - 1, backoff), signal);
    try {
      return await attempt();
    } catch (e) {
      if (signal?.aborted || !isHttpError(e) || !RETRYABLE.has(e)) throw e;
      last = e;
    }
  }
  throw last!;
}

/**
 * Early answers: the service may answer a lookup while the site's terms page is still being read
 * (`basis.terms_pending`); the full record replaces it within seconds. Such an answer ends a
 * held lookup's wait, but not the wait of a document that exists only once the record is
 * stored, and it is cached only as long as a queued answer.
 */
import type { Ttls } from '../config.js';

/** An early answer: given while the site's terms page is still being read (`basis.terms_pending`). */
export const isEarlyAnswer = (value: unknown): boolean =>
  (value as { basis?: { terms_pending?: boolean } } | null)?.basis?.terms_pending === true;

/**
 * How long a domain answer is kept: a found one `foundMs`, except an early answer, which lives
 * like a queued one (`queuedMs`).
 */
export function lifetimeOf(ttl: Ttls, value: unknown, found: boolean): number {
  return !found || isEarlyAnswer(value) ? ttl.queuedMs : ttl.foundMs;
}

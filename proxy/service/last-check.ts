/**
 * `basis.last_check` on every found answer (docs/policy.md section 8): set when a record is
 * read, since only the store knows whether a later check failed. Whatever classify() put there
 * is replaced: classify sees one crawl, not the domain's history.
 */
import type { Basis } from '../../shared/schemas.js';
import type { LastCheck } from './store/registry-store.js';

export function lastCheckOf(check: LastCheck | null): Basis['last_check'] {
  return check === null ? null : { failed_at: check.failedAt, cause: check.cause, next_retry: check.nextRetry };
}

/** The answer with `basis.last_check` set; an answer without a basis (stored before it existed) is left as it is. */
export function withLastCheck<T extends { basis?: Basis }>(answer: T, check: LastCheck | null): T {
  if (!answer.basis) return answer;
  return { ...answer, basis: { ...answer.basis, last_check: lastCheckOf(check) } };
}

/**
 * What the registry says of one domain after a check, read through the storage port: its full
 * record and, when the latest check failed (docs/policy.md section 8), why. A failed check
 * that kept an earlier record says so in `lastCheck`; a first check that failed is the record
 * itself, and its audit entry carries the cause. Only a record that can be such a failure (its
 * robots.txt errored or gave no answer, or its homepage gave none) has its audit entry read.
 */
import type { DomainPolicyFound, FullRecord } from '../../shared/schemas.js';
import type { RecordStore } from '../service/store/registry-store.js';

export interface DomainOutcome {
  /** The answer (what the reading starts from) and the full record of the same crawl. */
  summary: DomainPolicyFound;
  full: FullRecord;
  checkedMs: number;
  failure: string | null;
}

const mayBeFailure = (full: FullRecord) =>
  full.robots_txt_status === 'error' || full.robots_txt_status === 'unreachable' || full.homepage_status === null;

export async function readOutcome(records: RecordStore, domain: string): Promise<DomainOutcome | undefined> {
  const [rec, sum] = await Promise.all([records.full(domain), records.summary(domain)]);
  if (!rec || !sum) return undefined;
  const summary = sum.value;
  if (rec.lastCheck) return { summary, full: rec.value, checkedMs: rec.checkedMs, failure: rec.lastCheck.cause };
  const failure = mayBeFailure(rec.value) ? ((await records.audit(rec.value.audit_id))?.failure ?? null) : null;
  return { summary, full: rec.value, checkedMs: rec.checkedMs, failure };
}

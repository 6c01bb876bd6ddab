/** What classify(evidence) returns (docs/policy.md sections 4 to 7). */
import type { AnnouncedRecordBody, DomainPolicyFound, FullRecordBody } from '../../shared/schemas.js';

export interface Classification {
  /** The single-lookup answer (seed "Domain policy"), `last_updated` = evidence.fetchedAt. */
  summary: DomainPolicyFound;
  /** The full record without id and audit_id (the registry adds them). */
  full: FullRecordBody;
  /** The announced-surface record without audit_id. */
  announced: AnnouncedRecordBody;
}

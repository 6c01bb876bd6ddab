/**
 * Whether a classification is three valid records (shared/schemas.ts): evidence gathered by a
 * much older crawler may give none, and such a record is re-crawled rather than re-derived
 * (proxy/service/reclassify.ts). Checked on the pool's worker with the reading: a large
 * record's check is no work for the thread that answers.
 */
import { AnnouncedRecordSchema, DomainPolicyFoundSchema, FullRecordSchema } from '../../shared/schemas.js';
import type { Classification } from '../analysis/classification.js';

const FULL_BODY = FullRecordSchema.omit({ id: true, audit_id: true });
const ANNOUNCED_BODY = AnnouncedRecordSchema.omit({ audit_id: true });

export function isValidClassification(c: Classification): boolean {
  return (
    DomainPolicyFoundSchema.safeParse(c.summary).success &&
    FULL_BODY.safeParse(c.full).success &&
    ANNOUNCED_BODY.safeParse(c.announced).success
  );
}

/**
 * From stored rows to the port's values, for both stores: records and audits are kept as JSON
 * text in the same columns in SQLite and PostgreSQL (text, not jsonb, so key order is kept).
 */
import type {
  AnnouncedRecord,
  AnnouncedRecordBody,
  DomainPolicyFound,
  FullRecord,
  FullRecordBody,
} from '../../../shared/schemas.js';
import type { Classification } from '../../analysis/classification.js';
import type { Evidence } from '../../analysis/evidence.js';
import type { AuditEntry, LastCheck, RecordRead, StoredRecord } from './registry-store.js';

/** A domain row's stored documents and ids. */
export interface RecordColumns {
  id: number;
  audit_id: string;
  last_crawled_ms: number;
  summary: string;
  full: string;
  announced: string;
}
/** What every read returns beside the document. */
export interface AgeColumns {
  last_crawled_ms: number;
  checked_ms: number;
  last_check: string | null;
}
export const AGE_COLUMNS = 'last_crawled_ms, checked_ms, last_check';

export interface AuditRow {
  audit_id: string;
  domain: string;
  crawled_at: string;
  evidence: string;
  failure: string | null;
}

export const auditOf = (r: AuditRow): AuditEntry => ({
  auditId: r.audit_id,
  domain: r.domain,
  crawledAt: r.crawled_at,
  evidence: JSON.parse(r.evidence) as Evidence,
  failure: r.failure,
});

export const readOf = <T>(r: AgeColumns, value: T): RecordRead<T> => ({
  value,
  lastCrawledMs: r.last_crawled_ms,
  checkedMs: r.checked_ms,
  lastCheck: r.last_check === null ? null : (JSON.parse(r.last_check) as LastCheck),
});

/** The stored full body with the record id and the audit id of the crawl that produced it. */
export const fullOf = (r: Pick<RecordColumns, 'id' | 'audit_id' | 'full'>): FullRecord => ({
  id: r.id,
  ...(JSON.parse(r.full) as FullRecordBody),
  audit_id: r.audit_id,
});

export const announcedOf = (r: Pick<RecordColumns, 'audit_id' | 'announced'>): AnnouncedRecord => ({
  ...(JSON.parse(r.announced) as AnnouncedRecordBody),
  audit_id: r.audit_id,
});

export function storedOf(r: RecordColumns): StoredRecord {
  return {
    id: r.id,
    auditId: r.audit_id,
    lastCrawledMs: r.last_crawled_ms,
    summary: JSON.parse(r.summary) as DomainPolicyFound,
    full: fullOf(r),
    announced: announcedOf(r),
  };
}

export function classificationOf(r: Pick<RecordColumns, 'summary' | 'full' | 'announced'>): Classification {
  return {
    summary: JSON.parse(r.summary) as DomainPolicyFound,
    full: JSON.parse(r.full) as FullRecordBody,
    announced: JSON.parse(r.announced) as AnnouncedRecordBody,
  };
}

/** When a crawl happened (its record's `last_updated`), or `nowMs` when that is not a time. */
export function crawledMsOf(crawledAt: string, nowMs: number): number {
  const ms = Date.parse(crawledAt);
  return Number.isFinite(ms) ? ms : nowMs;
}

/** After a failed check: the retry's time, from the domain's consecutive failures (docs/policy.md section 8). */
export function retryAt(
  failure: { cause: string } | null,
  failuresBefore: number,
  nowMs: number,
  delays: readonly number[],
): { failures: number; nextRetryMs: number | null } {
  const failures = failure ? failuresBefore + 1 : 0;
  const delay = failure ? delays[failures - 1] : undefined;
  return { failures, nextRetryMs: delay === undefined ? null : nowMs + delay };
}

export const lastCheckOf = (crawledAt: string, cause: string, nextRetryMs: number | null): LastCheck => ({
  failedAt: crawledAt,
  cause,
  nextRetry: nextRetryMs === null ? null : new Date(nextRetryMs).toISOString(),
});

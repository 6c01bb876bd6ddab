/**
 * One record read again by newer rules (RecordStore.rederive), decided once for both stores:
 * from the domain's row and the evidence of the audit entry behind it, the columns to write and
 * the StoredCrawl the announced surface's tables follow. Each store claims the rows and writes
 * the result in its own SQL (store/sqlite/rederive.ts, store/pg/rederive.ts).
 */
import type { Evidence } from '../../analysis/evidence.js';
import { classificationOf, type RecordColumns } from './record-rows.js';
import type { Derive, Derived, StoredCrawl } from './registry-store.js';

/** A claimed record: its row and the evidence text of its audit entry (null when the entry is gone). */
export interface ClaimedRecord extends Pick<RecordColumns, 'id' | 'audit_id' | 'summary' | 'full' | 'announced'> {
  domain: string;
  last_crawled: string;
  evidence: string | null;
}

/** The columns a re-derived record writes (everything else in its row stays). */
export interface RederivedColumns {
  id: number;
  stance: string;
  detail: string;
  score: number;
  rank: number | null;
  summary: string;
  full: string;
  announced: string;
  failed: boolean;
}

/**
 * The record's new columns and its StoredCrawl, or null when it cannot be re-derived: no
 * evidence, evidence that does not parse, `derive` giving null or throwing, or a reading whose
 * crawl time is not the record's (that evidence is not the crawl behind the record).
 */
export async function rederiveRecord(
  r: ClaimedRecord,
  derive: Derive,
): Promise<{ columns: RederivedColumns; crawl: StoredCrawl } | null> {
  if (r.evidence === null) return null;
  let evidence: Evidence;
  let derived: Derived;
  try {
    evidence = JSON.parse(r.evidence) as Evidence;
    derived = await derive(evidence);
  } catch {
    return null;
  }
  if (!derived || derived.classification.summary.last_updated !== r.last_crawled) return null;
  const { classification } = derived;
  return {
    columns: {
      id: r.id,
      stance: classification.summary.stance,
      detail: classification.summary.detail,
      score: classification.announced.score,
      rank: classification.summary.site.ranklist_rank,
      summary: JSON.stringify(classification.summary),
      full: JSON.stringify(classification.full),
      announced: JSON.stringify(classification.announced),
      failed: derived.failed,
    },
    crawl: {
      current: true,
      rederived: true,
      domain: r.domain,
      auditId: r.audit_id,
      crawledAt: r.last_crawled,
      evidence,
      classification,
      previous: classificationOf(r),
    },
  };
}

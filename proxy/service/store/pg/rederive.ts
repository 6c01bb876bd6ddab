/**
 * Records read again by newer rules, in PostgreSQL (RecordStore.rederive, decided in
 * ../rederive-rows.ts), with any number of workers at it at once: one short transaction claims
 * a step of records made by older rules with `FOR UPDATE SKIP LOCKED` (a record another worker
 * is re-deriving, or a crawl is storing, is passed over; once either commits the record no
 * longer qualifies), writes what the new reading gives, moves the announced surface's tables
 * with it (preview-index.ts reindexPg) and tells every process the records were stored.
 */
import type pg from 'pg';
import { rederiveRecord, type ClaimedRecord } from '../rederive-rows.js';
import type { Derive, RederiveStep, StoredCrawl } from '../registry-store.js';
import { row, rows, transaction } from './db.js';
import { CHANNELS } from './notify.js';
import { reindexPg } from './preview-index.js';

export async function olderRulesPg(
  pool: pg.Pool,
  version: number,
): Promise<Array<{ version: number; records: number }>> {
  return rows<{ version: number; records: number }>(
    pool,
    'SELECT rules_version AS version, count(*) AS records FROM domains WHERE rules_version < $1 GROUP BY rules_version ORDER BY rules_version',
    [version],
  );
}

export function rederivePg(
  pool: pg.Pool,
  s: { version: number; max: number; after: number; derive: Derive },
): Promise<RederiveStep> {
  return transaction(pool, async (tx) => {
    const claimed = await rows<Omit<ClaimedRecord, 'evidence'>>(
      tx,
      `SELECT id, domain, audit_id, last_crawled, summary, "full", announced FROM domains
       WHERE rules_version < $1 AND id > $2 ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED`,
      [s.version, s.after, s.max],
    );
    const unreadable: string[] = [];
    const crawls: StoredCrawl[] = [];
    for (const r of claimed) {
      const audit = await row<{ evidence: string }>(tx, 'SELECT evidence FROM audits WHERE audit_id = $1', [
        r.audit_id,
      ]);
      // Read on the analysis pool while the rows stay claimed (SKIP LOCKED: other workers pass them over).
      const out = await rederiveRecord({ ...r, evidence: audit?.evidence ?? null }, s.derive);
      if (!out) {
        unreadable.push(r.domain);
        continue;
      }
      const c = out.columns;
      // Crawl and check times, audit id, failures, last check, looked-up mark: all kept.
      await tx.query(
        `UPDATE domains SET stance = $2, detail = $3, score = $4, rank = $5, summary = $6, "full" = $7, announced = $8, failed = $9, rules_version = $10
         WHERE id = $1`,
        [c.id, c.stance, c.detail, c.score, c.rank, c.summary, c.full, c.announced, c.failed, s.version],
      );
      crawls.push(out.crawl);
    }
    await reindexPg(tx, crawls);
    // Delivered at the commit: replicas' waiters and gateways drop what they hold of these domains.
    if (crawls.length > 0)
      await tx.query('SELECT pg_notify($1, d) FROM unnest($2::text[]) AS d', [
        CHANNELS.recordStored,
        crawls.map((c) => c.domain),
      ]);
    return {
      rederived: crawls.length,
      unreadable,
      next: claimed.length < s.max ? null : claimed[claimed.length - 1]!.id,
    };
  });
}

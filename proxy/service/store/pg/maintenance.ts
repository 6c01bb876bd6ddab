/**
 * Retention and purge in PostgreSQL (the storage port's MaintenanceStore), with the
 * rules of store/sqlite/maintenance.ts: marks written at most once a UTC day, audit entries
 * pruned in short steps that keep each domain's latest, its current record's and every one its
 * history names, and a domain forgotten in one transaction everywhere it is kept, its crawl
 * job included. Backups are PostgreSQL's own (pg_dump), not here.
 */
import type pg from 'pg';
import { BOSS_SCHEMA, CRAWL_QUEUE } from '../../queue/pgboss-job.js';
import type { MaintenanceStore, PruneCursor } from '../registry-store.js';
import { durableTransaction, row, rows, transaction } from './db.js';
import { unindexDomainPg } from './preview-index.js';

const DAY_MS = 86_400_000;

export class PgMaintenance implements MaintenanceStore {
  constructor(private readonly pool: pg.Pool) {}

  async markLookedUp(domains: readonly string[], nowMs: number): Promise<void> {
    if (domains.length === 0) return;
    // The last condition makes a second mark the same UTC day write nothing.
    await this.pool.query('UPDATE domains SET looked_up_ms = $1 WHERE domain = ANY($2::text[]) AND looked_up_ms < $3', [
      nowMs,
      domains,
      nowMs - (nowMs % DAY_MS),
    ]);
  }

  pruneAudits(opts: {
    cutoffMs: number;
    max: number;
    after: PruneCursor;
  }): Promise<{ deleted: number; next: PruneCursor }> {
    return transaction(this.pool, async (tx) => {
      // crawled_at is ISO 8601 UTC (toISOString), so text order is time order.
      const old = await rows<{ seq: number; keep: boolean }>(
        tx,
        `SELECT a.seq,
           (a.seq = (SELECT max(b.seq) FROM audits b WHERE b.domain = a.domain)
            OR EXISTS (SELECT 1 FROM domains d WHERE d.domain = a.domain AND d.audit_id = a.audit_id)
            OR EXISTS (SELECT 1 FROM preview_history h WHERE h.domain = a.domain AND h.entry::jsonb ->> 'audit_id' = a.audit_id)
           ) AS keep
         FROM audits a WHERE a.seq > $1 AND a.crawled_at < $2 ORDER BY a.seq LIMIT $3`,
        [opts.after === null ? 0 : Number(opts.after), new Date(opts.cutoffMs).toISOString(), opts.max],
      );
      const drop = old.filter((r) => !r.keep).map((r) => r.seq);
      const deleted =
        drop.length > 0
          ? ((await tx.query('DELETE FROM audits WHERE seq = ANY($1::bigint[])', [drop])).rowCount ?? 0)
          : 0;
      return { deleted, next: old.length < opts.max ? null : String(old[old.length - 1]!.seq) };
    });
  }

  async unusedDomains(cutoffMs: number, max: number): Promise<string[]> {
    const found = await rows<{ domain: string }>(
      this.pool,
      'SELECT domain FROM domains WHERE looked_up_ms < $1 ORDER BY looked_up_ms LIMIT $2',
      [cutoffMs, Math.min(max, Number.MAX_SAFE_INTEGER)],
    );
    return found.map((r) => r.domain);
  }

  /** A named purge is durable before it resolves: the operator is told the domain is forgotten (db.ts durableTransaction). */
  purgeDomain(domain: string, opts: { unusedSince?: number } = {}): Promise<boolean> {
    return (opts.unusedSince === undefined ? durableTransaction : transaction)(this.pool, async (tx) => {
      const rec = await row<{ id: number; looked_up_ms: number }>(
        tx,
        'SELECT id, looked_up_ms FROM domains WHERE domain = $1 FOR UPDATE',
        [domain],
      );
      if (opts.unusedSince !== undefined && (!rec || rec.looked_up_ms >= opts.unusedSince)) return false;
      let removed = 0;
      // The name indexes (pg_trgm, bigrams) are indexes of this row: they go with it.
      if (rec) removed += (await tx.query('DELETE FROM domains WHERE id = $1', [rec.id])).rowCount ?? 0;
      removed += (await tx.query('DELETE FROM audits WHERE domain = $1', [domain])).rowCount ?? 0;
      // Its crawl job: waiting, retrying or running (a running crawl's store then finds no job to end).
      removed +=
        (
          await tx.query(
            `DELETE FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state <= 'active'`,
            [CRAWL_QUEUE, domain],
          )
        ).rowCount ?? 0;
      return (await unindexDomainPg(tx, domain)) || removed > 0;
    });
  }

  /**
   * A durable transaction that writes: PostgreSQL flushes the WAL up to its commit record, which
   * comes after every earlier commit. (A transaction that writes nothing commits without a flush,
   * whatever synchronous_commit says; the schema's one row, rewritten as it is, is the write.)
   */
  async sync(): Promise<void> {
    await durableTransaction(this.pool, (tx) => tx.query('UPDATE lens_schema SET version = version'));
  }
}

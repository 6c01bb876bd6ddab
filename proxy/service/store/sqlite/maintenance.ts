/**
 * Retention and purge in the SQLite registry (the storage port's MaintenanceStore).
 * Every step is one short transaction, so a server on the same file keeps answering while a
 * pass runs (WAL: readers never wait; a writer waits at most one step, under busy_timeout).
 */
import type Database from 'better-sqlite3';
import type { MaintenanceStore, PruneCursor } from '../registry-store.js';
import { durably } from './durable.js';
import { bigramsOf } from './name-search.js';
import { unindexDomain } from './preview-index.js';

const DAY_MS = 86_400_000;

interface Candidate {
  seq: number;
  keep: number;
}

function prepare(db: Database.Database) {
  return {
    // The WHERE makes a second mark the same UTC day write nothing.
    mark: db.prepare<[number, string, number]>(
      'UPDATE domains SET looked_up_ms = ? WHERE domain IN (SELECT value FROM json_each(?)) AND looked_up_ms < ?',
    ),
    // Old entries from the cursor on, each with whether it must stay: the domain's latest, the
    // current record's, or one the history names (the first crawl and every change).
    oldAudits: db.prepare<{ after: number; cutoff: string; max: number }, Candidate>(
      `SELECT a.seq,
         (a.seq = (SELECT max(b.seq) FROM audits b WHERE b.domain = a.domain)
          OR EXISTS (SELECT 1 FROM domains d WHERE d.domain = a.domain AND d.audit_id = a.audit_id)
          OR EXISTS (SELECT 1 FROM preview_history h WHERE h.domain = a.domain AND json_extract(h.entry, '$.audit_id') = a.audit_id)
         ) AS keep
       FROM audits a WHERE a.seq > @after AND a.crawled_at < @cutoff ORDER BY a.seq LIMIT @max`,
    ),
    dropAudits: db.prepare<[string]>('DELETE FROM audits WHERE seq IN (SELECT value FROM json_each(?))'),
    unused: db.prepare<[number, number], { domain: string }>(
      'SELECT domain FROM domains WHERE looked_up_ms < ? ORDER BY looked_up_ms LIMIT ?',
    ),
    domain: db.prepare<[string], { id: number; looked_up_ms: number }>(
      'SELECT id, looked_up_ms FROM domains WHERE domain = ?',
    ),
    // External-content FTS5 rows are removed with the 'delete' command and the indexed values.
    dropName: db.prepare<[number, string]>(
      `INSERT INTO domain_names (domain_names, rowid, domain) VALUES ('delete', ?, ?)`,
    ),
    dropBigram: db.prepare<[string, number]>('DELETE FROM domain_bigrams WHERE gram = ? AND id = ?'),
    dropDomain: db.prepare<[number]>('DELETE FROM domains WHERE id = ?'),
    dropDomainAudits: db.prepare<[string]>('DELETE FROM audits WHERE domain = ?'),
    dropJob: db.prepare<[string]>('DELETE FROM jobs WHERE domain = ?'),
  };
}

export class SqliteMaintenance implements MaintenanceStore {
  private readonly st;

  constructor(private readonly db: Database.Database) {
    this.st = prepare(db);
  }

  async markLookedUp(domains: readonly string[], nowMs: number): Promise<void> {
    if (domains.length === 0) return;
    this.st.mark.run(nowMs, JSON.stringify(domains), nowMs - (nowMs % DAY_MS));
  }

  async pruneAudits(opts: {
    cutoffMs: number;
    max: number;
    after: PruneCursor;
  }): Promise<{ deleted: number; next: PruneCursor }> {
    return this.db.transaction(() => {
      // crawled_at is ISO 8601 UTC (toISOString), so text order is time order.
      const rows = this.st.oldAudits.all({
        after: opts.after === null ? 0 : Number(opts.after),
        cutoff: new Date(opts.cutoffMs).toISOString(),
        max: opts.max,
      });
      const drop = rows.filter((r) => r.keep === 0).map((r) => r.seq);
      const deleted = drop.length > 0 ? this.st.dropAudits.run(JSON.stringify(drop)).changes : 0;
      return { deleted, next: rows.length < opts.max ? null : String(rows[rows.length - 1]!.seq) };
    })();
  }

  async unusedDomains(cutoffMs: number, max: number): Promise<string[]> {
    return this.st.unused.all(cutoffMs, max).map((r) => r.domain);
  }

  /** A named purge is durable before it resolves: the operator is told the domain is forgotten (durable.ts). */
  async purgeDomain(domain: string, opts: { unusedSince?: number } = {}): Promise<boolean> {
    const purge = () => {
      const row = this.st.domain.get(domain);
      if (opts.unusedSince !== undefined && (!row || row.looked_up_ms >= opts.unusedSince)) return false;
      let removed = 0;
      if (row) {
        this.st.dropName.run(row.id, domain);
        for (const gram of bigramsOf(domain)) this.st.dropBigram.run(gram, row.id);
        removed += this.st.dropDomain.run(row.id).changes;
      }
      removed += this.st.dropDomainAudits.run(domain).changes;
      removed += this.st.dropJob.run(domain).changes;
      return unindexDomain(this.db, domain) || removed > 0;
    };
    return opts.unusedSince === undefined ? durably(this.db, purge) : this.db.transaction(purge)();
  }

  /**
   * A full checkpoint: every committed frame of the WAL is copied into the database file, the WAL
   * synced before and the file after, so every commit so far is on the disk. It waits for
   * readers (busy_timeout); one still reading then leaves the WAL unsynced, which is an error here.
   */
  async sync(): Promise<void> {
    const [r] = this.db.pragma('wal_checkpoint(FULL)') as Array<{ busy: number }>;
    if (r?.busy)
      throw new Error('the registry is busy: its last commits are not yet on the disk; run the command again');
  }
}

/**
 * Records read again by newer rules, in SQLite (RecordStore.rederive, decided in
 * ../rederive-rows.ts): a step of records made by older rules is read with the evidence of each
 * one's audit entry, each is read again (on the analysis pool: the event loop answers
 * meanwhile), then one short transaction writes what the new readings give and publishes each
 * as a re-derived "audit stored" to the announced surface's indexes, so they move with the
 * record. One process owns a SQLite registry; a record a crawl stored meanwhile (another audit
 * entry) or already brought up to date is left as it is.
 */
import type Database from 'better-sqlite3';
import { rederiveRecord, type ClaimedRecord, type RederivedColumns } from '../rederive-rows.js';
import type { Derive, RederiveStep, StoredCrawl } from '../registry-store.js';

export class SqliteRederive {
  private readonly st;

  constructor(private readonly db: Database.Database) {
    this.st = {
      older: db.prepare<[number], { version: number; records: number }>(
        'SELECT rules_version AS version, count(*) AS records FROM domains WHERE rules_version < ? GROUP BY rules_version ORDER BY rules_version',
      ),
      claim: db.prepare<[number, number, number], ClaimedRecord>(
        `SELECT d.id, d.domain, d.audit_id, d.last_crawled, d.summary, d.full, d.announced, a.evidence
         FROM domains d LEFT JOIN audits a ON a.audit_id = d.audit_id
         WHERE d.rules_version < ? AND d.id > ? ORDER BY d.id LIMIT ?`,
      ),
      // Crawl and check times, audit id, failures, last check, looked-up mark: all kept.
      write: db.prepare<Omit<RederivedColumns, 'failed'> & { version: number; failed: number; audit_id: string }>(
        `UPDATE domains SET stance = @stance, detail = @detail, score = @score, rank = @rank, summary = @summary,
           full = @full, announced = @announced, failed = @failed, rules_version = @version
         WHERE id = @id AND audit_id = @audit_id AND rules_version < @version`,
      ),
    };
  }

  olderRules(version: number): Array<{ version: number; records: number }> {
    return this.st.older.all(version);
  }

  /**
   * One step: read, derive, then one transaction that writes each record still as it was read;
   * `publish` runs inside it for each re-derived record (a throw rolls the writes back).
   */
  async step(
    s: { version: number; max: number; after: number; derive: Derive },
    publish: (crawl: StoredCrawl) => void,
  ): Promise<RederiveStep & { domains: string[] }> {
    const claimed = this.st.claim.all(s.version, s.after, s.max);
    const unreadable: string[] = [];
    const derived: Array<{ columns: RederivedColumns; crawl: StoredCrawl; auditId: string }> = [];
    for (const r of claimed) {
      const out = await rederiveRecord(r, s.derive);
      if (out) derived.push({ ...out, auditId: r.audit_id });
      else unreadable.push(r.domain);
    }
    const domains = this.db.transaction(() => {
      const written: string[] = [];
      for (const d of derived) {
        const c = d.columns;
        const changed = this.st.write.run({ ...c, failed: c.failed ? 1 : 0, version: s.version, audit_id: d.auditId });
        if (changed.changes === 0) continue;
        publish(d.crawl);
        written.push(d.crawl.domain);
      }
      return written;
    })();
    return {
      rederived: domains.length,
      unreadable,
      next: claimed.length < s.max ? null : claimed[claimed.length - 1]!.id,
      domains,
    };
  }
}

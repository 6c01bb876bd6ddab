/**
 * Records read again by newer rules, in SQLite (RecordStore.rederive, decided in
 * ../rederive-rows.ts): one short transaction claims a step of records made by older rules,
 * with the evidence of each one's audit entry, writes what the new reading gives and publishes
 * each as a re-derived "audit stored" to the announced surface's indexes, so they move with the
 * record in the same transaction. One process owns a SQLite registry: no other writer to skip.
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
      write: db.prepare<Omit<RederivedColumns, 'failed'> & { version: number; failed: number }>(
        `UPDATE domains SET stance = @stance, detail = @detail, score = @score, rank = @rank, summary = @summary,
           full = @full, announced = @announced, failed = @failed, rules_version = @version WHERE id = @id`,
      ),
    };
  }

  olderRules(version: number): Array<{ version: number; records: number }> {
    return this.st.older.all(version);
  }

  /** One step in one transaction; `publish` runs inside it for each re-derived record (a throw rolls the step back). */
  step(
    s: { version: number; max: number; after: number; derive: Derive },
    publish: (crawl: StoredCrawl) => void,
  ): RederiveStep & { domains: string[] } {
    return this.db.transaction(() => {
      const claimed = this.st.claim.all(s.version, s.after, s.max);
      const unreadable: string[] = [];
      const domains: string[] = [];
      for (const r of claimed) {
        const out = rederiveRecord(r, s.derive);
        if (!out) {
          unreadable.push(r.domain);
          continue;
        }
        this.st.write.run({ ...out.columns, failed: out.columns.failed ? 1 : 0, version: s.version });
        publish(out.crawl);
        domains.push(r.domain);
      }
      return {
        rederived: domains.length,
        unreadable,
        next: claimed.length < s.max ? null : claimed[claimed.length - 1]!.id,
        domains,
      };
    })();
  }
}

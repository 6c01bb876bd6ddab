/**
 * A run's own state, in DIR/audit.sqlite: which list it runs over, when it began, and one row per
 * domain with the values last read from the registry. The registry (and its queue) holds what
 * was crawled and what is still to crawl, durably; this file holds what the outputs are built
 * from, so a resumed run rewrites sites.csv and report.html without reading every full record
 * again, and a killed run loses at most the rows it had not written (they are read again).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { DomainList } from './list.js';
import { pendingRow, type RowStatus, type SiteRow } from './site-row.js';

export class ListChangedError extends Error {}

export interface RunMeta {
  listName: string;
  listSha256: string;
  /** When the run's first session began (epoch ms): --refresh-days counts back from it. */
  startedMs: number;
  sessions: number;
}

export interface StateEntry {
  domain: string;
  rank: number | null;
  /** The registry's `checkedMs` behind the stored row; null when no row yet. */
  checkedMs: number | null;
  status: RowStatus;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS sites (
    domain TEXT PRIMARY KEY,
    pos INTEGER NOT NULL,
    rank INTEGER,
    checked_ms INTEGER,
    status TEXT NOT NULL DEFAULT 'pending',
    row TEXT
  );
  CREATE INDEX IF NOT EXISTS sites_pos ON sites(pos);
`;

export class AuditState {
  private readonly db: Database.Database;
  private readonly st;

  private constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(SCHEMA);
    this.st = {
      meta: this.db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
      setMeta: this.db.prepare<[string, string]>(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      ),
      insert: this.db.prepare<[string, number, number | null]>(
        'INSERT OR IGNORE INTO sites (domain, pos, rank) VALUES (?, ?, ?)',
      ),
      entries: this.db.prepare<
        [],
        { domain: string; rank: number | null; checked_ms: number | null; status: RowStatus }
      >('SELECT domain, rank, checked_ms, status FROM sites ORDER BY pos'),
      save: this.db.prepare<[number, string, string, string]>(
        'UPDATE sites SET checked_ms = ?, status = ?, row = ? WHERE domain = ?',
      ),
      rows: this.db.prepare<[], { domain: string; rank: number | null; row: string | null }>(
        'SELECT domain, rank, row FROM sites ORDER BY pos',
      ),
      failed: this.db.prepare<[], { row: string }>(
        "SELECT row FROM sites WHERE status = 'failed' AND row IS NOT NULL ORDER BY pos",
      ),
      counts: this.db.prepare<[], { status: RowStatus; n: number }>(
        'SELECT status, count(*) AS n FROM sites GROUP BY status',
      ),
    };
  }

  /**
   * Opens DIR/audit.sqlite for this list: a new run when the file is new, the same run when it
   * was made for the same list (same bytes); a different list is refused (ListChangedError).
   */
  static open(
    dir: string,
    list: DomainList,
    listName: string,
    nowMs: number,
  ): { state: AuditState; meta: RunMeta; resumed: boolean } {
    const state = new AuditState(join(dir, 'audit.sqlite'));
    try {
      const meta = state.begin(list, listName, nowMs);
      return { state, meta, resumed: meta.sessions > 1 };
    } catch (e) {
      state.close();
      throw e;
    }
  }

  private begin(list: DomainList, listName: string, nowMs: number): RunMeta {
    return this.db.transaction((): RunMeta => {
      const get = (k: string) => this.st.meta.get(k)?.value;
      const sha = get('list_sha256');
      if (sha !== undefined && sha !== list.sha256) {
        throw new ListChangedError(
          `this folder holds the run of another list (${get('list_name')}, begun ${new Date(Number(get('started_ms'))).toISOString()}); give another --out folder for this list`,
        );
      }
      if (sha === undefined) {
        this.st.setMeta.run('list_sha256', list.sha256);
        this.st.setMeta.run('list_name', listName);
        this.st.setMeta.run('started_ms', String(nowMs));
        list.entries.forEach((e, i) => this.st.insert.run(e.domain, i, e.rank));
      }
      const sessions = Number(get('sessions') ?? 0) + 1;
      this.st.setMeta.run('sessions', String(sessions));
      return { listName: get('list_name')!, listSha256: list.sha256, startedMs: Number(get('started_ms')), sessions };
    })();
  }

  entries(): StateEntry[] {
    return this.st.entries
      .all()
      .map((r) => ({ domain: r.domain, rank: r.rank, checkedMs: r.checked_ms, status: r.status }));
  }

  /** Saves rows in one transaction (the runner saves what it read together). */
  save(rows: ReadonlyArray<{ row: SiteRow; checkedMs: number }>): void {
    this.db.transaction(() => {
      for (const { row, checkedMs } of rows) this.st.save.run(checkedMs, row.status, JSON.stringify(row), row.domain);
    })();
  }

  /** Every row in list order, one at a time (100,000 rows need not sit in memory at once). */
  *rows(): Generator<SiteRow> {
    for (const r of this.st.rows.iterate())
      yield r.row === null ? pendingRow(r.domain, r.rank) : (JSON.parse(r.row) as SiteRow);
  }

  /** The rows of the domains whose latest check failed, in list order. */
  *failedRows(): Generator<SiteRow> {
    for (const r of this.st.failed.iterate()) yield JSON.parse(r.row) as SiteRow;
  }

  counts(): Record<RowStatus, number> {
    const out: Record<RowStatus, number> = { ok: 0, failed: 0, pending: 0 };
    for (const r of this.st.counts.all()) out[r.status] = r.n;
    return out;
  }

  close(): void {
    this.db.close();
  }
}

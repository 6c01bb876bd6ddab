/**
 * Writing and point-reading the announced surface's side tables. indexCrawl() runs inside the
 * registry's transaction for each stored crawl (it subscribes to "audit stored" when the store
 * is opened): it subtracts what the domain's previous crawl contributed to the counters and
 * indexes and adds the new crawl's, so /stats and /search stay exact without ever scanning
 * the registry. What to write is decided in ../preview-update.ts (shared with PostgreSQL);
 * here is only the SQL.
 */
import type Database from 'better-sqlite3';
import type { AnnouncedRecord, HistoryEntry, HistoryResponse } from '../../../../shared/schemas.js';
import type { SignalsResponse } from '../../preview/schemas.js';
import {
  previewRemoval,
  previewUpdate,
  type CounterDelta,
  type HourDelta,
  type IndexRows,
  type IndexedPolicy,
} from '../preview-update.js';
import type { StoredCrawl } from '../registry-store.js';
import { migratePreviewTables } from './preview-tables.js';

interface PolicyRow extends IndexedPolicy {
  id: number;
}

export { HOUR_MS, hourOf } from '../preview-update.js';

function prepareAll(db: Database.Database) {
  migratePreviewTables(db);
  return {
    current: db.prepare<[string], PolicyRow>(
      'SELECT id, audit_id, crawls, rank_sort, crawled_ms, facets FROM preview_policy WHERE domain = ?',
    ),
    insertPolicy: db.prepare(
      `INSERT INTO preview_policy (domain, audit_id, crawled_at, crawled_ms, crawls, stance, detail, score, rank_sort, cdn, cms, borrows_from, facets, record)
       VALUES (@domain, @audit_id, @crawled_at, @crawled_ms, @crawls, @stance, @detail, @score, @rank_sort, @cdn, @cms, @borrows_from, @facets, @record)`,
    ),
    updatePolicy: db.prepare(
      `UPDATE preview_policy SET audit_id = @audit_id, crawled_at = @crawled_at, crawled_ms = @crawled_ms, crawls = @crawls,
         stance = @stance, detail = @detail, score = @score, rank_sort = @rank_sort, cdn = @cdn, cms = @cms,
         borrows_from = @borrows_from, facets = @facets, record = @record
       WHERE domain = @domain`,
    ),
    addName: db.prepare('INSERT INTO preview_names (rowid, domain) VALUES (?, ?)'),
    // External-content FTS5 rows are removed with the 'delete' command and the indexed values.
    dropName: db.prepare<[number, string]>(
      `INSERT INTO preview_names (preview_names, rowid, domain) VALUES ('delete', ?, ?)`,
    ),
    dropPolicy: db.prepare<[string]>('DELETE FROM preview_policy WHERE domain = ?'),
    dropHistory: db.prepare<[string]>('DELETE FROM preview_history WHERE domain = ?'),
    dropSignals: db.prepare<[string]>('DELETE FROM preview_signals WHERE domain = ?'),
    bump: db.prepare(
      'INSERT INTO preview_counters (kind, key, n) VALUES (?, ?, ?) ON CONFLICT (kind, key) DO UPDATE SET n = n + excluded.n',
    ),
    bumpHour: db.prepare(
      'INSERT INTO preview_crawl_hours (hour, n) VALUES (?, ?) ON CONFLICT (hour) DO UPDATE SET n = n + excluded.n',
    ),
    dropEmptyHour: db.prepare('DELETE FROM preview_crawl_hours WHERE hour = ? AND n = 0'),
    addBot: db.prepare('INSERT OR IGNORE INTO preview_bot (bot, verdict, rank_sort, domain) VALUES (?, ?, ?, ?)'),
    dropBot: db.prepare('DELETE FROM preview_bot WHERE bot = ? AND verdict = ? AND rank_sort = ? AND domain = ?'),
    addStandard: db.prepare('INSERT OR IGNORE INTO preview_standard (standard, rank_sort, domain) VALUES (?, ?, ?)'),
    dropStandard: db.prepare('DELETE FROM preview_standard WHERE standard = ? AND rank_sort = ? AND domain = ?'),
    // stance_from: the domain's previous entry's stance when it differs from this one's (preview-update.ts HistoryRow).
    addHistory: db.prepare<[{ domain: string; entry: string; ms: number }]>(
      `INSERT INTO preview_history (domain, entry, crawled_ms, stance_from)
       VALUES (@domain, @entry, @ms, (SELECT nullif(json_extract(h.entry, '$.stance'), json_extract(@entry, '$.stance')) FROM preview_history h WHERE h.domain = @domain ORDER BY h.id DESC LIMIT 1))`,
    ),
    putSignals: db.prepare(
      'INSERT INTO preview_signals (domain, raw) VALUES (?, ?) ON CONFLICT (domain) DO UPDATE SET raw = excluded.raw',
    ),
    record: db.prepare<[string], { record: string }>('SELECT record FROM preview_policy WHERE domain = ?'),
    signals: db.prepare<[string], { raw: string }>('SELECT raw FROM preview_signals WHERE domain = ?'),
    crawls: db.prepare<[string], { crawls: number }>('SELECT crawls FROM preview_policy WHERE domain = ?'),
    history: db.prepare<[string], { entry: string }>(
      'SELECT entry FROM preview_history WHERE domain = ? ORDER BY id DESC',
    ),
  };
}
type Statements = ReturnType<typeof prepareAll>;

const cache = new WeakMap<Database.Database, Statements>();
/** Prepared once per database (creating the tables first when the registry did not). */
export function statements(db: Database.Database): Statements {
  let s = cache.get(db);
  if (!s) {
    s = prepareAll(db);
    cache.set(db, s);
  }
  return s;
}

/** Deletes a domain's rows in the bot and standard indexes. */
function dropRows(st: Statements, domain: string, rows: IndexRows): void {
  for (const [bot, verdict] of rows.bots) st.dropBot.run(bot, verdict, rows.rank_sort, domain);
  for (const k of rows.standards) st.dropStandard.run(k, rows.rank_sort, domain);
}

/** Adds the counter and per-hour deltas; an hour whose count falls to zero is dropped. */
function addDeltas(st: Statements, counters: readonly CounterDelta[], hours: readonly HourDelta[]): void {
  for (const d of counters) st.bump.run(d.kind, d.key, d.n);
  for (const h of hours) {
    st.bumpHour.run(h.hour, h.n);
    if (h.n < 0) st.dropEmptyHour.run(h.hour);
  }
}

export function indexCrawl(db: Database.Database, crawl: StoredCrawl): void {
  // A failed check that kept the earlier record changed nothing these tables hold: nothing to read.
  if (!crawl.current) return;
  const st = statements(db);
  const prev = st.current.get(crawl.domain);
  const u = previewUpdate(crawl, prev);
  if (!u) return;
  const { domain } = u.policy;

  if (u.remove) dropRows(st, domain, u.remove);
  for (const [bot, verdict] of u.add.bots) st.addBot.run(bot, verdict, u.add.rank_sort, domain);
  for (const k of u.add.standards) st.addStandard.run(k, u.add.rank_sort, domain);
  addDeltas(st, u.counters, u.hours);

  if (u.first) st.addName.run(Number(st.insertPolicy.run(u.policy).lastInsertRowid), domain);
  else st.updatePolicy.run(u.policy);
  if (u.history) st.addHistory.run({ domain, entry: u.history.entry, ms: u.history.crawled_ms });
  st.putSignals.run(domain, u.signals);
}

/**
 * Removes one domain from every announced-surface table (maintenance's purge), inside the
 * caller's transaction: its rows in the indexes, history and signals, and what it contributed
 * to the counters, so /stats stays exact. Returns whether it held anything of the domain.
 */
export function unindexDomain(db: Database.Database, domain: string): boolean {
  const st = statements(db);
  const prev = st.current.get(domain);
  if (prev) {
    const r = previewRemoval(prev);
    dropRows(st, domain, r.remove);
    addDeltas(st, r.counters, r.hours);
    st.dropName.run(prev.id, domain);
    st.dropPolicy.run(domain);
  }
  const history = st.dropHistory.run(domain).changes;
  const signals = st.dropSignals.run(domain).changes;
  return prev !== undefined || history + signals > 0;
}

/** The stored announced record, or null when the domain has no stored crawl. */
export function readRecord(db: Database.Database, domain: string): AnnouncedRecord | null {
  const r = statements(db).record.get(domain);
  return r ? (JSON.parse(r.record) as AnnouncedRecord) : null;
}

/** The raw signals of the latest stored crawl, or null. */
export function readSignals(db: Database.Database, domain: string): SignalsResponse | null {
  const r = statements(db).signals.get(domain);
  return r ? (JSON.parse(r.raw) as SignalsResponse) : null;
}

/**
 * A domain's policy across its stored crawls (ours, beyond the seed): the first crawl and every
 * crawl that changed the policy, newest first, each saying what changed (changes.ts). Entries
 * are written by indexCrawl(), so reading is one index range on (domain, id). Null when the
 * domain has no stored crawl.
 */
export function readHistory(db: Database.Database, domain: string): HistoryResponse | null {
  const st = statements(db);
  const row = st.crawls.get(domain);
  if (!row) return null;
  const entries = st.history.all(domain).map((r) => JSON.parse(r.entry) as HistoryEntry);
  return { domain, crawls: row.crawls, entries };
}

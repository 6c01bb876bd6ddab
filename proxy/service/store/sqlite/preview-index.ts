/**
 * Writing and point-reading the announced surface's side tables. indexCrawl() runs inside the
 * registry's transaction for each stored crawl (it subscribes to "audit stored" when the store
 * is opened): it subtracts what the domain's previous crawl contributed to the counters and
 * indexes and adds the new crawl's, so /stats and /search stay exact without ever scanning
 * the registry.
 */
import type Database from 'better-sqlite3';
import type { AnnouncedRecord, HistoryEntry, HistoryResponse } from '../../../../shared/schemas.js';
import { historyEntryOf } from '../../preview/changes.js';
import { contributions, facetsOf, foldName, rankSort, type PolicyFacets } from '../../preview/facets.js';
import type { SignalsResponse } from '../../preview/schemas.js';
import { buildSignals } from '../../preview/signals.js';
import type { StoredCrawl } from '../registry-store.js';
import { migratePreviewTables } from './preview-tables.js';

interface PolicyRow {
  id: number;
  audit_id: string;
  crawls: number;
  rank_sort: number;
  crawled_ms: number;
  facets: string;
}

export const HOUR_MS = 3_600_000;
export const hourOf = (ms: number): number => Math.floor(ms / HOUR_MS);

function prepareAll(db: Database.Database) {
  migratePreviewTables(db);
  return {
    current: db.prepare<[string], PolicyRow>('SELECT id, audit_id, crawls, rank_sort, crawled_ms, facets FROM preview_policy WHERE domain = ?'),
    insertPolicy: db.prepare(
      `INSERT INTO preview_policy (domain, audit_id, crawled_at, crawled_ms, crawls, stance, detail, score, rank_sort, cdn, cms, facets, record)
       VALUES (@domain, @audit_id, @crawled_at, @crawled_ms, @crawls, @stance, @detail, @score, @rank_sort, @cdn, @cms, @facets, @record)`,
    ),
    updatePolicy: db.prepare(
      `UPDATE preview_policy SET audit_id = @audit_id, crawled_at = @crawled_at, crawled_ms = @crawled_ms, crawls = @crawls,
         stance = @stance, detail = @detail, score = @score, rank_sort = @rank_sort, cdn = @cdn, cms = @cms,
         facets = @facets, record = @record
       WHERE domain = @domain`,
    ),
    addName: db.prepare('INSERT INTO preview_names (rowid, domain) VALUES (?, ?)'),
    // External-content FTS5 rows are removed with the 'delete' command and the indexed values.
    dropName: db.prepare<[number, string]>(`INSERT INTO preview_names (preview_names, rowid, domain) VALUES ('delete', ?, ?)`),
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
    addHistory: db.prepare('INSERT INTO preview_history (domain, entry) VALUES (?, ?)'),
    putSignals: db.prepare(
      'INSERT INTO preview_signals (domain, raw) VALUES (?, ?) ON CONFLICT (domain) DO UPDATE SET raw = excluded.raw',
    ),
    record: db.prepare<[string], { record: string }>('SELECT record FROM preview_policy WHERE domain = ?'),
    signals: db.prepare<[string], { raw: string }>('SELECT raw FROM preview_signals WHERE domain = ?'),
    crawls: db.prepare<[string], { crawls: number }>('SELECT crawls FROM preview_policy WHERE domain = ?'),
    history: db.prepare<[string], { entry: string }>('SELECT entry FROM preview_history WHERE domain = ? ORDER BY id DESC'),
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

/** Adds (sign 1) or removes (sign -1) one domain's rows in the bot and standard indexes and counters. */
function apply(st: Statements, domain: string, rank: number, f: PolicyFacets, sign: 1 | -1): void {
  for (const [kind, key] of contributions(f)) st.bump.run(kind, key, sign);
  const bot = sign > 0 ? st.addBot : st.dropBot;
  for (const b of f.blocked) bot.run(b.toLowerCase(), 'blocked', rank, domain);
  for (const b of f.allowed) bot.run(b.toLowerCase(), 'allowed', rank, domain);
  const std = sign > 0 ? st.addStandard : st.dropStandard;
  for (const k of f.standards) std.run(k, rank, domain);
}

export function indexCrawl(db: Database.Database, crawl: StoredCrawl): void {
  // A failed check that kept the earlier record changed nothing these tables hold.
  if (!crawl.current) return;
  const st = statements(db);
  const { domain, auditId, crawledAt, classification } = crawl;
  const prev = st.current.get(domain);
  // The same stored crawl indexed twice (a retried hook) must not count twice.
  if (prev?.audit_id === auditId) return;

  const next = facetsOf(classification);
  const rank = rankSort(next.rank);
  const before: PolicyFacets | null = prev ? (JSON.parse(prev.facets) as PolicyFacets) : null;
  const crawledMs = Date.parse(crawledAt);
  if (!Number.isFinite(crawledMs)) throw new Error(`indexPolicy: crawledAt "${crawledAt}" of ${domain} is not an ISO 8601 timestamp`);
  if (prev && before) {
    apply(st, domain, prev.rank_sort, before, -1);
    st.bumpHour.run(hourOf(prev.crawled_ms), -1);
    st.dropEmptyHour.run(hourOf(prev.crawled_ms));
  }
  apply(st, domain, rank, next, 1);
  st.bumpHour.run(hourOf(crawledMs), 1);

  const record: AnnouncedRecord = { ...classification.announced, audit_id: auditId };
  const row = {
    domain,
    audit_id: auditId,
    crawled_at: crawledAt,
    crawled_ms: crawledMs,
    crawls: (prev?.crawls ?? 0) + 1,
    stance: next.stance,
    detail: next.detail,
    score: next.score,
    rank_sort: rank,
    cdn: foldName(next.cdn),
    cms: foldName(next.cms),
    facets: JSON.stringify(next),
    record: JSON.stringify(record),
  };
  if (prev) st.updatePolicy.run(row);
  else st.addName.run(Number(st.insertPolicy.run(row).lastInsertRowid), domain);

  const entry = historyEntryOf(crawl, before, next);
  if (entry) st.addHistory.run(domain, JSON.stringify(entry));

  st.putSignals.run(domain, JSON.stringify(buildSignals(crawl.evidence, classification.full, auditId, crawledAt)));
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
    apply(st, domain, prev.rank_sort, JSON.parse(prev.facets) as PolicyFacets, -1);
    st.bumpHour.run(hourOf(prev.crawled_ms), -1);
    st.dropEmptyHour.run(hourOf(prev.crawled_ms));
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

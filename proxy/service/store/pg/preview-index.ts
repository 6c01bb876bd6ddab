/**
 * The announced surface's side tables in PostgreSQL, written inside the transaction that stores
 * each crawl (records.ts), as store/sqlite/preview-index.ts does for SQLite: the previous
 * crawl's contributions are subtracted and the new one's added, so /stats and /search stay
 * exact without ever scanning the registry.
 *
 * Workers store crawls at the same time, and every crawl touches the shared counter rows. The
 * deltas are netted first (a re-crawl that keeps its stance leaves "total" untouched) and
 * written in one statement in key order, so concurrent transactions lock counter rows in the
 * same order and never deadlock one another.
 */
import type { AnnouncedRecord, HistoryEntry, HistoryResponse } from '../../../../shared/schemas.js';
import { historyEntryOf } from '../../preview/changes.js';
import { contributions, facetsOf, foldName, rankSort, type PolicyFacets } from '../../preview/facets.js';
import type { SignalsResponse } from '../../preview/schemas.js';
import { buildSignals } from '../../preview/signals.js';
import type { StoredCrawl } from '../registry-store.js';
import { row, rows, type Queryable } from './db.js';

const HOUR_MS = 3_600_000;
const hourOf = (ms: number): number => Math.floor(ms / HOUR_MS);

/**
 * Every crawl adds to the same few counters ("total", its stance, its detail). Kept in one row
 * each, concurrent stores queue on those rows (measured: two workers crawled slower than one).
 * Each domain adds to its own shard of every counter instead (a hash of its name, so a
 * re-crawl's subtraction and addition meet in the same rows); readers sum the shards.
 */
export const COUNTER_SHARDS = 16;
export function shardOf(domain: string): number {
  // FNV-1a over the name's UTF-16 units.
  let h = 0x811c9dc5;
  for (let i = 0; i < domain.length; i++) h = Math.imul(h ^ domain.charCodeAt(i), 0x01000193);
  return (h >>> 0) % COUNTER_SHARDS;
}

interface PolicyRow {
  audit_id: string;
  crawls: number;
  rank_sort: number;
  crawled_ms: number;
  facets: string;
}

/** Net change per key; zero entries dropped. */
class Deltas<K extends string | number> {
  readonly map = new Map<K, number>();
  add(k: K, n: number): void {
    this.map.set(k, (this.map.get(k) ?? 0) + n);
  }
  entries(): Array<[K, number]> {
    return [...this.map].filter(([, n]) => n !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
}

/** The (bot, verdict) and standard rows one domain's facets hold in the search indexes. */
const botRows = (f: PolicyFacets) => [
  ...f.blocked.map((b) => [b.toLowerCase(), 'blocked'] as const),
  ...f.allowed.map((b) => [b.toLowerCase(), 'allowed'] as const),
];

export async function indexCrawlPg(db: Queryable, crawl: StoredCrawl): Promise<void> {
  // A failed check that kept the earlier record changed nothing these tables hold.
  if (!crawl.current) return;
  const { domain, auditId, crawledAt, classification } = crawl;
  const prev = await row<PolicyRow>(db, 'SELECT audit_id, crawls, rank_sort, crawled_ms, facets FROM preview_policy WHERE domain = $1 FOR UPDATE', [domain]);
  // The same stored crawl indexed twice (a retried hook) must not count twice.
  if (prev?.audit_id === auditId) return;

  const next = facetsOf(classification);
  const rank = rankSort(next.rank);
  const before: PolicyFacets | null = prev ? (JSON.parse(prev.facets) as PolicyFacets) : null;
  const crawledMs = Date.parse(crawledAt);
  if (!Number.isFinite(crawledMs)) throw new Error(`indexPolicy: crawledAt "${crawledAt}" of ${domain} is not an ISO 8601 timestamp`);

  const counters = new Deltas<string>();
  const hours = new Deltas<number>();
  if (prev && before) await withdraw(db, domain, prev, before, counters, hours);
  for (const [kind, key] of contributions(next)) counters.add(`${kind}\u0000${key}`, 1);
  hours.add(hourOf(crawledMs), 1);
  const bots = botRows(next);
  await db.query(
    'INSERT INTO preview_bot (bot, verdict, rank_sort, domain) SELECT b, v, $3, $4 FROM unnest($1::text[], $2::text[]) AS u(b, v) ON CONFLICT DO NOTHING',
    [bots.map((b) => b[0]), bots.map((b) => b[1]), rank, domain],
  );
  await db.query('INSERT INTO preview_standard (standard, rank_sort, domain) SELECT s, $2, $3 FROM unnest($1::text[]) AS s ON CONFLICT DO NOTHING', [
    next.standards,
    rank,
    domain,
  ]);

  const record: AnnouncedRecord = { ...classification.announced, audit_id: auditId };
  await db.query(
    `INSERT INTO preview_policy (domain, audit_id, crawled_at, crawled_ms, crawls, stance, detail, score, rank_sort, cdn, cms, facets, record)
     VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (domain) DO UPDATE SET audit_id = excluded.audit_id, crawled_at = excluded.crawled_at, crawled_ms = excluded.crawled_ms,
       crawls = preview_policy.crawls + 1, stance = excluded.stance, detail = excluded.detail, score = excluded.score,
       rank_sort = excluded.rank_sort, cdn = excluded.cdn, cms = excluded.cms, facets = excluded.facets, record = excluded.record`,
    [domain, auditId, crawledAt, crawledMs, next.stance, next.detail, next.score, rank, foldName(next.cdn), foldName(next.cms), JSON.stringify(next), JSON.stringify(record)],
  );

  const entry = historyEntryOf(crawl, before, next);
  if (entry) await db.query('INSERT INTO preview_history (domain, entry) VALUES ($1, $2)', [domain, JSON.stringify(entry)]);
  await db.query('INSERT INTO preview_signals (domain, raw) VALUES ($1, $2) ON CONFLICT (domain) DO UPDATE SET raw = excluded.raw', [
    domain,
    JSON.stringify(buildSignals(crawl.evidence, classification.full, auditId, crawledAt)),
  ]);
  // Last: the shared counter rows stay locked from here to the commit, so every other
  // worker's store waits on them as briefly as possible.
  await applyDeltas(db, domain, counters, hours);
}

/** Takes one domain's previous crawl out of the search indexes, and its contributions into the deltas. */
async function withdraw(db: Queryable, domain: string, prev: PolicyRow, before: PolicyFacets, counters: Deltas<string>, hours: Deltas<number>): Promise<void> {
  for (const [kind, key] of contributions(before)) counters.add(`${kind}\u0000${key}`, -1);
  hours.add(hourOf(prev.crawled_ms), -1);
  const old = botRows(before);
  await db.query(
    'DELETE FROM preview_bot WHERE domain = $1 AND rank_sort = $2 AND (bot, verdict) IN (SELECT * FROM unnest($3::text[], $4::text[]))',
    [domain, prev.rank_sort, old.map((b) => b[0]), old.map((b) => b[1])],
  );
  await db.query('DELETE FROM preview_standard WHERE domain = $1 AND rank_sort = $2 AND standard = ANY($3::text[])', [domain, prev.rank_sort, before.standards]);
}

/** Counter and hour deltas into the domain's shard, in key order (one statement each): concurrent stores lock shared rows in one order. */
async function applyDeltas(db: Queryable, domain: string, counters: Deltas<string>, hours: Deltas<number>): Promise<void> {
  const shard = shardOf(domain);
  const c = counters.entries();
  if (c.length > 0) {
    await db.query(
      `INSERT INTO preview_counters (kind, key, shard, n)
       SELECT k, key, $4, n FROM unnest($1::text[], $2::text[], $3::bigint[]) AS u(k, key, n) ORDER BY k, key
       ON CONFLICT (kind, key, shard) DO UPDATE SET n = preview_counters.n + excluded.n`,
      [c.map(([k]) => k.split('\u0000')[0]), c.map(([k]) => k.split('\u0000')[1]), c.map(([, n]) => n), shard],
    );
  }
  const h = hours.entries();
  if (h.length > 0) {
    await db.query(
      `INSERT INTO preview_crawl_hours (hour, shard, n) SELECT hour, $3, n FROM unnest($1::bigint[], $2::bigint[]) AS u(hour, n) ORDER BY hour
       ON CONFLICT (hour, shard) DO UPDATE SET n = preview_crawl_hours.n + excluded.n`,
      [h.map(([k]) => k), h.map(([, n]) => n), shard],
    );
    await db.query('DELETE FROM preview_crawl_hours WHERE hour = ANY($1::bigint[]) AND shard = $2 AND n = 0', [h.map(([k]) => k), shard]);
  }
}

/**
 * Removes one domain from every announced-surface table (maintenance's purge), inside the
 * caller's transaction, as store/sqlite/preview-index.ts unindexDomain(): its index rows,
 * history and signals, and its share of the counters. Returns whether it held anything of it.
 */
export async function unindexDomainPg(db: Queryable, domain: string): Promise<boolean> {
  const prev = await row<PolicyRow>(db, 'SELECT audit_id, crawls, rank_sort, crawled_ms, facets FROM preview_policy WHERE domain = $1 FOR UPDATE', [domain]);
  if (prev) {
    const counters = new Deltas<string>();
    const hours = new Deltas<number>();
    await withdraw(db, domain, prev, JSON.parse(prev.facets) as PolicyFacets, counters, hours);
    await applyDeltas(db, domain, counters, hours);
    await db.query('DELETE FROM preview_policy WHERE domain = $1', [domain]);
  }
  const history = (await db.query('DELETE FROM preview_history WHERE domain = $1', [domain])).rowCount ?? 0;
  const signals = (await db.query('DELETE FROM preview_signals WHERE domain = $1', [domain])).rowCount ?? 0;
  return prev !== undefined || history + signals > 0;
}

export async function readSignalsPg(db: Queryable, domain: string): Promise<SignalsResponse | null> {
  const r = await row<{ raw: string }>(db, 'SELECT raw FROM preview_signals WHERE domain = $1', [domain]);
  return r ? (JSON.parse(r.raw) as SignalsResponse) : null;
}

export async function readHistoryPg(db: Queryable, domain: string): Promise<HistoryResponse | null> {
  const r = await row<{ crawls: number }>(db, 'SELECT crawls FROM preview_policy WHERE domain = $1', [domain]);
  if (!r) return null;
  const entries = (await rows<{ entry: string }>(db, 'SELECT entry FROM preview_history WHERE domain = $1 ORDER BY id DESC', [domain])).map(
    (e) => JSON.parse(e.entry) as HistoryEntry,
  );
  return { domain, crawls: r.crawls, entries };
}

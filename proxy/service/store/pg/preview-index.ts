/**
 * The announced surface's side tables in PostgreSQL, written inside the transaction that stores
 * each crawl (records.ts), as store/sqlite/preview-index.ts does for SQLite: the previous
 * crawl's contributions are subtracted and the new one's added, so /stats and /search stay
 * exact without ever scanning the registry. What to write is decided in ../preview-update.ts
 * (shared with SQLite); here is only the SQL.
 *
 * Workers store crawls at the same time, and every crawl touches the shared counter rows. The
 * deltas come netted (a re-crawl that keeps its stance leaves "total" untouched) and are
 * written in one statement in key order, so concurrent transactions lock counter rows in the
 * same order and never deadlock one another.
 */
import type { HistoryEntry, HistoryResponse } from '../../../../shared/schemas.js';
import type { SignalsResponse } from '../../preview/schemas.js';
import {
  previewRemoval,
  previewUpdate,
  type CounterDelta,
  type HourDelta,
  type IndexRows,
  type IndexedPolicy,
  type PreviewUpdate,
} from '../preview-update.js';
import type { StoredCrawl } from '../registry-store.js';
import { row, rows, type Queryable } from './db.js';

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

const SELECT_PREVIOUS =
  'SELECT audit_id, crawls, rank_sort, crawled_ms, facets FROM preview_policy WHERE domain = $1 FOR UPDATE';

export async function indexCrawlPg(db: Queryable, crawl: StoredCrawl): Promise<void> {
  // A failed check that kept the earlier record changed nothing these tables hold: nothing to read (or lock).
  if (!crawl.current) return;
  const u = previewUpdate(crawl, await row<IndexedPolicy>(db, SELECT_PREVIOUS, [crawl.domain]));
  if (!u) return;
  await writeRows(db, u);
  // Last: the shared counter rows stay locked from here to the commit, so every other
  // worker's store waits on them as briefly as possible.
  const shard = shardOf(u.policy.domain);
  await applyDeltas(
    db,
    u.counters.map((d) => ({ ...d, shard })),
    u.hours.map((h) => ({ ...h, shard })),
  );
}

/**
 * Re-derived records of one step (RecordStore.rederive), in the caller's transaction: each
 * domain's rows as indexCrawlPg writes them, then the counter deltas of all of them netted and
 * written in one statement in (kind, key, shard) order. Within one shard that is the order a
 * crawl's store locks its rows in, so a step and the crawls stored meanwhile never deadlock
 * (as they could if each domain's deltas were written in turn, shard after shard).
 */
export async function reindexPg(db: Queryable, crawls: readonly StoredCrawl[]): Promise<void> {
  const counters = new Map<string, ShardDelta<CounterDelta>>();
  const hours = new Map<string, ShardDelta<HourDelta>>();
  for (const crawl of crawls) {
    const u = previewUpdate(crawl, await row<IndexedPolicy>(db, SELECT_PREVIOUS, [crawl.domain]));
    if (!u) continue;
    await writeRows(db, u);
    const shard = shardOf(u.policy.domain);
    for (const d of u.counters) net(counters, `${d.kind}\u0000${d.key}\u0000${shard}`, { ...d, shard });
    for (const h of u.hours) net(hours, `${h.hour}\u0000${shard}`, { ...h, shard });
  }
  // applyDeltas' statements put the rows in order.
  await applyDeltas(
    db,
    [...counters.values()].filter((d) => d.n !== 0),
    [...hours.values()].filter((h) => h.n !== 0),
  );
}

type ShardDelta<T> = T & { shard: number };
function net<T extends { n: number }>(into: Map<string, ShardDelta<T>>, id: string, d: ShardDelta<T>): void {
  const had = into.get(id);
  if (had) had.n += d.n;
  else into.set(id, { ...d });
}

/** A crawl's rows in the policy table, the bot and standard indexes, history and raw signals (not its counters). */
async function writeRows(db: Queryable, u: PreviewUpdate): Promise<void> {
  const { domain } = u.policy;

  if (u.remove) await dropRows(db, domain, u.remove);
  await db.query(
    'INSERT INTO preview_bot (bot, verdict, rank_sort, domain) SELECT b, v, $3, $4 FROM unnest($1::text[], $2::text[]) AS u(b, v) ON CONFLICT DO NOTHING',
    [u.add.bots.map((b) => b[0]), u.add.bots.map((b) => b[1]), u.add.rank_sort, domain],
  );
  await db.query(
    'INSERT INTO preview_standard (standard, rank_sort, domain) SELECT s, $2, $3 FROM unnest($1::text[]) AS s ON CONFLICT DO NOTHING',
    [u.add.standards, u.add.rank_sort, domain],
  );

  const p = u.policy;
  // The previous row is locked (FOR UPDATE) since it was read, so its crawl count is current.
  await db.query(
    `INSERT INTO preview_policy (domain, audit_id, crawled_at, crawled_ms, crawls, stance, detail, score, rank_sort, cdn, cms, facets, record, borrows_from)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (domain) DO UPDATE SET audit_id = excluded.audit_id, crawled_at = excluded.crawled_at, crawled_ms = excluded.crawled_ms,
       crawls = excluded.crawls, stance = excluded.stance, detail = excluded.detail, score = excluded.score,
       rank_sort = excluded.rank_sort, cdn = excluded.cdn, cms = excluded.cms, facets = excluded.facets, record = excluded.record,
       borrows_from = excluded.borrows_from`,
    [
      p.domain,
      p.audit_id,
      p.crawled_at,
      p.crawled_ms,
      p.crawls,
      p.stance,
      p.detail,
      p.score,
      p.rank_sort,
      p.cdn,
      p.cms,
      p.facets,
      p.record,
      p.borrows_from,
    ],
  );

  if (u.history) {
    const h = u.history;
    // stance_from: the domain's previous entry's stance when it differs from this one's (preview-update.ts HistoryRow).
    await db.query(
      `INSERT INTO preview_history (domain, entry, crawled_ms, stance_from)
       VALUES ($1::text, $2::text, $3, (SELECT nullif(h.entry::jsonb ->> 'stance', $2::text::jsonb ->> 'stance') FROM preview_history h WHERE h.domain = $1::text ORDER BY h.id DESC LIMIT 1))`,
      [domain, h.entry, h.crawled_ms],
    );
  }
  await db.query(
    'INSERT INTO preview_signals (domain, raw) VALUES ($1, $2) ON CONFLICT (domain) DO UPDATE SET raw = excluded.raw',
    [domain, u.signals],
  );
}

/** Deletes a domain's rows in the bot and standard indexes. */
async function dropRows(db: Queryable, domain: string, rows: IndexRows): Promise<void> {
  await db.query(
    'DELETE FROM preview_bot WHERE domain = $1 AND rank_sort = $2 AND (bot, verdict) IN (SELECT * FROM unnest($3::text[], $4::text[]))',
    [domain, rows.rank_sort, rows.bots.map((b) => b[0]), rows.bots.map((b) => b[1])],
  );
  await db.query('DELETE FROM preview_standard WHERE domain = $1 AND rank_sort = $2 AND standard = ANY($3::text[])', [
    domain,
    rows.rank_sort,
    rows.standards,
  ]);
}

/**
 * Counter and hour deltas (already netted, zero ones left out) into their shards, in key order
 * (one statement each): concurrent stores lock shared rows in one order.
 */
async function applyDeltas(
  db: Queryable,
  counters: ReadonlyArray<ShardDelta<CounterDelta>>,
  hours: ReadonlyArray<ShardDelta<HourDelta>>,
): Promise<void> {
  if (counters.length > 0) {
    await db.query(
      `INSERT INTO preview_counters (kind, key, shard, n)
       SELECT k, key, s, n FROM unnest($1::text[], $2::text[], $3::smallint[], $4::bigint[]) AS u(k, key, s, n) ORDER BY k, key, s
       ON CONFLICT (kind, key, shard) DO UPDATE SET n = preview_counters.n + excluded.n`,
      [counters.map((d) => d.kind), counters.map((d) => d.key), counters.map((d) => d.shard), counters.map((d) => d.n)],
    );
  }
  if (hours.length > 0) {
    await db.query(
      `INSERT INTO preview_crawl_hours (hour, shard, n) SELECT hour, s, n FROM unnest($1::bigint[], $2::smallint[], $3::bigint[]) AS u(hour, s, n) ORDER BY hour, s
       ON CONFLICT (hour, shard) DO UPDATE SET n = preview_crawl_hours.n + excluded.n`,
      [hours.map((h) => h.hour), hours.map((h) => h.shard), hours.map((h) => h.n)],
    );
    await db.query(
      'DELETE FROM preview_crawl_hours AS c USING unnest($1::bigint[], $2::smallint[]) AS u(hour, s) WHERE c.hour = u.hour AND c.shard = u.s AND c.n = 0',
      [hours.map((h) => h.hour), hours.map((h) => h.shard)],
    );
  }
}

/**
 * Removes one domain from every announced-surface table (maintenance's purge), inside the
 * caller's transaction, as store/sqlite/preview-index.ts unindexDomain(): its index rows,
 * history and signals, and its share of the counters. Returns whether it held anything of it.
 */
export async function unindexDomainPg(db: Queryable, domain: string): Promise<boolean> {
  const prev = await row<IndexedPolicy>(db, SELECT_PREVIOUS, [domain]);
  if (prev) {
    const r = previewRemoval(prev);
    const shard = shardOf(domain);
    await dropRows(db, domain, r.remove);
    await applyDeltas(
      db,
      r.counters.map((d) => ({ ...d, shard })),
      r.hours.map((h) => ({ ...h, shard })),
    );
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
  const entries = (
    await rows<{ entry: string }>(db, 'SELECT entry FROM preview_history WHERE domain = $1 ORDER BY id DESC', [domain])
  ).map((e) => JSON.parse(e.entry) as HistoryEntry);
  return { domain, crawls: r.crawls, entries };
}

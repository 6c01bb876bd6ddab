/**
 * Announced-surface statistics from SQLite (`GET /preview/v1/stats`).
 *
 * readStats() reads the counters the index maintains (preview-index.ts; about a hundred rows
 * whatever the registry's size) and, for freshness, which depends on the time of the request,
 * per-hour crawl counts plus index range counts within the two boundary hours. scanStats()
 * computes the same answer by scanning every domain: the naive query the benchmark compares
 * against, and the oracle the tests check the counters with.
 */
import type Database from 'better-sqlite3';
import type { StatsResponse } from '../../../../shared/schemas.js';
import {
  assembleStats,
  changesSince,
  freshnessBounds,
  scanChanges,
  tally,
  type BorrowCount,
  type ChangeCount,
} from '../../preview/stats.js';
import { DETAIL_STANCE, toAnnouncedStance, type Detail } from '../../../../shared/values.js';
import { HOUR_MS, hourOf, statements } from './preview-index.js';

/** Hosts told their site's policy: the site has AI rules (docs/policy.md section 11, "subdomains"). */
const BORROWED = `SELECT json_extract(c.facets, '$.told') AS own, json_extract(p.facets, '$.told') AS theirs, count(*) AS n
  FROM preview_policy c JOIN preview_policy p ON p.domain = c.borrows_from
  WHERE c.borrows_from IS NOT NULL AND p.stance <> 'no_policy' AND p.detail <> 'has_llms_txt'
  GROUP BY 1, 2`;

const statsStatements = new WeakMap<Database.Database, ReturnType<typeof prepareStats>>();
function prepareStats(db: Database.Database) {
  statements(db); // tables exist
  const n = <P extends unknown[]>(sql: string) => db.prepare<P, { n: number | null }>(sql);
  return {
    counters: db.prepare<[], { kind: string; key: string; n: number }>('SELECT kind, key, n FROM preview_counters'),
    hoursAfter: n<[number]>('SELECT sum(n) AS n FROM preview_crawl_hours WHERE hour > ?'),
    hoursBefore: n<[number]>('SELECT sum(n) AS n FROM preview_crawl_hours WHERE hour < ?'),
    // Index range counts inside one hour (EXPLAIN: SEARCH ... USING COVERING INDEX preview_policy_crawled).
    range: n<[number, number]>('SELECT count(*) AS n FROM preview_policy WHERE crawled_ms > ? AND crawled_ms < ?'),
    // Only stance changes are in the partial index: the rows read are the changes of the period.
    // Hosts that borrow their site's policy, by the partial index on borrows_from (stats.ts BorrowCount).
    borrowed: db.prepare<[], BorrowCount>(BORROWED),
    changes: db.prepare<[number], ChangeCount>(
      `SELECT crawled_ms / 86400000 AS day, stance_from AS "from", json_extract(entry, '$.stance') AS "to", count(*) AS n
       FROM preview_history WHERE stance_from IS NOT NULL AND crawled_ms >= ? GROUP BY 1, 2, 3`,
    ),
  };
}

/**
 * Statistics from the maintained counters. Freshness depends on the time of the request: whole
 * hours come from preview_crawl_hours, and only the hour the boundary falls in is range-counted
 * on the crawled_ms index, so the cost does not grow with the registry.
 */
export function readStats(db: Database.Database, nowMs: number): StatsResponse {
  let s = statsStatements.get(db);
  if (!s) statsStatements.set(db, (s = prepareStats(db)));
  const t = tally(s.counters.all());
  const b = freshnessBounds(nowMs);
  const hf = hourOf(b.fresh);
  const hs = hourOf(b.stale);
  // fresh: crawled_ms > b.fresh = hours after hf, plus (b.fresh, end of hf).
  const fresh = (s.hoursAfter.get(hf)!.n ?? 0) + s.range.get(b.fresh, (hf + 1) * HOUR_MS)!.n!;
  // stale: crawled_ms < b.stale = hours before hs, plus [start of hs, b.stale).
  const stale = (s.hoursBefore.get(hs)!.n ?? 0) + s.range.get(hs * HOUR_MS - 1, b.stale)!.n!;
  const total = t.get('total')?.get('') ?? 0;
  return assembleStats(
    t,
    { fresh, stale, aging: Math.max(0, total - fresh - stale) },
    s.changes.all(changesSince(nowMs)),
    nowMs,
    s.borrowed.all(),
  );
}

/** The same statistics by scanning every domain's stored facets (GROUP BY over the whole registry). */
export function scanStats(db: Database.Database, nowMs: number): StatsResponse {
  statements(db);
  const rows: Array<{ kind: string; key: string; n: number }> = [];
  const q = (sql: string, ...params: unknown[]) =>
    db.prepare<unknown[], { kind: string; key: string; n: number }>(sql).all(...params);
  rows.push(...q(`SELECT 'total' AS kind, '' AS key, count(*) AS n FROM preview_policy`));
  for (const r of q(`SELECT 'detail' AS kind, detail AS key, count(*) AS n FROM preview_policy GROUP BY detail`)) {
    rows.push(r, { kind: 'stance', key: toAnnouncedStance(DETAIL_STANCE[r.key as Detail]), n: r.n });
  }
  rows.push(
    ...q(
      `SELECT 'score' AS kind, CAST(min(9, score / 10) AS TEXT) AS key, count(*) AS n FROM preview_policy GROUP BY key`,
    ),
  );
  rows.push(
    ...q(
      `SELECT 'told' AS kind, json_extract(facets, '$.told') AS key, count(*) AS n FROM preview_policy
       WHERE json_extract(facets, '$.told') IS NOT NULL GROUP BY key`,
    ),
  );
  for (const [kind, path] of [
    ['standard', '$.standards'],
    ['blocked', '$.blocked'],
    ['conflict', '$.conflicts'],
  ] as const) {
    rows.push(
      ...q(
        `SELECT ? AS kind, j.value AS key, count(*) AS n FROM preview_policy, json_each(preview_policy.facets, ?) AS j GROUP BY j.value`,
        kind,
        path,
      ),
    );
  }
  rows.push(
    ...q(
      `SELECT 'terms' AS kind, coalesce(json_extract(facets, '$.terms'), 'unknown') || '|' || CASE
         WHEN detail IN ('robots_blocked', 'unreachable') THEN 'unread' WHEN json_array_length(facets, '$.blocked') > 0 THEN 'blocks' ELSE 'open' END AS key,
         count(*) AS n FROM preview_policy GROUP BY key`,
    ),
  );
  const b = freshnessBounds(nowMs);
  const f = db
    .prepare<[number, number], { fresh: number | null; stale: number | null; total: number }>(
      'SELECT sum(crawled_ms > ?) AS fresh, sum(crawled_ms < ?) AS stale, count(*) AS total FROM preview_policy',
    )
    .get(b.fresh, b.stale)!;
  const fresh = f.fresh ?? 0;
  const stale = f.stale ?? 0;
  const history = db
    .prepare<[], { domain: string; entry: string }>('SELECT domain, entry FROM preview_history ORDER BY domain, id')
    .all();
  return assembleStats(
    tally(rows),
    { fresh, stale, aging: f.total - fresh - stale },
    scanChanges(history, nowMs),
    nowMs,
    db.prepare<[], BorrowCount>(BORROWED).all(),
  );
}

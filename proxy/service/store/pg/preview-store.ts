/**
 * The announced surface's part of the PostgreSQL store: raw signals, history, search and
 * statistics read from the side tables preview-index.ts keeps. Statistics follow
 * store/sqlite/preview-stats.ts: counters maintained per crawl, whole hours of crawls from
 * preview_crawl_hours, and index range counts only inside the two boundary hours, so the cost
 * does not grow with the registry. scanStatsPg() is the naive full scan, the oracle of the
 * contract tests and the comparison of the scale bench.
 */
import type pg from 'pg';
import type { PreviewSearchParams } from '../../../../shared/params.js';
import type { HistoryResponse, StatsResponse } from '../../../../shared/schemas.js';
import { DETAIL_STANCE, toAnnouncedStance, type Detail } from '../../../../shared/values.js';
import type { PreviewSearchResult, SignalsResponse } from '../../preview/schemas.js';
import { PG_SEARCH, searchPage, searchQuery, type SearchRow } from '../../preview/search-query.js';
import {
  assembleStats,
  changesSince,
  freshnessBounds,
  scanChanges,
  tally,
  type BorrowCount,
  type ChangeCount,
} from '../../preview/stats.js';
import { HOUR_MS, hourOf } from '../preview-update.js';
import type { PreviewStore } from '../registry-store.js';
import { row, rows, type Queryable } from './db.js';
import { readHistoryPg, readSignalsPg } from './preview-index.js';

/** Hosts told their site's policy: the site has AI rules (docs/policy.md section 11, "subdomains"); stats.ts BorrowCount. */
const BORROWED = `SELECT c.facets::jsonb ->> 'told' AS own, p.facets::jsonb ->> 'told' AS theirs, count(*)::int AS n
  FROM preview_policy c JOIN preview_policy p ON p.domain = c.borrows_from
  WHERE c.borrows_from IS NOT NULL AND p.stance <> 'no_policy' AND p.detail <> 'has_llms_txt'
  GROUP BY 1, 2`;

export async function readStatsPg(db: Queryable, nowMs: number): Promise<StatsResponse> {
  const b = freshnessBounds(nowMs);
  const hf = hourOf(b.fresh);
  const hs = hourOf(b.stale);
  // One round trip: fresh = hours after hf + (b.fresh, end of hf); stale = hours before hs + [start of hs, b.stale).
  const [counters, f, changes, borrowed] = await Promise.all([
    rows<{ kind: string; key: string; n: number }>(db, 'SELECT kind, key, n FROM preview_counters'),
    row<{ fresh: number; stale: number }>(
      db,
      `SELECT coalesce((SELECT sum(n) FROM preview_crawl_hours WHERE hour > $1), 0)::bigint
              + (SELECT count(*) FROM preview_policy WHERE crawled_ms > $2 AND crawled_ms < $3) AS fresh,
              coalesce((SELECT sum(n) FROM preview_crawl_hours WHERE hour < $4), 0)::bigint
              + (SELECT count(*) FROM preview_policy WHERE crawled_ms > $5 AND crawled_ms < $6) AS stale`,
      [hf, b.fresh, (hf + 1) * HOUR_MS, hs, hs * HOUR_MS - 1, b.stale],
    ),
    // Only stance changes are in the partial index: the rows read are the changes of the period.
    rows<ChangeCount>(
      db,
      `SELECT crawled_ms / 86400000 AS day, stance_from AS "from", entry::jsonb ->> 'stance' AS "to", count(*) AS n
       FROM preview_history WHERE stance_from IS NOT NULL AND crawled_ms >= $1 GROUP BY 1, 2, 3`,
      [changesSince(nowMs)],
    ),
    rows<BorrowCount>(db, BORROWED),
  ]);
  const t = tally(counters);
  const total = t.get('total')?.get('') ?? 0;
  return assembleStats(
    t,
    { fresh: f!.fresh, stale: f!.stale, aging: Math.max(0, total - f!.fresh - f!.stale) },
    changes,
    nowMs,
    borrowed,
  );
}

/** The same statistics by scanning every domain's stored facets. */
export async function scanStatsPg(db: Queryable, nowMs: number): Promise<StatsResponse> {
  const q = (sql: string, params: unknown[] = []) => rows<{ kind: string; key: string; n: number }>(db, sql, params);
  const out: Array<{ kind: string; key: string; n: number }> = [];
  out.push(...(await q(`SELECT 'total' AS kind, '' AS key, count(*) AS n FROM preview_policy`)));
  for (const r of await q(
    `SELECT 'detail' AS kind, detail AS key, count(*) AS n FROM preview_policy GROUP BY detail`,
  )) {
    out.push(r, { kind: 'stance', key: toAnnouncedStance(DETAIL_STANCE[r.key as Detail]), n: r.n });
  }
  out.push(
    ...(await q(
      `SELECT 'score' AS kind, least(9, score / 10)::text AS key, count(*) AS n FROM preview_policy GROUP BY 2`,
    )),
  );
  out.push(
    ...(await q(
      `SELECT 'told' AS kind, facets::jsonb ->> 'told' AS key, count(*) AS n FROM preview_policy
       WHERE facets::jsonb ->> 'told' IS NOT NULL GROUP BY 2`,
    )),
  );
  for (const [kind, field] of [
    ['standard', 'standards'],
    ['blocked', 'blocked'],
    ['conflict', 'conflicts'],
  ] as const) {
    out.push(
      ...(await q(
        `SELECT $1::text AS kind, j AS key, count(*) AS n FROM preview_policy, jsonb_array_elements_text(facets::jsonb -> $2) AS j GROUP BY j`,
        [kind, field],
      )),
    );
  }
  out.push(
    ...(await q(
      `SELECT 'terms' AS kind, coalesce(facets::jsonb ->> 'terms', 'unknown') || '|' || CASE
         WHEN detail IN ('robots_blocked', 'unreachable') THEN 'unread' WHEN jsonb_array_length(facets::jsonb -> 'blocked') > 0 THEN 'blocks' ELSE 'open' END AS key,
         count(*) AS n FROM preview_policy GROUP BY 2`,
    )),
  );
  const b = freshnessBounds(nowMs);
  const f = (await row<{ fresh: number; stale: number; total: number }>(
    db,
    'SELECT count(*) FILTER (WHERE crawled_ms > $1) AS fresh, count(*) FILTER (WHERE crawled_ms < $2) AS stale, count(*) AS total FROM preview_policy',
    [b.fresh, b.stale],
  ))!;
  const history = await rows<{ domain: string; entry: string }>(
    db,
    'SELECT domain, entry FROM preview_history ORDER BY domain, id',
  );
  return assembleStats(
    tally(out),
    { fresh: f.fresh, stale: f.stale, aging: f.total - f.fresh - f.stale },
    scanChanges(history, nowMs),
    nowMs,
    await rows<BorrowCount>(db, BORROWED),
  );
}

export async function searchPoliciesPg(db: Queryable, p: PreviewSearchParams): Promise<PreviewSearchResult> {
  const { sql, params } = searchQuery(p, PG_SEARCH);
  return searchPage(await rows<SearchRow & Record<string, unknown>>(db, sql, params), p);
}

export class PgPreview implements PreviewStore {
  constructor(private readonly pool: pg.Pool) {}

  signals(domain: string): Promise<SignalsResponse | null> {
    return readSignalsPg(this.pool, domain);
  }

  history(domain: string): Promise<HistoryResponse | null> {
    return readHistoryPg(this.pool, domain);
  }

  search(params: PreviewSearchParams): Promise<PreviewSearchResult> {
    return searchPoliciesPg(this.pool, params);
  }

  stats(nowMs: number): Promise<StatsResponse> {
    return readStatsPg(this.pool, nowMs);
  }
}

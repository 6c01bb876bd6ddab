/**
 * The announced surface's search (`GET /preview/v1/search`) as one SQL query, for either store.
 * Parameters are validated before (shared/params.ts). Every query walks an index already in
 * (rank, name) order: the bot or standard index when one of those filters is given, else the
 * policy table's index led by the most selective equality filter, so a page costs the rows it
 * skips, not a sort of all matches. The two dialects differ only in how a name is matched and
 * how parameters are written.
 */
import type { PreviewSearchParams } from '../../../shared/params.js';
import { toAnnouncedStance, type Detail, type Stance } from '../../../shared/values.js';
import { rankOf } from './facets.js';
import type { PreviewSearchResult } from './schemas.js';

/** A row the query returns. */
export interface SearchRow {
  domain: string;
  stance: Stance;
  detail: Detail;
  score: number;
  rank_sort: number;
  crawled_at: string;
}

export interface SearchDialect {
  /** Join that keeps the driving index first (SQLite's planner needs CROSS JOIN for that). */
  join: string;
  /** Condition for names holding `?` (a LIKE pattern `%q%`), used for 3+ characters: a trigram index. */
  nameLike: string;
  /** Condition for names holding `?` as plain text, for shorter queries. */
  nameHolds: string;
  /** Parameter `i` (1-based) as written in the SQL. */
  param(i: number): string;
}

export const SQLITE_SEARCH: SearchDialect = {
  join: 'CROSS JOIN',
  // FTS5 trigram index over the names (preview_names).
  nameLike: 'p.id IN (SELECT rowid FROM preview_names WHERE domain LIKE ?)',
  nameHolds: 'instr(p.domain, ?) > 0',
  param: () => '?',
};

export const PG_SEARCH: SearchDialect = {
  join: 'JOIN',
  // pg_trgm's GIN index on preview_policy.domain serves LIKE '%q%'.
  nameLike: 'p.domain LIKE ?',
  nameHolds: 'strpos(p.domain, ?) > 0',
  param: (i) => `$${i}`,
};

/** Builds the query: one driving index in (rank, name) order, the other filters checked per row. */
export function searchQuery(
  p: PreviewSearchParams,
  dialect: SearchDialect = SQLITE_SEARCH,
): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  // Each: the index table, its conditions (columns of that table) and their values.
  const joins: Array<{ table: string; conds: string[]; values: unknown[] }> = [];
  if (p.blocks !== undefined)
    joins.push({ table: 'preview_bot', conds: ['bot = ?', "verdict = 'blocked'"], values: [p.blocks] });
  if (p.allows !== undefined)
    joins.push({ table: 'preview_bot', conds: ['bot = ?', "verdict = 'allowed'"], values: [p.allows] });
  if (p.standard !== undefined)
    joins.push({ table: 'preview_standard', conds: ['standard = ?'], values: [p.standard] });

  let from = 'preview_policy p';
  let order = 'p.rank_sort, p.domain';
  const [driver, ...rest] = joins;
  if (driver) {
    // The driving index is already in (rank_sort, domain) order: the page is read, not sorted.
    from = `${driver.table} d ${dialect.join} preview_policy p ON p.domain = d.domain`;
    order = 'd.rank_sort, d.domain';
    where.push(...driver.conds.map((c) => `d.${c}`));
    params.push(...driver.values);
  }
  for (const j of rest) {
    const conds = [...j.conds.map((c) => `x.${c}`), 'x.rank_sort = p.rank_sort', 'x.domain = p.domain'];
    where.push(`EXISTS (SELECT 1 FROM ${j.table} x WHERE ${conds.join(' AND ')})`);
    params.push(...j.values);
  }
  // Each filter given adds its condition and its value.
  const add = (cond: string, value: unknown): void => {
    where.push(cond);
    params.push(value);
  };
  if (p.stance !== undefined) add('p.stance = ?', p.stance);
  if (p.cdn !== undefined) add('p.cdn = ?', p.cdn);
  if (p.cms !== undefined) add('p.cms = ?', p.cms);
  if (p.min_score !== undefined) add('p.score >= ?', p.min_score);
  if (p.max_score !== undefined) add('p.score <= ?', p.max_score);
  if (p.q !== undefined) {
    // q holds only a-z 0-9 . - (validated), so it needs no LIKE escaping.
    if (p.q.length >= 3) add(dialect.nameLike, `%${p.q}%`);
    else add(dialect.nameHolds, p.q);
  }
  const sql =
    `SELECT p.domain, p.stance, p.detail, p.score, p.rank_sort, p.crawled_at FROM ${from}` +
    (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
    ` ORDER BY ${order} LIMIT ? OFFSET ?`;
  // One row past the page tells whether there is more.
  params.push(p.limit + 1, p.offset);
  let i = 0;
  return { sql: sql.replace(/\?/g, () => dialect.param(++i)), params };
}

/** The answer from the query's rows (one more than the page when there is more). */
export function searchPage(rows: readonly SearchRow[], p: PreviewSearchParams): PreviewSearchResult {
  return {
    results: rows.slice(0, p.limit).map((r) => ({
      domain: r.domain,
      stance: toAnnouncedStance(r.stance),
      detail: r.detail,
      score: r.score,
      ranklist_rank: rankOf(r.rank_sort),
      last_crawled: r.crawled_at,
    })),
    limit: p.limit,
    offset: p.offset,
    has_more: rows.length > p.limit,
  };
}

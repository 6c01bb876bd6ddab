/**
 * Search by policy characteristics (announced surface `GET /v1/search`, a stance filter value
 * `open` appears in the seed). Parameters are validated here, each bad one named in a 400
 * invalid_params. Every query walks an index already in (rank, name) order: the bot or
 * standard index when one of those filters is given, else the policy table's index led by the
 * most selective equality filter, so a page costs the rows it skips, not a sort of all matches.
 */
import type Database from 'better-sqlite3';
import { HttpError } from '../../lib/http-error.js';
import {
  ANNOUNCED_STANCES,
  LIMITS,
  SIGNAL_KEYS,
  fromAnnouncedStance,
  toAnnouncedStance,
  type AnnouncedStance,
  type Detail,
  type SignalKey,
  type Stance,
} from '../../../shared/values.js';
import { searchTextToAscii } from '../../../shared/domain.js';
import { foldName, rankOf } from './facets.js';
import type { PreviewSearchResult } from './schemas.js';
import { statements } from './store.js';

export interface PreviewSearchParams {
  stance?: Stance;
  blocks?: string;
  allows?: string;
  standard?: SignalKey;
  min_score?: number;
  max_score?: number;
  cdn?: string;
  cms?: string;
  q?: string;
  limit: number;
  offset: number;
}

export const SEARCH_PARAMS = ['stance', 'blocks', 'allows', 'standard', 'min_score', 'max_score', 'cdn', 'cms', 'q', 'limit', 'offset'] as const;
/** Deep pages cost the rows skipped; past this offset, narrow the filters instead. */
export const MAX_OFFSET = 10_000;

const BOT_TOKEN = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9 ._+-]{0,63}$/;
const DOMAIN_PART = /^[a-z0-9.-]{2,253}$/;

const bad = (name: string, message: string) => new HttpError(400, 'invalid_params', `${name}: ${message}`);

function int(name: string, v: string, min: number, max: number): number {
  if (!/^\d{1,7}$/.test(v) || Number(v) < min || Number(v) > max) throw bad(name, `expected a whole number from ${min} to ${max}, got "${v}".`);
  return Number(v);
}

function pattern(name: string, v: string, re: RegExp, what: string): string {
  if (!re.test(v)) throw bad(name, `expected ${what}, got "${v.slice(0, 80)}".`);
  return v;
}

/** Validates a parsed query string (values may be strings, arrays or objects as Express gives them). */
export function parseSearchParams(query: Record<string, unknown>): PreviewSearchParams {
  const p: PreviewSearchParams = { limit: LIMITS.searchLimitDefault, offset: 0 };
  for (const [name, raw] of Object.entries(query)) {
    if (!(SEARCH_PARAMS as readonly string[]).includes(name)) {
      throw bad(name, `unknown parameter; known: ${SEARCH_PARAMS.join(', ')}.`);
    }
    if (typeof raw !== 'string') throw bad(name, 'give the parameter once, as a single value.');
    const v = raw.trim();
    switch (name) {
      case 'stance': {
        const s = v === 'allows_all' ? 'open' : v;
        if (!(ANNOUNCED_STANCES as readonly string[]).includes(s)) {
          throw bad(name, `expected one of ${ANNOUNCED_STANCES.join(', ')} (allows_all is accepted for open), got "${v.slice(0, 80)}".`);
        }
        p.stance = fromAnnouncedStance(s as AnnouncedStance);
        break;
      }
      case 'blocks':
      case 'allows':
        p[name] = pattern(name, v, BOT_TOKEN, 'a bot token such as GPTBot').toLowerCase();
        break;
      case 'standard':
        if (!(SIGNAL_KEYS as readonly string[]).includes(v)) throw bad(name, `expected one of ${SIGNAL_KEYS.join(', ')}, got "${v.slice(0, 80)}".`);
        p.standard = v as SignalKey;
        break;
      case 'min_score':
      case 'max_score':
        p[name] = int(name, v, 0, 100);
        break;
      case 'cdn':
      case 'cms':
        p[name] = foldName(pattern(name, v, NAME, 'a name of up to 64 letters, digits, spaces or . _ + -'))!;
        break;
      case 'q':
        p.q = pattern(name, searchTextToAscii(v), DOMAIN_PART, 'part of a domain name: 2 to 253 of a-z 0-9 . -');
        break;
      case 'limit':
        p.limit = int(name, v, 1, LIMITS.searchLimitMax);
        break;
      case 'offset':
        p.offset = int(name, v, 0, MAX_OFFSET);
        break;
    }
  }
  if (p.min_score !== undefined && p.max_score !== undefined && p.min_score > p.max_score) {
    throw bad('min_score', `must not exceed max_score (${p.min_score} > ${p.max_score}).`);
  }
  return p;
}

interface Row {
  domain: string;
  stance: Stance;
  detail: Detail;
  score: number;
  rank_sort: number;
  crawled_at: string;
}

/** Builds the query: one driving index in (rank, name) order, the other filters checked per row. */
export function searchQuery(p: PreviewSearchParams): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  // Each: the index table, its conditions (columns of that table) and their values.
  const joins: Array<{ table: string; conds: string[]; values: unknown[] }> = [];
  if (p.blocks !== undefined) joins.push({ table: 'preview_bot', conds: ['bot = ?', "verdict = 'blocked'"], values: [p.blocks] });
  if (p.allows !== undefined) joins.push({ table: 'preview_bot', conds: ['bot = ?', "verdict = 'allowed'"], values: [p.allows] });
  if (p.standard !== undefined) joins.push({ table: 'preview_standard', conds: ['standard = ?'], values: [p.standard] });

  let from = 'preview_policy p';
  let order = 'p.rank_sort, p.domain';
  const [driver, ...rest] = joins;
  if (driver) {
    // The driving index is already in (rank_sort, domain) order: the page is read, not sorted.
    from = `${driver.table} d CROSS JOIN preview_policy p ON p.domain = d.domain`;
    order = 'd.rank_sort, d.domain';
    where.push(...driver.conds.map((c) => `d.${c}`));
    params.push(...driver.values);
  }
  for (const j of rest) {
    const conds = [...j.conds.map((c) => `x.${c}`), 'x.rank_sort = p.rank_sort', 'x.domain = p.domain'];
    where.push(`EXISTS (SELECT 1 FROM ${j.table} x WHERE ${conds.join(' AND ')})`);
    params.push(...j.values);
  }
  if (p.stance !== undefined) (where.push('p.stance = ?'), params.push(p.stance));
  if (p.cdn !== undefined) (where.push('p.cdn = ?'), params.push(p.cdn));
  if (p.cms !== undefined) (where.push('p.cms = ?'), params.push(p.cms));
  if (p.min_score !== undefined) (where.push('p.score >= ?'), params.push(p.min_score));
  if (p.max_score !== undefined) (where.push('p.score <= ?'), params.push(p.max_score));
  if (p.q !== undefined) {
    if (p.q.length >= 3) {
      // Trigram index (FTS5): substring match without reading every name.
      where.push('p.id IN (SELECT rowid FROM preview_names WHERE domain LIKE ?)');
      params.push(`%${p.q}%`);
    } else {
      where.push('instr(p.domain, ?) > 0');
      params.push(p.q);
    }
  }
  const sql =
    `SELECT p.domain, p.stance, p.detail, p.score, p.rank_sort, p.crawled_at FROM ${from}` +
    (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
    ` ORDER BY ${order} LIMIT ? OFFSET ?`;
  // One row past the page tells whether there is more.
  params.push(p.limit + 1, p.offset);
  return { sql, params };
}

export function searchPolicies(db: Database.Database, p: PreviewSearchParams): PreviewSearchResult {
  statements(db);
  const { sql, params } = searchQuery(p);
  const rows = db.prepare<unknown[], Row>(sql).all(...params);
  const page = rows.slice(0, p.limit);
  return {
    results: page.map((r) => ({
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

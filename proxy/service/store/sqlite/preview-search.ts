/**
 * Search by policy characteristics (announced surface `GET /v1/search`) in SQLite: the query of
 * preview/search-query.ts, with FTS5's trigram index for names.
 */
import type Database from 'better-sqlite3';
import type { PreviewSearchParams } from '../../../../shared/params.js';
import type { PreviewSearchResult } from '../../preview/schemas.js';
import { searchPage, searchQuery, type SearchRow } from '../../preview/search-query.js';
import { statements } from './preview-index.js';

export { searchQuery };

export function searchPolicies(db: Database.Database, p: PreviewSearchParams): PreviewSearchResult {
  statements(db);
  const { sql, params } = searchQuery(p);
  return searchPage(db.prepare<unknown[], SearchRow>(sql).all(...params), p);
}

/**
 * A domain's policy across its stored crawls (ours, beyond the seed): the first crawl and every
 * crawl that changed the policy, newest first, each saying what changed (changes.ts). Entries
 * are written by indexPolicy(), so reading is one index range on (domain, id).
 */
import type Database from 'better-sqlite3';
import type { HistoryEntry, HistoryResponse } from '../../../shared/schemas.js';
import { statements } from './store.js';

/** Null when the domain has no stored crawl. */
export function buildHistory(db: Database.Database, domain: string): HistoryResponse | null {
  const st = statements(db);
  const row = st.crawls.get(domain);
  if (!row) return null;
  const entries = st.history.all(domain).map((r) => JSON.parse(r.entry) as HistoryEntry);
  return { domain, crawls: row.crawls, entries };
}

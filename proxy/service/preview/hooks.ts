/**
 * The seam between the registry (proxy/service, issue 3) and the announced surface's indexes
 * (proxy/service/preview, issue 6). The registry calls migratePreview() when it opens the
 * database and indexPolicy() inside the transaction that stores each crawl, so statistics and
 * characteristic search stay fast without full scans.
 *
 * Owned by the announced-surface work: the tables are in tables.ts, the indexing in store.ts.
 */
import type Database from 'better-sqlite3';
import type { Evidence } from '../../analysis/evidence.js';
import type { Classification } from '../../analysis/classification.js';
import { indexCrawl } from './store.js';
import { migratePreviewTables } from './tables.js';

export interface StoredCrawl {
  domain: string;
  auditId: string;
  crawledAt: string;
  evidence: Evidence;
  classification: Classification;
  /** The classification this domain had before this crawl, or null for its first crawl. */
  previous: Classification | null;
}

/** Creates or upgrades the announced surface's tables and indexes. Idempotent. */
export function migratePreview(db: Database.Database): void {
  migratePreviewTables(db);
}

/** Updates the announced surface's indexes and counters for one stored crawl. */
export function indexPolicy(db: Database.Database, crawl: StoredCrawl): void {
  indexCrawl(db, crawl);
}

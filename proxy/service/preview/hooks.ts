/**
 * The seam between the registry (proxy/service, issue 3) and the announced surface's indexes
 * (proxy/service/preview, issue 6). The registry calls migratePreview() when it opens the
 * database and indexPolicy() inside the transaction that stores each crawl, so statistics and
 * characteristic search stay fast without full scans.
 *
 * Owned by the announced-surface work; until it lands these do nothing.
 */
import type Database from 'better-sqlite3';
import type { Evidence } from '../../analysis/evidence.js';
import type { Classification } from '../../analysis/classification.js';

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
export function migratePreview(_db: Database.Database): void {}

/** Updates the announced surface's indexes and counters for one stored crawl. */
export function indexPolicy(_db: Database.Database, _crawl: StoredCrawl): void {}

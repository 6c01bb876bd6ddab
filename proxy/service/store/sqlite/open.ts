/**
 * The SQLite store: DATA_DIR/registry.sqlite (created when missing) with the pragmas LIBRARIES
 * chose, every part of the storage port over it, and the announced surface's indexes
 * subscribed to "audit stored" so they are kept in the transaction of each crawl.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { RegistryStore } from '../registry-store.js';
import { SqliteJobs } from './jobs.js';
import { SqliteKeys } from './keys.js';
import { SqliteMaintenance } from './maintenance.js';
import { migrate } from './migrations.js';
import { indexCrawl } from './preview-index.js';
import { SqlitePreview } from './preview-store.js';
import { migratePreviewTables } from './preview-tables.js';
import { SqliteRecords } from './records.js';
import { SqliteUsage } from './usage.js';

export const REGISTRY_FILE = 'registry.sqlite';

/** Opens the registry file with WAL and the current schema. */
export function openRegistry(dataDir: string): Database.Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, REGISTRY_FILE));
  // WAL + NORMAL: a commit survives a process kill (only an OS crash can lose the last ones).
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

export interface SqliteStore extends RegistryStore {
  readonly records: SqliteRecords;
  readonly queue: SqliteJobs;
  /** The database itself, for tests and benchmarks that look under the port. */
  readonly db: Database.Database;
}

export function openSqliteStore(dataDir: string): SqliteStore {
  const db = openRegistry(dataDir);
  const queue = new SqliteJobs(db);
  const records = new SqliteRecords(db, queue);
  // The announced surface subscribes to the registry's "audit stored" at start.
  migratePreviewTables(db);
  records.onAuditStored((crawl) => indexCrawl(db, crawl));
  return {
    db,
    records,
    queue,
    keys: new SqliteKeys(db),
    usage: new SqliteUsage(db),
    preview: new SqlitePreview(db),
    maintenance: new SqliteMaintenance(db),
    async close() {
      if (db.open) db.close();
    },
  };
}

/** Opens (creating when missing) DATA_DIR/registry.sqlite with the pragmas LIBRARIES chose. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migratePreview } from '../preview/hooks.js';
import { migrate } from './migrations.js';

export const REGISTRY_FILE = 'registry.sqlite';

export function openRegistry(dataDir: string): Database.Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, REGISTRY_FILE));
  // WAL + NORMAL: a commit survives a process kill (only an OS crash can lose the last ones).
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  migratePreview(db);
  return db;
}

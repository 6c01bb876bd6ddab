/**
 * The cache's second level: a SQLite table under DATA_DIR (LIBRARIES "persistence": a point
 * select is a few microseconds, and a restart starts warm without dumping the LRU at
 * shutdown). Written when an answer arrives from upstream; read when memory misses.
 * Rows are kept past expiry so they can be served stale when the upstream fails, and pruned
 * once older than the seed's recheck advice (30 days).
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { GATEWAY_CACHE_FILE } from '../lib/data-files.js';
import type { SlotRow, SlotStore } from './identities.js';
import type { SecondLevel } from './response-cache.js';

export interface StoredRow {
  key: string;
  payload: Buffer;
  found: boolean;
  fetchedAt: number;
  expiresAt: number;
}

/** The cache's file name in DATA_DIR, one definition for the gateway and `npm run backup`. */
export const CACHE_FILE = GATEWAY_CACHE_FILE;

export class CacheStore implements SecondLevel, SlotStore {
  /** This process's own file. */
  readonly shared = false;
  private readonly db: Database.Database;
  private readonly getStmt: Database.Statement<
    [string],
    { payload: Buffer; found: number; fetched_at: number; expires_at: number }
  >;
  private readonly putStmt: Database.Statement<[string, Buffer, number, number, number]>;
  private readonly pruneStmt: Database.Statement<[number]>;
  private readonly deleteStmt: Database.Statement<[string]>;

  constructor(dataDir: string, file = CACHE_FILE) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(join(dataDir, file));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS gateway_cache (
      key TEXT PRIMARY KEY,
      payload BLOB NOT NULL,
      found INTEGER NOT NULL,
      fetched_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    ) WITHOUT ROWID`);
    this.getStmt = this.db.prepare('SELECT payload, found, fetched_at, expires_at FROM gateway_cache WHERE key = ?');
    this.putStmt = this.db.prepare(
      `INSERT INTO gateway_cache (key, payload, found, fetched_at, expires_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(key) DO UPDATE SET payload = excluded.payload, found = excluded.found,
         fetched_at = excluded.fetched_at, expires_at = excluded.expires_at`,
    );
    // The identities told apart per address (identities.ts), so a restart keeps them.
    this.db.exec(`CREATE TABLE IF NOT EXISTS gateway_identities (
      address TEXT NOT NULL,
      identity TEXT NOT NULL,
      last_seen INTEGER NOT NULL,
      PRIMARY KEY (address, identity)
    ) WITHOUT ROWID`);
    this.pruneStmt = this.db.prepare('DELETE FROM gateway_cache WHERE expires_at < ?');
    this.deleteStmt = this.db.prepare('DELETE FROM gateway_cache WHERE key = ?');
  }

  get(key: string): StoredRow | undefined {
    const r = this.getStmt.get(key);
    return r && { key, payload: r.payload, found: r.found === 1, fetchedAt: r.fetched_at, expiresAt: r.expires_at };
  }

  put(row: StoredRow): void {
    this.putStmt.run(row.key, row.payload, row.found ? 1 : 0, row.fetchedAt, row.expiresAt);
  }

  /** Deletes rows that expired before `cutoff`; returns how many. */
  prune(cutoff: number): number {
    return this.pruneStmt.run(cutoff).changes;
  }

  delete(keys: readonly string[], queuedOnly: boolean): void {
    // Queued answers are not written to this process's own file (ResponseCache.persist).
    if (queuedOnly) return;
    this.db.transaction(() => {
      for (const k of keys) this.deleteStmt.run(k);
    })();
  }

  loadSlots(sinceMs: number): SlotRow[] {
    this.db.prepare('DELETE FROM gateway_identities WHERE last_seen < ?').run(sinceMs);
    return this.db
      .prepare<[], { address: string; identity: string; last_seen: number }>(
        'SELECT address, identity, last_seen FROM gateway_identities',
      )
      .all()
      .map((r) => ({ address: r.address, identity: r.identity, lastSeenMs: r.last_seen }));
  }

  saveSlot(row: SlotRow): void {
    this.db
      .prepare(
        'INSERT INTO gateway_identities (address, identity, last_seen) VALUES (?, ?, ?) ON CONFLICT(address, identity) DO UPDATE SET last_seen = excluded.last_seen',
      )
      .run(row.address, row.identity, row.lastSeenMs);
  }

  dropSlot(address: string, identity: string): void {
    this.db.prepare('DELETE FROM gateway_identities WHERE address = ? AND identity = ?').run(address, identity);
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM gateway_cache').get() as { n: number }).n;
  }

  close(): void {
    this.db.close();
  }
}

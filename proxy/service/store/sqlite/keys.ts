/** API key rows in SQLite: the SHA-256 of each key, its display prefix, e-mail and signup address. */
import type Database from 'better-sqlite3';
import type { KeyStore } from '../registry-store.js';
import { durably } from './durable.js';

export class SqliteKeys implements KeyStore {
  private readonly st;

  constructor(private readonly db: Database.Database) {
    this.st = {
      insert: db.prepare<[Buffer, string, string, string, string]>(
        'INSERT INTO api_keys (key_hash, prefix, email, created_at, created_ip) VALUES (?, ?, ?, ?, ?)',
      ),
      byHash: db.prepare<[Buffer], { id: number; key_hash: Buffer }>(
        'SELECT id, key_hash FROM api_keys WHERE key_hash = ?',
      ),
      signupsSince: db.prepare<[string, string], { n: number }>(
        'SELECT count(*) AS n FROM api_keys WHERE created_ip = ? AND created_at >= ?',
      ),
    };
  }

  /** Durable before it resolves: the key is shown once, so a power loss must not take it (durable.ts). */
  async create(row: { hash: Buffer; prefix: string; email: string; createdAt: string; ip: string }): Promise<number> {
    return durably(this.db, () =>
      Number(this.st.insert.run(row.hash, row.prefix, row.email, row.createdAt, row.ip).lastInsertRowid),
    );
  }

  async byHash(hash: Buffer): Promise<{ id: number; hash: Buffer } | undefined> {
    const row = this.st.byHash.get(hash);
    return row && { id: row.id, hash: row.key_hash };
  }

  async signupsFrom(ip: string, sinceMs: number): Promise<number> {
    return this.st.signupsSince.get(ip, new Date(sinceMs).toISOString())!.n;
  }
}

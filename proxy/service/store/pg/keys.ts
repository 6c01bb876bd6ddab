/** API key rows in PostgreSQL: the SHA-256 of each key, its display prefix, e-mail and signup address. */
import type pg from 'pg';
import type { KeyStore } from '../registry-store.js';
import { durableTransaction, row } from './db.js';

export class PgKeys implements KeyStore {
  constructor(private readonly pool: pg.Pool) {}

  /** Durable before it resolves: the key is shown once, so a crash of the database must not lose it. */
  async create(r: { hash: Buffer; prefix: string; email: string; createdAt: string; ip: string }): Promise<number> {
    const out = await durableTransaction(this.pool, (tx) =>
      row<{ id: number }>(
        tx,
        'INSERT INTO api_keys (key_hash, prefix, email, created_at, created_ip) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [r.hash, r.prefix, r.email, r.createdAt, r.ip],
      ),
    );
    return out!.id;
  }

  async byHash(hash: Buffer): Promise<{ id: number; hash: Buffer } | undefined> {
    const r = await row<{ id: number; key_hash: Buffer }>(
      this.pool,
      'SELECT id, key_hash FROM api_keys WHERE key_hash = $1',
      [hash],
    );
    return r && { id: r.id, hash: r.key_hash };
  }

  async signupsFrom(ip: string, sinceMs: number): Promise<number> {
    const r = await row<{ n: number }>(
      this.pool,
      'SELECT count(*) AS n FROM api_keys WHERE created_ip = $1 AND created_at >= $2',
      [ip, new Date(sinceMs).toISOString()],
    );
    return r!.n;
  }
}

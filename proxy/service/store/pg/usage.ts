/**
 * Per-key usage windows in PostgreSQL, exact across any number of service replicas: a request
 * is counted by one UPDATE ... RETURNING that checks the three windows and increments them
 * together. PostgreSQL re-checks the WHERE clause on the latest row version when replicas race
 * for the same key's row (READ COMMITTED's update rule), so 200 a minute is 200 in total,
 * whichever replica answers. It is committed before the route runs, as in SQLite.
 *
 * Only a refused request or a key's first one costs a second statement: a read of the row to
 * say which window is full (limits/usage-count.ts decides, as for SQLite), or the row's insert.
 * A replica whose clock runs a little behind counts into the newest window rather than
 * starting an older one again (GREATEST of the stored and the asked window start).
 */
import type pg from 'pg';
import type { LimitType } from '../../../../shared/values.js';
import { countRequest, type UsageRow } from '../../limits/usage-count.js';
import { windowAt } from '../../limits/windows.js';
import type { UsageState, UsageStore } from '../registry-store.js';
import { row } from './db.js';

const window = (w: 'minute' | 'day' | 'month', start: string) =>
  `${w}_count = CASE WHEN ${w}_start >= ${start} THEN ${w}_count + $8 ELSE $8 END, ${w}_start = GREATEST(${w}_start, ${start})`;
const room = (w: 'minute' | 'day' | 'month', start: string, limit: string) =>
  `(${w}_start < ${start} OR ${w}_count < ${limit})`;

const CONSUME = `UPDATE key_usage SET
    ${window('minute', '$2')}, ${window('day', '$3')}, ${window('month', '$4')}
  WHERE key_id = $1 AND ${room('minute', '$2', '$5')} AND ${room('day', '$3', '$6')} AND ${room('month', '$4', '$7')}
  RETURNING minute_count, day_count, month_count`;

export class PgUsage implements UsageStore {
  constructor(private readonly pool: pg.Pool) {}

  async consume(
    keyId: number,
    nowMs: number,
    limits: Readonly<Record<LimitType, number>>,
    weight = 1,
  ): Promise<UsageState> {
    const starts = [windowAt('minute', nowMs).start, windowAt('day', nowMs).start, windowAt('month', nowMs).start];
    for (let attempt = 0; attempt < 3; attempt++) {
      const counted = await row<{ minute_count: number; day_count: number; month_count: number }>(this.pool, CONSUME, [
        keyId,
        ...starts,
        limits.minute,
        limits.day,
        limits.month,
        weight,
      ]);
      if (counted)
        return { used: { minute: counted.minute_count, day: counted.day_count, month: counted.month_count } };
      const stored = await row<UsageRow>(
        this.pool,
        'SELECT minute_start, minute_count, day_start, day_count, month_start, month_count FROM key_usage WHERE key_id = $1',
        [keyId],
      );
      if (!stored) {
        // The key's first request: its row, empty; then counted like any other.
        await this.pool.query(
          `INSERT INTO key_usage (key_id, minute_start, minute_count, day_start, day_count, month_start, month_count)
           VALUES ($1, 0, 0, 0, 0, 0, 0) ON CONFLICT (key_id) DO NOTHING`,
          [keyId],
        );
        continue;
      }
      const { state, next } = countRequest(stored, nowMs, limits, weight);
      // Refused: say by which window. (A window that turned over meanwhile has room: count again.)
      if (!next) return state;
    }
    throw new Error(`usage of key ${keyId} could not be counted`);
  }
}

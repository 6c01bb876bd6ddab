/**
 * Per-key request counters for the seed's three limits. Counted across every keyed endpoint;
 * a refused request (429) does not count. Each counted request is written through to SQLite
 * before the route runs, so neither a restart nor a kill -9 hands out a fresh quota (nothing
 * stored is lost). The row is also kept in memory so the check itself reads no disk; one
 * autocommit upsert in WAL with synchronous=NORMAL measured about 10 µs here, small beside
 * the HTTP stack.
 */
import type Database from 'better-sqlite3';
import { LIMITS, LIMIT_TYPES, type LimitType } from '../../../shared/values.js';
import { secondsUntil, windowAt } from './windows.js';

export const KEY_LIMITS: Readonly<Record<LimitType, number>> = {
  minute: LIMITS.perMinute,
  day: LIMITS.perDay,
  month: LIMITS.perMonth,
};

export interface UsageState {
  /** Requests counted in each current window, this one included when allowed. */
  used: Record<LimitType, number>;
  /** Set when the request is refused: the window that refused it and the seconds until it resets. */
  exceeded?: { limitType: LimitType; retryAfter: number };
}

interface Row {
  key_id: number;
  minute_start: number;
  minute_count: number;
  day_start: number;
  day_count: number;
  month_start: number;
  month_count: number;
}

export class KeyUsage {
  private readonly rows = new Map<number, Row>();
  private readonly select;
  private readonly upsert;

  constructor(
    db: Database.Database,
    readonly limits: Readonly<Record<LimitType, number>> = KEY_LIMITS,
  ) {
    this.select = db.prepare<[number], Row>('SELECT * FROM key_usage WHERE key_id = ?');
    this.upsert = db.prepare<Row>(
      `INSERT OR REPLACE INTO key_usage (key_id, minute_start, minute_count, day_start, day_count, month_start, month_count)
       VALUES (@key_id, @minute_start, @minute_count, @day_start, @day_count, @month_start, @month_count)`,
    );
  }

  consume(keyId: number, nowMs: number): UsageState {
    let row = this.rows.get(keyId);
    if (!row) {
      row = this.select.get(keyId) ?? { key_id: keyId, minute_start: 0, minute_count: 0, day_start: 0, day_count: 0, month_start: 0, month_count: 0 };
      this.rows.set(keyId, row);
    }
    const used = {} as Record<LimitType, number>;
    let exceeded: UsageState['exceeded'];
    let latestReset = -1;
    for (const type of LIMIT_TYPES) {
      const w = windowAt(type, nowMs);
      if (row[`${type}_start`] !== w.start) {
        row[`${type}_start`] = w.start;
        row[`${type}_count`] = 0;
      }
      used[type] = row[`${type}_count`];
      // Several windows may be full; name the one whose reset is furthest, since retrying
      // before it would fail again.
      if (used[type] >= this.limits[type] && w.reset > latestReset) {
        latestReset = w.reset;
        exceeded = { limitType: type, retryAfter: secondsUntil(w.reset, nowMs) };
      }
    }
    if (exceeded) return { used, exceeded };
    const next = { ...row };
    for (const type of LIMIT_TYPES) used[type] = ++next[`${type}_count`];
    // Written before it is counted in memory: if the write fails, the request fails and nothing drifts.
    this.upsert.run(next);
    this.rows.set(keyId, next);
    return { used };
  }
}

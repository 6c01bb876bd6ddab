/**
 * Per-key request counting for the seed's three limits: the pure step every store applies
 * atomically (store/registry-store.ts `UsageStore.consume`). Counted across every keyed endpoint;
 * a refused request (429) does not count. When several windows are full, the one that resets
 * last is named, since retrying before it would fail again.
 */
import { LIMITS, LIMIT_TYPES, type LimitType } from '../../../shared/values.js';
import { secondsUntil, windowAt } from './windows.js';

export interface UsageState {
  /** Requests counted in each current window, this one included when allowed. */
  used: Record<LimitType, number>;
  /** Set when the request is refused: the window that refused it and the seconds until it resets. */
  exceeded?: { limitType: LimitType; retryAfter: number };
}

export const KEY_LIMITS: Readonly<Record<LimitType, number>> = {
  minute: LIMITS.perMinute,
  day: LIMITS.perDay,
  month: LIMITS.perMonth,
};

/** A key's three fixed windows: each window's start (epoch ms) and its count. */
export interface UsageRow {
  minute_start: number;
  minute_count: number;
  day_start: number;
  day_count: number;
  month_start: number;
  month_count: number;
}

export const EMPTY_USAGE: UsageRow = {
  minute_start: 0,
  minute_count: 0,
  day_start: 0,
  day_count: 0,
  month_start: 0,
  month_count: 0,
};

/**
 * The request at `nowMs` against `row`: the state to answer, and the row to store when it counts
 * (absent when refused). Admitted while every window has room for one; it then counts `weight`.
 */
export function countRequest(
  row: UsageRow,
  nowMs: number,
  limits: Readonly<Record<LimitType, number>>,
  weight = 1,
): { state: UsageState; next?: UsageRow } {
  const current = { ...row };
  const used = {} as Record<LimitType, number>;
  let exceeded: UsageState['exceeded'];
  let latestReset = -1;
  for (const type of LIMIT_TYPES) {
    const w = windowAt(type, nowMs);
    if (current[`${type}_start`] !== w.start) {
      current[`${type}_start`] = w.start;
      current[`${type}_count`] = 0;
    }
    used[type] = current[`${type}_count`];
    if (used[type] >= limits[type] && w.reset > latestReset) {
      latestReset = w.reset;
      exceeded = { limitType: type, retryAfter: secondsUntil(w.reset, nowMs) };
    }
  }
  if (exceeded) return { state: { used, exceeded } };
  for (const type of LIMIT_TYPES) used[type] = current[`${type}_count`] += weight;
  return { state: { used }, next: current };
}

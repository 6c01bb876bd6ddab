/**
 * The seed's fixed limit windows, all in UTC: a minute window that resets every 60 s (aligned
 * to the clock minute), a day that resets at midnight UTC, a month that resets on the 1st.
 */
import type { LimitType } from '../../../shared/values.js';

export interface Window {
  start: number;
  /** Epoch ms when the next window starts. */
  reset: number;
}

export function windowAt(type: LimitType, nowMs: number): Window {
  const d = new Date(nowMs);
  switch (type) {
    case 'minute': {
      const start = Math.floor(nowMs / 60_000) * 60_000;
      return { start, reset: start + 60_000 };
    }
    case 'day': {
      const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      return { start, reset: start + 86_400_000 };
    }
    case 'month':
      // Date.UTC rolls month 12 over into January of the next year.
      return {
        start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
        reset: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
      };
  }
}

/** Whole seconds until `resetMs`, at least 1 (a Retry-After of 0 invites an immediate retry). */
export const secondsUntil = (resetMs: number, nowMs: number): number =>
  Math.max(1, Math.ceil((resetMs - nowMs) / 1000));

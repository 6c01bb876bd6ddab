/**
 * Aggregate statistics of the registry (announced surface `GET /v1/stats`): the answer assembled
 * from counter tallies and freshness counts, whichever store counted them (the SQLite one in
 * store/sqlite/preview-stats.ts). Pure.
 */
import {
  ANNOUNCED_STANCES,
  CONFLICTS,
  DETAILS,
  DETAIL_STANCE,
  SIGNAL_KEYS,
  toAnnouncedStance,
} from '../../../shared/values.js';
import { SCORE_BUCKETS, type CounterKind } from './facets.js';
import type { StatsResponse } from './schemas.js';

const DAY_MS = 86_400_000;
/** Freshness thresholds: re-crawled weekly; the seed advises rechecking after 30 days. */
export const FRESH_DAYS = 7;
export const STALE_DAYS = 30;
export const TOP_BOTS = 20;

export type Tallies = Map<CounterKind, Map<string, number>>;
export interface Freshness {
  fresh: number;
  aging: number;
  stale: number;
}

export function tally(rows: Iterable<{ kind: string; key: string; n: number }>): Tallies {
  const t: Tallies = new Map();
  for (const r of rows) {
    const m = t.get(r.kind as CounterKind) ?? new Map<string, number>();
    m.set(r.key, (m.get(r.key) ?? 0) + r.n);
    t.set(r.kind as CounterKind, m);
  }
  return t;
}

/** The boundaries in epoch ms: fresh (age under 7 days) when crawled after `fresh`, stale (over 30 days) when before `stale`. */
export const freshnessBounds = (nowMs: number) => ({ fresh: nowMs - FRESH_DAYS * DAY_MS, stale: nowMs - STALE_DAYS * DAY_MS });

export function assembleStats(t: Tallies, freshness: Freshness, nowMs: number): StatsResponse {
  const get = (kind: CounterKind, key: string) => t.get(kind)?.get(key) ?? 0;
  const total = get('total', '');
  const share = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 10_000) / 10_000);
  const byStance = Object.fromEntries(
    ANNOUNCED_STANCES.map((s) => {
      const details = DETAILS.filter((d) => toAnnouncedStance(DETAIL_STANCE[d]) === s);
      return [s, { domains: get('stance', s), details: Object.fromEntries(details.map((d) => [d, get('detail', d)])) }];
    }),
  ) as StatsResponse['by_stance'];
  const bots = [...(t.get('blocked') ?? new Map<string, number>())]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_BOTS)
    .map(([bot, n]) => ({ bot, domains: n, share: share(n) }));
  return {
    total_domains: total,
    by_stance: byStance,
    standards: Object.fromEntries(
      SIGNAL_KEYS.map((k) => [k, { domains: get('standard', k), share: share(get('standard', k)) }]),
    ) as StatsResponse['standards'],
    top_blocked_bots: bots,
    score_distribution: SCORE_BUCKETS.map((b, i) => ({ ...b, domains: get('score', String(i)) })),
    conflicts: Object.fromEntries(CONFLICTS.map((c) => [c, get('conflict', c)])) as StatsResponse['conflicts'],
    freshness,
    generated_at: new Date(nowMs).toISOString(),
  };
}

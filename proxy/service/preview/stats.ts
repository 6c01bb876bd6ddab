/**
 * Aggregate statistics of the registry (announced surface `GET /v1/stats`): the answer assembled
 * from counter tallies and freshness counts, whichever store counted them (the SQLite one in
 * store/sqlite/preview-stats.ts). Pure.
 */
import { botByToken } from '../../../shared/bots.js';
import { KEY_BOTS } from '../../../shared/key-bots.js';
import { TOLD_STANCES, type ToldStance } from '../../../shared/reading/claims.js';
import {
  ANNOUNCED_STANCES,
  CONFLICTS,
  DETAILS,
  DETAIL_STANCE,
  SIGNAL_KEYS,
  TOS_STANCES,
  USE_CASES,
  toAnnouncedStance,
  type Stance,
} from '../../../shared/values.js';
import { SCORE_BUCKETS, type CounterKind } from './facets.js';
import type { HistoryEntry } from '../../../shared/schemas.js';
import type { StatsResponse } from '../../../shared/schemas.js';

const DAY_MS = 86_400_000;
/** Freshness thresholds: re-crawled weekly; the seed advises rechecking after 30 days. */
export const FRESH_DAYS = 7;
export const STALE_DAYS = 30;
export const TOP_BOTS = 20;
/** Days of stance changes in the statistics, today (UTC) included. */
export const STANCE_CHANGE_DAYS = 30;

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

/** Stance changes counted on one UTC day (`day`: epoch days), from one stance to another (seed vocabulary). */
export interface ChangeCount {
  day: number;
  from: Stance;
  to: Stance;
  n: number;
}

/**
 * Hosts told their site's policy (docs/policy.md section 16): `n` hosts whose own reading is
 * `own` and whose site's is `theirs`, the site having AI rules. Counted by a join over the
 * policy table's `borrows_from` index: only such hosts are read.
 */
export interface BorrowCount {
  own: string | null;
  theirs: string | null;
  n: number;
}

/**
 * Domains by the stance as told, what every face shows (docs/policy.md section 16): each row's own
 * told stance (the `told` counters), a host that borrows counted by its site's instead.
 */
function byTold(t: Tallies, borrowed: readonly BorrowCount[]): Record<ToldStance, number> {
  const out = Object.fromEntries(TOLD_STANCES.map((s) => [s, t.get('told')?.get(s) ?? 0])) as Record<
    ToldStance,
    number
  >;
  const known = (s: string | null): s is ToldStance => s !== null && (TOLD_STANCES as readonly string[]).includes(s);
  for (const b of borrowed) {
    if (!known(b.own) || !known(b.theirs) || b.n <= 0) continue;
    out[b.own] -= b.n;
    out[b.theirs] += b.n;
  }
  return out;
}

/** Bots with an AI use: scraping frameworks and other tools (purpose `other`) are never counted as AI bots (section 16). */
const isAiBot = (token: string): boolean => {
  const b = botByToken(token);
  return b === undefined || (b.is_ai_bot && b.purpose !== 'other');
};

/** The first moment (epoch ms) whose stance changes the statistics count: midnight UTC, STANCE_CHANGE_DAYS - 1 days before today. */
export const changesSince = (nowMs: number): number => (Math.floor(nowMs / DAY_MS) - (STANCE_CHANGE_DAYS - 1)) * DAY_MS;

function stanceChanges(rows: readonly ChangeCount[], nowMs: number): StatsResponse['stance_changes'] {
  const first = Math.floor(changesSince(nowMs) / DAY_MS);
  const perDay = new Array<number>(STANCE_CHANGE_DAYS).fill(0);
  const pairs = new Map<string, StatsResponse['stance_changes']['transitions'][number]>();
  for (const r of rows) {
    const i = r.day - first;
    if (i < 0 || i >= STANCE_CHANGE_DAYS || r.n <= 0) continue;
    perDay[i]! += r.n;
    const from = toAnnouncedStance(r.from);
    const to = toAnnouncedStance(r.to);
    const t = pairs.get(`${from}>${to}`) ?? { from, to, changes: 0 };
    t.changes += r.n;
    pairs.set(`${from}>${to}`, t);
  }
  return {
    since: new Date(first * DAY_MS).toISOString(),
    by_day: perDay.map((changes, i) => ({ day: new Date((first + i) * DAY_MS).toISOString().slice(0, 10), changes })),
    transitions: [...pairs.values()].sort(
      (a, b) => b.changes - a.changes || a.from.localeCompare(b.from) || a.to.localeCompare(b.to),
    ),
  };
}

/** The boundaries in epoch ms: fresh (age under 7 days) when crawled after `fresh`, stale (over 30 days) when before `stale`. */
export const freshnessBounds = (nowMs: number) => ({
  fresh: nowMs - FRESH_DAYS * DAY_MS,
  stale: nowMs - STALE_DAYS * DAY_MS,
});

export function assembleStats(
  t: Tallies,
  freshness: Freshness,
  changes: readonly ChangeCount[],
  nowMs: number,
  borrowed: readonly BorrowCount[] = [],
): StatsResponse {
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
    .filter(([bot, n]) => n > 0 && isAiBot(bot))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_BOTS)
    .map(([bot, n]) => ({ bot, domains: n, share: share(n) }));
  // Blocked bots are counted as the catalogue spells them; a key bot is looked up without case.
  const blockedCaseless = new Map<string, number>();
  for (const [bot, n] of t.get('blocked') ?? [])
    blockedCaseless.set(bot.toLowerCase(), (blockedCaseless.get(bot.toLowerCase()) ?? 0) + n);
  const keyBots = USE_CASES.flatMap((use) =>
    KEY_BOTS[use].map((bot) => {
      const n = blockedCaseless.get(bot.toLowerCase()) ?? 0;
      return { bot, use, domains: n, share: share(n) };
    }),
  );
  const termsVsRobots = Object.fromEntries(
    TOS_STANCES.map((tos) => [
      tos,
      {
        robots_blocks: get('terms', `${tos}|blocks`),
        robots_open: get('terms', `${tos}|open`),
        robots_unread: get('terms', `${tos}|unread`),
      },
    ]),
  ) as StatsResponse['terms_vs_robots'];
  return {
    total_domains: total,
    by_stance: byStance,
    by_told: byTold(t, borrowed),
    standards: Object.fromEntries(
      SIGNAL_KEYS.map((k) => [k, { domains: get('standard', k), share: share(get('standard', k)) }]),
    ) as StatsResponse['standards'],
    top_blocked_bots: bots,
    score_distribution: SCORE_BUCKETS.map((b, i) => ({ ...b, domains: get('score', String(i)) })),
    conflicts: Object.fromEntries(CONFLICTS.map((c) => [c, get('conflict', c)])) as StatsResponse['conflicts'],
    freshness,
    key_bots: keyBots,
    terms_vs_robots: termsVsRobots,
    stance_changes: stanceChanges(changes, nowMs),
    generated_at: new Date(nowMs).toISOString(),
  };
}

/**
 * Stance changes found by reading every domain's history in order, without the columns the
 * index keeps: an entry whose stance differs from the domain's entry before it. Both stores'
 * scans use it.
 */
export function scanChanges(history: Iterable<{ domain: string; entry: string }>, nowMs: number): ChangeCount[] {
  const since = changesSince(nowMs);
  const out: ChangeCount[] = [];
  let last = null as { domain: string; stance: Stance } | null;
  for (const r of history) {
    const e = JSON.parse(r.entry) as HistoryEntry;
    const at = Date.parse(e.crawled_at);
    if (last?.domain === r.domain && last.stance !== e.stance && at >= since)
      out.push({ day: Math.floor(at / 86_400_000), from: last.stance, to: e.stance, n: 1 });
    last = { domain: r.domain, stance: e.stance };
  }
  return out;
}

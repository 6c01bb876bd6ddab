/**
 * A bot's overall status from its applicable rules (classification.md section 2):
 * - `blocked`: the whole site is disallowed (a match-everything disallow such as `/` or `/*`
 *   decides `/`) and no allow rule with a non-empty pattern opens any path;
 * - `partial`: some path is disallowed and some path allowed;
 * - `allowed`: otherwise.
 * A rule "closes" or "opens" some path when it decides at least one of its probe paths: its
 * sample path (pattern.ts samplePath) and, for unanchored patterns, the sample plus one more
 * character, so an `Allow: /$` next to `Disallow: /` still leaves the rest of the site closed.
 */
import type { BotStatus as SharedBotStatus } from '../values.js';
import { compiledRulesFor, type CompiledRuleSet } from './match.js';
import { bestMatch, patternMatches, samplePath, type CompiledPattern } from './pattern.js';
import type { RobotsGroup, RobotsRecord, RobotsRule, RobotsSource, RobotsTxt } from './types.js';

/**
 * Pattern matches one status may spend probing. Real files need a few thousand at most; a
 * hostile file (1000 star-heavy rules of both types) would need millions, so past the budget
 * every remaining rule that can match some path simply counts as effective.
 */
export const PROBE_BUDGET = 100_000;

/** The records' bot status values (shared/values.ts BOT_STATUSES). */
export type BotStatusValue = SharedBotStatus;

export interface BotStatus {
  status: BotStatusValue;
  source: RobotsSource;
  /** Patterns of allow rules that open some path, in file order, without duplicates. */
  allowedPaths: readonly string[];
  /** Patterns of disallow rules that close some path, in file order, without duplicates. */
  disallowedPaths: readonly string[];
  /** Line of the rule that decided: the disallow of `/` for blocked, the rule deciding `/` or
   * else the first effective disallow for partial, the rule deciding `/` (if any) for allowed. */
  decidingLine: number | null;
  /** First valid `Crawl-delay` of the applicable groups, in seconds. */
  crawlDelay: number | null;
}

/**
 * Many bots share one rule set (every unnamed bot uses `*`): compute each set once. The path
 * lists are shared, read-only, by every bot of the set: copying them per bot would cost
 * agents × rules on a file listing thousands of agents over thousands of rules.
 */
const cache = new WeakMap<CompiledRuleSet, BotStatus>();

export function botStatus(robots: RobotsTxt, token: string): BotStatus {
  const set = compiledRulesFor(robots, token);
  let s = cache.get(set);
  if (!s) cache.set(set, (s = computeStatus(set)));
  return { ...s };
}

function computeStatus(set: CompiledRuleSet): BotStatus {
  const rootIndex = bestMatch(set.compiled, set.isAllow, '/');
  const root = rootIndex < 0 ? null : set.rules[rootIndex]!;
  const allowed = new Set<string>();
  const disallowed = new Set<string>();
  let firstDisallow: RobotsRule | null = null;
  let wholeSiteDisallow = false;
  const prober = new Prober(set);
  set.compiled.forEach((p, i) => {
    const rule = set.rules[i]!;
    const paths = probes(p);
    if (!paths.some((path) => prober.decidedBy(i, path))) return;
    if (rule.type === 'allow') allowed.add(rule.pattern);
    else {
      disallowed.add(rule.pattern);
      firstDisallow ??= rule;
      if (matchesEverything(p)) wholeSiteDisallow = true;
    }
  });

  const allowedPaths = [...allowed];
  const disallowedPaths = [...disallowed];
  const rootDisallowed = root !== null && root.type === 'disallow';
  const base = { source: set.source, crawlDelay: firstCrawlDelay(set.groups), allowedPaths, disallowedPaths };
  if (rootDisallowed && wholeSiteDisallow && allowedPaths.length === 0) return { ...base, status: 'blocked', decidingLine: root.line };
  if (disallowedPaths.length > 0) {
    const deciding = rootDisallowed ? root : (firstDisallow as RobotsRule | null);
    return { ...base, status: 'partial', decidingLine: deciding?.line ?? null };
  }
  return { ...base, status: 'allowed', decidingLine: root?.line ?? null };
}

/**
 * Decides whether rule i wins on a path it matches, checking only what can beat it: the
 * longest matching rule of the other type at or above its length, then a same-type rule
 * beating that one. Rules are kept per type, longest first, so a file whose rules are all
 * disallows answers each probe at once.
 */
class Prober {
  private readonly byType: { allow: number[]; disallow: number[] };
  private budget = PROBE_BUDGET;
  constructor(private readonly set: CompiledRuleSet) {
    const order = set.compiled.map((_, i) => i).sort((a, b) => set.compiled[b]!.length - set.compiled[a]!.length || a - b);
    this.byType = { allow: order.filter((i) => set.isAllow[i]), disallow: order.filter((i) => !set.isAllow[i]) };
  }

  decidedBy(i: number, path: string): boolean {
    const { compiled, isAllow } = this.set;
    if (!patternMatches(compiled[i]!, path)) return false;
    if (this.budget <= 0) return true;
    const allow = isAllow[i]!;
    // Equal length: allow beats disallow (RFC 9309 section 2.2.2).
    const other = this.longest(allow ? this.byType.disallow : this.byType.allow, path, compiled[i]!.length, !allow);
    if (other < 0) return true;
    return this.longest(allow ? this.byType.allow : this.byType.disallow, path, other, allow) >= 0;
  }

  /** Length of the longest rule in `list` matching `path` with length > min (>= when orEqual), or -1. */
  private longest(list: number[], path: string, min: number, orEqual: boolean): number {
    for (const j of list) {
      const p = this.set.compiled[j]!;
      if (p.length < min || (p.length === min && !orEqual)) return -1;
      this.budget--;
      if (patternMatches(p, path)) return p.length;
    }
    return -1;
  }
}

/** Sample paths a pattern matches: its literal text, and that text plus one character. */
function probes(p: CompiledPattern): string[] {
  const sample = samplePath(p);
  if (sample === null) return [];
  return p.anchored ? [sample] : [sample, sample + '~'];
}

/** `/`, `/*`, `*`, `/**`: unanchored patterns that match every path. */
function matchesEverything(p: CompiledPattern): boolean {
  if (p.empty || p.anchored) return false;
  const [first, ...rest] = p.segments;
  return (first === '/' || first === '') && rest.every((s) => s === '');
}

function firstCrawlDelay(groups: readonly RobotsGroup[]): number | null {
  for (const g of groups) {
    const delay = crawlDelayOf(g.records);
    if (delay !== null) return delay;
  }
  return null;
}

/** The first valid `Crawl-delay` (a finite number of seconds, at least 0) among `records`, or null. */
export function crawlDelayOf(records: readonly RobotsRecord[]): number | null {
  for (const r of records) {
    if (r.name !== 'crawl-delay') continue;
    const n = Number(r.value);
    if (r.value !== '' && Number.isFinite(n) && n >= 0) return n;
  }
  return null;
}

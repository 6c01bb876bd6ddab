/**
 * A bot's overall status from its applicable rules (docs/policy.md sections 2 and 10),
 * computed from the rules themselves (witness.ts), not by trying sample paths:
 * - `blocked`: a rule disallowing every path (`/`, `/*`) decides some path. Allow rules that
 *   open narrower paths (`Allow: /$`, `Allow: /buyline/`) are exceptions, listed in
 *   `allowedPaths`: "blocked except …";
 * - `partial`: some path is closed, and no whole-site disallow decides any path;
 * - `allowed`: no path is closed.
 */
import type { BotStatus as SharedBotStatus } from '../values.js';
import { compiledRulesFor, type CompiledRuleSet } from './match.js';
import { bestMatch, patternMatches, type CompiledPattern } from './pattern.js';
import type { RobotsGroup, RobotsRecord, RobotsRule, RobotsSource, RobotsTxt } from './types.js';
import { effectiveRules } from './witness.js';

/** The records' bot status values (shared/values.ts BOT_STATUSES). */
export type BotStatusValue = SharedBotStatus;

export interface BotStatus {
  status: BotStatusValue;
  source: RobotsSource;
  /** Patterns of allow rules that decide some path, in file order, without duplicates (for `blocked`: the exceptions). */
  allowedPaths: readonly string[];
  /** Patterns of disallow rules that decide some path, in file order, without duplicates. */
  disallowedPaths: readonly string[];
  /** Line of the rule that decided: the whole-site disallow for blocked, the rule deciding `/` or
   * else the first deciding disallow for partial, the rule deciding `/` (if any) for allowed. */
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
  return { ...ruleSetStatus(compiledRulesFor(robots, token)) };
}

/** The status of one compiled rule set (cached; treat the answer as read-only). */
export function ruleSetStatus(set: CompiledRuleSet): BotStatus {
  let s = cache.get(set);
  if (!s) cache.set(set, (s = computeStatus(set)));
  return s;
}

function computeStatus(set: CompiledRuleSet): BotStatus {
  const { decides, fresh } = effectiveRules(set);
  const allowed = new Set<string>();
  const disallowed = new Set<string>();
  let firstDisallow: RobotsRule | null = null;
  let wholeSite: RobotsRule | null = null;
  set.compiled.forEach((p, i) => {
    if (!decides[i]) return;
    const rule = set.rules[i]!;
    if (rule.type === 'allow') {
      allowed.add(rule.pattern);
      return;
    }
    disallowed.add(rule.pattern);
    firstDisallow ??= rule;
    if (wholeSite === null && matchesEverything(p, fresh)) wholeSite = rule;
  });

  const rootIndex = bestMatch(set.compiled, set.isAllow, '/');
  const root = rootIndex < 0 ? null : set.rules[rootIndex]!;
  const base = {
    source: set.source,
    crawlDelay: firstCrawlDelay(set.groups),
    allowedPaths: [...allowed],
    disallowedPaths: [...disallowed],
  };
  if (wholeSite !== null) {
    // The whole-site rule that wins on a path no narrower rule names.
    const everywhere = bestMatch(set.compiled, set.isAllow, '/' + (fresh ?? ''));
    return {
      ...base,
      status: 'blocked',
      decidingLine: (everywhere >= 0 ? set.rules[everywhere]! : (wholeSite as RobotsRule)).line,
    };
  }
  if (disallowed.size > 0) {
    const deciding = root !== null && root.type === 'disallow' ? root : (firstDisallow as RobotsRule | null);
    return { ...base, status: 'partial', decidingLine: deciding?.line ?? null };
  }
  return { ...base, status: 'allowed', decidingLine: root?.line ?? null };
}

/**
 * A pattern matching every path (`/`, `/*`, `*`, `/*$`, or `*` then `/`): with a fresh character, exactly
 * the patterns that match `/` followed by it (pattern.ts generalPaths' argument); without one, by shape.
 */
function matchesEverything(p: CompiledPattern, fresh: string | null): boolean {
  if (fresh !== null) return patternMatches(p, '/' + fresh);
  if (p.empty) return false;
  const [first, ...rest] = p.segments;
  if (p.anchored && rest.length === 0) return false;
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

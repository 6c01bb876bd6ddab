/**
 * Which rules of a rule set decide some path, computed from the rules themselves
 * (classification.md section 10, "status is computed, not probed").
 *
 * A rule decides a path when it matches and no rule that beats it (longer; on equal length an
 * allow beats a disallow, otherwise the earlier line; RFC 9309 section 2.2.2) matches too. By
 * pattern.ts generalPath, a rule decides some path exactly when it decides its most general
 * path, built with a character no rule contains: one question per rule, asked only of the
 * rules that beat it.
 */
import type { CompiledRuleSet } from './match.js';
import { bestMatch, generalPath, patternMatches, type CompiledPattern } from './pattern.js';

/**
 * Segment comparisons one analysis may spend. Real files need a few hundred thousand at most;
 * a hostile file (thousands of star-heavy rules of both types) would need billions, so past
 * the budget every remaining rule that can match some path simply counts as deciding one.
 */
export const WITNESS_BUDGET = 2_000_000;

/** Candidates for the fresh character: canonical path characters (canonical.ts), rarest first. */
const POOL = "~!'()+,;=:@-._0123456789ZQJXKVWYUzqjxkvwyuABCDEFGHILMNOPRSTabcdefghilmnoprst";

/** A character that occurs in no segment of the given patterns, or null when all of POOL occur. */
export function freshChar(...lists: readonly (readonly CompiledPattern[])[]): string | null {
  const seen = new Set<number>();
  for (const list of lists) for (const p of list) for (const s of p.segments) for (let i = 0; i < s.length; i++) seen.add(s.charCodeAt(i));
  for (let i = 0; i < POOL.length; i++) if (!seen.has(POOL.charCodeAt(i))) return POOL[i]!;
  return null;
}

/** Does `a` beat `b` when both match (indices into one rule set)? */
function beats(set: CompiledRuleSet, a: number, b: number): boolean {
  const la = set.compiled[a]!.length;
  const lb = set.compiled[b]!.length;
  if (la !== lb) return la > lb;
  if (set.isAllow[a] !== set.isAllow[b]) return set.isAllow[a]!;
  return a < b;
}

export interface Effective {
  /** Per rule: it decides at least one path. */
  decides: boolean[];
  /** The fresh character used, null when none was free (then every rule that can match counts). */
  fresh: string | null;
  /** Per rule: its most general path (null when it matches no path). */
  general: (string | null)[];
}

/** A spendable allowance of segment comparisons, shared by the questions of one analysis. */
export class Budget {
  constructor(public left = WITNESS_BUDGET) {}
  spend(p: CompiledPattern): boolean {
    this.left -= p.segments.length;
    return this.left >= 0;
  }
}

/** Which rules of `set` decide some path (see the module comment). */
export function effectiveRules(set: CompiledRuleSet, budget = new Budget()): Effective {
  const n = set.compiled.length;
  const fresh = freshChar(set.compiled);
  const general = set.compiled.map((p) => generalPath(p, fresh ?? '\u0000'));
  // Rules in the order they win: each rule is asked only about the ones before it.
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (beats(set, a, b) ? -1 : beats(set, b, a) ? 1 : 0));
  const decides = new Array<boolean>(n).fill(false);
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    const w = general[i];
    if (w === null) continue;
    if (fresh === null) {
      decides[i] = true;
      continue;
    }
    let beaten = false;
    for (let j = 0; j < k && !beaten; j++) {
      const q = set.compiled[order[j]!]!;
      if (q.empty) continue;
      if (!budget.spend(q)) break; // out of budget: count the rule as deciding
      beaten = patternMatches(q, w);
    }
    decides[i] = !beaten;
  }
  return { decides, fresh, general };
}

/** Is the canonical path closed (decided by a disallow) under `set`? */
export function closes(set: CompiledRuleSet, canonicalPath: string): boolean {
  const i = bestMatch(set.compiled, set.isAllow, canonicalPath);
  return i >= 0 && !set.isAllow[i];
}

/**
 * A path `set` closes and `base` leaves open, or null: judged on the most general path of every
 * deciding disallow of `set` and every deciding allow of `base` (and `/`). A path closed for a
 * bot and open to every crawler is what makes a named group more than housekeeping
 * (classification.md section 10).
 */
export function closedBeyond(set: CompiledRuleSet, base: CompiledRuleSet, budget = new Budget()): string | null {
  const fresh = freshChar(set.compiled, base.compiled);
  if (fresh === null) return set.compiled.some((_, i) => !set.isAllow[i]) ? '/' : null;
  const own = effectiveRules(set, budget);
  const theirs = effectiveRules(base, budget);
  const candidates: string[] = ['/', '/' + fresh];
  set.compiled.forEach((p, i) => {
    if (!set.isAllow[i] && own.decides[i]) candidates.push(generalPath(p, fresh)!);
  });
  base.compiled.forEach((p, i) => {
    if (base.isAllow[i] && theirs.decides[i]) candidates.push(generalPath(p, fresh)!);
  });
  for (const w of candidates) {
    budget.left -= set.compiled.length + base.compiled.length;
    if (budget.left < 0) return w; // out of budget: assume the group is more than housekeeping
    if (closes(set, w) && !closes(base, w)) return w;
  }
  return null;
}

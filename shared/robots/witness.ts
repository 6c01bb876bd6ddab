/**
 * Which rules of a rule set decide some path, computed from the rules themselves
 * (docs/policy.md section 10, "status is computed, not probed").
 *
 * A rule decides a path when it matches and no rule that beats it (longer; on equal length an
 * allow beats a disallow, otherwise the earlier line; RFC 9309 section 2.2.2) matches too. By
 * pattern.ts generalPaths, a rule decides some path exactly when it decides one of its most
 * general paths (one, or two for a leading `*`), built with a character no rule contains.
 *
 * Most real rules are plain prefixes (`/wp-admin/`), so the questions go through an index: the
 * plain rules matching a path are its prefixes, looked up in a map, and only rules with `*` or
 * `$` are matched one by one.
 */
import type { CompiledRuleSet } from './match.js';
import { bestMatch, generalPaths, patternMatches, type CompiledPattern } from './pattern.js';

/**
 * Segment comparisons one analysis may spend on rules with `*` or `$`. Real files need a few
 * hundred thousand at most; a hostile file (thousands of star-heavy rules of both types) would
 * need billions, so past the budget every remaining rule that can match some path simply
 * counts as deciding one.
 */
export const WITNESS_BUDGET = 2_000_000;

/** Candidates for the fresh character: canonical path characters (canonical.ts), rarest first. */
const POOL = "~!'()+,;=:@-._0123456789ZQJXKVWYUzqjxkvwyuABCDEFGHILMNOPRSTabcdefghilmnoprst";

/** A character that occurs in no segment of the given patterns, or null when all of POOL occur. */
export function freshChar(...lists: readonly (readonly CompiledPattern[])[]): string | null {
  const seen = new Uint8Array(128); // canonical text is ASCII (canonical.ts)
  for (const list of lists)
    for (const p of list)
      for (const s of p.segments) for (let i = 0; i < s.length; i++) seen[s.charCodeAt(i) & 127] = 1;
  for (let i = 0; i < POOL.length; i++) if (!seen[POOL.charCodeAt(i)]) return POOL[i]!;
  return null;
}

/** A spendable allowance of segment comparisons, shared by the questions of one analysis. */
export class Budget {
  constructor(public left = WITNESS_BUDGET) {}
}

/** Does rule `a` beat rule `b` of `set` when both match? */
function beats(set: CompiledRuleSet, a: number, b: number): boolean {
  const la = set.compiled[a]!.length;
  const lb = set.compiled[b]!.length;
  if (la !== lb) return la > lb;
  if (set.isAllow[a] !== set.isAllow[b]) return set.isAllow[a]!;
  return a < b;
}

/** "Which rule decides this path" for a rule set. */
interface Decider {
  best(path: string, budget: Budget): number;
}

/** Small sets (most named groups hold a rule or two) are scanned: an index would cost more. */
const SCAN_UP_TO = 24;

class RuleScan implements Decider {
  constructor(private readonly set: CompiledRuleSet) {}
  best(path: string): number {
    return bestMatch(this.set.compiled, this.set.isAllow, path);
  }
}

/**
 * The rules of one set, indexed for "which rule decides this path": the plain prefix rules in a
 * character trie (flat typed arrays, node 0 the root), so the ones matching a path lie along
 * its walk; anchored plain rules by their text; rules with `*` matched one by one.
 */
class RuleIndex implements Decider {
  private readonly char: Int32Array;
  private readonly firstChild: Int32Array;
  private readonly nextSibling: Int32Array;
  /** The best rule whose pattern ends at the node, -1 when none does. */
  private readonly rule: Int32Array;
  private nodes = 1;
  private readonly exact = new Map<string, number>();
  private readonly starred: number[] = [];

  constructor(private readonly set: CompiledRuleSet) {
    let size = 1;
    for (const p of set.compiled) if (p.segments.length === 1 && !p.anchored) size += p.segments[0]!.length;
    this.char = new Int32Array(size);
    this.firstChild = new Int32Array(size);
    this.nextSibling = new Int32Array(size);
    this.rule = new Int32Array(size).fill(-1);
    set.compiled.forEach((p, i) => {
      if (p.empty) return;
      if (p.segments.length > 1) this.starred.push(i);
      else if (p.anchored) {
        const other = this.exact.get(p.segments[0]!);
        if (other === undefined || beats(set, i, other)) this.exact.set(p.segments[0]!, i);
      } else this.insert(p.segments[0]!, i);
    });
  }

  private insert(text: string, i: number): void {
    let node = 0;
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      let child = this.firstChild[node]!;
      while (child !== 0 && this.char[child] !== c) child = this.nextSibling[child]!;
      if (child === 0) {
        child = this.nodes++;
        this.char[child] = c;
        this.nextSibling[child] = this.firstChild[node]!;
        this.firstChild[node] = child;
      }
      node = child;
    }
    const other = this.rule[node]!;
    if (other < 0 || beats(this.set, i, other)) this.rule[node] = i;
  }

  /** The rule deciding the canonical path, -1 when none matches: bestMatch's answer. */
  best(path: string, budget: Budget): number {
    const set = this.set;
    let best = -1;
    // Along the walk a deeper (longer) prefix always beats a shallower one.
    let node = 0;
    for (let k = 0; k < path.length; k++) {
      const c = path.charCodeAt(k);
      let child = this.firstChild[node]!;
      while (child !== 0 && this.char[child] !== c) child = this.nextSibling[child]!;
      if (child === 0) break;
      node = child;
      if (this.rule[node]! >= 0) best = this.rule[node]!;
    }
    const exact = this.exact.get(path);
    if (exact !== undefined && (best < 0 || beats(set, exact, best))) best = exact;
    for (const i of this.starred) {
      if (best >= 0 && !beats(set, i, best)) continue;
      const p = set.compiled[i]!;
      // Out of budget, rules with `*` are no longer tried (computeEffective then counts every
      // remaining rule as deciding, the conservative answer).
      if ((budget.left -= p.segments.length) < 0) break;
      if (patternMatches(p, path)) best = i;
    }
    return best;
  }
}

export interface Effective {
  /** Per rule: it decides at least one path. */
  decides: boolean[];
  /** The fresh character used, null when none was free (then every rule that can match counts). */
  fresh: string | null;
  index: Decider;
}

/** Answers per rule set: a set is immutable once compiled (match.ts caches it per file). */
const cache = new WeakMap<CompiledRuleSet, Effective>();

/** Which rules of `set` decide some path (see the module comment). Cached per rule set. */
export function effectiveRules(set: CompiledRuleSet, budget = new Budget()): Effective {
  let e = cache.get(set);
  if (!e) cache.set(set, (e = computeEffective(set, budget)));
  return e;
}

function computeEffective(set: CompiledRuleSet, budget: Budget): Effective {
  const fresh = freshChar(set.compiled);
  const index = set.compiled.length <= SCAN_UP_TO ? new RuleScan(set) : new RuleIndex(set);
  const decides = set.compiled.map((p, i) => {
    const ws = generalPaths(p, fresh ?? '');
    if (ws.length === 0) return false;
    if (fresh === null || budget.left < 0) return true;
    return ws.some((w) => index.best(w, budget) === i || budget.left < 0);
  });
  return { decides, fresh, index };
}

/** Is the canonical path closed (decided by a disallow) under `set`? */
export function closes(set: CompiledRuleSet, canonicalPath: string, budget = new Budget()): boolean {
  const i = effectiveRules(set, budget).index.best(canonicalPath, budget);
  return i >= 0 && !set.isAllow[i];
}

/**
 * A path `set` closes and `base` leaves open, or null: judged on the most general path of every
 * deciding disallow of `set` and every deciding allow of `base`, and on `/`. A path closed for
 * a bot and open to every crawler is what makes a named group more than housekeeping
 * (docs/policy.md section 10).
 */
export function closedBeyond(set: CompiledRuleSet, base: CompiledRuleSet, budget = new Budget()): string | null {
  if (set === base) return null;
  const fresh = freshChar(set.compiled, base.compiled);
  if (fresh === null) return set.compiled.some((_, i) => !set.isAllow[i]) ? '/' : null;
  for (const w of ['/', '/' + fresh]) if (closes(set, w, budget) && !closes(base, w, budget)) return w;
  const own = effectiveRules(set, budget).decides;
  for (let i = 0; i < set.compiled.length; i++) {
    if (set.isAllow[i] || !own[i]) continue;
    for (const w of generalPaths(set.compiled[i]!, fresh))
      if (closes(set, w, budget) && !closes(base, w, budget)) return w;
  }
  const theirs = effectiveRules(base, budget).decides;
  for (let i = 0; i < base.compiled.length; i++) {
    if (!base.isAllow[i] || !theirs[i]) continue;
    for (const w of generalPaths(base.compiled[i]!, fresh))
      if (closes(set, w, budget) && !closes(base, w, budget)) return w;
  }
  return null;
}

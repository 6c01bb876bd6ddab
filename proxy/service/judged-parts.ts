/**
 * POST /v1/check reads each domain's record afresh (the store parses it for every read), but its
 * robots.txt rules and usage signals rarely change between two reads: kept here, the objects
 * already judged are put back into a record read again when equal to it, so the patterns
 * compiled for them (shared/url-check keeps them per object) are not compiled again. Equal is
 * checked in full, value by value: a record that changed (a new crawl, one classified again)
 * is never judged by what it said before.
 */
import type { DomainPolicyFound } from '../../shared/schemas.js';

type Parts = Pick<DomainPolicyFound, 'path_rules' | 'path_signals'>;

/** Domains whose parts are kept; past it the older half is dropped. */
const KEPT_MAX = 10_000;

/** Structural equality of two JSON values (arrays, plain objects, primitives). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}

/** path_rules compared rule by rule: by far the larger part, and the one worth a loop of its own. */
function sameRules(a: DomainPolicyFound['path_rules'], b: DomainPolicyFound['path_rules']): boolean {
  if (!a || !b) return a === b;
  if (a.truncated !== b.truncated || a.groups.length !== b.groups.length) return false;
  for (let g = 0; g < a.groups.length; g++) {
    const x = a.groups[g]!;
    const y = b.groups[g]!;
    if (x.rules.length !== y.rules.length || !same(x.agents, y.agents)) return false;
    for (let i = 0; i < x.rules.length; i++) {
      const r = x.rules[i]!;
      const q = y.rules[i]!;
      if (r[0] !== q[0] || r[1] !== q[1] || r[2] !== q[2]) return false;
    }
  }
  return true;
}

export class JudgedParts {
  private readonly kept = new Map<string, Parts>();

  /** `record` with the kept objects in place of equal ones; otherwise its own, kept from now on. */
  reuse(record: DomainPolicyFound): DomainPolicyFound {
    const had = this.kept.get(record.domain);
    if (had && sameRules(had.path_rules, record.path_rules) && same(had.path_signals, record.path_signals)) {
      return { ...record, path_rules: had.path_rules, path_signals: had.path_signals };
    }
    if (this.kept.size >= KEPT_MAX) {
      let drop = KEPT_MAX / 2;
      for (const k of this.kept.keys()) {
        this.kept.delete(k);
        if (--drop === 0) break;
      }
    }
    this.kept.set(record.domain, { path_rules: record.path_rules, path_signals: record.path_signals });
    return record;
  }
}

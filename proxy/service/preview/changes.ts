/**
 * What changed in a domain's policy between two crawls, as sentences for people
 * ("started blocking GPTBot", "training: allowed → blocked"). Journalists ask exactly this:
 * "when did this site start blocking GPTBot?". Pure.
 */
import { SIGNAL_LABELS } from './labels.js';
import type { Classification } from '../../analysis/classification.js';
import type { HistoryEntry } from '../../../shared/schemas.js';
import { facetsOf, type PolicyFacets } from './facets.js';
import { USE_CASES, toAnnouncedStance } from '../../../shared/values.js';

const arrow = (a: string | number, b: string | number) => `${a} → ${b}`;

/** Items in `after` but not in `before`, compared case-insensitively, in `after`'s order. */
function added<T extends string>(before: readonly T[], after: readonly T[]): T[] {
  const had = new Set(before.map((s) => s.toLowerCase()));
  return after.filter((s) => !had.has(s.toLowerCase()));
}

/** Empty when the policy is the same (site facts such as rank, CDN or CMS are not policy). */
export function describeChanges(before: PolicyFacets, after: PolicyFacets): string[] {
  const out: string[] = [];
  if (before.stance !== after.stance) {
    out.push(`stance: ${arrow(toAnnouncedStance(before.stance), toAnnouncedStance(after.stance))}`);
  }
  if (before.detail !== after.detail) out.push(`detail: ${arrow(before.detail, after.detail)}`);
  for (const u of USE_CASES) {
    if (before.use_cases[u] !== after.use_cases[u]) out.push(`${u}: ${arrow(before.use_cases[u], after.use_cases[u])}`);
  }
  for (const b of added(before.blocked, after.blocked)) out.push(`started blocking ${b}`);
  for (const b of added(after.blocked, before.blocked)) out.push(`stopped blocking ${b}`);
  for (const b of added(before.allowed, after.allowed)) out.push(`started explicitly allowing ${b}`);
  for (const b of added(after.allowed, before.allowed)) out.push(`stopped explicitly allowing ${b}`);
  for (const k of added(before.standards, after.standards)) out.push(`started publishing ${SIGNAL_LABELS[k]}`);
  for (const k of added(after.standards, before.standards)) out.push(`stopped publishing ${SIGNAL_LABELS[k]}`);
  for (const c of added(before.conflicts, after.conflicts)) out.push(`new conflict: ${c}`);
  for (const c of added(after.conflicts, before.conflicts)) out.push(`conflict resolved: ${c}`);
  if (before.score !== after.score) out.push(`score: ${arrow(before.score, after.score)}`);
  return out;
}

/**
 * The history entry a stored crawl adds (either store's index writes it): the domain's first
 * indexed crawl, or one that changed the policy, else null. Diffed against what the index last
 * saw, or the registry's previous record when the index is newer than the domain's first crawl.
 */
export function historyEntryOf(
  crawl: { auditId: string; crawledAt: string; previous: Classification | null },
  indexed: PolicyFacets | null,
  next: PolicyFacets,
): HistoryEntry | null {
  const base = indexed ?? (crawl.previous ? facetsOf(crawl.previous) : null);
  const changes = base ? describeChanges(base, next) : [];
  if (indexed && changes.length === 0) return null;
  return {
    audit_id: crawl.auditId,
    crawled_at: crawl.crawledAt,
    stance: next.stance,
    detail: next.detail,
    score: next.score,
    use_cases: next.use_cases,
    bots_blocked: next.blocked,
    changes,
  };
}

/**
 * Recent lookups on this gateway, kept in this browser only (localStorage of the gateway's
 * origin): never sent anywhere, and never what other people looked up, since a gateway's own
 * log of lookups is its users' browsing (README "Data"). At most MAX names, newest first.
 */
import type { Domain } from '~~/shared/domain.js';
import { TOLD_STANCES, type ToldStance } from '~~/shared/reading/claims.js';

const KEY = 'lens:recent';
export const MAX_RECENT = 8;

export interface RecentLookup {
  domain: Domain;
  /**
   * The stance as the site's page told it (shared/reading/ readSite, borrowing included), when the
   * lookup found one; shown beside the name without asking again, so the list and the page never
   * disagree (docs/policy.md section 16).
   */
  told: ToldStance | null;
  at: number;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage refused (a privacy setting): the page works without the list.
    return null;
  }
}

const isLookup = (r: unknown): r is { domain: Domain; at: number; told?: unknown } =>
  typeof r === 'object' &&
  r !== null &&
  typeof (r as RecentLookup).domain === 'string' &&
  typeof (r as RecentLookup).at === 'number';

const toldOf = (x: unknown): ToldStance | null =>
  typeof x === 'string' && (TOLD_STANCES as readonly string[]).includes(x) ? (x as ToldStance) : null;

/** The list, newest first. An entry kept by an older page (a seed stance, not a told one) shows its name alone. */
export function recentLookups(): RecentLookup[] {
  try {
    const raw = JSON.parse(storage()?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(raw)
      ? (raw as unknown[])
          .filter(isLookup)
          .slice(0, MAX_RECENT)
          .map((r) => ({ domain: r.domain, told: toldOf(r.told), at: r.at }))
      : [];
  } catch {
    return [];
  }
}

export function rememberLookup(domain: Domain, told: ToldStance | null, now = Date.now()): void {
  const rest = recentLookups().filter((r) => r.domain !== domain);
  try {
    storage()?.setItem(KEY, JSON.stringify([{ domain, told, at: now }, ...rest].slice(0, MAX_RECENT)));
  } catch {
    // Full or refused: nothing is lost but the list.
  }
}

export function forgetLookups(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}

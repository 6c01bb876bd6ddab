/**
 * Recent lookups on this gateway, kept in this browser only (localStorage of the gateway's
 * origin): never sent anywhere, and never what other people looked up, since a gateway's own
 * log of lookups is its users' browsing (README "Data"). At most MAX names, newest first.
 */
import type { Domain } from '~~/shared/domain.js';
import type { Stance } from '~~/shared/values.js';

const KEY = 'lens:recent';
export const MAX_RECENT = 8;

export interface RecentLookup {
  domain: Domain;
  /** The stance found, when the lookup found one; shown beside the name without asking again. */
  stance: Stance | null;
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

const isLookup = (r: unknown): r is RecentLookup =>
  typeof r === 'object' &&
  r !== null &&
  typeof (r as RecentLookup).domain === 'string' &&
  typeof (r as RecentLookup).at === 'number';

export function recentLookups(): RecentLookup[] {
  try {
    const raw = JSON.parse(storage()?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? (raw as unknown[]).filter(isLookup).slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

export function rememberLookup(domain: Domain, stance: Stance | null, now = Date.now()): void {
  const rest = recentLookups().filter((r) => r.domain !== domain);
  try {
    storage()?.setItem(KEY, JSON.stringify([{ domain, stance, at: now }, ...rest].slice(0, MAX_RECENT)));
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

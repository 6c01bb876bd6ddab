/**
 * Small pieces of the records that are plain reshaping of facts: timestamps, crawl rules,
 * the stored headers and meta tags, and the announced surface's purpose verdicts
 * (docs/policy.md section 7).
 */
import type { PurposeVerdict } from '../../../shared/schemas.js';
import type { DecidingSource } from '../../../shared/values.js';
import { DECIDING_SOURCES } from '../../../shared/values.js';
import { crawlDelayOf, type RobotsTxt } from '../../../shared/robots/index.js';
import type { BotReadings } from './bot-readings.js';
import type { Facts } from './read-evidence.js';
import type { UseCaseVerdict } from './verdicts.js';

/**
 * The crawl time as ISO 8601 UTC. Evidence comes from our own crawler, so an unparseable
 * value is a bug upstream; the epoch makes it visible without throwing (classify never throws).
 */
function crawlDate(fetchedAt: string): Date {
  const d = new Date(fetchedAt);
  return Number.isNaN(d.getTime()) ? new Date(0) : d;
}

/** `last_updated` / `last_crawled`: `2026-01-15T10:00:00.000Z`. */
export const isoUtc = (fetchedAt: string): string => crawlDate(fetchedAt).toISOString();

/** `parsed_at`: fractional seconds and an explicit `+00:00` offset, as the seed shows. */
export const isoWithOffset = (fetchedAt: string): string => crawlDate(fetchedAt).toISOString().replace(/Z$/, '+00:00');

/** A rank is a positive integer or nothing. */
export const rankOf = (rank: number | null): number | null =>
  rank !== null && Number.isInteger(rank) && rank > 0 ? rank : null;

/**
 * crawl_rules. `crawl_delays`: agent → first valid Crawl-delay of its groups (seconds).
 * `blocked_paths`: paths the `*` groups effectively disallow. `directives_count`: allow and
 * disallow lines in all groups (our reading of "directives"). `has_wildcard_block`: `*` is blocked.
 */
export function crawlRules(robots: RobotsTxt | null, readings: BotReadings) {
  const delays: Record<string, number> = {};
  const unknownNames = new Map(readings.unknown.map((u) => [u.token, u.name]));
  for (const g of robots?.groups ?? []) {
    const delay = crawlDelayOf(g.records);
    if (delay === null) continue;
    for (const a of g.agents) {
      if (a.token === '') continue;
      const name =
        a.token === '*' ? '*' : (readings.catalogue.get(a.token)?.name ?? unknownNames.get(a.token) ?? a.token);
      if (!(name in delays)) delays[name] = delay;
    }
  }
  return {
    crawl_delays: delays,
    blocked_paths: readings.wildcard ? [...readings.wildcard.disallowedPaths] : [],
    sitemaps_count: robots?.sitemaps.length ?? 0,
    directives_count: robots?.groups.reduce((n, g) => n + g.rules.length, 0) ?? 0,
    has_wildcard_block: readings.wildcard?.status === 'blocked',
  };
}

/** Homepage headers kept in the full record: the ones any verdict or site fact reads. */
const KEPT_HEADERS = [
  'server',
  'x-powered-by',
  'x-generator',
  'via',
  'cf-ray',
  'cf-cache-status',
  'cf-mitigated',
  'x-cache',
  'x-served-by',
  'x-robots-tag',
  'content-signal',
  'content-usage',
  'tdm-reservation',
  'tdm-policy',
  'link',
  'content-type',
];
const MAX_VALUE = 1000;

export function keptHeaders(facts: Facts): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of KEPT_HEADERS) {
    const v = facts.homepageHeaders[h];
    if (v !== undefined) out[h] = v.slice(0, MAX_VALUE);
  }
  return out;
}

/** Meta tags kept: robots and crawler-named robots metas, TDMRep metas, generator. First of each name. */
export function keptMetas(facts: Facts): Record<string, string> {
  const robotsNames = new Set(
    facts.meta.directives.filter((d) => d.source === 'meta').map((d) => (d.agent === '*' ? 'robots' : d.agent)),
  );
  const out: Record<string, string> = {};
  for (const m of facts.scan?.metas ?? []) {
    if (m.name === null || m.content === null || m.name in out) continue;
    if (robotsNames.has(m.name) || m.name === 'tdm-reservation' || m.name === 'tdm-policy' || m.name === 'generator')
      out[m.name] = m.content.slice(0, MAX_VALUE);
  }
  return out;
}

/**
 * One announced purpose: `allowed` false when blocked or partial, true when explicit, null
 * when nothing was expressed (also when robots.txt was unreadable); `source` lists the
 * standards that decided, in DECIDING_SOURCES order. A `*` rule blocking everything is
 * robots.txt expressing false.
 */
export function purposeVerdict(v: UseCaseVerdict): PurposeVerdict {
  const sources = new Set<DecidingSource>();
  let allowed: boolean | null = null;
  if (v.verdict === 'blocked' || v.verdict === 'partial') {
    allowed = false;
    if (v.signal?.value === false) v.signal.pieces.forEach((p) => sources.add(p.standard));
    else {
      // A licence required (docs/policy.md section 15) restricts alone when robots.txt does not.
      if (v.paid) sources.add('rsl');
      if (!v.paid || v.robots.value !== 'allowed') sources.add('robots_txt');
      v.robots.scopedSignals.filter((s) => !s.value).forEach((s) => s.pieces.forEach((p) => sources.add(p.standard)));
    }
  } else if (v.explicit) {
    allowed = true;
    if (v.signal?.value === true) v.signal.pieces.forEach((p) => sources.add(p.standard));
    if (v.robots.explicitKeys.some((k) => k.named)) sources.add('robots_txt');
    v.robots.scopedSignals.filter((s) => s.value).forEach((s) => s.pieces.forEach((p) => sources.add(p.standard)));
  }
  return { allowed, source: DECIDING_SOURCES.filter((s) => sources.has(s)) };
}

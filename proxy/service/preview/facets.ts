/**
 * The searchable, countable characteristics of one classified crawl. One small object drives
 * every side table of the announced surface (bot and standard indexes, statistics counters,
 * history diffs), so the same rule decides "blocks GPTBot" in search, stats and history.
 * Pure: no SQLite here.
 */
import type { Classification } from '../../analysis/classification.js';
import type { ToldStance } from '../../../shared/reading/claims.js';
import { toldStanceOf } from '../../../shared/reading/host-claims.js';
import { borrowsFrom } from '../../../shared/reading/story-parent.js';
import type { UseCases } from '../../../shared/schemas.js';
import {
  SIGNAL_KEYS,
  toAnnouncedStance,
  type Conflict,
  type Detail,
  type SignalKey,
  type Stance,
  type TosStance,
} from '../../../shared/values.js';

export interface PolicyFacets {
  stance: Stance;
  detail: Detail;
  score: number;
  use_cases: UseCases;
  /** Catalogue AI bots blocked (summary `bots.blocked`: named or via `*`), as the catalogue spells them. */
  blocked: string[];
  /** Catalogue AI bots named with status allowed (summary `bots.allowed`). */
  allowed: string[];
  /** Standards found (summary `signals` keys that are true), in SIGNAL_KEYS order. */
  standards: SignalKey[];
  conflicts: Conflict[];
  /**
   * What the terms of service say about AI (full record `tos_ai_stance`). Rows stored before
   * it was kept got it from their registry record when the tables were migrated; one missing
   * counts as `unknown`.
   */
  terms?: TosStance;
  rank: number | null;
  cdn: string | null;
  cms: string | null;
  /**
   * The stance as told from this record alone (shared/reading/, docs/policy.md section 16): what
   * the statistics count, so the overview and every other face agree. Absent on rows indexed by
   * an older version (they are re-indexed when their record is re-derived).
   */
  told?: ToldStance;
  /**
   * The site this host shows the policy of when that site has AI rules: set when the host has
   * nothing of its own (no robots.txt, no other AI rule) and belongs to a site (`www.` or a
   * subdomain), null otherwise. The statistics count such a host by its site's told stance.
   */
  borrows?: string | null;
}

export function facetsOf(c: Classification): PolicyFacets {
  const s = c.summary;
  return {
    stance: s.stance,
    detail: s.detail,
    score: c.announced.score,
    use_cases: { ...s.use_cases },
    blocked: uniqueCaseless(s.bots.blocked),
    allowed: uniqueCaseless(s.bots.allowed),
    standards: SIGNAL_KEYS.filter((k) => s.signals[k]),
    conflicts: [...new Set(c.full.conflicts)],
    terms: c.full.tos_ai_stance,
    rank: s.site.ranklist_rank,
    cdn: s.site.cdn,
    cms: s.site.cms,
    told: toldStanceOf(s),
    borrows: borrowsFrom(s),
  };
}

function uniqueCaseless(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.filter((n) => {
    const k = n.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Score buckets of 10: 0-9, 10-19, ... 80-89, and 90-100 (100 joins the last bucket). */
export const SCORE_BUCKETS = Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i === 9 ? 100 : i * 10 + 9 }));
export const scoreBucket = (score: number): number => Math.min(9, Math.max(0, Math.floor(score / 10)));

export const COUNTER_KINDS = [
  'total',
  'stance',
  'detail',
  'standard',
  'blocked',
  'score',
  'conflict',
  'terms',
  'told',
] as const;
export type CounterKind = (typeof COUNTER_KINDS)[number];

/**
 * Where robots.txt stands, for the terms-against-robots.txt counts: `unread` when it could not be
 * read (or the site not reached), `blocks` when it blocks at least one catalogue AI bot (named or
 * by `*`: summary `bots.blocked`), else `open`.
 */
export const ROBOTS_POSITIONS = ['blocks', 'open', 'unread'] as const;
export type RobotsPosition = (typeof ROBOTS_POSITIONS)[number];
export function robotsPosition(f: Pick<PolicyFacets, 'detail' | 'blocked'>): RobotsPosition {
  if (f.detail === 'robots_blocked' || f.detail === 'unreachable') return 'unread';
  return f.blocked.length > 0 ? 'blocks' : 'open';
}
/** The `terms` counter's key: the terms' stance and robots.txt's position, `prohibits|blocks`. */
export const termsKey = (f: Pick<PolicyFacets, 'detail' | 'blocked' | 'terms'>): string =>
  `${f.terms ?? 'unknown'}|${robotsPosition(f)}`;

/**
 * What one domain adds to the statistics counters. Re-crawling subtracts the old facets'
 * contributions and adds the new ones, so counters always equal a full recount.
 */
export function contributions(f: PolicyFacets): Array<[CounterKind, string]> {
  return [
    ['total', ''],
    ['stance', toAnnouncedStance(f.stance)],
    ['detail', f.detail],
    ['score', String(scoreBucket(f.score))],
    ['terms', termsKey(f)],
    ...f.standards.map((k): [CounterKind, string] => ['standard', k]),
    ...f.blocked.map((b): [CounterKind, string] => ['blocked', b]),
    ...f.conflicts.map((k): [CounterKind, string] => ['conflict', k]),
    ...(f.told ? [['told', f.told] as [CounterKind, string]] : []),
  ];
}

/** Rank used for ordering: unranked domains sort after every ranked one (nulls last). */
export const UNRANKED = Number.MAX_SAFE_INTEGER;
export const rankSort = (rank: number | null): number => rank ?? UNRANKED;
export const rankOf = (sort: number): number | null => (sort === UNRANKED ? null : sort);

/** CDN and CMS names are matched case-insensitively: stored and queried lower-case. */
export const foldName = (s: string | null): string | null => (s === null ? null : s.trim().toLowerCase() || null);

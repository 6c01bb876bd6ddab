/**
 * What one stored crawl changes in the announced surface's side tables, decided once for both
 * stores (store/sqlite/preview-index.ts and store/pg/preview-index.ts): given the crawl and what
 * the policy table holds of the domain's previous crawl, the policy row to write, the index rows
 * to take out and put in, the net counter and per-hour deltas, the history entry and the raw
 * signals. Pure: no I/O, no database types; each store reads its row and writes the result in
 * its own SQL (PostgreSQL into its domain's counter shard, SQLite into single rows).
 */
import type { AnnouncedRecord } from '../../../shared/schemas.js';
import type { SignalKey } from '../../../shared/values.js';
import { historyEntryOf } from '../preview/changes.js';
import { contributions, facetsOf, foldName, rankSort, type CounterKind, type PolicyFacets } from '../preview/facets.js';
import { buildSignals } from '../preview/signals.js';
import type { StoredCrawl } from './registry-store.js';

export const HOUR_MS = 3_600_000;
/** The per-hour crawl counts' bucket of a crawl time (epoch ms). */
export const hourOf = (ms: number): number => Math.floor(ms / HOUR_MS);

/** What the policy table holds of a domain's latest indexed crawl (the columns both stores read). */
export interface IndexedPolicy {
  audit_id: string;
  crawls: number;
  rank_sort: number;
  crawled_ms: number;
  /** The crawl's PolicyFacets as JSON text. */
  facets: string;
}

/** One domain's rows in the bot and standard search indexes, all at its rank. */
export interface IndexRows {
  rank_sort: number;
  /** (bot lowercased, verdict) pairs: blocked ones first, then allowed ones. */
  bots: Array<readonly [bot: string, verdict: 'blocked' | 'allowed']>;
  standards: SignalKey[];
}

/** The policy table's row of the domain's latest crawl, column by column. */
export interface PolicyValues {
  domain: string;
  audit_id: string;
  crawled_at: string;
  crawled_ms: number;
  crawls: number;
  stance: PolicyFacets['stance'];
  detail: PolicyFacets['detail'];
  score: number;
  rank_sort: number;
  cdn: string | null;
  cms: string | null;
  /** The site this host borrows its told policy from (PolicyFacets.borrows), null when none. */
  borrows_from: string | null;
  /** PolicyFacets as JSON text. */
  facets: string;
  /** The AnnouncedRecord as JSON text. */
  record: string;
}

/**
 * A history table row: the entry and its crawl time. Each store adds, in the INSERT itself, the
 * stance of the domain's entry before it when this entry's differs (`stance_from`, what /stats
 * counts as a stance change): the history as a person reads it, entry after entry.
 */
export interface HistoryRow {
  /** HistoryEntry JSON. */
  entry: string;
  crawled_ms: number;
}

/** A net change of one statistics counter (never 0), or of one hour's crawl count. */
export interface CounterDelta {
  kind: CounterKind;
  key: string;
  n: number;
}
export interface HourDelta {
  hour: number;
  n: number;
}

/** What a domain's previous crawl leaves behind when it is taken out of the tables. */
export interface PreviewRemoval {
  /** Its rows in the bot and standard indexes, to delete. */
  remove: IndexRows;
  /** Net counter deltas, ordered by (kind, key). */
  counters: CounterDelta[];
  /** Net per-hour deltas, ordered by hour. */
  hours: HourDelta[];
}

/** What a stored crawl writes: its previous crawl taken out (when there was one) and itself put in. */
export interface PreviewUpdate {
  /** The policy row: inserted when `first`, else it replaces the domain's row. */
  policy: PolicyValues;
  /** No previous crawl was indexed (the domain's name is new to the tables). */
  first: boolean;
  /** The previous crawl's index rows, to delete before `add` is inserted; null on the first crawl. */
  remove: IndexRows | null;
  add: IndexRows;
  /** Net counter deltas (previous crawl out, this one in), ordered by (kind, key); zero ones left out. */
  counters: CounterDelta[];
  /** Net per-hour crawl-count deltas, ordered by hour; zero ones left out. */
  hours: HourDelta[];
  /** The history entry, or null when the crawl changed no policy (changes.ts). */
  history: HistoryRow | null;
  /** The crawl's raw signals (SignalsResponse) as JSON text. */
  signals: string;
}

/** The rows one domain's facets hold in the bot and standard indexes. */
function indexRows(f: PolicyFacets, rank: number): IndexRows {
  return {
    rank_sort: rank,
    bots: [
      ...f.blocked.map((b) => [b.toLowerCase(), 'blocked'] as const),
      ...f.allowed.map((b) => [b.toLowerCase(), 'allowed'] as const),
    ],
    standards: f.standards,
  };
}

/** Sums signed contributions per key; zero sums dropped, keys in order. */
class Deltas {
  private readonly counters = new Map<string, CounterDelta>();
  private readonly hours = new Map<number, number>();
  add(f: PolicyFacets, crawledMs: number, sign: 1 | -1): void {
    for (const [kind, key] of contributions(f)) {
      const id = `${kind}\u0000${key}`;
      const d = this.counters.get(id) ?? { kind, key, n: 0 };
      d.n += sign;
      this.counters.set(id, d);
    }
    const h = hourOf(crawledMs);
    this.hours.set(h, (this.hours.get(h) ?? 0) + sign);
  }
  result(): { counters: CounterDelta[]; hours: HourDelta[] } {
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return {
      counters: [...this.counters.values()]
        .filter((d) => d.n !== 0)
        .sort((a, b) => cmp(a.kind, b.kind) || cmp(a.key, b.key)),
      hours: [...this.hours]
        .filter(([, n]) => n !== 0)
        .sort(([a], [b]) => a - b)
        .map(([hour, n]) => ({ hour, n })),
    };
  }
}

/** Taking a domain's indexed crawl out of the tables (maintenance's purge; the first half of a re-crawl). */
export function previewRemoval(prev: IndexedPolicy): PreviewRemoval {
  const before = JSON.parse(prev.facets) as PolicyFacets;
  const deltas = new Deltas();
  deltas.add(before, prev.crawled_ms, -1);
  return { remove: indexRows(before, prev.rank_sort), ...deltas.result() };
}

/**
 * What `crawl` writes over `prev`, the policy row the tables hold of its domain (undefined when
 * none). Null when it writes nothing: a failed check that kept the earlier record (nothing about
 * the policy changed), or the same stored crawl indexed again (a retried hook must not count
 * twice). The stored crawl replaces the indexed one whatever their crawl times: the registry
 * decided it is the domain's record. A re-derived crawl (`rederived`: the same crawl read by
 * newer rules) replaces the row and its counters but keeps the crawl count and adds no history
 * entry: the site changed nothing (its crawl time is the same, so the crawl hours net to zero).
 * Throws when `crawledAt` is not a timestamp.
 */
export function previewUpdate(crawl: StoredCrawl, prev: IndexedPolicy | undefined): PreviewUpdate | null {
  if (!crawl.current) return null;
  const { domain, auditId, crawledAt, classification } = crawl;
  if (prev?.audit_id === auditId && !crawl.rederived) return null;
  const reread = crawl.rederived === true && prev !== undefined;

  const next = facetsOf(classification);
  const rank = rankSort(next.rank);
  const before: PolicyFacets | null = prev ? (JSON.parse(prev.facets) as PolicyFacets) : null;
  const crawledMs = Date.parse(crawledAt);
  if (!Number.isFinite(crawledMs))
    throw new Error(`indexPolicy: crawledAt "${crawledAt}" of ${domain} is not an ISO 8601 timestamp`);

  const deltas = new Deltas();
  if (prev && before) deltas.add(before, prev.crawled_ms, -1);
  deltas.add(next, crawledMs, 1);

  const record: AnnouncedRecord = { ...classification.announced, audit_id: auditId };
  const entry = reread ? null : historyEntryOf(crawl, before, next);
  return {
    policy: {
      domain,
      audit_id: auditId,
      crawled_at: crawledAt,
      crawled_ms: crawledMs,
      crawls: reread ? prev.crawls : (prev?.crawls ?? 0) + 1,
      stance: next.stance,
      detail: next.detail,
      score: next.score,
      rank_sort: rank,
      cdn: foldName(next.cdn),
      cms: foldName(next.cms),
      borrows_from: next.borrows ?? null,
      facets: JSON.stringify(next),
      record: JSON.stringify(record),
    },
    first: !prev,
    remove: prev && before ? indexRows(before, prev.rank_sort) : null,
    add: indexRows(next, rank),
    ...deltas.result(),
    history: entry ? { entry: JSON.stringify(entry), crawled_ms: crawledMs } : null,
    signals: JSON.stringify(buildSignals(crawl.evidence, classification.full, auditId, crawledAt)),
  };
}

/**
 * The lookup service as an in-process object: what the HTTP surface (proxy/service/http), the
 * command line and the gateway's embedded source all call. It serves the shared read interface
 * (shared/api.ts PolicyReads) and the analysis controls (AnalysisControl) over the storage
 * port (store/registry-store.ts); unknown domains are queued and answered
 * `found: false, queued: true`. Input is already validated (Domain comes only from
 * normalizeDomain); sizes are enforced by the HTTP layers, the queue's bounds here.
 */
import type { AnalysisPool } from '../analysis-pool/index.js';
import type { AnalysisControl, PolicyReads, ReadOptions, SearchParams } from '../../shared/api.js';
import type { Domain } from '../../shared/domain.js';
import type { PreviewSearchParams } from '../../shared/params.js';
import type { DomainPolicyFound, DomainPolicyUnknown, FullRecord, StatsResponse } from '../../shared/schemas.js';
import type { EvidenceSource } from '../analysis/evidence.js';
import type { Clock } from '../lib/clock.js';
import type { PreviewSearchResult, SignalsResponse } from './preview/schemas.js';
import type { RegistryStore } from './store/registry-store.js';

export type { SearchParams };

export interface ServiceStatus {
  /** Domains with a current record. */
  domains: number;
  /** Domains waiting in the queue. */
  queued: number;
  /** Domains being crawled now. */
  crawling: number;
  /** Failed checks waiting for their retry (docs/policy.md section 8). */
  retrying: number;
  /** Crawl jobs this process runs at once (CRAWL_CONCURRENCY); 0 for an API-only replica (PostgreSQL without SERVICE_CRAWLS). */
  workers: number;
  /** Stored crawls (audit entries). */
  audits: number;
}

export interface LookupService extends PolicyReads, AnalysisControl {
  // ---- announced surface beyond PolicyReads (ours where the seed says "not shown")
  /** Raw signals of the latest crawl; null when the domain is known but none are stored yet. */
  signals(domain: Domain, opts?: ReadOptions): Promise<SignalsResponse | DomainPolicyUnknown | null>;
  previewSearch(params: PreviewSearchParams): Promise<PreviewSearchResult>;
  stats(): Promise<StatsResponse>;

  /**
   * The found answers (with `basis.last_check`; an early answer while a crawl reads the terms) of
   * many domains in one read, for POST /v1/check; the others are queued as batch work within the
   * client's budget of new domains, and `queued` names those now waiting for their crawl.
   */
  lookups(domains: readonly Domain[], opts?: ReadOptions): Promise<DomainLookups>;

  // ---- operations
  /**
   * A bulk run's checks (npm run audit): each domain queued behind people's lookups, a new one as
   * a batch item, a known one as a refresh (checked again however recent its record: the caller
   * decided it is due). Per domain, whether a check is queued; false when the queue had no room.
   */
  queueChecks(domains: readonly Domain[]): Promise<boolean[]>;
  /** Crawl and classify now (not through the queue), store it, return the domain's full record. */
  analyseNow(domain: Domain): Promise<FullRecord>;
  status(): Promise<ServiceStatus>;
  /** Resolves when nothing is queued or crawling; failed checks waiting for their retry do not count (tests, CLI). */
  idle(): Promise<void>;
  /** Stops the workers (a running crawl stays queued for the next start) and closes the store. */
  close(): Promise<void>;
}

export interface DomainLookups {
  found: Map<string, DomainPolicyFound>;
  queued: Set<string>;
}

/** Bounds of the crawl queue. */
export interface QueueLimits {
  /** New jobs are refused (503 `queue_full`) while this many wait; batch and refresh work stops at 90 % of it. */
  maxQueued: number;
  /** New domains one client may queue per minute; a batch queues no more, an interactive lookup beyond it waits behind interactive ones. */
  newPerClientPerMinute: number;
}

export const DEFAULT_QUEUE_LIMITS: QueueLimits = { maxQueued: 10_000, newPerClientPerMinute: 60 };

/** docs/policy.md section 8: a failed check is retried after 10 min, 1 h and 6 h, then on the normal refresh. */
export const RETRY_DELAYS_MS: readonly number[] = [600_000, 3_600_000, 21_600_000];

export interface LookupServiceOptions {
  /** The storage port (SQLite or PostgreSQL, chosen by service-options.ts); the service closes it. */
  store: RegistryStore;
  /** Gathers evidence; the real crawler in production, the same crawler with CRAWL_OVERRIDES in tests. */
  crawler: EvidenceSource;
  clock?: Clock;
  /** Worker pool size, default 8. */
  crawlConcurrency?: number;
  /** Records older than this are served and re-crawled in the background, default 7. */
  refreshDays?: number;
  queueLimits?: QueueLimits;
  /** Default RETRY_DELAYS_MS (tests shorten them). */
  retryDelaysMs?: readonly number[];
  /** Audit entries older than this many days are pruned (retention.ts), default 180. */
  auditRetentionDays?: number;
  /** Domains no one looked up for this many days are purged; default null, never. */
  purgeUnusedDays?: number | null;
  /**
   * Where crawled documents are read and classified (never on the thread that answers): the
   * program's analysis pool, shared with its crawler. Default: a pool of the service's own, with
   * the default budget and threads, ended by close().
   */
  analysis?: AnalysisPool;
}

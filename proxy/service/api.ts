/**
 * The lookup service as an in-process object: what the HTTP surface (proxy/service/http),
 * the command line and the gateway's embedded source all call. Reads are synchronous SQLite
 * queries; unknown domains are enqueued (deduplicated) and answered `found: false, queued: true`.
 * Input is already validated (Domain comes only from normalizeDomain); sizes and limits are
 * enforced by the HTTP layers, not here.
 */
import type { Domain } from '../../shared/domain.js';
import type { Stance } from '../../shared/values.js';
import type {
  AnnouncedRecord,
  BatchResult,
  DomainPolicy,
  DomainPolicyUnknown,
  FullRecord,
  HistoryResponse,
  ScoreResponse,
  SearchResult,
} from '../../shared/schemas.js';
import type { EvidenceSource } from '../analysis/evidence.js';
import type { Clock } from '../lib/clock.js';

export interface SearchParams {
  q: string;
  stance?: Stance;
  limit: number;
  offset: number;
}

export interface ServiceStatus {
  /** Domains with a current record. */
  domains: number;
  /** Domains waiting in the queue. */
  queued: number;
  /** Domains being crawled now. */
  crawling: number;
  /** Worker pool size (CRAWL_CONCURRENCY). */
  workers: number;
  /** Stored crawls (audit entries). */
  audits: number;
}

export interface LookupService {
  // ---- reference surface
  lookup(domain: Domain): DomainPolicy;
  full(domain: Domain): FullRecord | DomainPolicyUnknown;
  search(params: SearchParams): SearchResult;
  /** Found ones in `domains`, the rest in `not_found` (and enqueued). Duplicates answered once. */
  batch(domains: Domain[]): BatchResult;

  // ---- announced surface (issue 6); unknown domains answer as lookup() does
  policy(domain: Domain): AnnouncedRecord | DomainPolicyUnknown;
  score(domain: Domain): ScoreResponse | DomainPolicyUnknown;
  history(domain: Domain): HistoryResponse | DomainPolicyUnknown;

  // ---- operations
  /** Crawl and classify now (not through the queue), store it, return the stored full record. */
  analyseNow(domain: Domain): Promise<FullRecord>;
  status(): ServiceStatus;
  /** Resolves when nothing is queued or crawling (tests, CLI). */
  idle(): Promise<void>;
  /** Stops the workers (a running crawl stays queued for the next start) and closes the database. */
  close(): Promise<void>;
}

export interface LookupServiceOptions {
  /** Folder of registry.sqlite; created when missing. */
  dataDir: string;
  /** Gathers evidence; the real crawler in production, the same crawler with CRAWL_OVERRIDES in tests. */
  crawler: EvidenceSource;
  clock?: Clock;
  /** Worker pool size, default 8. */
  crawlConcurrency?: number;
  /** Records older than this are served and re-crawled in the background, default 7. */
  refreshDays?: number;
}

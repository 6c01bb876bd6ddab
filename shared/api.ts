/**
 * The read interface every answer source serves, defined once (issue 15 item 2): the lookup
 * service implements it (over SQLite or PostgreSQL), the gateway's PolicySource extends it
 * (embedded or remote), and the extension's gateway client speaks its HTTP form. Types only:
 * no zod, no node:*, so the extension may import it.
 */
import type { Domain } from './domain.js';
import type {
  AnnouncedRecord,
  BatchResult,
  DomainPolicy,
  DomainPolicyUnknown,
  FullRecord,
  HistoryResponse,
  ScoreResponse,
  SearchResult,
} from './schemas.js';
import type { Stance } from './values.js';

/** Seed "GET /v1/search" parameters, validated (shared/params.ts holds the schema). */
export interface SearchParams {
  q: string;
  stance?: Stance;
  limit: number;
  offset: number;
}

/** The seed's read endpoints, as calls. Every answer is a promise: the store may be remote. */
export interface PolicyReads {
  lookup(domain: Domain, signal?: AbortSignal): Promise<DomainPolicy>;
  full(domain: Domain, signal?: AbortSignal): Promise<FullRecord | DomainPolicyUnknown>;
  search(params: SearchParams, signal?: AbortSignal): Promise<SearchResult>;
  /** Found ones in `domains`, the rest in `not_found` (and queued). Duplicates answered once. */
  batch(domains: Domain[], signal?: AbortSignal): Promise<BatchResult>;
  policy(domain: Domain, signal?: AbortSignal): Promise<AnnouncedRecord | DomainPolicyUnknown>;
  score(domain: Domain, signal?: AbortSignal): Promise<ScoreResponse | DomainPolicyUnknown>;
  history(domain: Domain, signal?: AbortSignal): Promise<HistoryResponse | DomainPolicyUnknown>;
}

/**
 * "Check again" (issue 10 item 11): a new crawl of one domain, now, ahead of batch and
 * refresh work. Refused (`accepted: false`) when the domain was checked or queued for a
 * check less than `retry_after` seconds ago.
 */
export interface RecheckResult {
  domain: string;
  accepted: boolean;
  /** Seconds until another check of this domain will be accepted. */
  retry_after: number;
}

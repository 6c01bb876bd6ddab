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
  RecheckResult,
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

/**
 * Who asks, and how: passed by the HTTP layers (service: the API key; gateway: its client key)
 * so the queue can budget new domains per client and put interactive lookups before batch
 * and refresh work (issue 12 item 2). All optional: the CLI and tests pass nothing.
 */
export interface ReadOptions {
  signal?: AbortSignal;
  /** A stable, non-secret id of the client (a key id, a hashed token, an origin, an address). */
  client?: string;
}

/** The seed's read endpoints, as calls. Every answer is a promise: the store may be remote. */
export interface PolicyReads {
  lookup(domain: Domain, opts?: ReadOptions): Promise<DomainPolicy>;
  full(domain: Domain, opts?: ReadOptions): Promise<FullRecord | DomainPolicyUnknown>;
  search(params: SearchParams, opts?: ReadOptions): Promise<SearchResult>;
  /** Found ones in `domains`, the rest in `not_found` (queued at batch priority, within the client's budget). Duplicates answered once. */
  batch(domains: Domain[], opts?: ReadOptions): Promise<BatchResult>;
  policy(domain: Domain, opts?: ReadOptions): Promise<AnnouncedRecord | DomainPolicyUnknown>;
  score(domain: Domain, opts?: ReadOptions): Promise<ScoreResponse | DomainPolicyUnknown>;
  history(domain: Domain, opts?: ReadOptions): Promise<HistoryResponse | DomainPolicyUnknown>;
}

/**
 * What an answer source that runs the analysis itself (the lookup service, and the gateway's
 * embedded source over it) offers beyond the reads (issues 10 and 11).
 */
export interface AnalysisControl {
  /**
   * Resolves true the moment `lookup` can answer `domain` with a record (at once when it already
   * can): its record is stored, or its early answer is ready (the crawl is reading the terms page;
   * `basis.terms_pending`); with `opts.stored`, only once the record is stored (what the other
   * documents need). False when `timeoutMs` passes or `signal` aborts first. Driven by the
   * service's events, never a sleep loop. For RFC 7240 `Prefer: wait=N`.
   */
  whenAnalysed(domain: Domain, timeoutMs: number, signal?: AbortSignal, opts?: { stored?: boolean }): Promise<boolean>;
  /** Queues a new check of `domain` ahead of batch and refresh work, at most once a minute per domain. */
  recheck(domain: Domain, opts?: ReadOptions): Promise<RecheckResult>;
}

/** "Check again"'s answer: shared/schemas.ts RecheckResultSchema is its one definition. */
export type { RecheckResult } from './schemas.js';

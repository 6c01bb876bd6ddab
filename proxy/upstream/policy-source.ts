/**
 * Where the gateway gets answers it does not have cached (ARCHITECTURE): the embedded lookup
 * service in-process (default), or any remote service speaking the seed interface. Only the
 * remote implementation ever sees an API key.
 *
 * Every method rejects with an HttpError carrying the seed's error code: the upstream's own
 * 4xx errors keep their status and code (invalid_domain, invalid_params); an unreachable,
 * failing or malformed upstream is 502 upstream_error / 503 upstream_unavailable; an upstream
 * 429 is 503 upstream_unavailable with retryAfter.
 */
import type { Domain } from '../../shared/domain.js';
import type { LookupService, SearchParams } from '../service/api.js';

/** A source answers exactly what the lookup service answers, asynchronously. */
type Answer<K extends 'lookup' | 'full' | 'search' | 'batch' | 'policy' | 'score' | 'history'> = Promise<ReturnType<LookupService[K]>>;

export interface QuotaSnapshot {
  limitMinute: number | null;
  remainingMinute: number | null;
  limitDay: number | null;
  remainingDay: number | null;
  limitMonth: number | null;
  remainingMonth: number | null;
  /** Epoch ms until which the source will not call upstream (after a 429), or null. */
  pausedUntil: number | null;
}

export interface PolicySource {
  readonly mode: 'embedded' | 'remote';
  lookup(domain: Domain, signal?: AbortSignal): Answer<'lookup'>;
  full(domain: Domain, signal?: AbortSignal): Answer<'full'>;
  search(params: SearchParams, signal?: AbortSignal): Answer<'search'>;
  /** 1 to 25 distinct domains (the gateway chunks and uses lookup() for a single miss). */
  batch(domains: Domain[], signal?: AbortSignal): Answer<'batch'>;
  policy(domain: Domain, signal?: AbortSignal): Answer<'policy'>;
  score(domain: Domain, signal?: AbortSignal): Answer<'score'>;
  history(domain: Domain, signal?: AbortSignal): Answer<'history'>;
  /**
   * Whether the announced surface (/preview/v1) is offered: learned, not assumed. Absent means
   * always (the embedded service has it). Added for /status `features.preview`.
   */
  previewOffered?(): Promise<boolean>;
  /** Last seen upstream quota; null for the embedded source. */
  quota(): QuotaSnapshot | null;
  close(): Promise<void>;
}

/**
 * Where the gateway gets answers it does not have cached (ARCHITECTURE): the embedded lookup
 * service in-process (default), or any remote service speaking the seed interface. Only the
 * remote implementation ever sees an API key. The reads are the shared interface
 * (shared/api.ts PolicyReads), the same one the lookup service implements, so the port does not
 * depend on either implementation.
 *
 * Every method rejects with an HttpError carrying the seed's error code: the upstream's own
 * 4xx errors keep their status and code (invalid_domain, invalid_params); an unreachable,
 * failing or malformed upstream is 502 upstream_error / 503 upstream_unavailable; an upstream
 * 429 is 503 upstream_unavailable with retryAfter.
 */
import type { AnalysisControl, PolicyReads, ReadOptions, RecheckResult } from '../../shared/api.js';
import type { Domain } from '../../shared/domain.js';
import type { DomainPolicy, UpstreamStats } from '../../shared/schemas.js';

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

/** A held lookup's answer, and whether the upstream held it (RFC 7240 section 3, `Preference-Applied`). */
export interface HeldLookup {
  answer: DomainPolicy;
  applied: boolean;
}

/**
 * The seed's reads (`batch` takes 1 to 25 distinct domains: the gateway chunks, and uses
 * lookup() for a single miss), plus what only some sources offer.
 */
export interface PolicySource extends PolicyReads, Partial<AnalysisControl> {
  readonly mode: 'embedded' | 'remote';
  /**
   * Whether the announced surface (/preview/v1) is offered: learned, not assumed. Absent means
   * always (the embedded service has it). Added for /status `features.preview`.
   */
  previewOffered?(): Promise<boolean>;
  /**
   * Remote only: the single lookup as a spare call for the pacer, passing RFC 7240
   * `Prefer: wait=waitS` on when waitS > 0.
   */
  lookupHeld?(domain: Domain, waitS: number, signal?: AbortSignal): Promise<HeldLookup>;
  /** Remote only: the upstream's "Check again"; null when it has none. */
  recheckUpstream?(domain: Domain, signal?: AbortSignal): Promise<RecheckResult | null>;
  /**
   * The announced surface's statistics (`/preview/v1/stats`), for the gateway's overview page;
   * null when the source offers none (an upstream without the announced surface).
   */
  stats?(opts?: ReadOptions): Promise<UpstreamStats | null>;
  /** Last seen upstream quota; null for the embedded source. */
  quota(): QuotaSnapshot | null;
  close(): Promise<void>;
}

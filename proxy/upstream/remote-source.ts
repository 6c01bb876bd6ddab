/**
 * PolicySource over any service speaking the seed interface, reached over HTTP. Each job is a
 * part of its own; this class says which call each read is:
 *
 * - one call (remote-call.ts): pacing (pacer.ts, or a budget shared by replicas), the key only
 *   in `Authorization: Bearer`, a timeout per attempt, a body size cap (remote-send.ts), the
 *   answer read into a value or the seed's error (remote-answer.ts), retries of idempotent calls
 *   (every GET and the read-only batch) on network errors, timeouts and 5xx (retry.ts);
 * - whether the announced surface is offered (announced-surface.ts);
 * - held lookups: `lookupHeld` passes RFC 7240 `Prefer: wait=N` on (the per-attempt timeout
 *   grows by N) and says whether the upstream applied it (`Preference-Applied`); held calls and
 *   polls are spare calls for the pacer, made once, never retried;
 * - "Check again": `recheckUpstream` posts to the upstream's `/v1/domain/{domain}/recheck` (our
 *   service has it); a 404 or 405 means a seed-only upstream without it, remembered for
 *   RECHECK_REPROBE_MS, and answered null.
 */
import { z } from 'zod';
import type { ReadOptions, RecheckResult, SearchParams } from '../../shared/api.js';
import type { Domain } from '../../shared/domain.js';
import {
  AnnouncedRecordSchema,
  BatchResultSchema,
  DomainPolicySchema,
  DomainPolicyUnknownSchema,
  FullRecordSchema,
  HistoryResponseSchema,
  RecheckResultSchema,
  ScoreResponseSchema,
  SearchResultSchema,
  UpstreamStatsSchema,
  type BatchResult,
  type UpstreamStats,
} from '../../shared/schemas.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { isHttpError } from '../lib/http-error.js';
import type { Logger } from '../lib/logger.js';
import { AnnouncedSurface, NOT_OFFERED } from './announced-surface.js';
import type { BackoffOptions } from './backoff.js';
import { toBatchResult } from './batch-of-one.js';
import { Pacer, type PacingBudget } from './pacer.js';
import type { HeldLookup, PolicySource, QuotaSnapshot } from './policy-source.js';
import { UpstreamCaller, type AttemptEvent, type CallSpec } from './remote-call.js';

export type { AttemptEvent, AttemptOutcome } from './remote-call.js';

export interface RemoteSourceOptions {
  /** Reference surface, e.g. https://api.example.com (paths /v1/...). */
  baseUrl: string;
  /** Announced surface; default `${baseUrl}/preview` (paths /v1/policy/...), as our service mounts it. */
  previewBaseUrl?: string;
  apiKey: string;
  /** Per-attempt timeout, default 5 s. */
  timeoutMs?: number;
  /** Calls per window, default 200 (seed). */
  perMinute?: number;
  /** Pacing window, default 61 s: the seed's minute plus a second for clock and network skew. */
  windowMs?: number;
  /** Longest a call queues for a pacing slot, default 5 s. */
  maxQueueMs?: number;
  /** Attempts for idempotent calls, default 3. */
  maxAttempts?: number;
  backoff?: BackoffOptions;
  clock?: Clock;
  logger?: Logger;
  onAttempt?: (e: AttemptEvent) => void;
  /** Largest accepted body, default 4 MiB (a full record carries up to 500 KiB of robots.txt). */
  maxBodyBytes?: number;
  /** A pacing budget shared with other replicas (REDIS_URL); default this process's own Pacer. */
  pacer?: PacingBudget;
}

const UnknownOr = <T extends z.ZodType>(s: T) => z.union([s, DomainPolicyUnknownSchema]);
const FullOrUnknown = UnknownOr(FullRecordSchema);
const PolicyOrUnknown = UnknownOr(AnnouncedRecordSchema);
const ScoreOrUnknown = UnknownOr(ScoreResponseSchema);
const HistoryOrUnknown = UnknownOr(HistoryResponseSchema);
/** `/v1/stats` of the announced surface: its shape is not in the seed, so any JSON object proves the surface is there. */
const AnyObject = z.record(z.string(), z.unknown());

/** How long a missing recheck endpoint is believed before it is tried again. */
const RECHECK_REPROBE_MS = 600_000;

/** Upstream answers to `Prefer: wait` say so in `Preference-Applied` (RFC 7240 section 3). */
const WAIT_APPLIED = /(^|[\s,])wait\s*=/i;

export class RemoteSource implements PolicySource {
  readonly mode = 'remote' as const;
  private readonly pacer: PacingBudget;
  private readonly caller: UpstreamCaller;
  private readonly surface: AnnouncedSurface;
  private readonly base: string;
  private readonly previewBase: string;
  private readonly clock: Clock;
  /** When the upstream last answered 404/405 to a recheck (it has no such endpoint). */
  private recheckMissingAt = -Infinity;

  constructor(opts: RemoteSourceOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.previewBase = (opts.previewBaseUrl ?? `${this.base}/preview`).replace(/\/+$/, '');
    this.clock = opts.clock ?? systemClock;
    const maxQueueMs = opts.maxQueueMs ?? 5_000;
    this.pacer =
      opts.pacer ??
      new Pacer({
        limit: opts.perMinute ?? 200,
        windowMs: opts.windowMs ?? 61_000,
        maxWaitMs: maxQueueMs,
        clock: this.clock,
      });
    this.caller = new UpstreamCaller({
      apiKey: opts.apiKey,
      pacer: this.pacer,
      clock: this.clock,
      timeoutMs: opts.timeoutMs ?? 5_000,
      maxQueueMs,
      maxAttempts: opts.maxAttempts ?? 3,
      backoff: opts.backoff,
      maxBodyBytes: opts.maxBodyBytes ?? 4 * 1024 * 1024,
      logger: opts.logger,
      onAttempt: opts.onAttempt,
    });
    this.surface = new AnnouncedSurface(this.clock, () =>
      this.get(this.previewBase, '/v1/stats', AnyObject, undefined),
    );
  }

  lookup(domain: Domain, opts?: ReadOptions) {
    return this.get(this.base, `/v1/domain/${domain}`, DomainPolicySchema, opts?.signal);
  }

  full(domain: Domain, opts?: ReadOptions) {
    return this.get(this.base, `/v1/domain/${domain}/full`, FullOrUnknown, opts?.signal);
  }

  /**
   * GET /v1/domain/{domain} as a spare call, with `Prefer: wait=waitS` when waitS > 0: the
   * upstream may hold the answer until the domain is analysed.
   */
  async lookupHeld(domain: Domain, waitS: number, signal?: AbortSignal): Promise<HeldLookup> {
    let applied = false;
    const answer = await this.caller.call({
      method: 'GET',
      base: this.base,
      path: `/v1/domain/${domain}`,
      schema: DomainPolicySchema,
      signal,
      waitS,
      spare: true,
      attempts: 1,
      onHeaders: (h) => (applied = waitS > 0 && WAIT_APPLIED.test(String(h['preference-applied'] ?? ''))),
    });
    return { answer, applied };
  }

  /** POST /v1/domain/{domain}/recheck upstream; null when the upstream has no such endpoint (a seed-only service). */
  async recheckUpstream(domain: Domain, signal?: AbortSignal): Promise<RecheckResult | null> {
    if (this.clock.now() - this.recheckMissingAt < RECHECK_REPROBE_MS) return null;
    try {
      return await this.caller.call({
        method: 'POST',
        base: this.base,
        path: `/v1/domain/${domain}/recheck`,
        schema: RecheckResultSchema,
        signal,
        attempts: 1,
      });
    } catch (e) {
      if (!isHttpError(e) || !NOT_OFFERED.has(e.status)) throw e;
      this.recheckMissingAt = this.clock.now();
      return null;
    }
  }

  search(params: SearchParams, opts?: ReadOptions) {
    const q = new URLSearchParams({ q: params.q, limit: String(params.limit), offset: String(params.offset) });
    if (params.stance) q.set('stance', params.stance);
    return this.caller.call({
      method: 'GET',
      base: this.base,
      path: '/v1/search',
      query: q.toString(),
      schema: SearchResultSchema,
      signal: opts?.signal,
    });
  }

  async batch(domains: Domain[], opts?: ReadOptions): Promise<BatchResult> {
    // The seed's batch takes 2 to 25 entries; one domain goes through the single lookup.
    if (domains.length === 1) return toBatchResult([await this.lookup(domains[0]!, opts)]);
    return this.caller.call({
      method: 'POST',
      base: this.base,
      path: '/v1/batch',
      body: { domains },
      schema: BatchResultSchema,
      signal: opts?.signal,
    });
  }

  policy(domain: Domain, opts?: ReadOptions) {
    return this.preview(`/v1/policy/${domain}`, PolicyOrUnknown, opts);
  }

  score(domain: Domain, opts?: ReadOptions) {
    return this.preview(`/v1/policy/${domain}/score`, ScoreOrUnknown, opts);
  }

  history(domain: Domain, opts?: ReadOptions) {
    return this.preview(`/v1/domain/${domain}/history`, HistoryOrUnknown, opts);
  }

  /** The announced surface's statistics; null when the upstream has no announced surface (404 or 405). */
  async stats(opts?: ReadOptions): Promise<UpstreamStats | null> {
    try {
      return await this.preview('/v1/stats', UpstreamStatsSchema, opts);
    } catch (e) {
      if (isHttpError(e) && NOT_OFFERED.has(e.status)) return null;
      throw e;
    }
  }

  /** Whether the upstream offers the announced surface (announced-surface.ts). */
  previewOffered(): Promise<boolean> {
    return this.surface.isOffered();
  }

  quota(): QuotaSnapshot {
    return { ...this.caller.figures, pausedUntil: this.pacer.pausedUntil() };
  }

  /** Calls started in the current pacing window (of every replica, when the budget is shared). */
  callsInWindow(): number | Promise<number> {
    return this.pacer.used();
  }

  close(): Promise<void> {
    return this.caller.close();
  }

  private get<T>(base: string, path: string, schema: z.ZodType<T>, signal: AbortSignal | undefined): Promise<T> {
    const spec: CallSpec<T> = { method: 'GET', base, path, schema, signal };
    return this.caller.call(spec);
  }

  /** A read of the announced surface: its outcome tells whether the surface is there. */
  private preview<T>(path: string, schema: z.ZodType<T>, opts: ReadOptions | undefined): Promise<T> {
    return this.surface.learnFrom(this.get(this.previewBase, path, schema, opts?.signal));
  }
}

/**
 * PolicySource over any service speaking the seed interface, reached over HTTP (undici).
 *
 * - The API key goes only into the `Authorization: Bearer` header of upstream calls (seed
 *   "Authentication" 5). It is never logged (URLs and statuses only), never put in an error
 *   message (upstream messages are scrubbed of it), never returned.
 * - Pacing: a Pacer keeps at most `perMinute` calls in any sliding window; a call queues for
 *   at most `maxQueueMs`, else fails fast with 503 upstream_unavailable + retry_after.
 * - An upstream 429 pauses the pacer for its `retry_after` (body, else Retry-After header); the
 *   call is tried again after that pause when it fits in `maxQueueMs`, else it becomes 503
 *   upstream_unavailable with that retry_after.
 * - Idempotent calls (every GET, and the read-only batch) are retried on network errors,
 *   timeouts and 5xx with exponential backoff and full jitter, `maxAttempts` in all.
 * - Whether the upstream offers the announced surface is learned: from a probe of
 *   `{preview}/v1/stats` (no domain, no side effect) the first time /status asks, and from the
 *   outcome of every preview call since. 404 and 405 mean "not offered"; a valid answer
 *   means offered; an outage leaves it unknown (reported as not offered, probed again after a
 *   minute), so the extension hides what it cannot get.
 * - Every attempt has a timeout; every 2xx body is validated against shared/schemas.ts and a
 *   malformed one is 502 upstream_error; the upstream's 4xx keep status and code, except 401
 *   (the gateway's own key was refused: not the browser's fault) which is 502 upstream_error,
 *   and logged (at most once a minute) naming UPSTREAM_API_KEY, never the key.
 * - A body larger than `maxBodyBytes` is 502 upstream_error saying so, logged as too large
 *   (not as "could not be reached"), and not retried: it would be as large again.
 * - Held lookups (issue 11): `lookupHeld` passes RFC 7240 `Prefer: wait=N` on (the per-attempt
 *   timeout grows by N) and says whether the upstream applied it (`Preference-Applied`); held
 *   calls and polls are spare calls for the pacer (pacer.ts), made once, never retried.
 * - "Check again" (issue 10 item 11): `recheckUpstream` posts to the upstream's
 *   `/v1/domain/{domain}/recheck` (our service has it); a 404 or 405 means a seed-only upstream
 *   without it, remembered for RECHECK_REPROBE_MS, and answered null.
 */
import { Agent, request, type Dispatcher } from 'undici';
import { z } from 'zod';
import type { Domain } from '../../shared/domain.js';
import {
  AnnouncedRecordSchema,
  BatchResultSchema,
  DomainPolicySchema,
  DomainPolicyUnknownSchema,
  ErrorObjectSchema,
  FullRecordSchema,
  HistoryResponseSchema,
  ScoreResponseSchema,
  SearchResultSchema,
  type BatchResult,
} from '../../shared/schemas.js';
import { ERROR_CODES, type ErrorCode } from '../../shared/values.js';
import { HttpError, isHttpError } from '../lib/http-error.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { onceEvery } from '../lib/throttle.js';
import type { ReadOptions, SearchParams } from '../../shared/api.js';
import { backoffDelay, type BackoffOptions } from './backoff.js';
import { Pacer, sleep, type PacingBudget } from './pacer.js';
import { RecheckResultSchema } from '../../shared/recheck-schema.js';
import { UpstreamStatsSchema, type UpstreamStats } from '../service/preview/schemas.js';
import type { RecheckResult } from '../../shared/api.js';
import type { HeldLookup, PolicySource, QuotaSnapshot } from './policy-source.js';
import { emptyQuota, parseRetryAfter, readQuotaHeaders } from './quota.js';
import { toBatchResult } from './batch-of-one.js';

export type AttemptOutcome =
  | 'ok'
  | 'client_error'
  | 'key_refused'
  | 'rate_limited'
  | 'server_error'
  | 'malformed'
  | 'too_large'
  | 'network_error'
  | 'timeout'
  | 'paced_out';

export interface AttemptEvent {
  /** Path of the call (no query string, no key). */
  path: string;
  outcome: AttemptOutcome;
  status: number | null;
  ms: number;
}

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

const CODES = new Set<string>(ERROR_CODES);
/** Answers to a preview path that mean the upstream has no announced surface. */
const NOT_OFFERED = new Set([404, 405]);
const PREVIEW_REPROBE_MS = 60_000;
/** How long a missing recheck endpoint is believed before it is tried again. */
const RECHECK_REPROBE_MS = 600_000;
/** A refused key is logged at most this often. */
const KEY_REFUSED_LOG_MS = 60_000;

/** An upstream body past maxBodyBytes: not an outage, so neither retried nor reported as "unreachable". */
class TooLarge extends Error {
  constructor(readonly limit: number) {
    super(`upstream body larger than ${limit} bytes`);
  }
}
/** `/v1/stats` of the announced surface: its shape is not in the seed, so any JSON object proves the surface is there. */
const AnyObject = z.record(z.string(), z.unknown());

interface CallSpec<T> {
  method: 'GET' | 'POST';
  base: string;
  path: string;
  query?: string;
  body?: unknown;
  schema: z.ZodType<T>;
  signal: AbortSignal | undefined;
  /** RFC 7240 `Prefer: wait=N`, in seconds; the attempt's timeout grows by as much. */
  waitS?: number;
  /** A spare call for the pacer, made once (see the module comment). */
  spare?: boolean;
  /** Attempts, default maxAttempts (every read may be repeated). */
  attempts?: number;
  /** Sees the headers of a 2xx answer. */
  onHeaders?: (headers: Dispatcher.ResponseData['headers']) => void;
}

export class RemoteSource implements PolicySource {
  readonly mode = 'remote' as const;
  private readonly agent: Agent;
  private readonly pacer: PacingBudget;
  private readonly figures = emptyQuota();
  private readonly base: string;
  private readonly previewBase: string;
  private readonly auth: string;
  private readonly clock: Clock;
  /** Announced surface offered: true/false once learned, null while unknown. */
  private preview: boolean | null = null;
  private previewProbe: Promise<boolean> | null = null;
  private previewProbedAt = -Infinity;
  /** When the upstream last answered 404/405 to a recheck (it has no such endpoint). */
  private recheckMissingAt = -Infinity;
  /** Every call fails the same way until someone fixes the key: said once a minute. */
  private readonly keyRefused = onceEvery(
    KEY_REFUSED_LOG_MS,
    (path: string, status: number) => this.opts.logger?.error({ path, status }, 'the upstream service refused the API key: check UPSTREAM_API_KEY'),
    () => this.clock.now(),
  );

  constructor(private readonly opts: RemoteSourceOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.previewBase = (opts.previewBaseUrl ?? `${this.base}/preview`).replace(/\/+$/, '');
    this.auth = `Bearer ${opts.apiKey}`;
    this.clock = opts.clock ?? systemClock;
    this.agent = new Agent({ keepAliveTimeout: 10_000, connections: 32 });
    this.pacer =
      opts.pacer ??
      new Pacer({
        limit: opts.perMinute ?? 200,
        windowMs: opts.windowMs ?? 61_000,
        maxWaitMs: opts.maxQueueMs ?? 5_000,
        clock: this.clock,
      });
  }

  lookup(domain: Domain, opts?: ReadOptions) {
    return this.call({ method: 'GET', base: this.base, path: `/v1/domain/${domain}`, schema: DomainPolicySchema, signal: opts?.signal });
  }

  full(domain: Domain, opts?: ReadOptions) {
    return this.call({ method: 'GET', base: this.base, path: `/v1/domain/${domain}/full`, schema: FullOrUnknown, signal: opts?.signal });
  }

  /**
   * GET /v1/domain/{domain} as a spare call (see the module comment), with `Prefer: wait=waitS`
   * when waitS > 0: the upstream may hold the answer until the domain is analysed.
   */
  async lookupHeld(domain: Domain, waitS: number, signal?: AbortSignal): Promise<HeldLookup> {
    let applied = false;
    const answer = await this.call({
      method: 'GET',
      base: this.base,
      path: `/v1/domain/${domain}`,
      schema: DomainPolicySchema,
      signal,
      waitS,
      spare: true,
      attempts: 1,
      onHeaders: (h) => (applied = waitS > 0 && /(^|[\s,])wait\s*=/i.test(String(h['preference-applied'] ?? ''))),
    });
    return { answer, applied };
  }

  /** POST /v1/domain/{domain}/recheck upstream; null when the upstream has no such endpoint (a seed-only service). */
  async recheckUpstream(domain: Domain, signal?: AbortSignal): Promise<RecheckResult | null> {
    if (this.clock.now() - this.recheckMissingAt < RECHECK_REPROBE_MS) return null;
    try {
      return await this.call({ method: 'POST', base: this.base, path: `/v1/domain/${domain}/recheck`, schema: RecheckResultSchema, signal, attempts: 1 });
    } catch (e) {
      if (!isHttpError(e) || !NOT_OFFERED.has(e.status)) throw e;
      this.recheckMissingAt = this.clock.now();
      return null;
    }
  }

  search(params: SearchParams, opts?: ReadOptions) {
    const q = new URLSearchParams({ q: params.q, limit: String(params.limit), offset: String(params.offset) });
    if (params.stance) q.set('stance', params.stance);
    return this.call({ method: 'GET', base: this.base, path: '/v1/search', query: q.toString(), schema: SearchResultSchema, signal: opts?.signal });
  }

  async batch(domains: Domain[], opts?: ReadOptions): Promise<BatchResult> {
    // The seed's batch takes 2 to 25 entries; one domain goes through the single lookup.
    if (domains.length === 1) return toBatchResult([await this.lookup(domains[0]!, opts)]);
    return this.call({ method: 'POST', base: this.base, path: '/v1/batch', body: { domains }, schema: BatchResultSchema, signal: opts?.signal });
  }

  policy(domain: Domain, opts?: ReadOptions) {
    return this.previewCall(this.call({ method: 'GET', base: this.previewBase, path: `/v1/policy/${domain}`, schema: PolicyOrUnknown, signal: opts?.signal }));
  }

  score(domain: Domain, opts?: ReadOptions) {
    return this.previewCall(this.call({ method: 'GET', base: this.previewBase, path: `/v1/policy/${domain}/score`, schema: ScoreOrUnknown, signal: opts?.signal }));
  }

  history(domain: Domain, opts?: ReadOptions) {
    return this.previewCall(this.call({ method: 'GET', base: this.previewBase, path: `/v1/domain/${domain}/history`, schema: HistoryOrUnknown, signal: opts?.signal }));
  }

  /** The announced surface's statistics; null when the upstream has no announced surface (404 or 405). */
  async stats(opts?: ReadOptions): Promise<UpstreamStats | null> {
    try {
      return await this.previewCall(this.call({ method: 'GET', base: this.previewBase, path: '/v1/stats', schema: UpstreamStatsSchema, signal: opts?.signal }));
    } catch (e) {
      if (isHttpError(e) && NOT_OFFERED.has(e.status)) return null;
      throw e;
    }
  }

  /** Whether the upstream offers the announced surface (see the module comment). */
  previewOffered(): Promise<boolean> {
    if (this.preview !== null) return Promise.resolve(this.preview);
    if (this.previewProbe) return this.previewProbe;
    if (this.clock.now() - this.previewProbedAt < PREVIEW_REPROBE_MS) return Promise.resolve(false);
    this.previewProbedAt = this.clock.now();
    this.previewProbe = this.previewCall(this.call({ method: 'GET', base: this.previewBase, path: '/v1/stats', schema: AnyObject, signal: undefined })).then(
      () => true,
      () => this.preview ?? false,
    );
    void this.previewProbe.finally(() => (this.previewProbe = null));
    return this.previewProbe;
  }

  /** Learns from a preview call's outcome whether the surface is there. */
  private previewCall<T>(p: Promise<T>): Promise<T> {
    return p.then(
      (v) => {
        this.preview = true;
        return v;
      },
      (e: unknown) => {
        if (isHttpError(e) && NOT_OFFERED.has(e.status)) this.preview = false;
        throw e;
      },
    );
  }

  quota(): QuotaSnapshot {
    return { ...this.figures, pausedUntil: this.pacer.pausedUntil() };
  }

  /** Calls started in the current pacing window (of every replica, when the budget is shared). */
  callsInWindow(): number | Promise<number> {
    return this.pacer.used();
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  // ------------------------------------------------------------------ one call

  private async call<T>(spec: CallSpec<T>): Promise<T> {
    const attempts = spec.attempts ?? this.opts.maxAttempts ?? 3;
    let last: HttpError | undefined;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await sleep(backoffDelay(attempt - 1, this.opts.backoff ?? { baseMs: 100, capMs: 2_000 }), spec.signal);
      try {
        return await this.attempt(spec);
      } catch (e) {
        if (spec.signal?.aborted) throw e;
        if (!isHttpError(e)) throw e;
        // Only failures that may pass are retried: network errors, timeouts, 5xx. Every call
        // made more than once is a read (batch included), so repeating it is safe (RFC 9110
        // section 9.2.2); a recheck is made once.
        if (!RETRYABLE.has(e)) throw e;
        last = e;
      }
    }
    throw last!;
  }

  private async attempt<T>(spec: CallSpec<T>): Promise<T> {
    const started = this.clock.now();
    const report = (outcome: AttemptOutcome, status: number | null) =>
      this.opts.onAttempt?.({ path: spec.path, outcome, status, ms: this.clock.now() - started });
    try {
      await this.pacer.acquire(spec.signal, { spare: spec.spare });
    } catch (e) {
      // A spare call with no slot to spare is skipped, not a lookup refused: not counted as one.
      if (isHttpError(e) && !spec.spare) report('paced_out', null);
      throw e;
    }
    const timeout = AbortSignal.timeout((this.opts.timeoutMs ?? 5_000) + (spec.waitS ?? 0) * 1000);
    const signal = spec.signal ? AbortSignal.any([spec.signal, timeout]) : timeout;
    let res: Dispatcher.ResponseData;
    let text: string;
    try {
      res = await request(`${spec.base}${spec.path}${spec.query ? `?${spec.query}` : ''}`, {
        method: spec.method,
        dispatcher: this.agent,
        signal,
        headers: {
          authorization: this.auth,
          accept: 'application/json',
          ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(spec.waitS ? { prefer: `wait=${spec.waitS}` } : {}),
        },
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      });
      text = await this.readBody(res);
    } catch (e) {
      if (spec.signal?.aborted) throw e;
      if (e instanceof TooLarge) {
        report('too_large', res!.statusCode);
        this.opts.logger?.warn({ path: spec.path, limit: e.limit }, 'upstream answer too large: refused');
        throw new HttpError(502, 'upstream_error', `The upstream service sent an answer larger than ${Math.round(e.limit / 1024)} KiB.`);
      }
      const timedOut = timeout.aborted;
      report(timedOut ? 'timeout' : 'network_error', null);
      this.opts.logger?.warn({ path: spec.path, err: errText(e) }, timedOut ? 'upstream timed out' : 'upstream unreachable');
      throw retryable(
        new HttpError(503, 'upstream_unavailable', timedOut ? 'The upstream service did not answer in time.' : 'The upstream service could not be reached.'),
      );
    }
    readQuotaHeaders(res.headers, this.figures);
    const status = res.statusCode;

    if (status === 429) {
      const body = parseJson(text);
      const parsed = ErrorObjectSchema.safeParse(body);
      const retryAfter = (parsed.success ? parsed.data.retry_after : undefined) ?? parseRetryAfter(res.headers['retry-after'], this.clock.now()) ?? 60;
      this.pacer.pause(retryAfter);
      report('rate_limited', status);
      this.opts.logger?.warn({ path: spec.path, retryAfter }, 'upstream rate limit reached');
      const limited = new HttpError(503, 'upstream_unavailable', 'The upstream service is at its request limit; try again later.', {
        retryAfter,
        limitType: parsed.success ? parsed.data.limit_type : undefined,
      });
      // A wait the caller may queue for anyway is worth it: the pacer holds the next attempt
      // until retry_after has passed. A longer one fails now (the gateway serves stale).
      throw retryAfter * 1000 <= (this.opts.maxQueueMs ?? 5_000) ? retryable(limited) : limited;
    }
    if (status >= 500) {
      report('server_error', status);
      this.opts.logger?.warn({ path: spec.path, status }, 'upstream server error');
      throw retryable(new HttpError(502, 'upstream_error', `The upstream service failed (HTTP ${status}).`));
    }
    if (status === 401) {
      report('key_refused', status);
      this.keyRefused(spec.path, status);
      throw this.clientError(status, text);
    }
    if (status >= 400) {
      report('client_error', status);
      throw this.clientError(status, text);
    }
    const parsed = spec.schema.safeParse(parseJson(text));
    if (!parsed.success) {
      report('malformed', status);
      this.opts.logger?.warn({ path: spec.path, status, issues: parsed.error.issues.slice(0, 3) }, 'upstream answer failed validation');
      throw new HttpError(502, 'upstream_error', 'The upstream service sent an answer that does not match the interface.');
    }
    report('ok', status);
    spec.onHeaders?.(res.headers);
    return parsed.data;
  }

  private async readBody(res: Dispatcher.ResponseData): Promise<string> {
    const max = this.opts.maxBodyBytes ?? 4 * 1024 * 1024;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > max) {
        res.body.destroy();
        throw new TooLarge(max);
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  private clientError(status: number, text: string): HttpError {
    if (status === 401) {
      return new HttpError(502, 'upstream_error', 'The upstream service refused the gateway\'s API key; check UPSTREAM_API_KEY.');
    }
    const parsed = ErrorObjectSchema.safeParse(parseJson(text));
    const code: ErrorCode =
      parsed.success && CODES.has(parsed.data.error) ? (parsed.data.error as ErrorCode) : status === 404 ? 'not_found' : 'invalid_params';
    const message = parsed.success ? this.scrub(parsed.data.message) : `The upstream service refused the request (HTTP ${status}).`;
    return new HttpError(status, code, message);
  }

  /** An upstream message is shown to browsers: make sure it cannot carry our key. */
  private scrub(message: string): string {
    return message.split(this.opts.apiKey).join('[redacted]').slice(0, 500);
  }
}

/** Errors worth another attempt, marked without widening HttpError's contract. */
const RETRYABLE = new WeakSet<HttpError>();
function retryable(e: HttpError): HttpError {
  RETRYABLE.add(e);
  return e;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const errText = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

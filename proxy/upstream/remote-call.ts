/**
 * One call to the upstream, as RemoteSource makes every call: a pacing slot first (pacer.ts:
 * at most `perMinute` calls in any sliding window; a call queues at most `maxQueueMs`, else 503
 * upstream_unavailable + retry_after), then the request with the key in `Authorization: Bearer`
 * only and a timeout per attempt (remote-send.ts), then the answer read (remote-answer.ts), and
 * retries of what may pass (retry.ts). The key is never logged (paths and statuses only).
 */
import { Agent, type Dispatcher } from 'undici';
import type { z } from 'zod';
import type { Clock } from '../lib/clock.js';
import { HttpError, isHttpError } from '../lib/http-error.js';
import type { Logger } from '../lib/logger.js';
import { onceEvery } from '../lib/throttle.js';
import type { BackoffOptions } from './backoff.js';
import type { PacingBudget } from './pacer.js';
import { emptyQuota, readQuotaHeaders } from './quota.js';
import { readAnswer, type AnswerReader, type AttemptOutcome } from './remote-answer.js';
import { send, TooLarge, type Sent } from './remote-send.js';
import { DEFAULT_BACKOFF, retryable, withRetries } from './retry.js';

export type { AttemptOutcome };

export interface AttemptEvent {
  /** Path of the call (no query string, no key). */
  path: string;
  outcome: AttemptOutcome;
  status: number | null;
  ms: number;
}

export interface CallSpec<T> {
  method: 'GET' | 'POST';
  base: string;
  path: string;
  query?: string;
  body?: unknown;
  schema: z.ZodType<T>;
  signal: AbortSignal | undefined;
  /** RFC 7240 `Prefer: wait=N`, in seconds; the attempt's timeout grows by as much. */
  waitS?: number;
  /** A spare call for the pacer (pacer.ts): made only with a slot to spare, and once. */
  spare?: boolean;
  /** Attempts, default maxAttempts (every read may be repeated). */
  attempts?: number;
  /** Sees the headers of a 2xx answer. */
  onHeaders?: (headers: Dispatcher.ResponseData['headers']) => void;
}

export interface CallerOptions {
  apiKey: string;
  pacer: PacingBudget;
  clock: Clock;
  timeoutMs: number;
  maxQueueMs: number;
  maxAttempts: number;
  backoff?: BackoffOptions;
  maxBodyBytes: number;
  logger?: Logger;
  onAttempt?: (e: AttemptEvent) => void;
}

/** A refused key is logged at most this often. */
const KEY_REFUSED_LOG_MS = 60_000;

export class UpstreamCaller {
  /** The upstream's rate-limit figures as last reported (quota.ts). */
  readonly figures = emptyQuota();
  private readonly agent = new Agent({ keepAliveTimeout: 10_000, connections: 32 });
  private readonly auth: string;
  /** Every call fails the same way until someone fixes the key: said once a minute. */
  private readonly keyRefused = onceEvery(
    KEY_REFUSED_LOG_MS,
    (path: string, status: number) =>
      this.o.logger?.error({ path, status }, 'the upstream service refused the API key: check UPSTREAM_API_KEY'),
    () => this.o.clock.now(),
  );

  constructor(private readonly o: CallerOptions) {
    this.auth = `Bearer ${o.apiKey}`;
  }

  call<T>(spec: CallSpec<T>): Promise<T> {
    return withRetries(spec.attempts ?? this.o.maxAttempts, this.o.backoff ?? DEFAULT_BACKOFF, spec.signal, () =>
      this.attempt(spec),
    );
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  private async attempt<T>(spec: CallSpec<T>): Promise<T> {
    const reader = this.reader(spec.path);
    await this.slot(spec, reader);
    const sent = await this.send(spec, reader);
    readQuotaHeaders(sent.headers, this.figures);
    const value = readAnswer(sent, spec.schema, reader);
    spec.onHeaders?.(sent.headers);
    return value;
  }

  /** What reading this attempt's answer needs; its `report` times the attempt from now. */
  private reader(path: string): AnswerReader {
    const { clock, logger, onAttempt, maxQueueMs, apiKey, pacer } = this.o;
    const started = clock.now();
    return {
      path,
      report: (outcome, status) => onAttempt?.({ path, outcome, status, ms: clock.now() - started }),
      logger,
      now: () => clock.now(),
      pause: (seconds) => pacer.pause(seconds),
      maxQueueMs,
      keyRefused: this.keyRefused,
      apiKey,
    };
  }

  private async slot(spec: CallSpec<unknown>, r: AnswerReader): Promise<void> {
    try {
      await this.o.pacer.acquire(spec.signal, { spare: spec.spare });
    } catch (e) {
      // A spare call with no slot to spare is skipped, not a lookup refused: not counted as one.
      if (isHttpError(e) && !spec.spare) r.report('paced_out', null);
      throw e;
    }
  }

  private async send(spec: CallSpec<unknown>, r: AnswerReader): Promise<Sent> {
    const timeout = AbortSignal.timeout(this.o.timeoutMs + (spec.waitS ?? 0) * 1000);
    const signal = spec.signal ? AbortSignal.any([spec.signal, timeout]) : timeout;
    const url = `${spec.base}${spec.path}${spec.query ? `?${spec.query}` : ''}`;
    try {
      return await send(
        this.agent,
        url,
        { method: spec.method, auth: this.auth, body: spec.body, waitS: spec.waitS, signal },
        this.o.maxBodyBytes,
      );
    } catch (e) {
      if (spec.signal?.aborted) throw e;
      throw this.sendFailure(e, timeout.aborted, r);
    }
  }

  /** A request that got no usable answer: too large (not retried), timed out or unreachable (retried). */
  private sendFailure(e: unknown, timedOut: boolean, r: AnswerReader): HttpError {
    if (e instanceof TooLarge) {
      r.report('too_large', e.status);
      r.logger?.warn({ path: r.path, limit: e.limit }, 'upstream answer too large: refused');
      return new HttpError(
        502,
        'upstream_error',
        `The upstream service sent an answer larger than ${Math.round(e.limit / 1024)} KiB.`,
      );
    }
    r.report(timedOut ? 'timeout' : 'network_error', null);
    r.logger?.warn({ path: r.path, err: errText(e) }, timedOut ? 'upstream timed out' : 'upstream unreachable');
    return retryable(
      new HttpError(
        503,
        'upstream_unavailable',
        timedOut ? 'The upstream service did not answer in time.' : 'The upstream service could not be reached.',
      ),
    );
  }
}

const errText = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

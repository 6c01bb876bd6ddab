/**
 * Reads one upstream answer (remote-send.ts Sent) into a value or the seed's error:
 *
 * - 429 pauses the pacer for its `retry_after` (body, else Retry-After header) and is 503
 *   upstream_unavailable with that retry_after; retryable when the wait fits `maxQueueMs`.
 * - 5xx is 502 upstream_error, retryable.
 * - 401 (the gateway's own key was refused: not the browser's fault) is 502 upstream_error,
 *   logged at most once a minute naming UPSTREAM_API_KEY, never the key.
 * - Other 4xx keep their status and code; the upstream's message is scrubbed of the key.
 * - A 2xx body is validated against its schema; a malformed one is 502 upstream_error.
 */
import type { z } from 'zod';
import { ErrorObjectSchema } from '../../shared/schemas.js';
import { ERROR_CODES, type ErrorCode } from '../../shared/values.js';
import { HttpError } from '../lib/http-error.js';
import type { Logger } from '../lib/logger.js';
import { parseRetryAfter } from './quota.js';
import type { Sent } from './remote-send.js';
import { retryable } from './retry.js';

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

/** What reading an answer needs besides it. */
export interface AnswerReader {
  /** Path of the call (no query string, no key), for logs. */
  path: string;
  report(outcome: AttemptOutcome, status: number | null): void;
  logger?: Logger;
  now(): number;
  /** Pauses the pacer for `seconds` (after a 429). */
  pause(seconds: number): void;
  maxQueueMs: number;
  /** Logs a refused key (at most once a minute). */
  keyRefused(path: string, status: number): void;
  /** The key, only to scrub it from upstream messages. */
  apiKey: string;
}

const CODES = new Set<string>(ERROR_CODES);

export function readAnswer<T>(sent: Sent, schema: z.ZodType<T>, r: AnswerReader): T {
  const { status, text } = sent;
  if (status === 429) throw rateLimited(sent, r);
  if (status >= 500) {
    r.report('server_error', status);
    r.logger?.warn({ path: r.path, status }, 'upstream server error');
    throw retryable(new HttpError(502, 'upstream_error', `The upstream service failed (HTTP ${status}).`));
  }
  if (status === 401) {
    r.report('key_refused', status);
    r.keyRefused(r.path, status);
    throw new HttpError(
      502,
      'upstream_error',
      "The upstream service refused the gateway's API key; check UPSTREAM_API_KEY.",
    );
  }
  if (status >= 400) {
    r.report('client_error', status);
    throw clientError(status, text, r.apiKey);
  }
  const parsed = schema.safeParse(parseJson(text));
  if (!parsed.success) {
    r.report('malformed', status);
    r.logger?.warn(
      { path: r.path, status, issues: parsed.error.issues.slice(0, 3) },
      'upstream answer failed validation',
    );
    throw new HttpError(
      502,
      'upstream_error',
      'The upstream service sent an answer that does not match the interface.',
    );
  }
  r.report('ok', status);
  return parsed.data;
}

function rateLimited({ status, headers, text }: Sent, r: AnswerReader): HttpError {
  const parsed = ErrorObjectSchema.safeParse(parseJson(text));
  const retryAfter =
    (parsed.success ? parsed.data.retry_after : undefined) ?? parseRetryAfter(headers['retry-after'], r.now()) ?? 60;
  r.pause(retryAfter);
  r.report('rate_limited', status);
  r.logger?.warn({ path: r.path, retryAfter }, 'upstream rate limit reached');
  const limited = new HttpError(
    503,
    'upstream_unavailable',
    'The upstream service is at its request limit; try again later.',
    {
      retryAfter,
      limitType: parsed.success ? parsed.data.limit_type : undefined,
    },
  );
  // A wait the caller may queue for anyway is worth it: the pacer holds the next attempt
  // until retry_after has passed. A longer one fails now (the gateway serves stale).
  return retryAfter * 1000 <= r.maxQueueMs ? retryable(limited) : limited;
}

function clientError(status: number, text: string, apiKey: string): HttpError {
  const parsed = ErrorObjectSchema.safeParse(parseJson(text));
  const code: ErrorCode =
    parsed.success && CODES.has(parsed.data.error)
      ? (parsed.data.error as ErrorCode)
      : status === 404
        ? 'not_found'
        : 'invalid_params';
  const message = parsed.success
    ? scrub(parsed.data.message, apiKey)
    : `The upstream service refused the request (HTTP ${status}).`;
  return new HttpError(status, code, message);
}

/** An upstream message is shown to browsers: make sure it cannot carry our key. */
function scrub(message: string, apiKey: string): string {
  return message.split(apiKey).join('[redacted]').slice(0, 500);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

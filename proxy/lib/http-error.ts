/**
 * One error vocabulary (CONVENTIONS 8): an HttpError carries the HTTP status, the seed's error
 * code and a message for people. The error handler turns it into the seed's error object;
 * anything else becomes a 500 internal_error whose cause is logged, never sent.
 */
import type { ErrorCode, LimitType } from '../../shared/values.js';
import type { ErrorObject } from '../../shared/schemas.js';

export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly retryAfter: number | undefined;
  readonly limitType: LimitType | undefined;
  /** Extra response headers (Retry-After is added from retryAfter automatically). */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    extra: { retryAfter?: number; limitType?: LimitType; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.retryAfter = extra.retryAfter;
    this.limitType = extra.limitType;
    this.headers = extra.headers ?? {};
  }

  toJSON(): ErrorObject {
    const body: ErrorObject = { error: this.code, message: this.message };
    if (this.retryAfter !== undefined) body.retry_after = this.retryAfter;
    if (this.limitType !== undefined) body.limit_type = this.limitType;
    return body;
  }
}

export const isHttpError = (e: unknown): e is HttpError => e instanceof HttpError;

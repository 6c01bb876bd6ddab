/**
 * One error vocabulary (CONVENTIONS 8), for both servers: every failure leaves as the seed's
 * error object. HttpError keeps its status and code; body-parser and router failures get our
 * codes (openapi.json); anything else is a 500 internal_error whose cause is logged, never sent.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError, isHttpError } from '../http-error.js';
import type { Logger } from '../logger.js';

/**
 * The cap a body went over, as the route set it (security.ts jsonBody: `64kb` is 65,536 bytes,
 * 64 KiB): body-parser's 413 carries the route's `limit` in bytes, so the message states the
 * limit of the route that refused the body, never another route's.
 */
function tooLarge(limit: unknown): HttpError {
  const said =
    typeof limit === 'number' && Number.isFinite(limit) && limit > 0
      ? `larger than ${(limit / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} KiB, this endpoint's limit`
      : "larger than this endpoint's limit";
  return new HttpError(413, 'payload_too_large', `The request body is ${said}.`);
}

/** Errors thrown by body-parser (express.json) carry a `type`; map them to our codes. */
function fromBodyParser(err: {
  type?: unknown;
  status?: unknown;
  message?: unknown;
  limit?: unknown;
}): HttpError | undefined {
  switch (err.type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'invalid_params', 'The request body is not a valid JSON object.');
    case 'entity.too.large':
      return tooLarge(err.limit);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, 'unsupported_media_type', 'Send the body as UTF-8 JSON.');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new HttpError(400, 'invalid_params', 'The request body could not be read.');
  }
  // Express rejects a malformed percent-encoding in a path parameter with a plain 400. Every
  // path parameter of both servers is a domain, so that is a malformed domain (seed: invalid_domain).
  if (
    err.status === 400 &&
    err.type === undefined &&
    typeof err.message === 'string' &&
    err.message.startsWith('Failed to decode param')
  ) {
    return new HttpError(400, 'invalid_domain', 'The domain in the path is not valid percent-encoding.');
  }
  if (err.status === 400) return new HttpError(400, 'invalid_params', 'The request could not be understood.');
  return undefined;
}

/** The HttpError an error stands for, or undefined when it is unexpected (a 500). */
export function toHttpError(err: unknown): HttpError | undefined {
  if (isHttpError(err)) return err;
  return typeof err === 'object' && err !== null ? fromBodyParser(err) : undefined;
}

export function errorHandler(log: Logger | undefined): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const known = toHttpError(err);
    const e = known ?? new HttpError(500, 'internal_error', 'The server failed to answer this request.');
    if (!known) log?.error({ err, method: req.method, path: req.path }, 'unhandled error');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
    if (e.retryAfter !== undefined) res.setHeader('Retry-After', String(e.retryAfter));
    // An error is about this request at this moment: no cache keeps it (RFC 9111 section 5.2.2.5).
    res.setHeader('Cache-Control', 'no-store');
    res.status(e.status).json(e.toJSON());
  };
}

export const notFound: RequestHandler = (req) => {
  throw new HttpError(404, 'not_found', `There is no endpoint at ${req.path.slice(0, 200)}.`);
};

/** For `.all()` after a route's methods: 405 with the Allow header (RFC 9110 section 15.5.6). */
export const methodNotAllowed =
  (...allowed: string[]): RequestHandler =>
  (req) => {
    const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
    throw new HttpError(405, 'method_not_allowed', `${req.method} is not allowed here; use ${allowed.join(' or ')}.`, {
      headers: { Allow: allow.join(', ') },
    });
  };

/**
 * One error vocabulary (CONVENTIONS 8): every failure leaves as the seed's error object.
 * HttpError keeps its status and code; body-parser failures get our codes (openapi.json);
 * anything else is a 500 internal_error whose cause is logged and never sent.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError, isHttpError } from '../../lib/http-error.js';
import type { Logger } from '../../lib/logger.js';

/** Errors thrown by body-parser (express.json) carry a `type`; map them to our codes. */
function fromBodyParser(err: { type?: unknown; status?: unknown; message?: unknown }): HttpError | undefined {
  switch (err.type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'invalid_params', 'The request body is not a valid JSON object.');
    case 'entity.too.large':
      return new HttpError(413, 'payload_too_large', 'The request body is larger than 64 KiB.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, 'unsupported_media_type', 'Send the body as UTF-8 JSON.');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new HttpError(400, 'invalid_params', 'The request body could not be read.');
  }
  // Express rejects a malformed percent-encoding in a path parameter with a plain 400. Every
  // path parameter of this service is a domain, so that is a malformed domain (seed: invalid_domain).
  if (err.status === 400 && err.type === undefined && typeof err.message === 'string' && err.message.startsWith('Failed to decode param')) {
    return new HttpError(400, 'invalid_domain', 'The domain in the path is not valid percent-encoding.');
  }
  if (err.status === 400) return new HttpError(400, 'invalid_params', 'The request could not be understood.');
  return undefined;
}

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const known = isHttpError(err) ? err : typeof err === 'object' && err !== null ? fromBodyParser(err) : undefined;
    const e = known ?? new HttpError(500, 'internal_error', 'The server failed to answer this request.');
    if (!known) log.error({ err, method: req.method, path: req.path }, 'unhandled error');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
    if (e.retryAfter !== undefined) res.setHeader('Retry-After', String(e.retryAfter));
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

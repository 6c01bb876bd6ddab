/**
 * The security settings both servers use (CONVENTIONS 9): helmet's headers, the JSON body
 * parser with its cap, and the content-type check. One module, so the gateway and the service
 * cannot drift apart.
 */
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { HttpError } from '../http-error.js';

/** Largest JSON body either server reads (a 500-domain gateway batch is about 12 KiB). */
export const BODY_LIMIT = '64kb';

/**
 * LIBRARIES "headers": helmet's defaults with `default-src 'none'; frame-ancestors 'none'`
 * (both servers answer JSON only). Its Strict-Transport-Security only on answers that reach the
 * client over TLS: RFC 6797 section 7.2 forbids sending it over plain HTTP, which is what these
 * servers speak themselves. `req.secure` is true when a trusted proxy (the app's `trust proxy`
 * hop count, TRUST_PROXY) says `X-Forwarded-Proto: https`.
 */
export function securityHeaders(): RequestHandler[] {
  const hsts = helmet.strictTransportSecurity();
  return [
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      strictTransportSecurity: false,
    }),
    (req, res, next) => (req.secure ? hsts(req, res, next) : next()),
  ];
}

/** Parses JSON bodies only; anything else with a body is refused by requireJson. `limit`: a route's own cap (POST /v1/check). */
export const jsonBody = (limit: string = BODY_LIMIT): RequestHandler =>
  express.json({ limit, strict: true, type: 'application/json' });

export const requireJson: RequestHandler = (req, _res, next) => {
  if (!req.is('application/json')) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Send the request body as JSON with Content-Type: application/json.',
    );
  }
  next();
};

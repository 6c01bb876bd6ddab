/**
 * The gateway's guards, mounted by app.ts in this order after the shared security headers
 * (proxy/lib/http/security.ts):
 *
 * 1. cors: answers preflights and sets Access-Control-Allow-Origin for browser-extension
 *    origins (or exactly ALLOWED_ORIGINS), without credentials. An Origin that is not allowed
 *    is refused 403 `forbidden` through the library's origin callback, so web pages cannot use
 *    the gateway. An extension's GET arrives without Origin, its POST with it.
 * 2. Client identity (issue 12 item 3): the address (`req.ip`, TRUST_PROXY hops believed;
 *    IPv6 by /56), and within one address what tells clients apart: a valid proxy token, an
 *    extension's Origin. On loopback every local program shares the address, so a program
 *    without the token or the extension's origin cannot spend the budget of one that has them.
 * 3. express-rate-limit per client per minute, draft-8 RateLimit headers, 429 as the seed's
 *    error object. /healthz is mounted before it and not counted.
 * 4. Access guard: every path but /healthz needs the custom header `X-AI-Policy-Lens: 1`. A
 *    page cannot send a custom header cross-origin without a preflight, which step 1 refuses,
 *    so a page cannot make the gateway spend upstream quota (Fetch standard, "CORS-safelisted
 *    request-header"). With PROXY_TOKEN set, every path but /healthz also needs the token
 *    (`Authorization: Bearer` or `X-Proxy-Token`, compared in constant time); /status and
 *    /metrics accept either the header or a valid token, so a Prometheus scraper can use the
 *    token alone.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import cors from 'cors';
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { HttpError } from '../lib/http-error.js';
import type { Logger } from '../lib/logger.js';
import { onceEvery } from '../lib/throttle.js';
import './locals.js';

export const CLIENT_HEADER = 'x-ai-policy-lens';

/** Operator paths a valid proxy token opens without the client header. */
const isOpsPath = (path: string) => path === '/status' || path === '/metrics';

/** Extension origins: Chrome ids are 32 letters a-p; Firefox and Safari use a UUID per install. */
const EXTENSION_ORIGIN = [
  /^chrome-extension:\/\/[a-p]{32}$/,
  /^moz-extension:\/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  /^safari-web-extension:\/\/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/,
];

export function originAllowedBy(allowedOrigins: string[]): (origin: string) => boolean {
  if (allowedOrigins.length > 0) {
    const set = new Set(allowedOrigins);
    return (o) => set.has(o);
  }
  return (o) => EXTENSION_ORIGIN.some((re) => re.test(o));
}

const PAGE_REFUSED = 'Requests from web pages are not accepted; only the AI Policy Lens extension may call this gateway.';

/** cors configured for the extension, refusing every other Origin with 403 (see the module comment). */
export function corsMiddleware(allowedOrigins: string[]): RequestHandler {
  const allowed = originAllowedBy(allowedOrigins);
  return cors({
    origin: (origin, cb) => {
      if (origin === undefined) return cb(null, false);
      if (allowed(origin)) return cb(null, true);
      cb(new HttpError(403, 'forbidden', PAGE_REFUSED));
    },
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['Content-Type', 'X-AI-Policy-Lens', 'Authorization', 'X-Proxy-Token', 'If-None-Match'],
    exposedHeaders: ['ETag', 'X-Cache', 'X-Stale-Reason', 'Retry-After', 'RateLimit', 'RateLimit-Policy'],
    maxAge: 600,
  });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether a request carries `token` (Bearer or X-Proxy-Token), compared in constant time. */
export function tokenCheck(token: string): (req: IncomingMessage) => boolean {
  const expected = digest(token);
  return (req) => {
    const auth = req.headers.authorization;
    const given = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : req.headers['x-proxy-token'];
    if (typeof given !== 'string' || given === '') return false;
    // Hashing first gives equal lengths, so timingSafeEqual never leaks the token's length.
    return timingSafeEqual(digest(given), expected);
  };
}

/** Sets `res.locals.tokenOk` and `res.locals.client` (step 2 of the module comment). Origins reaching it passed cors. */
export function identifyClient(proxyToken: string | undefined): RequestHandler {
  const validToken = proxyToken === undefined ? null : tokenCheck(proxyToken);
  return (req, res, next) => {
    const tokenOk = validToken?.(req) ?? false;
    res.locals.tokenOk = tokenOk;
    const origin = req.headers.origin;
    let client = ipKeyGenerator(req.ip ?? 'unknown');
    if (tokenOk) client += ' token';
    if (origin !== undefined) client += ` ${origin}`;
    res.locals.client = client;
    next();
  };
}

/** The limiter's key: the client as identifyClient told it apart. */
export const clientKey = (_req: Request, res: Response): string => res.locals.client;

export interface LimiterOptions {
  /** The gateway's: clientKey; without it the library's default, the address. */
  keyGenerator?: (req: Request, res: Response) => string;
  /** Counters shared by replicas (rate-limit-redis); without it the library's memory store. */
  store?: Store;
  logger?: Logger;
}

/** express-rate-limit, one minute window. */
export function rateLimiter(perMinute: number, opts: LimiterOptions = {}): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(opts.keyGenerator ? { keyGenerator: opts.keyGenerator } : {}),
    // Shared counters: if Redis cannot be reached the request is served uncounted (and the
    // library logs it) rather than refused; a gateway that stops answering helps nobody.
    ...(opts.store ? { store: opts.store, passOnStoreError: true } : {}),
    // The library logs each store failure; while Redis is away that is every request.
    logger: {
      error: onceEvery(60_000, (e: unknown, msg?: string) => opts.logger?.warn({ err: String(e) }, msg ?? 'rate limiter error')),
      warn: (e: unknown, msg?: string) => opts.logger?.warn({ err: String(e) }, msg ?? 'rate limiter warning'),
    },
    // The library has set Retry-After from its window when it calls this; the body says the same.
    handler: (_req, res, next) =>
      next(
        new HttpError(429, 'rate_limit_exceeded', `Too many requests: at most ${perMinute} per minute per client.`, {
          retryAfter: Number(res.getHeader('Retry-After')) || 60,
          limitType: 'minute',
        }),
      ),
  });
}

/** The custom-header and token checks (step 4 of the module comment), after identifyClient. */
export function accessGuard(proxyToken: string | undefined): RequestHandler {
  return (req, res, next) => {
    const tokenOk = res.locals.tokenOk;
    if (proxyToken !== undefined && !tokenOk) {
      throw new HttpError(401, 'unauthorized', 'This gateway needs its proxy token (Authorization: Bearer <token> or X-Proxy-Token).');
    }
    if (tokenOk && isOpsPath(req.path)) return next();
    if (req.headers[CLIENT_HEADER] !== '1') throw new HttpError(403, 'forbidden', 'Send the header X-AI-Policy-Lens: 1 with every request.');
    next();
  };
}

/**
 * The gateway's guards, mounted by app.ts in this order after the shared security headers
 * (proxy/lib/http/security.ts):
 *
 * 1. cors: answers preflights and sets Access-Control-Allow-Origin for browser-extension
 *    origins (or exactly ALLOWED_ORIGINS), without credentials. An Origin that is not allowed
 *    is refused 403 `forbidden` through the library's origin callback, so web pages cannot use
 *    the gateway. An extension's GET arrives without Origin, its POST with it.
 * 2. Client identity: the address (`req.ip`, TRUST_PROXY hops believed;
 *    IPv6 by /56), and within one address what tells clients apart: a valid proxy token, an
 *    extension's install id (`X-AI-Policy-Lens-Install`, a random id the extension makes once;
 *    believed only from loopback or with the token, since elsewhere the address tells
 *    machines apart) or else its Origin (sent on POSTs only). On loopback every local program
 *    shares the address, so a program without the token or the extension's identity cannot
 *    spend the budget of one that has them. Anyone can send such a header, so it is used for
 *    nothing but counting, and one address has at most MAX_SLOTS of them told
 *    apart, each keeping its slot while it is used (identities.ts): a program making up ids
 *    gains the free slots, never the one the extension holds.
 *    The lookup service budgets new domains by the same key (ReadOptions.client), as a keyed
 *    hash (serviceClient) so its registry never holds an address.
 * 3. express-rate-limit per client per minute, draft-8 RateLimit headers, 429 as the seed's
 *    error object. /healthz is mounted before it and not counted; nor are requests step 4
 *    refuses whatever their token (refusedUncounted), which any web page can send.
 * 4. Access guard: every path but /healthz needs the custom header `X-AI-Policy-Lens: 1`. A
 *    page cannot send a custom header cross-origin without a preflight, which step 1 refuses,
 *    so a page cannot make the gateway spend upstream quota (Fetch standard, "CORS-safelisted
 *    request-header"). With PROXY_TOKEN set, every path but /healthz also needs the token
 *    (`Authorization: Bearer` or `X-Proxy-Token`, compared in constant time); /status and
 *    /metrics accept either the header or a valid token, so a Prometheus scraper can use the
 *    token alone.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import cors from 'cors';
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { HttpError } from '../lib/http-error.js';
import { bearerToken } from '../lib/http/bearer.js';
import type { Logger } from '../lib/logger.js';
import { onceEvery } from '../lib/throttle.js';
import { isLoopbackHost } from './config.js';
import { IdentitySlots } from './identities.js';
import './locals.js';

export const CLIENT_HEADER = 'x-ai-policy-lens';
/** The extension's random per-install id, for counting only (see the module comment). */
export const INSTALL_HEADER = 'x-ai-policy-lens-install';
const INSTALL_ID = /^[A-Za-z0-9_-]{16,64}$/;

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

const PAGE_REFUSED =
  'Requests from web pages are not accepted; only the AI Policy Lens extension may call this gateway.';

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
    allowedHeaders: [
      'Content-Type',
      'X-AI-Policy-Lens',
      'X-AI-Policy-Lens-Install',
      'Authorization',
      'X-Proxy-Token',
      'If-None-Match',
      'Prefer',
    ],
    exposedHeaders: [
      'ETag',
      'X-Cache',
      'X-Stale-Reason',
      'Retry-After',
      'RateLimit',
      'RateLimit-Policy',
      'Preference-Applied',
    ],
    maxAge: 600,
  });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether a request carries `token` (Bearer or X-Proxy-Token), compared in constant time. */
export function tokenCheck(token: string): (req: IncomingMessage) => boolean {
  const expected = digest(token);
  return (req) => {
    const given = bearerToken(req.headers.authorization) ?? req.headers['x-proxy-token'];
    if (typeof given !== 'string' || given === '') return false;
    // Hashing first gives equal lengths, so timingSafeEqual never leaks the token's length.
    return timingSafeEqual(digest(given), expected);
  };
}

/** The extension identity a request names: its install id where believed, else its Origin (which passed cors). */
function identityOf(req: Request, tokenOk: boolean): string | undefined {
  const id = req.headers[INSTALL_HEADER];
  if (id !== undefined) {
    if (typeof id !== 'string' || !INSTALL_ID.test(id)) {
      throw new HttpError(
        400,
        'invalid_params',
        'X-AI-Policy-Lens-Install must be 16 to 64 letters, digits, "-" or "_".',
      );
    }
    if (tokenOk || isLoopbackHost(req.ip ?? '')) return `install:${id}`;
  }
  return req.headers.origin;
}

/**
 * Sets `res.locals.tokenOk` and `res.locals.client` (step 2 of the module comment). Origins
 * reaching it passed cors. `slots` decides which identities of an address are told apart.
 */
export function identifyClient(
  proxyToken: string | undefined,
  slots: IdentitySlots = new IdentitySlots(),
): RequestHandler {
  const validToken = proxyToken === undefined ? null : tokenCheck(proxyToken);
  return (req, res, next) => {
    const tokenOk = validToken?.(req) ?? false;
    res.locals.tokenOk = tokenOk;
    const address = ipKeyGenerator(req.ip ?? 'unknown');
    let client = address;
    if (tokenOk) client += ' token';
    const identity = identityOf(req, tokenOk);
    if (identity !== undefined && slots.admit(address, identity)) client += ` ${identity}`;
    res.locals.client = client;
    next();
  };
}

/**
 * The client id the lookup service budgets by (ReadOptions.client): a keyed hash of the rate
 * limiter's key, with a key made at start, so the registry's per-minute budget rows hold no
 * address or origin. A restart starts new ids, which only resets a minute's budget.
 */
export function serviceClient(): (client: string) => string {
  const key = randomBytes(32);
  return (client) => `gw:${createHmac('sha256', key).update(client).digest('base64url').slice(0, 22)}`;
}

/** The limiter's key: the client as identifyClient told it apart. */
export const clientKey = (_req: Request, res: Response): string => res.locals.client;

/**
 * Requests the access guard refuses with 403 whatever their token says: no client header and no
 * token at all. Any web page can send these (a GET without custom headers needs no preflight),
 * so they are not counted (express-rate-limit's `skip`): a page cannot spend the extension's
 * budget by being refused. A request that presents a token is counted, right or wrong, so
 * guessing the token stays rate limited.
 */
export const refusedUncounted = (req: Request): boolean =>
  req.headers[CLIENT_HEADER] !== '1' &&
  req.headers.authorization === undefined &&
  req.headers['x-proxy-token'] === undefined;

export interface LimiterOptions {
  /** The gateway's: clientKey; without it the library's default, the address. */
  keyGenerator?: (req: Request, res: Response) => string;
  /** Requests not counted (the gateway's: refusedUncounted). */
  skip?: (req: Request, res: Response) => boolean;
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
    ...(opts.skip ? { skip: opts.skip } : {}),
    // Shared counters: if Redis cannot be reached the request is served uncounted (and the
    // library logs it) rather than refused; a gateway that stops answering helps nobody.
    ...(opts.store ? { store: opts.store, passOnStoreError: true } : {}),
    // The library logs each store failure; while Redis is away that is every request.
    logger: {
      error: onceEvery(60_000, (e: unknown, msg?: string) =>
        opts.logger?.warn({ err: String(e) }, msg ?? 'rate limiter error'),
      ),
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
      throw new HttpError(
        401,
        'unauthorized',
        'This gateway needs its proxy token (Authorization: Bearer <token> or X-Proxy-Token).',
      );
    }
    if (tokenOk && isOpsPath(req.path)) return next();
    if (req.headers[CLIENT_HEADER] !== '1')
      throw new HttpError(403, 'forbidden', 'Send the header X-AI-Policy-Lens: 1 with every request.');
    next();
  };
}

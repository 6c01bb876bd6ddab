/**
 * Every request passes this chain, built once from config (CONVENTIONS 9):
 *
 * 1. helmet: API defaults plus CSP `default-src 'none'; frame-ancestors 'none'` (JSON only).
 * 2. Origin guard: a request carrying an Origin that is not a browser extension's (or one in
 *    ALLOWED_ORIGINS, which then replaces the extension patterns) is refused 403 `forbidden`,
 *    so web pages cannot use the gateway. An extension's GET arrives without Origin; its POST
 *    with `Origin: chrome-extension://<id>`.
 * 3. cors: answers preflights and sets Access-Control-Allow-Origin for allowed origins only,
 *    without credentials.
 * 4. express-rate-limit per client address (TRUST_PROXY hops of X-Forwarded-For believed),
 *    draft-8 RateLimit headers; 429 is the seed's error object. /healthz is not counted.
 * 5. Access guard: every path but /healthz needs the custom header `X-AI-Policy-Lens: 1`. A
 *    page cannot send a custom header cross-origin without a preflight, which step 3 refuses,
 *    so a page cannot make the gateway spend upstream quota (Fetch standard, "CORS-safelisted
 *    request-header"). With PROXY_TOKEN set, every path but /healthz also needs the token
 *    (`Authorization: Bearer` or `X-Proxy-Token`, compared in constant time); /status and
 *    /metrics accept either the header or a valid token, so a Prometheus scraper can use the
 *    token alone.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';
import helmet from 'helmet';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { HttpError } from '../lib/http-error.js';
import { sendError, type Middleware } from './http.js';

export interface SecurityOptions {
  allowedOrigins: string[];
  proxyToken: string | undefined;
  rateLimitPerMinute: number;
  trustProxy: number;
}

export const CLIENT_HEADER = 'x-ai-policy-lens';
const OPEN_PATHS = new Set(['/healthz']);
const OPS_PATHS = new Set(['/status', '/metrics']);

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

export const pathOf = (req: IncomingMessage): string => {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

/** The client's address: the socket peer, or the address `hops` trusted proxies say they served. */
export function clientAddress(req: IncomingMessage, hops: number): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (hops === 0) return peer;
  const raw = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  // Nearest first: the peer, then X-Forwarded-For right to left (as Express's `trust proxy` N).
  const chain = [peer, ...forwarded.reverse()];
  return chain[Math.min(hops, chain.length - 1)]!;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

function tokenCheck(token: string): (req: IncomingMessage) => boolean {
  const expected = digest(token);
  return (req) => {
    const auth = req.headers.authorization;
    const given = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : req.headers['x-proxy-token'];
    if (typeof given !== 'string' || given === '') return false;
    // Hashing first gives equal lengths, so timingSafeEqual never leaks the token's length.
    return timingSafeEqual(digest(given), expected);
  };
}

export function createSecurityChain(opts: SecurityOptions): Middleware[] {
  const allowed = originAllowedBy(opts.allowedOrigins);
  const validToken = opts.proxyToken === undefined ? null : tokenCheck(opts.proxyToken);

  // helmet's defaults minus five headers that only act on HTML documents a browser renders
  // (DNS prefetch of links, IE8 downloads, Flash/PDF cross-domain files, the retired XSS
  // auditor, origin-keyed agent clusters); this API serves JSON only, and each header costs
  // every response. CSP, CORP, COOP, HSTS, nosniff, frame and referrer policies stay.
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    originAgentCluster: false,
  }) as unknown as Middleware;

  const originGuard: Middleware = (req, res, next) => {
    const origin = req.headers.origin;
    if (origin === undefined || allowed(origin)) return next();
    sendError(res, new HttpError(403, 'forbidden', 'Requests from web pages are not accepted; only the AI Policy Lens extension may call this gateway.'));
  };

  const corsMiddleware = cors({
    origin: (origin, cb) => cb(null, origin !== undefined && allowed(origin)),
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['Content-Type', 'X-AI-Policy-Lens', 'Authorization', 'X-Proxy-Token', 'If-None-Match'],
    exposedHeaders: ['ETag', 'X-Cache', 'X-Stale-Reason', 'Retry-After', 'RateLimit', 'RateLimit-Policy'],
    maxAge: 600,
  }) as unknown as Middleware;

  const limiter = rateLimit({
    windowMs: 60_000,
    limit: opts.rateLimitPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // The policy name in the draft-8 headers, fixed once rather than rebuilt per request.
    identifier: `${opts.rateLimitPerMinute}-in-1min`,
    // We compute the address ourselves from the hop count (there is no Express `req.ip`),
    // so the library's Express-specific checks do not apply.
    validate: false,
    keyGenerator: (req) => ipKeyGenerator(clientAddress(req as unknown as IncomingMessage, opts.trustProxy)),
    skip: (req) => OPEN_PATHS.has(pathOf(req as unknown as IncomingMessage)),
    handler: (req, res) => {
      const reset = (req as unknown as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const retryAfter = reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : 60;
      sendError(
        res as unknown as ServerResponse,
        new HttpError(429, 'rate_limit_exceeded', `Too many requests: at most ${opts.rateLimitPerMinute} per minute per client.`, {
          retryAfter,
          limitType: 'minute',
        }),
      );
    },
  }) as unknown as Middleware;

  const accessGuard: Middleware = (req, res, next) => {
    const path = pathOf(req);
    if (OPEN_PATHS.has(path)) return next();
    const tokenOk = validToken?.(req) ?? false;
    if (validToken && !tokenOk) {
      return sendError(res, new HttpError(401, 'unauthorized', 'This gateway needs its proxy token (Authorization: Bearer <token> or X-Proxy-Token).'));
    }
    if (tokenOk && OPS_PATHS.has(path)) return next();
    if (req.headers[CLIENT_HEADER] !== '1') {
      return sendError(res, new HttpError(403, 'forbidden', 'Send the header X-AI-Policy-Lens: 1 with every request.'));
    }
    next();
  };

  return [headers, originGuard, corsMiddleware, limiter, accessGuard];
}

/**
 * Every request passes this chain, built once from config (CONVENTIONS 9):
 *
 * 1. helmet: API defaults plus CSP `default-src 'none'; frame-ancestors 'none'` (JSON only).
 *    helmet's output is the same for every request, so it is computed once, from helmet itself
 *    (SECURITY_HEADERS), and every response gets that frozen list with its status line.
 *    Strict-Transport-Security only when a trusted proxy says the browser came over TLS.
 * 2. Origin guard: a request carrying an Origin that is not a browser extension's (or one in
 *    ALLOWED_ORIGINS, which then replaces the extension patterns) is refused 403 `forbidden`,
 *    so web pages cannot use the gateway. An extension's GET arrives without Origin; its POST
 *    with `Origin: chrome-extension://<id>`.
 * 3. cors: answers preflights and sets Access-Control-Allow-Origin for allowed origins only,
 *    without credentials.
 * 4. express-rate-limit per client address (TRUST_PROXY hops of X-Forwarded-For believed),
 *    draft-8 RateLimit headers; 429 is the seed's error object. /healthz is not counted. The
 *    library counts and decides; the draft-8 headers are written here from its verdict
 *    (`req.rateLimit`), byte for byte as the library writes them, but with the policy's
 *    partition key (a SHA-256 of the client key) hashed once per client, not per request.
 *    With no trusted hops the client key is the socket's peer, computed once per connection.
 * 5. Access guard: every path but /healthz needs the custom header `X-AI-Policy-Lens: 1`. A
 *    page cannot send a custom header cross-origin without a preflight, which step 3 refuses,
 *    so a page cannot make the gateway spend upstream quota (Fetch standard, "CORS-safelisted
 *    request-header"). With PROXY_TOKEN set, every path but /healthz also needs the token
 *    (`Authorization: Bearer` or `X-Proxy-Token`, compared in constant time); /status and
 *    /metrics accept either the header or a valid token, so a Prometheus scraper can use the
 *    token alone.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import cors from 'cors';
import helmet, { strictTransportSecurity } from 'helmet';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { HttpError } from '../lib/http-error.js';
import { addHeaders, sendError, type Middleware } from './http.js';

export interface SecurityOptions {
  allowedOrigins: string[];
  proxyToken: string | undefined;
  rateLimitPerMinute: number;
  trustProxy: number;
}

export const CLIENT_HEADER = 'x-ai-policy-lens';
/** The one path open without the client header or token, and not counted by the limiter. */
const isOpenPath = (path: string) => path === '/healthz';
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


/**
 * helmet as configured for this API: its defaults minus five headers that only act on HTML
 * documents a browser renders (DNS prefetch of links, IE8 downloads, Flash/PDF cross-domain
 * files, the retired XSS auditor, origin-keyed agent clusters); this API serves JSON only.
 * CSP, CORP, COOP, nosniff, frame and referrer policies stay. Strict-Transport-Security is
 * helmet's too but sent apart (HSTS_HEADER): only on answers that reach the browser over TLS.
 */
export const helmetMiddleware = () =>
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    originAgentCluster: false,
  });

type HelmetLike = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * What a helmet middleware sets, recorded once by running it against a recording response: a
 * flat, frozen [name, value, ...] list. helmet's headers do not depend on the request; its one
 * removal (X-Powered-By) is moot here because node:http never sets that header. A unit test
 * checks these lists against helmet's output on a real response.
 */
function recordHeaders(middleware: HelmetLike): readonly string[] {
  const flat: string[] = [];
  const recorder = {
    setHeader(name: string, value: OutgoingHttpHeader) {
      flat.push(name, String(value));
    },
    removeHeader(name: string) {
      if (name.toLowerCase() !== 'x-powered-by') throw new Error(`helmet removed ${name}: not recordable as a constant list`);
    },
  };
  let called = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    called = true;
  });
  if (!called) throw new Error('helmet did not finish synchronously');
  return Object.freeze(flat);
}

/** Every answer's security headers: what helmetMiddleware() sets. */
export const SECURITY_HEADERS: readonly string[] = recordHeaders(helmetMiddleware());

/**
 * helmet's Strict-Transport-Security (one year, subdomains). RFC 6797 section 7.2: a host MUST
 * NOT send it over a non-secure transport, and browsers ignore it there (section 8.1). The
 * gateway itself speaks plain HTTP, so it is sent only when a trusted proxy in front says the
 * browser's connection was TLS (`X-Forwarded-Proto: https`, believed with TRUST_PROXY >= 1).
 */
export const HSTS_HEADER: readonly string[] = recordHeaders(strictTransportSecurity());

/** Whether a trusted proxy says the client connected over TLS (the first X-Forwarded-Proto value, as Express reads it). */
export function forwardedHttps(req: IncomingMessage, hops: number): boolean {
  if (hops === 0) return false;
  const raw = req.headers['x-forwarded-proto'];
  if (typeof raw !== 'string') return false;
  const comma = raw.indexOf(',');
  return (comma < 0 ? raw : raw.slice(0, comma)).trim().toLowerCase() === 'https';
}

/** The draft-8 policy value for one client (express-rate-limit's format), memoised: it holds a hash of the client key. */
const POLICIES_MAX = 10_000;

export function draft8Headers(name: string, windowMs: number) {
  const windowSeconds = Math.ceil(windowMs / 1000);
  const policies = new Map<string, string>();
  return (info: RateLimitInfo): string[] => {
    let policy = policies.get(info.key);
    if (policy === undefined) {
      // express-rate-limit's getPartitionKey: the first 12 hex digits of SHA-256, base64-encoded.
      const pk = Buffer.from(createHash('sha256').update(info.key).digest('hex').slice(0, 12)).toString('base64');
      policy = `"${name}"; q=${info.limit}; w=${windowSeconds}; pk=:${pk}:`;
      if (policies.size >= POLICIES_MAX) policies.clear();
      policies.set(info.key, policy);
    }
    const reset = info.resetTime ? Math.max(0, Math.ceil((info.resetTime.getTime() - Date.now()) / 1000)) : windowSeconds;
    return ['RateLimit', `"${name}"; r=${info.remaining}; t=${reset}`, 'RateLimit-Policy', policy];
  };
}

/** What express-rate-limit leaves on the request (`req.rateLimit`). */
export interface RateLimitInfo {
  limit: number;
  remaining: number;
  resetTime: Date | undefined;
  key: string;
}

const infoOf = (req: IncomingMessage) => (req as IncomingMessage & { rateLimit?: RateLimitInfo }).rateLimit;

/** The limiter's key for a client: the peer address, once per connection when no proxy hop is trusted. */
function clientKeyGenerator(trustProxy: number): (req: IncomingMessage) => string {
  if (trustProxy > 0) return (req) => ipKeyGenerator(clientAddress(req, trustProxy));
  const bySocket = new WeakMap<Socket, string>();
  return (req) => {
    let key = bySocket.get(req.socket);
    if (key === undefined) {
      key = ipKeyGenerator(clientAddress(req, 0));
      bySocket.set(req.socket, key);
    }
    return key;
  };
}

export function createSecurityChain(opts: SecurityOptions): Middleware[] {
  const allowed = originAllowedBy(opts.allowedOrigins);
  const validToken = opts.proxyToken === undefined ? null : tokenCheck(opts.proxyToken);

  const headers: Middleware = (req, res, next) => {
    addHeaders(res, SECURITY_HEADERS);
    if (forwardedHttps(req, opts.trustProxy)) addHeaders(res, HSTS_HEADER);
    next();
  };

  const originGuard: Middleware = (req, res, next) => {
    const origin = req.headers.origin;
    if (origin === undefined || allowed(origin)) return next();
    sendError(res, new HttpError(403, 'forbidden', 'Requests from web pages are not accepted; only the AI Policy Lens extension may call this gateway.'));
  };

  const corsLibrary = cors({
    origin: (origin, cb) => cb(null, origin !== undefined && allowed(origin)),
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['Content-Type', 'X-AI-Policy-Lens', 'Authorization', 'X-Proxy-Token', 'If-None-Match'],
    exposedHeaders: ['ETag', 'X-Cache', 'X-Stale-Reason', 'Retry-After', 'RateLimit', 'RateLimit-Policy'],
    maxAge: 600,
  }) as unknown as Middleware;
  // CORS concerns only requests that carry an Origin (Fetch standard): without one the
  // library's origin function answers false and it sets nothing, so it is not run at all
  // (an extension's GETs arrive without Origin; its POSTs and every page request with one).
  const corsMiddleware: Middleware = (req, res, next) => (req.headers.origin === undefined ? next() : corsLibrary(req, res, next));

  const windowMs = 60_000;
  const rateHeaders = draft8Headers(`${opts.rateLimitPerMinute}-in-1min`, windowMs);
  const clientKey = clientKeyGenerator(opts.trustProxy);
  const limiter = rateLimit({
    windowMs,
    limit: opts.rateLimitPerMinute,
    // draft-8 headers are added by `limitHeaders` below (and by the handler on a 429).
    standardHeaders: false,
    legacyHeaders: false,
    // We compute the address ourselves from the hop count (there is no Express `req.ip`),
    // so the library's Express-specific checks do not apply.
    validate: false,
    keyGenerator: (req) => clientKey(req as unknown as IncomingMessage),
    handler: (req, res) => {
      const info = infoOf(req as unknown as IncomingMessage);
      if (info) addHeaders(res as unknown as ServerResponse, rateHeaders(info));
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

  // /healthz is not counted. Decided here rather than with the library's `skip` option, which
  // it calls and awaits on every request (the other paths all go through the library).
  const limit: Middleware = (req, res, next) => (isOpenPath(pathOf(req)) ? next() : limiter(req, res, next));

  const limitHeaders: Middleware = (req, res, next) => {
    const info = infoOf(req);
    if (info) addHeaders(res, rateHeaders(info));
    next();
  };

  const accessGuard: Middleware = (req, res, next) => {
    const path = pathOf(req);
    if (isOpenPath(path)) return next();
    const tokenOk = validToken?.(req) ?? false;
    if (validToken && !tokenOk) {
      return sendError(res, new HttpError(401, 'unauthorized', 'This gateway needs its proxy token (Authorization: Bearer <token> or X-Proxy-Token).'));
    }
    if (tokenOk && isOpsPath(path)) return next();
    if (req.headers[CLIENT_HEADER] !== '1') {
      return sendError(res, new HttpError(403, 'forbidden', 'Send the header X-AI-Policy-Lens: 1 with every request.'));
    }
    next();
  };

  return [headers, originGuard, corsMiddleware, limit, limitHeaders, accessGuard];
}

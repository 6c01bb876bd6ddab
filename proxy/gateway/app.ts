/**
 * createGatewayApp(deps): the browser-facing caching mirror of the seed's read endpoints
 * (ARCHITECTURE), built apart from listen (CONVENTIONS 7). It is a node:http request listener:
 * every request runs the security chain (security.ts), then one route. Paths and shapes are
 * the seed's; the browser sends no Authorization (the source holds the key, if any).
 *
 *   GET  /v1/domain/{domain}                 GET  /preview/v1/policy/{domain}
 *   GET  /v1/domain/{domain}/full            GET  /preview/v1/policy/{domain}/score
 *   GET  /v1/search?q=&stance=&limit=&offset GET  /preview/v1/domain/{domain}/history
 *   POST /v1/batch, /v1/compare              GET  /healthz, /status, /metrics
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { HttpError } from '../lib/http-error.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { SERVICE_VERSION } from '../service/version.js';
import { toBatchItem } from '../upstream/batch-of-one.js';
import type { PolicySource } from '../upstream/policy-source.js';
import { BatchLoader } from './batch-loader.js';
import type { CacheStore } from './cache-store.js';
import type { GatewayConfig } from './config.js';
import { ensureAppend, sendError, type Middleware, type Next } from './http.js';
import { createMetrics, type GatewayMetrics, type RouteName } from './metrics.js';
import { ResponseCache } from './response-cache.js';
import { serveBatch } from './routes/batch.js';
import { DEFAULT_TTLS, domainFromPath, type RouteContext, type Ttls } from './routes/context.js';
import { countedFigures, serveHealth, serveMetrics, serveStatus, type OpsDeps } from './routes/ops.js';
import { loadDomainRead, serveDomainRead, serveSearch, type DomainRead } from './routes/reads.js';
import type { DomainPolicy } from '../../shared/schemas.js';
import { createSecurityChain } from './security.js';

export type GatewaySettings = Pick<
  GatewayConfig,
  'allowedOrigins' | 'proxyToken' | 'rateLimitPerMinute' | 'trustProxy' | 'cacheMaxEntries' | 'cacheMaxBytes'
>;

export interface GatewayDeps {
  source: PolicySource;
  settings: GatewaySettings;
  /** SQLite second level; null keeps the cache in memory only. */
  store?: CacheStore | null;
  clock?: Clock;
  logger?: Logger;
  ttl?: Partial<Ttls>;
  version?: string;
}

export interface GatewayApp {
  readonly handle: RequestListener;
  readonly cache: ResponseCache;
  readonly metrics: GatewayMetrics;
}

const READ_METHODS: readonly string[] = ['GET', 'HEAD'];
const POST_ONLY: readonly string[] = ['POST'];

interface Route {
  route: RouteName;
  methods: readonly string[];
  /** `arg` is the domain path segment of a domain read, else the query string. */
  run: (req: IncomingMessage, res: ServerResponse, arg: string) => void | Promise<void>;
}

/**
 * One request's way through the security chain and then its route: `next` runs the following
 * middleware, and the route once the chain is through. `next` is made by assignment in the
 * constructor on purpose: `npm start` runs through tsx, whose esbuild keepNames turns a
 * closure bound to a name (`const next = ...`, or bind() of a named function) into an
 * Object.defineProperty call per request, which cost about 5 % of a cached hit.
 */
class ChainRun {
  readonly next: Next;
  private i = 0;
  private readonly started = performance.now();

  constructor(
    req: IncomingMessage,
    res: ServerResponse,
    chain: readonly Middleware[],
    route: (req: IncomingMessage, res: ServerResponse, started: number) => void,
    fail: (res: ServerResponse, e: unknown) => void,
  ) {
    this.next = (err) => {
      if (err) return fail(res, err);
      const mw = chain[this.i++];
      if (!mw) return route(req, res, this.started);
      try {
        mw(req, res, this.next);
      } catch (e) {
        fail(res, e);
      }
    };
  }
}

export function createGatewayApp(deps: GatewayDeps): GatewayApp {
  const clock = deps.clock ?? systemClock;
  const store = deps.store ?? null;
  const ttl: Ttls = { ...DEFAULT_TTLS, ...deps.ttl };
  let metrics: GatewayMetrics | undefined;
  const cache = new ResponseCache({
    maxEntries: deps.settings.cacheMaxEntries,
    maxBytes: deps.settings.cacheMaxBytes,
    store,
    clock,
    logger: deps.logger,
    onResult: (s) => metrics?.cache(s),
  });
  metrics = createMetrics({ source: deps.source, cacheSize: () => cache.size, cacheBytes: () => cache.bytes });
  const loader = new BatchLoader(async (chunk) => {
    if (chunk.length === 1) {
      // A lone miss uses the single lookup, through the cache: it joins a lookup of the same
      // domain already in flight, and its full answer is kept for later single lookups.
      const { entry } = await cache.get(`l:${chunk[0]}`, () => loadDomainRead(deps.source, 'lookup', chunk[0]!, ttl));
      const p = JSON.parse(entry.body.toString('utf8')) as DomainPolicy;
      return new Map(p.found ? [[p.domain, toBatchItem(p)]] : []);
    }
    const r = await deps.source.batch(chunk);
    return new Map(r.domains.map((i) => [i.domain, i]));
  });
  const ctx: RouteContext = { source: deps.source, cache, loader, ttl, log: deps.logger };
  const ops: OpsDeps = {
    source: deps.source,
    cache,
    metrics,
    version: deps.version ?? SERVICE_VERSION,
    startedAt: clock.now(),
    now: () => clock.now(),
    counted: countedFigures(deps.source, store, clock),
  };
  const chain: Middleware[] = createSecurityChain(deps.settings);

  // Routes are built once; a request only picks one (no per-request closures on the hot path).
  const domainRead = (kind: DomainRead): Route => ({
    route: kind,
    methods: READ_METHODS,
    run: (req, res, segment) => serveDomainRead(ctx, kind, domainFromPath(segment), req, res),
  });
  const reads = { lookup: domainRead('lookup'), full: domainRead('full'), policy: domainRead('policy'), score: domainRead('score'), history: domainRead('history') };
  const fixed = new Map<string, Route>([
    ['/v1/search', { route: 'search', methods: READ_METHODS, run: (req, res, q) => serveSearch(ctx, q, req, res) }],
    ['/v1/batch', { route: 'batch', methods: POST_ONLY, run: (req, res) => serveBatch(ctx, req, res) }],
    ['/v1/compare', { route: 'batch', methods: POST_ONLY, run: (req, res) => serveBatch(ctx, req, res) }],
    ['/healthz', { route: 'ops', methods: READ_METHODS, run: (_q, res) => serveHealth(res) }],
    ['/status', { route: 'ops', methods: READ_METHODS, run: (_q, res) => serveStatus(ops, res) }],
    ['/metrics', { route: 'ops', methods: READ_METHODS, run: (_q, res) => serveMetrics(ops, res) }],
  ]);

  /** The route for a path and the domain segment it names (if any), or null (404). */
  function match(path: string): { r: Route; segment: string | null } | null {
    if (path.startsWith('/v1/domain/')) {
      const rest = path.slice(11);
      const slash = rest.indexOf('/');
      if (slash < 0) return { r: reads.lookup, segment: rest };
      return rest.slice(slash) === '/full' ? { r: reads.full, segment: rest.slice(0, slash) } : null;
    }
    if (path.startsWith('/preview/v1/policy/')) {
      const rest = path.slice(19);
      const slash = rest.indexOf('/');
      if (slash < 0) return { r: reads.policy, segment: rest };
      return rest.slice(slash) === '/score' ? { r: reads.score, segment: rest.slice(0, slash) } : null;
    }
    if (path.startsWith('/preview/v1/domain/') && path.endsWith('/history')) {
      const segment = path.slice(19, -8);
      return segment.includes('/') ? null : { r: reads.history, segment };
    }
    const r = fixed.get(path);
    return r ? { r, segment: null } : null;
  }

  const fail = (res: ServerResponse, e: unknown) => sendError(res, e, deps.logger);

  function route(req: IncomingMessage, res: ServerResponse, started: number): void {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const found = match(path);
    if (!found) return fail(res, new HttpError(404, 'not_found', 'No such endpoint.'));
    const m = found.r;
    if (!m.methods.includes(req.method ?? '')) {
      const allow = m.methods.join(', ');
      return fail(res, new HttpError(405, 'method_not_allowed', `Use ${allow} for ${path}.`, { headers: { Allow: allow } }));
    }
    let done: void | Promise<void>;
    try {
      done = m.run(req, res, found.segment ?? (q < 0 ? '' : url.slice(q + 1)));
    } catch (e) {
      metrics!.request(m.route, started);
      return fail(res, e);
    }
    if (done) done.then(() => metrics!.request(m.route, started), (e: unknown) => (metrics!.request(m.route, started), fail(res, e)));
    else metrics!.request(m.route, started);
  }

  const handle: RequestListener = (req, res) => {
    ensureAppend(res);
    new ChainRun(req, res, chain, route, fail).next();
  };

  return { handle, cache, metrics };
}

/**
 * createGatewayApp(deps): the browser-facing caching mirror of the seed's read endpoints
 * (ARCHITECTURE), an Express 5 app built apart from listen (CONVENTIONS 7): the security
 * headers and Host guard shared with the service (proxy/lib/http), the gateway's guards
 * (security.ts), one router per resource, 404 and one error handler. Paths and shapes are the
 * seed's; the browser sends no Authorization (the source holds the key, if any).
 *
 *   GET  /v1/domain/{domain}                 GET  /preview/v1/policy/{domain}
 *   GET  /v1/domain/{domain}/full            GET  /preview/v1/policy/{domain}/score
 *   GET  /v1/search?q=&stance=&limit=&offset GET  /preview/v1/domain/{domain}/history
 *   POST /v1/batch, /v1/compare              GET  /healthz, /status, /metrics
 *   POST /v1/domain/{domain}/recheck         POST /v1/check
 *   GET  /preview/v1/stats
 *   GET  /, /site/{domain}, /overview, /assets/*: the web app (routes/web.ts, own-page.ts)
 *
 * The domain reads honour RFC 7240 `Prefer: wait=N` and "Check again" is offered as HeldReads
 * (held/) decides. Assembly only: each part is built by its own module.
 */
import express, { type Express, type Request } from 'express';
import type { Store } from 'express-rate-limit';
import { systemClock, type Clock } from '../lib/clock.js';
import { errorHandler, notFound } from '../lib/http/errors.js';
import { hostGuard } from '../lib/http/host-guard.js';
import { securityHeaders } from '../lib/http/security.js';
import { strictHttp } from '../lib/http/strict.js';
import type { Logger } from '../lib/logger.js';
import { SERVICE_VERSION } from '../service/version.js';
import type { PolicySource } from '../upstream/policy-source.js';
import { BatchLoader, sourceChunks } from './batch-loader.js';
import type { GatewayOwnConfig, Ttls } from './config.js';
import { HeldReads, type RecordStoredEvents } from './held/index.js';
import type { RecheckMarks } from './held/marks.js';
import { IdentitySlots, type SlotStore } from './identities.js';
import { createMetrics, type GatewayMetrics } from './metrics.js';
import { ResponseCache, type Flight, type InvalidationBus, type SecondLevel } from './response-cache.js';
import { batchRouter } from './routes/batch.js';
import { checkRouter } from './routes/check.js';
import type { RouteContext } from './routes/context.js';
import { domainRouter } from './routes/domain.js';
import { countedFigures, healthRouter, opsRouter, type Dependencies, type OpsDeps } from './routes/ops.js';
import { previewRouter } from './routes/preview.js';
import { recheckRouter } from './routes/recheck.js';
import { searchRouter } from './routes/search.js';
import { statsRouter } from './routes/stats.js';
import { isWebPath, webRouter } from './routes/web.js';
import { corsUnlessOwnPage } from './own-page.js';
import { builtWebDir } from './web-dir.js';
import {
  accessGuard,
  clientKey,
  corsMiddleware,
  identifyClient,
  rateLimiter,
  refusedUncounted,
  serviceClient,
} from './security.js';
import './locals.js';
import { requestLog } from '../lib/request-log.js';

export type GatewaySettings = Pick<
  GatewayOwnConfig,
  | 'allowedOrigins'
  | 'allowedHosts'
  | 'proxyToken'
  | 'rateLimitPerMinute'
  | 'trustProxy'
  | 'cacheMaxEntries'
  | 'cacheMaxBytes'
  | 'cacheTtl'
>;

export interface GatewayDeps {
  source: PolicySource;
  settings: GatewaySettings;
  /** Second level (SQLite, or Redis shared by replicas); null keeps the cache in memory only. */
  store?: SecondLevel | null;
  /** Single-flight across replicas (REDIS_URL). */
  flight?: Flight;
  /** Drops from the cache told to the other replicas (REDIS_URL). */
  bus?: InvalidationBus;
  /** "Check again" marks shared by replicas (REDIS_URL); default this process's own. */
  recheckMarks?: RecheckMarks;
  /** The embedded service's "record stored" event: answers about a domain are dropped when its record is stored. */
  onRecordStored?: RecordStoredEvents;
  /** The rate limiter's counters when replicas share them (rate-limit-redis); default in memory. */
  rateLimitStore?: Store;
  /** Where the identities told apart per address outlive a restart (the cache file); default memory. */
  slotStore?: SlotStore | null;
  /** What /healthz reports besides the gateway itself (Redis, when shared). */
  dependencies?: Dependencies;
  clock?: Clock;
  logger?: Logger;
  /** Lifetimes overriding the configured ones (tests: milliseconds rather than CACHE_*_SECONDS). */
  ttl?: Partial<Ttls>;
  version?: string;
  /** The built web app's folder; default the build's (web-dir.ts), null for none. */
  webDir?: string | null;
}

export interface GatewayApp {
  /** The Express app: a request listener for node:http's createServer. */
  readonly app: Express;
  readonly cache: ResponseCache;
  readonly metrics: GatewayMetrics;
  /** Domain documents from the source; held reads, early answers and "Check again". */
  readonly held: HeldReads;
  /** Stops listening to the service's events. */
  close(): void;
}

export function createGatewayApp(deps: GatewayDeps): GatewayApp {
  const clock = deps.clock ?? systemClock;
  const ttl: Ttls = { ...deps.settings.cacheTtl, ...deps.ttl };
  // The gauges read the cache's size when scraped; the cache tells each result as it comes.
  const metrics = createMetrics({ source: deps.source, cacheSize: () => cache.size, cacheBytes: () => cache.bytes });
  const cache = createCache(deps, ttl.foundMs, clock, metrics);
  const held = new HeldReads({
    source: deps.source,
    cache,
    ttl,
    clock,
    marks: deps.recheckMarks,
    onRecordStored: deps.onRecordStored,
    flight: deps.flight,
    logger: deps.logger,
  });
  const pseudonym = serviceClient();
  const ctx: RouteContext = {
    source: deps.source,
    cache,
    loader: new BatchLoader(sourceChunks(deps.source, (d, client) => held.cached('lookup', d, client))),
    ttl,
    metrics,
    log: deps.logger,
    held,
    clientOf: (res) => pseudonym(res.locals.client),
  };
  const app = express();
  configure(app, deps.settings.trustProxy);
  mountGuards(app, deps, clock);
  mountRoutes(app, ctx, opsDeps(deps, cache, metrics, clock));
  app.use(notFound);
  app.use(errorHandler(deps.logger));
  return { app, cache, metrics, held, close: () => held.close() };
}

function createCache(deps: GatewayDeps, defaultTtlMs: number, clock: Clock, metrics: GatewayMetrics): ResponseCache {
  return new ResponseCache({
    maxEntries: deps.settings.cacheMaxEntries,
    maxBytes: deps.settings.cacheMaxBytes,
    defaultTtlMs,
    store: deps.store ?? null,
    flight: deps.flight,
    bus: deps.bus,
    clock,
    logger: deps.logger,
    onResult: (s) => metrics.cache(s),
  });
}

function opsDeps(deps: GatewayDeps, cache: ResponseCache, metrics: GatewayMetrics, clock: Clock): OpsDeps {
  const store = deps.store ?? null;
  return {
    source: deps.source,
    cache,
    metrics,
    version: deps.version ?? SERVICE_VERSION,
    startedAt: clock.now(),
    now: () => clock.now(),
    sharedCache: store?.shared ?? false,
    counted: countedFigures(deps.source, store, clock),
  };
}

function configure(app: Express, trustProxy: number): void {
  // TRUST_PROXY is a hop count, never `true` (LIBRARIES "inbound limits"): req.ip and req.secure follow it.
  app.set('trust proxy', trustProxy);
  // Cached answers carry their own precomputed ETag; Express would hash every body again.
  app.set('etag', false);
  app.disable('x-powered-by');
}

/** Logging, security headers and the guards, in the order they must run; the web page before the access guard. */
function mountGuards(app: Express, deps: GatewayDeps, clock: Clock): void {
  const s = deps.settings;
  // First, so every answer that is not a success is logged, the security middleware's refusals included.
  if (deps.logger) app.use(requestLog(deps.logger));
  app.use((_req, res, next) => {
    res.locals.startedAt = performance.now();
    next();
  });
  app.use(securityHeaders());
  app.use(strictHttp);
  app.use(hostGuard(s.allowedHosts));
  app.use(corsUnlessOwnPage(corsMiddleware(s.allowedOrigins)));
  app.use('/healthz', healthRouter(deps.dependencies));
  app.use(identifyClient(s.proxyToken, new IdentitySlots(deps.slotStore ?? null, () => clock.now())));
  const skip = (req: Request) => !isWebPath(req.path) && refusedUncounted(req);
  app.use(
    rateLimiter(s.rateLimitPerMinute, {
      keyGenerator: clientKey,
      skip,
      store: deps.rateLimitStore,
      logger: deps.logger,
    }),
  );
  // The web app's static page and assets: no custom header on a navigation (own-page.ts).
  app.use(webRouter(deps.webDir === undefined ? builtWebDir() : deps.webDir));
  app.use(accessGuard(s.proxyToken));
}

/**
 * Routers hold their full paths and are mounted at the root: no prefix to strip and put back
 * per request. The single lookup, nearly every request, is the first route tried.
 */
function mountRoutes(app: Express, ctx: RouteContext, ops: OpsDeps): void {
  app.use(domainRouter(ctx), searchRouter(ctx), batchRouter(ctx), checkRouter(ctx));
  app.use(previewRouter(ctx), statsRouter(ctx), recheckRouter(ctx), opsRouter(ops));
}

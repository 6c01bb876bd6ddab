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
 */
import express, { type Express } from 'express';
import type { Store } from 'express-rate-limit';
import { systemClock, type Clock } from '../lib/clock.js';
import { errorHandler, notFound } from '../lib/http/errors.js';
import { hostGuard } from '../lib/http/host-guard.js';
import { securityHeaders } from '../lib/http/security.js';
import type { Logger } from '../lib/logger.js';
import { SERVICE_VERSION } from '../service/version.js';
import { toBatchItem } from '../upstream/batch-of-one.js';
import type { PolicySource } from '../upstream/policy-source.js';
import type { DomainPolicy } from '../../shared/schemas.js';
import { BatchLoader } from './batch-loader.js';
import type { GatewayConfig, Ttls } from './config.js';
import { createMetrics, type GatewayMetrics } from './metrics.js';
import { ResponseCache, type Flight, type SecondLevel } from './response-cache.js';
import { batchRouter } from './routes/batch.js';
import type { RouteContext } from './routes/context.js';
import { domainRouter } from './routes/domain.js';
import { countedFigures, healthRouter, opsRouter, type OpsDeps } from './routes/ops.js';
import { previewRouter } from './routes/preview.js';
import { loadDomainRead } from './routes/reads.js';
import { searchRouter } from './routes/search.js';
import { accessGuard, clientKey, corsMiddleware, identifyClient, rateLimiter } from './security.js';
import './locals.js';
import { requestLog } from '../lib/request-log.js';

export type GatewaySettings = Pick<
  GatewayConfig,
  'allowedOrigins' | 'allowedHosts' | 'proxyToken' | 'rateLimitPerMinute' | 'trustProxy' | 'cacheMaxEntries' | 'cacheMaxBytes' | 'cacheTtl'
>;

export interface GatewayDeps {
  source: PolicySource;
  settings: GatewaySettings;
  /** Second level (SQLite, or Redis shared by replicas); null keeps the cache in memory only. */
  store?: SecondLevel | null;
  /** Single-flight across replicas (REDIS_URL). */
  flight?: Flight;
  /** The rate limiter's counters when replicas share them (rate-limit-redis); default in memory. */
  rateLimitStore?: Store;
  clock?: Clock;
  logger?: Logger;
  /** Lifetimes overriding the configured ones (tests: milliseconds rather than CACHE_*_SECONDS). */
  ttl?: Partial<Ttls>;
  version?: string;
}

export interface GatewayApp {
  /** The Express app: a request listener for node:http's createServer. */
  readonly app: Express;
  readonly cache: ResponseCache;
  readonly metrics: GatewayMetrics;
}

export function createGatewayApp(deps: GatewayDeps): GatewayApp {
  const clock = deps.clock ?? systemClock;
  const store = deps.store ?? null;
  const ttl: Ttls = { ...deps.settings.cacheTtl, ...deps.ttl };
  let metrics: GatewayMetrics | undefined;
  const cache = new ResponseCache({
    maxEntries: deps.settings.cacheMaxEntries,
    maxBytes: deps.settings.cacheMaxBytes,
    defaultTtlMs: ttl.foundMs,
    store,
    flight: deps.flight,
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
  const ctx: RouteContext = { source: deps.source, cache, loader, ttl, metrics, log: deps.logger };
  const ops: OpsDeps = {
    source: deps.source,
    cache,
    metrics,
    version: deps.version ?? SERVICE_VERSION,
    startedAt: clock.now(),
    now: () => clock.now(),
    sharedCache: store?.shared ?? false,
    counted: countedFigures(deps.source, store, clock),
  };
  const s = deps.settings;

  const app = express();
  // TRUST_PROXY is a hop count, never `true` (LIBRARIES "inbound limits"): req.ip and req.secure follow it.
  app.set('trust proxy', s.trustProxy);
  // Cached answers carry their own precomputed ETag; Express would hash every body again.
  app.set('etag', false);
  app.disable('x-powered-by');

  // First, so every answer that is not a success is logged, the security middleware's refusals included.
  if (deps.logger) app.use(requestLog(deps.logger));
  app.use((_req, res, next) => {
    res.locals.startedAt = performance.now();
    next();
  });
  app.use(securityHeaders());
  app.use(hostGuard(s.allowedHosts));
  app.use(corsMiddleware(s.allowedOrigins));
  app.use('/healthz', healthRouter());
  app.use(identifyClient(s.proxyToken));
  app.use(rateLimiter(s.rateLimitPerMinute, { keyGenerator: clientKey, store: deps.rateLimitStore, logger: deps.logger }));
  app.use(accessGuard(s.proxyToken));

  // Routers hold their full paths and are mounted at the root: no prefix to strip and put
  // back per request. The single lookup, nearly every request, is the first route tried.
  app.use(domainRouter(ctx), searchRouter(ctx), batchRouter(ctx), previewRouter(ctx), opsRouter(ops));

  app.use(notFound);
  app.use(errorHandler(deps.logger));
  return { app, cache, metrics };
}

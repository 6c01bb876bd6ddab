/**
 * Operations: /healthz (no header needed: load balancers and `curl` probe it), /status
 * (mode, version, cache figures, upstream quota, features) and /metrics (Prometheus text).
 */
import { Router, type Response } from 'express';
import { atMostEvery, type Clock } from '../../lib/clock.js';
import { methodNotAllowed } from '../../lib/http/errors.js';
import type { LookupService, ServiceStatus } from '../../service/api.js';
import type { PolicySource } from '../../upstream/policy-source.js';
import { timed } from '../respond.js';
import type { GatewayMetrics } from '../metrics.js';
import type { ResponseCache, SecondLevel } from '../response-cache.js';
import { BATCH_MAX } from './batch.js';

export interface OpsDeps {
  source: PolicySource;
  cache: ResponseCache;
  metrics: GatewayMetrics;
  version: string;
  startedAt: number;
  now: () => number;
  /** The cache's second level is shared with other replicas (Redis). */
  sharedCache: boolean;
  /** The figures that cost a COUNT query (see countedFigures). */
  counted: () => Promise<CountedFigures>;
}

export interface CountedFigures {
  /** Answers in the SQLite cache level. */
  persisted: number | null;
  /** The embedded service's registry and queue figures. */
  service: ServiceStatus | null;
}

/** How long /status reuses its counted figures (as the service's /health, HEALTH_TTL_MS). */
export const STATUS_TTL_MS = 1_000;

/** The counted figures, worked out at most once per STATUS_TTL_MS however often /status is asked. */
export function countedFigures(
  source: PolicySource,
  store: SecondLevel | null,
  clock: Clock,
): () => Promise<CountedFigures> {
  const service =
    source.mode === 'embedded' ? (source as PolicySource & { service?: LookupService }).service : undefined;
  // The service's status may be a promise (its registry may be remote): awaited either way.
  return atMostEvery(STATUS_TTL_MS, clock, async () => ({
    persisted: store?.count() ?? null,
    service: service ? await service.status() : null,
  }));
}

const sendJson = (res: Response, value: unknown) => void res.setHeader('Cache-Control', 'no-store').json(value);

/** What the gateway depends on besides itself, up or down (Redis when REDIS_URL is set). */
export type Dependencies = () => Record<string, 'up' | 'down'>;

/**
 * GET /healthz (mounted there, before the rate limiter): no header or token needed, load
 * balancers and `curl` probe it. With Redis, it says whether Redis answers; a replica without it
 * still serves (its own cache and limits), so that is 200 `degraded`, naming what is down.
 */
export function healthRouter(dependencies?: Dependencies): Router {
  const router = Router();
  router
    .route('/')
    .get((_req, res) => {
      const deps = dependencies?.();
      if (!deps) return sendJson(res, { status: 'ok' });
      const down = Object.keys(deps).filter((k) => deps[k] === 'down');
      if (down.length === 0) return sendJson(res, { status: 'ok', dependencies: deps });
      const message = `${down.join(', ')} not answering: this replica serves from its own cache and limits until it is back.`;
      sendJson(res, { status: 'degraded', dependencies: deps, message });
    })
    .all(methodNotAllowed('GET'));
  return router;
}

/** GET /status and /metrics, behind the access guard. */
export function opsRouter(deps: OpsDeps): Router {
  const router = Router();
  router
    .route('/status')
    .get(timed(deps.metrics, 'ops', (_req, res) => serveStatus(deps, res)))
    .all(methodNotAllowed('GET'));
  router
    .route('/metrics')
    .get(timed(deps.metrics, 'ops', (_req, res) => serveMetrics(deps, res)))
    .all(methodNotAllowed('GET'));
  return router;
}

async function serveStatus(deps: OpsDeps, res: Response): Promise<void> {
  // Embedded: the service has the announced surface. Remote: what the upstream was seen to offer.
  const preview = deps.source.previewOffered ? await deps.source.previewOffered() : true;
  const { hits, misses, stale } = deps.metrics.counts();
  const total = hits + misses + stale;
  const counted = await deps.counted();
  const remote = deps.source as PolicySource & { callsInWindow?: () => number | Promise<number> };
  sendJson(res, {
    status: 'ok',
    mode: deps.source.mode,
    version: deps.version,
    uptime_s: Math.round((deps.now() - deps.startedAt) / 1000),
    cache: {
      entries: deps.cache.size,
      bytes: deps.cache.bytes,
      persisted: counted.persisted,
      shared: deps.sharedCache,
      hits,
      misses,
      stale,
      hit_ratio: total === 0 ? null : Math.round((hits / total) * 1000) / 1000,
    },
    upstream:
      deps.source.mode === 'remote'
        ? { quota: deps.source.quota(), calls_in_window: (await remote.callsInWindow?.()) ?? null }
        : null,
    service: counted.service,
    features: { preview, history: preview, search: true, batch_max: BATCH_MAX },
  });
}

async function serveMetrics(deps: OpsDeps, res: Response): Promise<void> {
  const text = await deps.metrics.registry.metrics();
  res.setHeader('Content-Type', deps.metrics.registry.contentType);
  res.setHeader('Cache-Control', 'no-store');
  res.send(text);
}

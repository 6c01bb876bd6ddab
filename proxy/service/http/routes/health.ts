/**
 * GET /health, without a key (the seed leaves health paths open): status, version, queue
 * figures, and whether the database answers. While it does not (store/availability.ts), 503
 * with the error object naming the database and the cause, and `dependencies.database: down`,
 * so a load balancer takes the replica out and a person reads why.
 */
import { Router, type Response } from 'express';
import { atMostEvery } from '../../../lib/clock.js';
import type { LookupService } from '../../api.js';
import type { StoreAvailability } from '../../store/availability.js';
import { SERVICE_VERSION } from '../../version.js';
import { methodNotAllowed } from '../errors.js';
import type { HealthResponse, HealthUnavailable } from '../health-schema.js';
import { storeUnavailable } from '../store-outage.js';

/**
 * The figures are COUNT(*) queries over the registry, and /health needs no key: compute them at
 * most once per HEALTH_TTL_MS, so a flood of health checks costs one count a second whatever
 * the size of the registry.
 */
export const HEALTH_TTL_MS = 1_000;

export interface HealthOptions {
  availability?: StoreAvailability;
  now?: () => number;
}

export function healthRouter(service: LookupService, opts: HealthOptions = {}): Router {
  const router = Router();
  const { availability } = opts;
  const health = atMostEvery(HEALTH_TTL_MS, { now: opts.now ?? Date.now }, async (): Promise<HealthResponse> => {
    const s = await service.status();
    return {
      status: 'ok',
      version: SERVICE_VERSION,
      dependencies: { database: 'up' },
      domains: s.domains,
      audits: s.audits,
      queue: { queued: s.queued, crawling: s.crawling, retrying: s.retrying, workers: s.workers },
    };
  });
  const unavailable = (res: Response, database: string, cause: string) => {
    const e = storeUnavailable(database, cause);
    const body: HealthUnavailable = {
      status: 'unavailable',
      version: SERVICE_VERSION,
      dependencies: { database: 'down' },
      error: e.code,
      message: e.message,
      retry_after: e.retryAfter,
    };
    res.setHeader('Retry-After', String(e.retryAfter));
    res.status(503).json(body);
  };
  router
    .route('/health')
    .get(async (_req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      const down = availability?.outage;
      if (down) return unavailable(res, down.database, down.cause);
      try {
        res.json(await health());
      } catch (err) {
        const cause = availability?.report(err) ?? null;
        if (cause === null) throw err;
        unavailable(res, availability!.database, cause);
      }
    })
    .all(methodNotAllowed('GET'));
  return router;
}

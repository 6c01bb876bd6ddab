/** GET /health, without a key (the seed leaves health paths open): status, version, queue figures. */
import { Router } from 'express';
import { atMostEvery } from '../../../lib/clock.js';
import type { LookupService } from '../../api.js';
import { SERVICE_VERSION } from '../../version.js';
import { methodNotAllowed } from '../errors.js';
import type { HealthResponse } from '../health-schema.js';

/**
 * The figures are COUNT(*) queries over the registry, and /health needs no key: compute them at
 * most once per HEALTH_TTL_MS, so a flood of health checks costs one count a second whatever
 * the size of the registry.
 */
export const HEALTH_TTL_MS = 1_000;

export function healthRouter(service: LookupService, now: () => number = Date.now): Router {
  const router = Router();
  const health = atMostEvery(HEALTH_TTL_MS, { now }, async (): Promise<HealthResponse> => {
    const s = await service.status();
    return {
      status: 'ok',
      version: SERVICE_VERSION,
      domains: s.domains,
      audits: s.audits,
      queue: { queued: s.queued, crawling: s.crawling, retrying: s.retrying, workers: s.workers },
    };
  });
  router
    .route('/health')
    .get(async (_req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(await health());
    })
    .all(methodNotAllowed('GET'));
  return router;
}

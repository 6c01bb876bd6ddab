/** GET /health, without a key (the seed leaves health paths open): status, version, queue figures. */
import { Router } from 'express';
import type { LookupService } from '../../api.js';
import { SERVICE_VERSION } from '../../version.js';
import { methodNotAllowed } from '../errors.js';
import type { HealthResponse } from '../health-schema.js';

export function healthRouter(service: LookupService): Router {
  const router = Router();
  router
    .route('/health')
    .get((_req, res) => {
      const s = service.status();
      res.setHeader('Cache-Control', 'no-store');
      const body: HealthResponse = {
        status: 'ok',
        version: SERVICE_VERSION,
        domains: s.domains,
        audits: s.audits,
        queue: { queued: s.queued, crawling: s.crawling, workers: s.workers },
      };
      res.json(body);
    })
    .all(methodNotAllowed('GET'));
  return router;
}

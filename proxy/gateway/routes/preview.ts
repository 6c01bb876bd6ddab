/**
 * The announced surface's per-domain reads (/preview/v1): GET /policy/{domain},
 * /policy/{domain}/score and /domain/{domain}/history, served from the cache.
 */
import { Router } from 'express';
import type { RouteContext } from './context.js';
import { mountDomainRead } from './reads.js';

export function previewRouter(ctx: RouteContext): Router {
  const router = Router();
  mountDomainRead(router, ctx, '/preview/v1/policy/:domain', 'policy');
  mountDomainRead(router, ctx, '/preview/v1/policy/:domain/score', 'score');
  mountDomainRead(router, ctx, '/preview/v1/domain/:domain/history', 'history');
  return router;
}

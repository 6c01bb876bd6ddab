/**
 * The announced surface's per-domain reads (/preview/v1): GET /policy/{domain},
 * /policy/{domain}/score and /domain/{domain}/history, served from the cache.
 */
import { Router } from 'express';
import { methodNotAllowed } from '../../lib/http/errors.js';
import { timed } from '../respond.js';
import type { RouteContext } from './context.js';
import { domainRead } from './reads.js';

export function previewRouter(ctx: RouteContext): Router {
  const router = Router();
  router
    .route('/preview/v1/policy/:domain')
    .get(timed(ctx.metrics, 'policy', domainRead(ctx, 'policy')))
    .all(methodNotAllowed('GET'));
  router
    .route('/preview/v1/policy/:domain/score')
    .get(timed(ctx.metrics, 'score', domainRead(ctx, 'score')))
    .all(methodNotAllowed('GET'));
  router
    .route('/preview/v1/domain/:domain/history')
    .get(timed(ctx.metrics, 'history', domainRead(ctx, 'history')))
    .all(methodNotAllowed('GET'));
  return router;
}

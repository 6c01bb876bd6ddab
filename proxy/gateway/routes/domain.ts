/** GET /v1/domain/{domain} and /v1/domain/{domain}/full (seed), served from the cache. */
import { Router } from 'express';
import { methodNotAllowed } from '../../lib/http/errors.js';
import { timed } from '../respond.js';
import type { RouteContext } from './context.js';
import { domainRead } from './reads.js';

export function domainRouter(ctx: RouteContext): Router {
  const router = Router();
  router
    .route('/v1/domain/:domain')
    .get(timed(ctx.metrics, 'lookup', domainRead(ctx, 'lookup')))
    .all(methodNotAllowed('GET'));
  router
    .route('/v1/domain/:domain/full')
    .get(timed(ctx.metrics, 'full', domainRead(ctx, 'full')))
    .all(methodNotAllowed('GET'));
  return router;
}

/** GET /v1/domain/{domain} and /v1/domain/{domain}/full (seed), served from the cache. */
import { Router } from 'express';
import type { RouteContext } from './context.js';
import { mountDomainRead } from './reads.js';

export function domainRouter(ctx: RouteContext): Router {
  const router = Router();
  mountDomainRead(router, ctx, '/v1/domain/:domain', 'lookup');
  mountDomainRead(router, ctx, '/v1/domain/:domain/full', 'full');
  return router;
}

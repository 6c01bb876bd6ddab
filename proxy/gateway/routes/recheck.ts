/**
 * POST /v1/domain/{domain}/recheck, "Check again", the lookup service's own
 * endpoint through the gateway, behind the same guards as every path (Host, CORS for extension
 * origins, the access header, the token, the per-client rate limit). A new crawl of the domain
 * is asked for at most once a minute per domain: 202 `{domain, accepted: true, retry_after}`,
 * or, refused, 200 `{domain, accepted: false, retry_after}` with Retry-After. A refusal is an
 * answer, not an error (as the service: a 429 would read as the client's own limit). The
 * request has no body; one sent is not read.
 */
import { Router } from 'express';
import { methodNotAllowed } from '../../lib/http/errors.js';
import { timed } from '../respond.js';
import { domainFromPath, type RouteContext } from './context.js';

export function recheckRouter(ctx: RouteContext): Router {
  const router = Router();
  if (!ctx.held.offersRecheck) return router;
  router
    .route('/v1/domain/:domain/recheck')
    .post(
      timed(ctx.metrics, 'recheck', async (req, res) => {
        const param = req.params.domain;
        const domain = domainFromPath(typeof param === 'string' ? param : '');
        const result = await ctx.held.recheck(domain, ctx.clientOf(res));
        res.setHeader('Cache-Control', 'no-store');
        if (!result.accepted) res.setHeader('Retry-After', String(result.retry_after));
        res.status(result.accepted ? 202 : 200).json(result);
      }),
    )
    .all(methodNotAllowed('POST'));
  return router;
}

/**
 * GET /preview/v1/stats: the announced surface's statistics of the registry, which the web
 * app's overview draws. Cached like search pages (CACHE_SEARCH_SECONDS): one answer for every
 * visitor, however many open the page. A source without statistics (an upstream without the
 * announced surface) is a 404 that says so, never cached: the upstream may gain it.
 */
import { Router } from 'express';
import { methodNotAllowed } from '../../lib/http/errors.js';
import { HttpError } from '../../lib/http-error.js';
import { sendCached, timed } from '../respond.js';
import type { RouteContext } from './context.js';

export const STATS_KEY = 'stats';
export const NO_STATS = 'The lookup service behind this gateway publishes no statistics (it has no announced surface).';

export function statsRouter(ctx: RouteContext): Router {
  const router = Router();
  router
    .route('/preview/v1/stats')
    .get(
      timed(ctx.metrics, 'stats', async (req, res) => {
        const answer = await ctx.cache.get(STATS_KEY, async () => {
          const value = (await ctx.source.stats?.({ client: ctx.clientOf(res) })) ?? null;
          if (value === null) throw new HttpError(404, 'not_found', NO_STATS);
          return { value, found: true, ttlMs: ctx.ttl.searchMs };
        });
        sendCached(req, res, answer);
      }),
    )
    .all(methodNotAllowed('GET'));
  return router;
}

/**
 * GET /v1/search (seed) by the service's own rules (q at least 2 characters, stance, limit 1
 * to 100 (20), offset (0)) within the gateway's tighter bounds; a repeated parameter is refused
 * as there. Pages are cached for minutes: the registry grows.
 */
import { Router } from 'express';
import { methodNotAllowed } from '../../lib/http/errors.js';
import type { SearchParams } from '../../../shared/api.js';
import { searchQueryChecker } from '../../../shared/params.js';
import { checked } from '../../lib/http/params.js';
import { sendCached, timed } from '../respond.js';
import type { RouteContext } from './context.js';

/** The gateway caches search pages: it takes shorter text and shallower pages than the service. */
const checkSearch = searchQueryChecker({ maxQ: 200, maxOffset: 10_000 });
export const parseSearch = (query: unknown): SearchParams => checked(checkSearch(query));

export function searchRouter(ctx: RouteContext): Router {
  const router = Router();
  router
    .route('/v1/search')
    .get(
      timed(ctx.metrics, 'search', async (req, res) => {
        const params = parseSearch(req.query);
        const key = `q:${JSON.stringify([params.q, params.stance ?? '', params.limit, params.offset])}`;
        const answer = await ctx.cache.get(key, async () => ({
          value: await ctx.source.search(params),
          found: true,
          ttlMs: ctx.ttl.searchMs,
        }));
        sendCached(req, res, answer);
      }),
    )
    .all(methodNotAllowed('GET'));
  return router;
}

/**
 * One cacheable document about one domain: the seed's GET /v1/domain/{domain} and /full, and
 * the announced surface's policy, score and history. The domain is validated before the cache
 * is touched; the routers (domain.ts, preview.ts) mount these.
 *
 * A read with RFC 7240 `Prefer: wait=N` may be held (held/index.ts decides): the answer then
 * says `Preference-Applied: wait=N`, and every answer `Vary: Prefer` (section 2: it depends on
 * the preference).
 */
import type { Request, Response, Router } from 'express';
import type { Domain } from '../../../shared/domain.js';
import { methodNotAllowed } from '../../lib/http/errors.js';
import { keyOf, type DomainRead } from '../domain-keys.js';
import { sendCached, timed, type RouteWork } from '../respond.js';
import { domainFromPath, type RouteContext } from './context.js';

export type { DomainRead };

/**
 * Serves one domain document (the `:domain` path parameter) from the cache, asking the source
 * on a miss. A fresh hit is answered synchronously, the path nearly every request takes.
 */
export function domainRead(ctx: RouteContext, kind: DomainRead): RouteWork {
  return (req, res) => {
    const param = req.params.domain;
    const domain = domainFromPath(typeof param === 'string' ? param : '');
    const key = keyOf(kind, domain);
    res.vary('Prefer');
    const waitS = ctx.held.waitOf(req.headers.prefer);
    if (waitS) return heldRead(ctx, kind, domain, waitS, req, res);
    const fresh = ctx.cache.fresh(key);
    if (fresh) return sendCached(req, res, { entry: fresh, state: fresh.staleReason ? 'STALE' : 'HIT' });
    return ctx.cache
      .get(key, () => ctx.held.load(kind, domain, ctx.clientOf(res)))
      .then((a) => sendCached(req, res, a));
  };
}

/** A read with `Prefer: wait=waitS`: held while the record is not there yet. */
async function heldRead(
  ctx: RouteContext,
  kind: DomainRead,
  domain: Domain,
  waitS: number,
  req: Request,
  res: Response,
): Promise<void> {
  const gone = new AbortController();
  res.once('close', () => gone.abort());
  const { answer, held } = await ctx.held.answer(kind, domain, waitS, gone.signal, ctx.clientOf(res));
  if (held) {
    res.locals.route = 'held';
    res.setHeader('Preference-Applied', `wait=${waitS}`);
  }
  sendCached(req, res, answer);
}

/** Mounts GET `path` (with a `:domain` parameter) serving the `kind` document; other methods get 405. */
export function mountDomainRead(router: Router, ctx: RouteContext, path: string, kind: DomainRead): void {
  router
    .route(path)
    .get(timed(ctx.metrics, kind, domainRead(ctx, kind)))
    .all(methodNotAllowed('GET'));
}

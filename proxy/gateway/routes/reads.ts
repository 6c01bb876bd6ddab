/**
 * One cacheable document about one domain: the seed's GET /v1/domain/{domain} and /full, and
 * the announced surface's policy, score and history. The domain is validated before the cache
 * is touched; the routers (domain.ts, preview.ts) mount these.
 */
import type { Router } from 'express';
import type { Domain } from '../../../shared/domain.js';
import { methodNotAllowed } from '../../lib/http/errors.js';
import type { PolicySource } from '../../upstream/policy-source.js';
import { sendCached, timed, type RouteWork } from '../respond.js';
import type { Loaded } from '../response-cache.js';
import type { Ttls } from '../config.js';
import { domainFromPath, type RouteContext } from './context.js';

export type DomainRead = 'lookup' | 'full' | 'policy' | 'score' | 'history';

const PREFIX: Record<DomainRead, string> = { lookup: 'l:', full: 'f:', policy: 'p:', score: 's:', history: 'h:' };

/** Asks the source for one domain document, with the lifetime its answer earns. */
export async function loadDomainRead(source: PolicySource, kind: DomainRead, domain: Domain, ttl: Ttls): Promise<Loaded> {
  const value: unknown = await source[kind](domain);
  // Unknown domains answer {found: false, queued: true}; found documents of the announced
  // surface carry no `found` field at all.
  const found = (value as { found?: boolean }).found !== false;
  return { value, found, ttlMs: found ? ttl.foundMs : ttl.queuedMs };
}

/**
 * Serves one domain document (the `:domain` path parameter) from the cache, asking the source
 * on a miss. A fresh hit is answered synchronously, the path nearly every request takes.
 */
export function domainRead(ctx: RouteContext, kind: DomainRead): RouteWork {
  return (req, res) => {
    const param = req.params.domain;
    const domain = domainFromPath(typeof param === 'string' ? param : '');
    const key = PREFIX[kind] + domain;
    const fresh = ctx.cache.fresh(key);
    if (fresh) return sendCached(req, res, { entry: fresh, state: fresh.staleReason ? 'STALE' : 'HIT' });
    return ctx.cache.get(key, () => loadDomainRead(ctx.source, kind, domain, ctx.ttl)).then((a) => sendCached(req, res, a));
  };
}

/** Mounts GET `path` (with a `:domain` parameter) serving the `kind` document; other methods get 405. */
export function mountDomainRead(router: Router, ctx: RouteContext, path: string, kind: DomainRead): void {
  router.route(path).get(timed(ctx.metrics, kind, domainRead(ctx, kind))).all(methodNotAllowed('GET'));
}

/**
 * One cacheable document about one domain: the seed's GET /v1/domain/{domain} and /full, and
 * the announced surface's policy, score and history. The domain is validated before the cache
 * is touched; the routers (domain.ts, preview.ts) mount these.
 *
 * RFC 7240 `Prefer: wait=N` (issue 11 part 1): a client that would rather wait up to N seconds
 * (at most 10, as the service) than get `found: false, queued: true` is held until the record
 * exists, or, after an accepted "Check again", until the check's result is stored; the answer
 * says `Preference-Applied: wait=N` when it was held, and every answer `Vary: Prefer` (section
 * 2: it depends on the preference). A read whose answer is already final is not held.
 */
import type { Request, Response, Router } from 'express';
import type { Domain } from '../../../shared/domain.js';
import { methodNotAllowed } from '../../lib/http/errors.js';
import { preferredWait } from '../../lib/http/prefer.js';
import type { PolicySource } from '../../upstream/policy-source.js';
import { lifetimeOf, type Ttls } from '../config.js';
import { keyOf, type DomainRead } from '../domain-keys.js';
import { sendCached, timed, type RouteWork } from '../respond.js';
import type { CacheAnswer, Loaded } from '../response-cache.js';
import { domainFromPath, type RouteContext } from './context.js';

export type { DomainRead };

/** Asks the source for one domain document, with the lifetime its answer earns. */
export async function loadDomainRead(source: PolicySource, kind: DomainRead, domain: Domain, ttl: Ttls, client?: string): Promise<Loaded> {
  const value: unknown = await source[kind](domain, client === undefined ? undefined : { client });
  // Unknown domains answer {found: false, queued: true}; found documents of the announced
  // surface carry no `found` field at all.
  const found = (value as { found?: boolean }).found !== false;
  return { value, found, ttlMs: lifetimeOf(ttl, value, found) };
}

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
    const prefer = req.headers.prefer;
    const waitS = prefer === undefined || ctx.watch === null ? undefined : preferredWait(Array.isArray(prefer) ? prefer.join(',') : prefer);
    if (waitS) return heldRead(ctx, kind, domain, waitS, req, res);
    const fresh = ctx.cache.fresh(key);
    if (fresh) return sendCached(req, res, { entry: fresh, state: fresh.staleReason ? 'STALE' : 'HIT' });
    return ctx.cache.get(key, () => ctx.load(kind, domain, ctx.clientOf(res))).then((a) => sendCached(req, res, a));
  };
}

/** A read with `Prefer: wait=waitS`: held while the record is not there yet (see the module comment). */
async function heldRead(ctx: RouteContext, kind: DomainRead, domain: Domain, waitS: number, req: Request, res: Response): Promise<void> {
  const gone = new AbortController();
  res.once('close', () => gone.abort());
  const { answer, held } = await heldAnswer(ctx, kind, domain, waitS, gone.signal, ctx.clientOf(res));
  if (held) {
    res.locals.route = 'held';
    res.setHeader('Preference-Applied', `wait=${waitS}`);
  }
  sendCached(req, res, answer);
}

/**
 * The cached answer of one domain document, held up to `waitS` seconds while the domain has no
 * record yet or a check of it is pending (RecordWatch.wait); `held` says whether it waited. Used
 * by the domain reads and by POST /v1/check for each domain it names.
 */
export async function heldAnswer(
  ctx: RouteContext,
  kind: DomainRead,
  domain: Domain,
  waitS: number,
  signal: AbortSignal,
  client: string,
): Promise<{ answer: CacheAnswer; held: boolean }> {
  const watch = ctx.watch!;
  const key = keyOf(kind, domain);
  const read = () => ctx.cache.get(key, () => ctx.load(kind, domain, client));
  let answer: CacheAnswer = await read();
  if (answer.entry.found && !(await watch.rechecking(domain))) return { answer, held: false };
  if (await watch.wait(domain, waitS * 1000, signal, kind)) {
    answer = await read();
    // The record exists: a queued answer still cached here is out of date, whatever kept it.
    if (!answer.entry.found) {
      await ctx.cache.invalidate([key], true);
      answer = await read();
    }
  }
  return { answer, held: true };
}

/** Mounts GET `path` (with a `:domain` parameter) serving the `kind` document; other methods get 405. */
export function mountDomainRead(router: Router, ctx: RouteContext, path: string, kind: DomainRead): void {
  router.route(path).get(timed(ctx.metrics, kind, domainRead(ctx, kind))).all(methodNotAllowed('GET'));
}

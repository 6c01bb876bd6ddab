/**
 * The read endpoints that answer one cacheable document: the seed's GET /v1/domain/{domain},
 * /v1/domain/{domain}/full and /v1/search, and the announced surface's policy, score and
 * history under /preview/v1. Input is validated before the cache is touched.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Domain } from '../../../shared/domain.js';
import { LIMITS, STANCES, type Stance } from '../../../shared/values.js';
import { HttpError } from '../../lib/http-error.js';
import type { SearchParams } from '../../service/api.js';
import type { PolicySource } from '../../upstream/policy-source.js';
import { sendCached } from '../http.js';
import type { Loaded } from '../response-cache.js';
import type { RouteContext, Ttls } from './context.js';

export type DomainRead = 'lookup' | 'full' | 'policy' | 'score' | 'history';

const PREFIX: Record<DomainRead, string> = { lookup: 'l:', full: 'f:', policy: 'p:', score: 's:', history: 'h:' };

const call = (source: PolicySource, kind: DomainRead, d: Domain): Promise<unknown> => source[kind](d);

/**
 * Serves one domain document from the cache, asking the source on a miss. A fresh hit is
 * answered synchronously (no promise), the path nearly every request takes.
 */
export function serveDomainRead(ctx: RouteContext, kind: DomainRead, domain: Domain, req: IncomingMessage, res: ServerResponse): void | Promise<void> {
  const key = PREFIX[kind] + domain;
  const fresh = ctx.cache.fresh(key);
  if (fresh) return sendCached(req, res, { entry: fresh, state: fresh.staleReason ? 'STALE' : 'HIT' });
  return ctx.cache.get(key, () => loadDomainRead(ctx.source, kind, domain, ctx.ttl)).then((a) => sendCached(req, res, a));
}

/** Asks the source for one domain document, with the lifetime its answer earns. */
export async function loadDomainRead(source: PolicySource, kind: DomainRead, domain: Domain, ttl: Ttls): Promise<Loaded> {
  const value = await call(source, kind, domain);
  // Unknown domains answer {found: false, queued: true}; found documents of the announced
  // surface carry no `found` field at all.
  const found = (value as { found?: boolean }).found !== false;
  return { value, found, ttlMs: found ? ttl.foundMs : ttl.queuedMs };
}

const MAX_Q = 200;
const MAX_OFFSET = 10_000;

function intParam(v: string | null, name: string, fallback: number, min: number, max: number): number {
  if (v === null || v === '') return fallback;
  if (!/^\d{1,6}$/.test(v)) throw new HttpError(400, 'invalid_params', `${name} must be a whole number from ${min} to ${max}.`);
  const n = Number(v);
  if (n < min || n > max) throw new HttpError(400, 'invalid_params', `${name} must be a whole number from ${min} to ${max}.`);
  return n;
}

/** Seed "GET /v1/search": q (at least 2 characters), stance, limit 1 to 100 (20), offset (0). */
export function parseSearch(query: string): SearchParams {
  const p = new URLSearchParams(query);
  const q = (p.get('q') ?? '').trim();
  if (q.length < LIMITS.searchQMin || q.length > MAX_Q)
    throw new HttpError(400, 'invalid_params', `q must be ${LIMITS.searchQMin} to ${MAX_Q} characters.`);
  const stance = p.get('stance');
  if (stance !== null && stance !== '' && !(STANCES as readonly string[]).includes(stance))
    throw new HttpError(400, 'invalid_params', `stance must be one of ${STANCES.join(', ')}.`);
  return {
    q,
    ...(stance ? { stance: stance as Stance } : {}),
    limit: intParam(p.get('limit'), 'limit', LIMITS.searchLimitDefault, 1, LIMITS.searchLimitMax),
    offset: intParam(p.get('offset'), 'offset', 0, 0, MAX_OFFSET),
  };
}

export async function serveSearch(ctx: RouteContext, query: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const params = parseSearch(query);
  const key = `q:${JSON.stringify([params.q, params.stance ?? '', params.limit, params.offset])}`;
  const answer = await ctx.cache.get(key, async () => ({ value: await ctx.source.search(params), found: true, ttlMs: ctx.ttl.searchMs }));
  sendCached(req, res, answer);
}

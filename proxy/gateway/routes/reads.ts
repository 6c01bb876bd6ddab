/**
 * The read endpoints that answer one cacheable document: the seed's GET /v1/domain/{domain},
 * /v1/domain/{domain}/full and /v1/search, and the announced surface's policy, score and
 * history under /preview/v1. Input is validated before the cache is touched.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Domain } from '../../../shared/domain.js';
import type { SearchParams } from '../../service/api.js';
import { searchParser } from '../../service/http/params.js';
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

/** The gateway caches search pages: it takes shorter text and shallower pages than the service. */
const gatewaySearch = searchParser({ maxQ: 200, maxOffset: 10_000 });

/**
 * Seed "GET /v1/search" by the service's own rules (q at least 2 characters, stance, limit 1
 * to 100 (20), offset (0)) within the gateway's bounds; a repeated parameter is refused as there.
 */
export function parseSearch(query: string): SearchParams {
  const raw: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(query)) {
    const had = raw[k];
    raw[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return gatewaySearch(raw);
}

export async function serveSearch(ctx: RouteContext, query: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const params = parseSearch(query);
  const key = `q:${JSON.stringify([params.q, params.stance ?? '', params.limit, params.offset])}`;
  const answer = await ctx.cache.get(key, async () => ({ value: await ctx.source.search(params), found: true, ttlMs: ctx.ttl.searchMs }));
  sendCached(req, res, answer);
}

/**
 * POST /v1/batch and its alias /v1/compare (seed), without the seed's 2-to-25 bound for
 * browsers: 1 to BATCH_MAX domains per request. Cached domains are answered from the cache
 * (a batch item, or one derived from a cached single lookup); only the misses go upstream,
 * grouped by the BatchLoader into chunks of at most 25, a lone miss through the single lookup.
 *
 * BATCH_MAX is 500: a body of 500 typical names (about 20 characters each) is ~12 KiB, well
 * inside the 64 KiB body cap (express.json, proxy/lib/http/security.ts); 500 misses are 20 upstream calls, a tenth of
 * the seed's minute,
 * so one request cannot exhaust the quota for everyone else. Duplicates are answered once.
 * If a miss cannot be fetched and no stale copy exists, the request fails with that error
 * (the seed has no partial-failure shape); the answers already fetched stay cached.
 */
import { Router, type Response } from 'express';
import type { Domain } from '../../../shared/domain.js';
import { checkBatchBody } from '../../../shared/params.js';
import type { DomainPolicy } from '../../../shared/schemas.js';
import { checked } from '../../lib/http/params.js';
import { methodNotAllowed } from '../../lib/http/errors.js';
import { jsonBody, requireJson } from '../../lib/http/security.js';
import { toBatchItem } from '../../upstream/batch-of-one.js';
import { timed } from '../respond.js';
import type { CacheAnswer, CacheEntry, CacheState } from '../response-cache.js';
import type { RouteContext } from './context.js';

export const BATCH_MAX = 500;

/** The seed's batch body with the gateway's own bound (1 to BATCH_MAX), by the rule the service uses (shared/params.ts). */
export const parseBatchBody = (body: unknown): Domain[] => checked(checkBatchBody(body, 1, BATCH_MAX));

/** A batch item from a cached single lookup (same shape the upstream batch gives). */
function fromLookup(entry: CacheEntry): CacheEntry {
  if (!entry.found) return entry;
  const body = Buffer.from(
    JSON.stringify(toBatchItem(JSON.parse(entry.body.toString('utf8')) as Extract<DomainPolicy, { found: true }>)),
  );
  return { ...entry, body };
}

export function batchRouter(ctx: RouteContext): Router {
  const router = Router();
  for (const path of ['/v1/batch', '/v1/compare']) {
    router
      .route(path)
      .post(
        requireJson,
        jsonBody(),
        timed(ctx.metrics, 'batch', (req, res) => serveBatch(ctx, parseBatchBody(req.body), res)),
      )
      .all(methodNotAllowed('POST'));
  }
  return router;
}

async function serveBatch(ctx: RouteContext, domains: Domain[], res: Response): Promise<void> {
  let id: string | undefined;
  const client = () => (id ??= ctx.clientOf(res));
  const answers = await Promise.all(
    domains.map(async (d): Promise<CacheAnswer> => {
      const item = ctx.cache.fresh(`b:${d}`);
      if (item) return { entry: item, state: item.staleReason ? 'STALE' : 'HIT' };
      const single = ctx.cache.fresh(`l:${d}`);
      if (single) return { entry: fromLookup(single), state: single.staleReason ? 'STALE' : 'HIT' };
      return ctx.cache.get(`b:${d}`, async () => {
        const found = await ctx.loader.load(d, client());
        return found
          ? { value: found, found: true, ttlMs: ctx.ttl.foundMs }
          : { value: d, found: false, ttlMs: ctx.ttl.queuedMs };
      });
    }),
  );

  const parts: Buffer[] = [OPEN];
  const notFound: string[] = [];
  let state: CacheState = 'HIT';
  let staleReason: string | undefined;
  answers.forEach((a, i) => {
    if (a.entry.found) {
      if (parts.length > 1) parts.push(COMMA);
      parts.push(a.entry.body);
    } else notFound.push(domains[i]!);
    if (a.state === 'STALE') {
      state = 'STALE';
      staleReason ??= a.entry.staleReason ?? 'refreshing';
    } else if (a.state === 'MISS' && state === 'HIT') state = 'MISS';
  });
  parts.push(MIDDLE, Buffer.from(JSON.stringify(notFound)), CLOSE);
  const body = Buffer.concat(parts);
  const headers = [
    'Content-Type',
    'application/json; charset=utf-8',
    'Content-Length',
    String(body.length),
    'Cache-Control',
    'no-store',
    'X-Cache',
    state,
  ];
  if (staleReason) headers.push('X-Stale-Reason', staleReason);
  res.writeHead(200, headers);
  res.end(body);
}

const OPEN = Buffer.from('{"domains":[');
const COMMA = Buffer.from(',');
const MIDDLE = Buffer.from('],"not_found":');
const CLOSE = Buffer.from('}');

/**
 * How gateway routes answer: cached documents written from their stored bytes, and the
 * latency figure of each route. A cached entry holds its serialised body as a Buffer with a
 * precomputed ETag (Express's own etag is off), so a hit serialises and hashes nothing.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { GatewayMetrics, RouteName } from './metrics.js';
import type { CacheAnswer, CacheEntry, CacheState } from './response-cache.js';
import './locals.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The header lines of a fresh hit, built once per cache entry. */
const hitHeaders = new WeakMap<CacheEntry, string[]>();

function entryHeaders(entry: CacheEntry, state: CacheState): string[] {
  const h = ['Content-Type', JSON_TYPE, 'ETag', entry.etag, 'Cache-Control', 'no-cache', 'X-Cache', state];
  if (state === 'STALE') {
    // RFC 9111 obsoleted Warning but clients still understand 110/111; X-Stale-Reason says why.
    h.push('X-Stale-Reason', entry.staleReason ?? 'refreshing');
    h.push('Warning', entry.staleReason ? '111 - "Revalidation Failed"' : '110 - "Response is Stale"');
  }
  return h;
}

/**
 * RFC 9110 section 13.1.2: If-None-Match is `*` or a list of entity tags, compared weakly (a
 * `W/` prefix does not matter). Not Express's `req.fresh`: it follows a request's
 * `Cache-Control: no-cache` as a cache would, and browsers' fetch adds that header to every
 * request carrying If-None-Match, so the extension would never get its 304.
 */
export function noneMatch(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  for (const tag of header.split(',')) {
    const t = tag.trim();
    if (t === etag || t === `W/${etag}`) return true;
  }
  return false;
}

/** Writes a cached answer: the stored bytes and ETag as they are; 304 when If-None-Match matches. */
export function sendCached(req: Request, res: Response, { entry, state }: CacheAnswer): void {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined && noneMatch(inm, entry.etag)) {
    res.writeHead(304, entryHeaders(entry, state));
    return void res.end();
  }
  let h = state === 'HIT' ? hitHeaders.get(entry) : undefined;
  if (h === undefined) {
    h = [...entryHeaders(entry, state), 'Content-Length', String(entry.body.length)];
    if (state === 'HIT') hitHeaders.set(entry, h);
  }
  res.writeHead(200, h);
  res.end(entry.body);
}

/** A route's work, answering `res` itself; a promise when it waits for the source. */
export type RouteWork = (req: Request, res: Response) => void | Promise<void>;

/**
 * An Express handler for `work` that records the request's latency under `route` whether it
 * answers or fails (failures go to the error handler). A fresh hit answers synchronously.
 */
export function timed(metrics: GatewayMetrics, route: RouteName, work: RouteWork): RequestHandler {
  return (req, res, next) => {
    let done: void | Promise<void>;
    try {
      done = work(req, res);
    } catch (e) {
      metrics.request(route, res.locals.startedAt);
      return next(e);
    }
    if (done === undefined) return metrics.request(route, res.locals.startedAt);
    done.then(
      () => metrics.request(route, res.locals.startedAt),
      (e: unknown) => {
        metrics.request(route, res.locals.startedAt);
        next(e);
      },
    );
  };
}

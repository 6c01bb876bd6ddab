/**
 * One evidence request: GET with manual redirects (each hop's host re-resolved and re-checked,
 * schemes limited to http and https), a per-request time limit and a streamed size cap.
 * Never throws: every outcome is a FetchResult value (CONVENTIONS 5).
 */
import { request, type Dispatcher } from 'undici';
import type { FetchFailed, FetchResult } from '../analysis/evidence.js';
import { classifyFailure } from './failure.js';
import { RefusedError } from './guarded-connector.js';
import type { PinnedResolver } from './pinned-resolver.js';
import type { GateStop } from './robots-gate.js';
import { discard, readCapped } from './read-body.js';

export interface FetchContext {
  dispatcher: Dispatcher;
  resolver: PinnedResolver;
  userAgent: string;
  maxRedirects: number;
  requestMs: number;
  /** Aborts when the domain's time is up or the caller gave up. */
  signal: AbortSignal;
  /** Why `signal` aborted, worded for the failure message. */
  abortCause(): { reason: 'timeout' | 'aborted'; message: string };
}

export interface FetchSpec {
  url: string;
  accept: string;
  /** Size cap in bytes. */
  cap: number;
  /**
   * Asked before the first request and before every redirect hop (robots-gate.ts); a stop
   * ends the fetch as `refused`, or `failed` as robots.txt did. The first hop's wait is not
   * counted in the request's time.
   */
  permit?: (url: URL) => Promise<GateStop | null>;
}

/** RFC 9110 15.4: the redirects a client follows automatically (300 and 304 are answers). */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function fetchOne(ctx: FetchContext, spec: FetchSpec): Promise<FetchResult> {
  let started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (reason: FetchFailed['reason'], message: string): FetchFailed => ({
    kind: 'failed',
    url: spec.url,
    reason,
    message,
    elapsedMs: elapsed(),
  });
  /** A refusal from `permit`, or the crawl's own end when that came first (a timeout is not the site's wish). */
  const ask = async (url: URL, signal: AbortSignal): Promise<FetchResult | null> => {
    const stop = await untilAborted(spec.permit!(url), signal);
    if (stop === null) return null;
    if (ctx.signal.aborted) return stopped();
    return stop.kind === 'failed' ? { ...failed(stop.reason, stop.message), robots: stop.robots } : { ...stop, url: spec.url };
  };
  const stopped = (): FetchResult => {
    const cause = ctx.abortCause();
    return failed(cause.reason, cause.message);
  };

  let current: URL;
  try {
    current = new URL(spec.url);
  } catch {
    return failed('bad_redirect', `${spec.url} is not a URL`);
  }
  if (spec.permit) {
    try {
      const stop = await ask(current, ctx.signal);
      if (stop) return stop;
    } catch (e) {
      if (ctx.signal.aborted) return stopped();
      // A gate that cannot answer keeps the crawler away, as an unreadable robots.txt would.
      return { kind: 'refused', url: spec.url, robots: 'unreachable', reason: `robots.txt could not be checked (${(e as Error).message})` };
    }
    started = performance.now();
  }
  const requestTimeout = AbortSignal.timeout(ctx.requestMs);
  const signal = AbortSignal.any([ctx.signal, requestTimeout]);
  let redirects = 0;
  try {
    for (;;) {
      const target = await untilAborted(ctx.resolver.resolve(current.hostname), signal);
      if (!target.ok) {
        if (target.kind === 'dns') return failed('dns', target.message);
        const reason = redirects > 0 ? `redirect to ${current.host} refused: ${target.reason}` : target.reason;
        return { kind: 'refused', url: spec.url, reason };
      }
      const res = await request(current, {
        dispatcher: ctx.dispatcher,
        method: 'GET',
        signal,
        headers: {
          'user-agent': ctx.userAgent,
          accept: spec.accept,
          'accept-encoding': 'gzip, deflate, br',
        },
      });
      const location = headerValue(res.headers.location);
      if (REDIRECTS.has(res.statusCode) && location !== undefined) {
        discard(res.body);
        if (redirects >= ctx.maxRedirects) {
          return failed('too_many_redirects', `more than ${ctx.maxRedirects} redirects`);
        }
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          return failed('bad_redirect', `redirect to an invalid URL: ${location.slice(0, 200)}`);
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          return failed('bad_redirect', `redirect to a ${next.protocol} URL, only http and https are followed`);
        }
        redirects++;
        current = next;
        if (spec.permit) {
          const stop = await ask(current, signal);
          if (stop) return stop;
        }
        continue;
      }
      const body = await readCapped(res.body, headerValue(res.headers['content-encoding']), spec.cap);
      const headers = flattenHeaders(res.headers);
      return {
        kind: 'response',
        url: spec.url,
        finalUrl: current.href,
        status: res.statusCode,
        headers,
        contentType: headers['content-type']?.split(';')[0]?.trim().toLowerCase() || null,
        body: new TextDecoder('utf-8').decode(body.data),
        bytes: body.bytes,
        truncated: body.truncated,
        redirects,
        elapsedMs: elapsed(),
      };
    }
  } catch (e) {
    if (ctx.signal.aborted) return stopped();
    if (requestTimeout.aborted) return failed('timeout', `no complete answer within ${ctx.requestMs} ms`);
    if (e instanceof RefusedError) return { kind: 'refused', url: spec.url, reason: e.reason };
    const { reason, message } = classifyFailure(e);
    return failed(reason, message);
  }
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v.join(', ') : v;
}

/** Lower-case names; repeated headers joined with ", " (RFC 9110 5.3). */
function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name.toLowerCase()] = headerValue(value)!;
  }
  return out;
}

/** Resolves like `p`, or rejects as soon as `signal` aborts (DNS lookups cannot be cancelled). */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

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

/** The outcomes of one fetch, timed from its first request (a permit's wait before it not counted). */
class Outcomes {
  private started = performance.now();

  constructor(
    private readonly ctx: FetchContext,
    private readonly spec: FetchSpec,
  ) {}

  elapsed(): number {
    return Math.round(performance.now() - this.started);
  }

  /** The first request starts now: the first hop's permit is not counted. */
  restartClock(): void {
    this.started = performance.now();
  }

  failed(reason: FetchFailed['reason'], message: string): FetchFailed {
    return { kind: 'failed', url: this.spec.url, reason, message, elapsedMs: this.elapsed() };
  }

  /** The crawl's own end (its time is up, or the caller gave up). */
  stopped(): FetchResult {
    const cause = this.ctx.abortCause();
    return this.failed(cause.reason, cause.message);
  }

  /** A refusal from `permit`, or the crawl's own end when that came first (a timeout is not the site's wish). */
  async ask(url: URL, signal: AbortSignal): Promise<FetchResult | null> {
    const stop = await untilAborted(this.spec.permit!(url), signal);
    if (stop === null) return null;
    if (this.ctx.signal.aborted) return this.stopped();
    return stop.kind === 'failed'
      ? { ...this.failed(stop.reason, stop.message), robots: stop.robots }
      : { ...stop, url: this.spec.url };
  }
}

export async function fetchOne(ctx: FetchContext, spec: FetchSpec): Promise<FetchResult> {
  const out = new Outcomes(ctx, spec);
  let first: URL;
  try {
    first = new URL(spec.url);
  } catch {
    return out.failed('bad_redirect', `${spec.url} is not a URL`);
  }
  if (spec.permit) {
    const stop = await firstPermit(out, ctx, spec, first);
    if (stop) return stop;
    out.restartClock();
  }
  const requestTimeout = AbortSignal.timeout(ctx.requestMs);
  const signal = AbortSignal.any([ctx.signal, requestTimeout]);
  try {
    return await follow(out, ctx, spec, first, signal);
  } catch (e) {
    if (ctx.signal.aborted) return out.stopped();
    if (requestTimeout.aborted) return out.failed('timeout', `no complete answer within ${ctx.requestMs} ms`);
    if (e instanceof RefusedError) return { kind: 'refused', url: spec.url, reason: e.reason };
    const { reason, message } = classifyFailure(e);
    return out.failed(reason, message);
  }
}

/** The permit before the first request; null: go ahead. */
async function firstPermit(out: Outcomes, ctx: FetchContext, spec: FetchSpec, url: URL): Promise<FetchResult | null> {
  try {
    return await out.ask(url, ctx.signal);
  } catch (e) {
    if (ctx.signal.aborted) return out.stopped();
    // A gate that cannot answer keeps the crawler away, as an unreadable robots.txt would.
    return {
      kind: 'refused',
      url: spec.url,
      robots: 'unreachable',
      reason: `robots.txt could not be checked (${(e as Error).message})`,
    };
  }
}

/** Requests `start` and follows its redirects, each hop's host resolved and checked anew, to an answer. Throws on a network failure. */
async function follow(
  out: Outcomes,
  ctx: FetchContext,
  spec: FetchSpec,
  start: URL,
  signal: AbortSignal,
): Promise<FetchResult> {
  let current = start;
  for (let redirects = 0; ; redirects++) {
    const target = await untilAborted(ctx.resolver.resolve(current.hostname), signal);
    if (!target.ok) {
      if (target.kind === 'dns') return out.failed('dns', target.message);
      const reason = redirects > 0 ? `redirect to ${current.host} refused: ${target.reason}` : target.reason;
      return { kind: 'refused', url: spec.url, reason };
    }
    const res = await request(current, {
      dispatcher: ctx.dispatcher,
      method: 'GET',
      signal,
      headers: { 'user-agent': ctx.userAgent, accept: spec.accept, 'accept-encoding': 'gzip, deflate, br' },
    });
    const location = headerValue(res.headers.location);
    if (!REDIRECTS.has(res.statusCode) || location === undefined) return answer(out, spec, res, current, redirects);
    discard(res.body);
    const next = nextHop(out, ctx, location, current, redirects);
    if (!(next instanceof URL)) return next;
    current = next;
    if (spec.permit) {
      const stop = await out.ask(current, signal);
      if (stop) return stop;
    }
  }
}

/** Where a redirect leads, or why it is not followed (too many, not a URL, not http or https). */
function nextHop(
  out: Outcomes,
  ctx: FetchContext,
  location: string,
  current: URL,
  redirects: number,
): URL | FetchFailed {
  if (redirects >= ctx.maxRedirects) return out.failed('too_many_redirects', `more than ${ctx.maxRedirects} redirects`);
  let next: URL;
  try {
    next = new URL(location, current);
  } catch {
    return out.failed('bad_redirect', `redirect to an invalid URL: ${location.slice(0, 200)}`);
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    return out.failed('bad_redirect', `redirect to a ${next.protocol} URL, only http and https are followed`);
  }
  return next;
}

/** The final answer, its body read up to the cap. */
async function answer(
  out: Outcomes,
  spec: FetchSpec,
  res: Dispatcher.ResponseData,
  current: URL,
  redirects: number,
): Promise<FetchResult> {
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
    elapsedMs: out.elapsed(),
  };
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

/**
 * The gateway speaks node:http directly (LIBRARIES: a bare Express route costs ~7x node:http
 * on this machine), with the security middleware run as an ordinary (req, res, next) chain.
 * This module holds the few response helpers that chain and the routes need: the seed's error
 * object, cached JSON bodies written as they are, and a capped JSON body reader.
 */
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
import { HttpError, isHttpError } from '../lib/http-error.js';
import type { Logger } from '../lib/logger.js';
import type { CacheAnswer, CacheEntry, CacheState } from './response-cache.js';

/**
 * ServerResponse with deferred headers. Headers the chain adds (helmet's constant set,
 * express-rate-limit's through `append`, the Express response method it calls) are kept in a
 * flat [name, value, ...] list and written together with the status line by writeHead, so the
 * common answer is one header write instead of a validated, stored setHeader per header
 * (about a quarter of a cached hit's cost). Every way a response starts (writeHead, or end /
 * write / flushHeaders through node's implicit writeHead) goes through writeHead, so no
 * response can leave without them. Pass this class to createServer({ ServerResponse }).
 */
export class GatewayResponse<Req extends IncomingMessage = IncomingMessage> extends ServerResponse<Req> {
  private deferred: string[] | null = null;

  /** Adds flat [name, value, ...] pairs to be written with the status line. */
  defer(flat: readonly string[]): void {
    const d = (this.deferred ??= []);
    for (let i = 0; i < flat.length; i++) d.push(flat[i]!);
  }

  append(name: string, value: string | string[]): this {
    if (this.headersSent) return this;
    const d = (this.deferred ??= []);
    if (typeof value === 'string') d.push(name, value);
    else for (const v of value) d.push(name, v);
    return this;
  }

  override writeHead(
    statusCode: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    maybeHeaders?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const d = this.deferred;
    this.deferred = null;
    const reason = typeof reasonOrHeaders === 'string' ? reasonOrHeaders : undefined;
    const given = typeof reasonOrHeaders === 'string' ? maybeHeaders : reasonOrHeaders;
    if (d === null) return super.writeHead(statusCode, reason, given);
    if (given === undefined) return super.writeHead(statusCode, reason, d);
    if (Array.isArray(given) && !Array.isArray(given[0])) {
      // A flat list: node writes it as given (merging any headers set earlier with setHeader).
      for (let i = 0; i < given.length; i++) d.push(given[i] as string);
      return super.writeHead(statusCode, reason, d);
    }
    for (let i = 0; i < d.length; i += 2) this.appendHeader(d[i]!, d[i + 1]!);
    return super.writeHead(statusCode, reason, given);
  }
}

/** Adds headers to a response: deferred on a GatewayResponse, set at once on any other. */
export function addHeaders(res: ServerResponse, flat: readonly string[]): void {
  if (res instanceof GatewayResponse) return res.defer(flat);
  for (let i = 0; i < flat.length; i += 2) res.appendHeader(flat[i]!, flat[i + 1]!);
}

/** Installs `append` on a response made by a plain ServerResponse (a server created elsewhere). */
export function ensureAppend(res: ServerResponse): void {
  if (!(res instanceof GatewayResponse) && !('append' in res)) {
    (res as unknown as { append: GatewayResponse['append'] }).append = function (this: ServerResponse, name: string, value: string | string[]) {
      this.appendHeader(name, value);
      return this;
    } as GatewayResponse['append'];
  }
}

export type Next = (err?: unknown) => void;
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

const JSON_TYPE = 'application/json; charset=utf-8';

/** Writes a JSON value (not cached: errors, status, small answers). */
export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  const body = Buffer.from(JSON.stringify(value));
  const flat: string[] = [];
  for (const k in headers) flat.push(k, headers[k]!);
  flat.push('Content-Type', JSON_TYPE, 'Content-Length', String(body.length), 'Cache-Control', 'no-store');
  res.writeHead(status, flat);
  res.end(body);
}

/** The seed's error object; anything that is not an HttpError is a logged 500 without details. */
export function sendError(res: ServerResponse, err: unknown, log?: Logger): void {
  const e = isHttpError(err) ? err : new HttpError(500, 'internal_error', 'Something went wrong in the gateway.');
  if (!isHttpError(err)) log?.error({ err }, 'unexpected error');
  const headers: Record<string, string> = { ...e.headers };
  if (e.retryAfter !== undefined) headers['Retry-After'] = String(e.retryAfter);
  sendJson(res, e.status, e.toJSON(), headers);
}

/** The headers of a fresh hit, built once per cache entry: a hit writes them as they are. */
const hitHeaders = new WeakMap<CacheEntry, readonly string[]>();

function entryHeaders(entry: CacheEntry, state: CacheState): string[] {
  return ['Content-Type', JSON_TYPE, 'ETag', entry.etag, 'Cache-Control', 'no-cache', 'X-Cache', state];
}

/**
 * Writes a cached answer: the stored bytes and ETag as they are, no serialising or hashing.
 * A stale copy says so (X-Cache: STALE, X-Stale-Reason, and RFC 9111's obsoleted-but-understood
 * Warning 110/111).
 */
export function sendCached(req: IncomingMessage, res: ServerResponse, { entry, state }: CacheAnswer): void {
  const notModified = req.headers['if-none-match'] === entry.etag;
  if (state === 'HIT' && !notModified) {
    let h = hitHeaders.get(entry);
    if (h === undefined) {
      h = Object.freeze([...entryHeaders(entry, 'HIT'), 'Content-Length', String(entry.body.length)]);
      hitHeaders.set(entry, h);
    }
    res.writeHead(200, h as string[]);
    return void res.end(entry.body);
  }
  const h = entryHeaders(entry, state);
  if (state === 'STALE') {
    h.push('X-Stale-Reason', entry.staleReason ?? 'refreshing');
    h.push('Warning', entry.staleReason ? '111 - "Revalidation Failed"' : '110 - "Response is Stale"');
  }
  if (notModified) {
    res.writeHead(304, h);
    return void res.end();
  }
  h.push('Content-Length', String(entry.body.length));
  res.writeHead(200, h);
  res.end(entry.body);
}

/** Reads a JSON body of at most `limit` bytes: 415 unless JSON, 413 when larger, 400 when unparsable. */
export function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    req.resume();
    return Promise.reject(new HttpError(415, 'unsupported_media_type', 'Send the body as Content-Type: application/json.'));
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(tooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const fail = (e: HttpError) => {
      if (done) return;
      done = true;
      req.resume();
      reject(e);
    };
    req.on('data', (c: Buffer) => {
      if (done) return;
      size += c.length;
      if (size > limit) return fail(tooLarge(limit));
      chunks.push(c);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new HttpError(400, 'invalid_params', 'The body is not valid JSON.'));
      }
    });
    req.on('error', () => fail(new HttpError(400, 'invalid_params', 'The request body could not be read.')));
  });
}

const tooLarge = (limit: number) => new HttpError(413, 'payload_too_large', `The body may be at most ${Math.round(limit / 1024)} KiB.`);

/**
 * The gateway speaks node:http directly (LIBRARIES: a bare Express route costs ~7x node:http
 * on this machine), with the security middleware run as an ordinary (req, res, next) chain.
 * This module holds the few response helpers that chain and the routes need: the seed's error
 * object, cached JSON bodies written as they are, and a capped JSON body reader.
 */
import { ServerResponse, type IncomingMessage } from 'node:http';
import { HttpError, isHttpError } from '../lib/http-error.js';
import type { Logger } from '../lib/logger.js';
import type { CacheAnswer } from './response-cache.js';

/**
 * ServerResponse plus `append`, the one Express response method the middleware we use calls
 * (express-rate-limit's draft-8 headers). Pass it to createServer({ ServerResponse }).
 */
export class GatewayResponse<Req extends IncomingMessage = IncomingMessage> extends ServerResponse<Req> {
  append(name: string, value: string | string[]): this {
    this.appendHeader(name, value);
    return this;
  }
}

/** Installs `append` on a response made by a plain ServerResponse (a server created elsewhere). */
export function ensureAppend(res: ServerResponse): void {
  if (!(res instanceof GatewayResponse) && !('append' in res)) {
    (res as unknown as { append: GatewayResponse['append'] }).append = GatewayResponse.prototype.append;
  }
}

export type Next = (err?: unknown) => void;
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

const JSON_TYPE = 'application/json; charset=utf-8';

/** Writes a JSON value (not cached: errors, status, small answers). */
export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  const body = Buffer.from(JSON.stringify(value));
  res.statusCode = status;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', body.length);
  res.setHeader('Cache-Control', 'no-store');
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

/**
 * Writes a cached answer: the stored bytes and ETag as they are. A stale copy says so
 * (X-Cache: STALE, X-Stale-Reason, and RFC 9111's obsoleted-but-understood Warning 111).
 */
export function sendCached(req: IncomingMessage, res: ServerResponse, { entry, state }: CacheAnswer): void {
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('ETag', entry.etag);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Cache', state);
  if (state === 'STALE') {
    res.setHeader('X-Stale-Reason', entry.staleReason ?? 'refreshing');
    res.setHeader('Warning', entry.staleReason ? '111 - "Revalidation Failed"' : '110 - "Response is Stale"');
  }
  if (req.headers['if-none-match'] === entry.etag) {
    res.statusCode = 304;
    return void res.end();
  }
  res.statusCode = 200;
  res.setHeader('Content-Length', entry.body.length);
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

/**
 * Small predicates over a fetched response, shared by the well-known file parsers so that
 * "2xx", "an HTML page" and "a JSON body" mean the same thing everywhere
 * (docs/policy.md section 1).
 */
import type { FetchResponse, FetchResult } from '../evidence.js';

export const isSuccess = (status: number): boolean => status >= 200 && status <= 299;

/** The response when it is a 2xx HTTP answer, else null. */
export const successfulResponse = (r: FetchResult | null | undefined): FetchResponse | null =>
  r != null && r.kind === 'response' && isSuccess(r.status) ? r : null;

/** The body without a byte-order mark and surrounding white space. */
export const trimmedBody = (body: string): string => body.replace(/^\uFEFF/, '').trim();

/** An HTML page: declared as HTML, or a body that starts with `<` (soft 404s, challenge pages). */
export function isHtmlBody(r: Pick<FetchResponse, 'contentType' | 'body'>): boolean {
  const ct = r.contentType ?? '';
  if (ct === 'text/html' || ct === 'application/xhtml+xml') return true;
  return trimmedBody(r.body.slice(0, 1024)).startsWith('<');
}

/** A body that parses as JSON (any JSON value). */
export function parseJson(body: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(trimmedBody(body)) };
  } catch {
    return { ok: false };
  }
}

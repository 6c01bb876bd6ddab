/** Builders of FetchResult values shaped like the crawler's, for the signal and site tests. */
import type { Evidence, FetchResponse, FetchResult } from '../../../../proxy/analysis/evidence.js';

export function response(
  body: string,
  opts: { status?: number; contentType?: string | null; headers?: Record<string, string>; url?: string } = {},
): FetchResponse {
  const contentType = opts.contentType === undefined ? 'text/plain' : opts.contentType;
  const headers: Record<string, string> = {
    ...(contentType === null ? {} : { 'content-type': contentType }),
    ...(opts.headers ?? {}),
  };
  const url = opts.url ?? 'https://example.com/';
  return {
    kind: 'response',
    url,
    finalUrl: url,
    status: opts.status ?? 200,
    headers,
    contentType,
    body,
    bytes: new TextEncoder().encode(body).length,
    truncated: false,
    redirects: 0,
    elapsedMs: 5,
  };
}

export const failed = (url = 'https://example.com/'): FetchResult => ({
  kind: 'failed',
  url,
  reason: 'connect',
  message: 'ECONNREFUSED',
  elapsedMs: 1,
});
export const notFound = (url = 'https://example.com/x'): FetchResponse =>
  response('<html><body>Not found</body></html>', { status: 404, contentType: 'text/html', url });

/** Evidence for example.com where nothing but what is given was found. */
export function evidence(over: Partial<Evidence> = {}): Evidence {
  return {
    domain: 'example.com',
    fetchedAt: '2026-01-01T00:00:00.000Z',
    origin: 'https://example.com',
    homepage: response('<!doctype html><title>Example</title>', { contentType: 'text/html' }),
    robots: notFound(),
    llms: notFound(),
    aiTxt: notFound(),
    tdmrep: notFound(),
    agents: notFound(),
    markdown: notFound(),
    tosUrl: null,
    tos: null,
    rank: null,
    ...over,
  };
}

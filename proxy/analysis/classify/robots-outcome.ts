/**
 * What the answer to GET /robots.txt means (classification.md section 1):
 * - `ok`: 2xx text;
 * - `missing`: 404, 410, other 4xx except the ones below, a 2xx HTML "soft 404", or a 3xx
 *   left unresolved (RFC 9309 section 2.3.1.2 lets a crawler treat that as unavailable);
 * - `blocked`: 401, 403, 429, or a 2xx challenge page from a CDN;
 * - `error`: 5xx (RFC 9309 section 2.3.1.4: unreachable server);
 * - `unreachable`: no HTTP answer (also a target refused by the SSRF guard), or more than 5
 *   redirects (the crawler reports that as `too_many_redirects`).
 */
import type { RobotsOutcome } from '../../../shared/values.js';
import type { FetchResult } from '../evidence.js';
import { isHtmlBody, isSuccess } from '../signals/response.js';

/** Statuses that mean "you may not read this" rather than "there is nothing". */
const REFUSED = new Set([401, 403, 429]);

/** `challenged`: the answer is a CDN challenge page (site/challenge.ts); read only for a 2xx. */
export function robotsOutcome(result: FetchResult, challenged: boolean): RobotsOutcome {
  if (result.kind !== 'response') return 'unreachable';
  const { status } = result;
  if (isSuccess(status)) {
    if (challenged) return 'blocked';
    return isHtmlBody(result) ? 'missing' : 'ok';
  }
  if (REFUSED.has(status)) return 'blocked';
  if (status >= 500) return 'error';
  return 'missing';
}

/** A short account of a robots.txt answer for explanations ("HTTP 403", "timeout"). */
export function describeFetch(result: FetchResult): string {
  if (result.kind === 'response') return `HTTP ${result.status}${result.contentType ? ` (${result.contentType})` : ''}`;
  if (result.kind === 'refused') return `not fetched: ${result.reason}`;
  return `no answer: ${result.reason}`;
}

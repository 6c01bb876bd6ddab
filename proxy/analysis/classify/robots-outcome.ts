/**
 * What the answer to GET /robots.txt means (docs/policy.md section 1):
 * - `ok`: 2xx text;
 * - `missing`: 404, 410, other 4xx except the ones below, a 2xx HTML "soft 404", or a 3xx
 *   left unresolved (RFC 9309 section 2.3.1.2 lets a crawler treat that as unavailable);
 * - `blocked`: 401, 403, 429, or a 2xx challenge page from a CDN;
 * - `error`: 5xx (RFC 9309 section 2.3.1.4: unreachable server);
 * - `unreachable`: no HTTP answer (also a target refused by the SSRF guard), or more than 5
 *   redirects (the crawler reports that as `too_many_redirects`).
 */
import type { RobotsOutcome, RobotsProblem } from '../../../shared/values.js';
import type { FetchResult } from '../evidence.js';
import { isHtmlBody, isSuccess } from '../signals/response.js';

/** Statuses that mean "you may not read this" rather than "there is nothing". */
const REFUSED = new Set([401, 403, 429]);

/**
 * `challenged`: the answer is a CDN challenge page (site/challenge.ts); read only for a 2xx.
 * A robots.txt the analysis did not read (evidence.notRead) is `blocked` without this: read-evidence.ts.
 */
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

/**
 * Why robots.txt could not be read (basis.robots_txt.problem, shared/values.ts ROBOTS_PROBLEMS);
 * null when it was read or is missing. `notRead`: it answered but its reading ran past the
 * analysis budget (evidence.notRead).
 */
export function robotsProblem(
  outcome: RobotsOutcome,
  result: FetchResult,
  challenged: boolean,
  notRead = false,
): RobotsProblem | null {
  if (outcome === 'ok' || outcome === 'missing') return null;
  if (notRead) return 'not_read';
  if (result.kind === 'refused') return 'not_fetched';
  if (result.kind === 'failed') {
    if (result.reason === 'dns') return 'dns';
    if (result.reason === 'timeout') return 'timeout';
    if (result.reason === 'too_many_redirects') return 'redirects';
    return 'connection';
  }
  if (challenged) return 'challenge';
  if (result.status === 429) return 'rate_limited';
  if (result.status >= 500) return 'server_error';
  return 'refused';
}

/**
 * For a request that timed out, how long the crawler waited, in whole seconds (its request
 * limit, 10 s by default: proxy/crawler/limits.ts); null for any other result, or under a second.
 */
export function waitedSeconds(result: FetchResult): number | null {
  if (result.kind !== 'failed' || result.reason !== 'timeout') return null;
  const s = Math.round(result.elapsedMs / 1000);
  return s >= 1 ? s : null;
}

/** "did not answer within 10 s", or "timed out" when the time is not known. */
export function timeoutWords(result: FetchResult): string {
  const s = waitedSeconds(result);
  return s === null ? 'timed out' : `did not answer within ${s} s`;
}

/** The problem in words for people, with the HTTP status where there was one. */
export function problemWords(problem: RobotsProblem, result: FetchResult): string {
  const status = result.kind === 'response' ? ` (HTTP ${result.status})` : '';
  switch (problem) {
    case 'refused':
      return `the server refused it${status}`;
    case 'rate_limited':
      return `the server asked to slow down${status}`;
    case 'challenge':
      return 'a bot-check page was served instead';
    case 'server_error':
      return `the server failed${status}`;
    case 'timeout':
      return `it ${timeoutWords(result)}`;
    case 'connection':
      return 'the connection failed';
    case 'dns':
      return 'the site\u2019s name could not be found';
    case 'redirects':
      return 'it redirected too many times';
    case 'not_fetched':
      return result.kind === 'refused' ? `it was not fetched (${result.reason})` : 'it was not fetched';
    case 'not_read':
      return 'it is too long to read in the time the analysis allows';
  }
}

/** A short account of a robots.txt answer for explanations ("HTTP 403", "timeout"). */
export function describeFetch(result: FetchResult): string {
  if (result.kind === 'response') return `HTTP ${result.status}${result.contentType ? ` (${result.contentType})` : ''}`;
  if (result.kind === 'refused') return `not fetched: ${result.reason}`;
  return `no answer: ${result.reason}`;
}

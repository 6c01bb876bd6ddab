/**
 * When a crawl is a failed check, not a policy (docs/policy.md section 8): robots.txt
 * answered a server error or could not be fetched, or the homepage gave no HTTP answer, for a
 * reason that may pass (timeout, 5xx, connection refused or reset, DNS failure). `blocked`
 * (401/403/429, a challenge page) is the site's answer, not a failure; neither is a target the
 * SSRF guard refused or a redirect loop, which the next try would meet again. A homepage the
 * crawler did not request (robots.txt disallows it, or could not be read) is no failure of its
 * own: a disallow is the site's answer, and an unreadable robots.txt is judged by itself.
 */
import type { Evidence, FetchResult } from '../analysis/evidence.js';
import type { RobotsOutcome } from '../../shared/values.js';

/** Failure reasons that may pass, each worded for people. */
const PASSING: Partial<Record<Extract<FetchResult, { kind: 'failed' }>['reason'], string>> = {
  timeout: 'timed out',
  connect: 'the connection failed',
  dns: 'the name did not resolve (DNS)',
  tls: 'the secure connection failed',
  protocol: 'the answer was not valid HTTP',
};

function passing(r: FetchResult): string | undefined {
  if (r.kind !== 'failed') return undefined;
  const said = PASSING[r.reason];
  if (said === undefined || r.reason !== 'connect') return said;
  // "connection refused" and "connection reset" say more than "failed".
  if (r.message.includes('ECONNREFUSED')) return 'the connection was refused';
  if (r.message.includes('ECONNRESET') || r.message.includes('UND_ERR_SOCKET')) return 'the connection was reset';
  return said;
}

const siteAnswered = (e: Evidence): boolean =>
  [e.homepage, e.llms, e.aiTxt, e.tdmrep, e.agents, e.markdown].some((r) => r.kind === 'response');

/** The cause for people ("timed out", "robots.txt: server error (HTTP 503)"), or null when the crawl is a policy. */
export function crawlFailure(evidence: Evidence, robotsStatus: RobotsOutcome): { cause: string } | null {
  // A homepage not requested because robots.txt gave no answer (RFC 9309 section 2.3.1.4)
  // carries robots.txt's own failure: the cause is robots.txt's, told below.
  const home =
    evidence.homepage.kind === 'failed' && evidence.homepage.robots === undefined
      ? passing(evidence.homepage)
      : undefined;
  if (home !== undefined) return { cause: home };
  if (robotsStatus === 'error' && evidence.robots.kind === 'response')
    return { cause: `robots.txt: server error (HTTP ${evidence.robots.status})` };
  if (robotsStatus === 'unreachable') {
    const robots = passing(evidence.robots);
    // When no file answered either, the site is down, not only its robots.txt.
    if (robots !== undefined) return { cause: siteAnswered(evidence) ? `robots.txt: ${robots}` : robots };
  }
  return null;
}

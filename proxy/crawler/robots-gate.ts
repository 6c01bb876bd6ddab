/**
 * The crawler's own manners (RFC 9309): before it fetches a page (the homepage, its markdown
 * form, the terms page, and every redirect hop of those), it asks the robots.txt of that
 * page's origin whether the crawler's token, or `*`, may fetch the path. The policy files
 * themselves (robots.txt, llms.txt, ai.txt, the well-known files) are what a site publishes
 * for crawlers to read, so they are never gated. One gate per crawl: each origin's robots.txt
 * is fetched at most once.
 */
import type { FetchFailed, FetchRefused, FetchResult } from '../analysis/evidence.js';
import { matchPath, parseRobotsTxt, type RobotsTxt } from '../../shared/robots/index.js';
import { CRAWLER_TOKEN } from './user-agent.js';

/** What robots.txt lets this crawler do on one origin. */
type Permission =
  | { kind: 'rules'; robots: RobotsTxt; url: string }
  | { kind: 'any' }
  | { kind: 'none'; why: string }
  | { kind: 'no_answer'; failure: FetchFailed };

/**
 * Why a page was not fetched, without its URL and time (the fetcher adds them): refused at
 * the site's request or for an unreadable robots.txt, or failed like robots.txt itself when
 * the host gave no answer at all (the page would have failed alike, and a failure that may
 * pass must stay one: docs/policy.md section 8).
 */
export type GateStop =
  | Pick<FetchRefused, 'kind' | 'reason' | 'robots' | 'rule'>
  | Pick<FetchFailed, 'kind' | 'reason' | 'message' | 'robots'>;

export interface RobotsGate {
  /** The answer to `{origin}/robots.txt`, already requested with the crawl's other files. */
  seed(origin: string, robots: Promise<FetchResult>): void;
  /** null when the crawler may fetch `url`, else why not. */
  check(url: URL): Promise<GateStop | null>;
}

/** `fetchRobots(url)` requests one robots.txt (never gated itself). */
export function createRobotsGate(fetchRobots: (url: string) => Promise<FetchResult>): RobotsGate {
  const byOrigin = new Map<string, Promise<Permission>>();
  const permissionFor = (origin: string): Promise<Permission> => {
    let p = byOrigin.get(origin);
    if (!p) {
      p = fetchRobots(`${origin}/robots.txt`).then(permissionOf);
      byOrigin.set(origin, p);
    }
    return p;
  };
  return {
    seed(origin, robots) {
      byOrigin.set(new URL(origin).origin, robots.then(permissionOf));
    },
    async check(url) {
      const permission = await permissionFor(url.origin);
      const path = url.pathname + url.search;
      if (permission.kind === 'any') return null;
      if (permission.kind === 'no_answer') {
        const { reason, message } = permission.failure;
        return {
          kind: 'failed',
          robots: 'unreachable',
          reason,
          message: `robots.txt of ${url.host} gave no answer (${message}), so this page was not requested (RFC 9309 section 2.3.1.4)`,
        };
      }
      if (permission.kind === 'none') {
        return {
          kind: 'refused',
          robots: 'unreachable',
          reason: `robots.txt of ${url.host} ${permission.why}; RFC 9309 (section 2.3.1.4) then asks crawlers to fetch nothing`,
        };
      }
      const decision = matchPath(permission.robots, CRAWLER_TOKEN, path);
      if (decision.allowed) return null;
      const rule = decision.rule!;
      const who = decision.source === 'named' ? CRAWLER_TOKEN : `every crawler (${CRAWLER_TOKEN} included)`;
      return {
        kind: 'refused',
        robots: 'disallowed',
        reason: `the site asks not to: robots.txt of ${url.host} disallows ${path} for ${who} (line ${rule.line}: "Disallow: ${rule.pattern}")`,
        rule: {
          robotsUrl: permission.url,
          line: rule.line,
          pattern: rule.pattern,
          agent: decision.source === 'named' ? CRAWLER_TOKEN : '*',
        },
      };
    },
  };
}

/**
 * RFC 9309 section 2.3.1: a 2xx answer is the rules (a soft-404 HTML page parses to none);
 * 4xx (section 2.3.1.3) and unresolved redirects (2.3.1.2) mean "no robots.txt", so anything
 * may be fetched; 5xx and no answer at all (2.3.1.4) mean "fetch nothing". 429 asks the
 * crawler to slow down, so it is read as unreachable too, as Google's crawler does. A
 * robots.txt the SSRF guard refused leaves the decision to the guard: the page's own request
 * is checked by it the same way, and refused with the address's reason.
 */
function permissionOf(r: FetchResult): Permission {
  if (r.kind === 'refused') return { kind: 'any' };
  if (r.kind === 'failed') {
    if (r.reason === 'too_many_redirects' || r.reason === 'bad_redirect') return { kind: 'any' };
    return { kind: 'no_answer', failure: r };
  }
  if (r.status >= 200 && r.status <= 299) return { kind: 'rules', robots: parseRobotsTxt(r.body), url: r.url };
  if (r.status === 429) return { kind: 'none', why: 'answered HTTP 429 (too many requests)' };
  if (r.status >= 500) return { kind: 'none', why: `answered a server error (HTTP ${r.status})` };
  return { kind: 'any' };
}

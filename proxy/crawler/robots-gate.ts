/**
 * The crawler's own manners (RFC 9309): before it fetches a page (the homepage, its markdown
 * form, the terms page, and every redirect hop of those), it asks the robots.txt of that
 * page's origin whether the crawler's token, or `*`, may fetch the path. The policy files
 * themselves (robots.txt, llms.txt, ai.txt, the well-known files) are what a site publishes
 * for crawlers to read, so they are never gated. One gate per crawl: each origin's robots.txt
 * is fetched at most once. Each robots.txt is parsed and each path matched on the analysis
 * pool (proxy/analysis-pool/), within its time budget, never here: a robots.txt too long to
 * read there is read as one that cannot be read (fetch nothing, RFC 9309 section 2.3.1.4), and
 * the domain's own is recorded as not read.
 */
import type { DocumentNotRead, FetchFailed, FetchRefused, FetchResult } from '../analysis/evidence.js';
import type { AnalysisPool } from '../analysis-pool/index.js';
import { CRAWLER_TOKEN } from './user-agent.js';

/** What reads the crawler's documents: the analysis pool (its single-document tasks). */
export type DocumentReader = Pick<AnalysisPool, 'read'>;

/** What robots.txt lets this crawler do on one origin (`rules`: the text to ask the pool about each path). */
type Permission =
  | { kind: 'rules'; body: string; url: string; bytes: number }
  | { kind: 'any' }
  | { kind: 'none'; why: string }
  | { kind: 'no_answer'; failure: FetchFailed };

/** Why a robots.txt the analysis gave up on keeps the crawler out. */
const TOO_LONG = 'is too long to read in the time the analysis allows';

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
  /** The answer to `{origin}/robots.txt`, already requested with the crawl's other files: the domain's own. */
  seed(origin: string, robots: Promise<FetchResult>): void;
  /** null when the crawler may fetch `url`, else why not. */
  check(url: URL): Promise<GateStop | null>;
  /** The domain's own robots.txt, when the analysis gave up on it (evidence.notRead). */
  readonly notRead: DocumentNotRead | null;
}

/**
 * `fetchRobots(url)` requests one robots.txt (never gated itself); `reader` parses and matches
 * (the analysis pool); `site` names the domain in the pool's log lines.
 */
export function createRobotsGate(
  fetchRobots: (url: string) => Promise<FetchResult>,
  reader: DocumentReader,
  site: string,
): RobotsGate {
  const byOrigin = new Map<string, Promise<Permission>>();
  let seeded: string | null = null;
  let notRead: DocumentNotRead | null = null;
  /** Given up on the domain's own robots.txt: recorded once, as the evidence's. */
  const givenUp = (origin: string, n: DocumentNotRead) => {
    if (origin === seeded) notRead ??= n;
  };
  const permissionFor = (origin: string): Promise<Permission> => {
    let p = byOrigin.get(origin);
    if (!p) {
      p = fetchRobots(`${origin}/robots.txt`).then((r) => permissionOf(r, reader, site, (n) => givenUp(origin, n)));
      byOrigin.set(origin, p);
    }
    return p;
  };
  return {
    seed(origin, robots) {
      seeded = new URL(origin).origin;
      const own = seeded;
      byOrigin.set(
        own,
        robots.then((r) => permissionOf(r, reader, site, (n) => givenUp(own, n))),
      );
    },
    get notRead() {
      return notRead;
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
      if (permission.kind === 'none') return unreadable(url, permission.why);
      const task = { kind: 'robots-match' as const, body: permission.body, token: CRAWLER_TOKEN, path };
      const decision = await reader.read(task, site, permission.bytes);
      if (!decision.read) {
        givenUp(url.origin, decision.notRead);
        return unreadable(url, TOO_LONG);
      }
      return decision.value.allowed ? null : disallowed(url, path, permission.url, decision.value);
    },
  };
}

/** robots.txt could not be read: RFC 9309 (section 2.3.1.4) asks crawlers to fetch nothing. */
function unreadable(url: URL, why: string): GateStop {
  return {
    kind: 'refused',
    robots: 'unreachable',
    reason: `robots.txt of ${url.host} ${why}; RFC 9309 (section 2.3.1.4) then asks crawlers to fetch nothing`,
  };
}

function disallowed(
  url: URL,
  path: string,
  robotsUrl: string,
  decision: { rule: { line: number; pattern: string } | null; source: string },
): GateStop {
  const rule = decision.rule!;
  const who = decision.source === 'named' ? CRAWLER_TOKEN : `every crawler (${CRAWLER_TOKEN} included)`;
  return {
    kind: 'refused',
    robots: 'disallowed',
    reason: `the site asks not to: robots.txt of ${url.host} disallows ${path} for ${who} (line ${rule.line}: "Disallow: ${rule.pattern}")`,
    rule: {
      robotsUrl,
      line: rule.line,
      pattern: rule.pattern,
      agent: decision.source === 'named' ? CRAWLER_TOKEN : '*',
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
async function permissionOf(
  r: FetchResult,
  reader: DocumentReader,
  site: string,
  givenUp: (n: DocumentNotRead) => void,
): Promise<Permission> {
  if (r.kind === 'refused') return { kind: 'any' };
  if (r.kind === 'failed') {
    if (r.reason === 'too_many_redirects' || r.reason === 'bad_redirect') return { kind: 'any' };
    return { kind: 'no_answer', failure: r };
  }
  if (r.status >= 200 && r.status <= 299) {
    // Read once now (the homepage's path, on the pool), so a file too long to read keeps every page out.
    const first = await reader.read(
      { kind: 'robots-match', body: r.body, token: CRAWLER_TOKEN, path: '/' },
      site,
      r.bytes,
    );
    if (first.read) return { kind: 'rules', body: r.body, url: r.url, bytes: r.bytes };
    givenUp(first.notRead);
    return { kind: 'none', why: TOO_LONG };
  }
  if (r.status === 429) return { kind: 'none', why: 'answered HTTP 429 (too many requests)' };
  if (r.status >= 500) return { kind: 'none', why: `answered a server error (HTTP ${r.status})` };
  return { kind: 'any' };
}

/**
 * Hand-built Evidence for classify() tests: every file absent (404) unless given, the homepage
 * a small HTML page. Also turns a FixtureSite (test/fixtures) into the Evidence the crawler
 * would gather from it, resolving routes the way the fixture farm does, without a socket.
 */
import { licenceRefOf } from '../../../../proxy/analysis/classify/licence.js';
import type { IncomingMessage } from 'node:http';
import type {
  Evidence,
  FetchFailed,
  FetchRefused,
  FetchResponse,
  FetchResult,
} from '../../../../proxy/analysis/evidence.js';
import { termsLink } from '../../../../proxy/analysis/site/tos.js';
import type { FixtureResponse, FixtureSite } from '../../../fixtures/farm.js';

export const FETCHED_AT = '2026-01-15T10:00:00.000Z';

export interface ResponseOptions {
  status?: number;
  contentType?: string | null;
  headers?: Record<string, string>;
  url?: string;
  truncated?: boolean;
}

export function response(body: string, o: ResponseOptions = {}): FetchResponse {
  const contentType = o.contentType === undefined ? 'text/plain' : o.contentType;
  const headers: Record<string, string> = {
    ...(contentType ? { 'content-type': contentType } : {}),
    ...lower(o.headers ?? {}),
  };
  const url = o.url ?? 'https://example.test/';
  return {
    kind: 'response',
    url,
    finalUrl: url,
    status: o.status ?? 200,
    headers,
    contentType: contentType ? contentType.split(';')[0]!.trim().toLowerCase() : null,
    body,
    bytes: Buffer.byteLength(body),
    truncated: o.truncated ?? false,
    redirects: 0,
    elapsedMs: 1,
  };
}

export const html = (body: string, o: ResponseOptions = {}): FetchResponse =>
  response(body, { contentType: 'text/html; charset=utf-8', ...o });
export const text = (body: string, o: ResponseOptions = {}): FetchResponse =>
  response(body, { contentType: 'text/plain', ...o });
export const json = (value: unknown, o: ResponseOptions = {}): FetchResponse =>
  response(typeof value === 'string' ? value : JSON.stringify(value), { contentType: 'application/json', ...o });
export const status = (code: number, body = ''): FetchResponse => response(body, { status: code });
export const notFound = (): FetchResponse => status(404, 'Not found');
export const failed = (reason: FetchFailed['reason'] = 'connect'): FetchFailed => ({
  kind: 'failed',
  url: 'https://example.test/',
  reason,
  message: reason,
  elapsedMs: 1,
});

/**
 * A page the crawler did not request because the robots.txt of `example.test` (or `robotsUrl`)
 * disallows it for `agent` at `line` (proxy/crawler/robots-gate.ts gives the same shape).
 */
export function disallowedPage(
  line: number,
  pattern = '/',
  agent = 'AIPolicyLens',
  url = 'https://example.test/',
  robotsUrl = 'https://example.test/robots.txt',
): FetchRefused {
  const path = new URL(url).pathname;
  const who = agent === '*' ? 'every crawler (AIPolicyLens included)' : agent;
  return {
    kind: 'refused',
    url,
    robots: 'disallowed',
    reason: `the site asks not to: robots.txt of ${new URL(robotsUrl).host} disallows ${path} for ${who} (line ${line}: "Disallow: ${pattern}")`,
    rule: { robotsUrl, line, pattern, agent },
  };
}

/** A page not requested because robots.txt answered 5xx or 429 (RFC 9309 section 2.3.1.4). */
export const heldPage = (status: number): FetchRefused => ({
  kind: 'refused',
  url: 'https://example.test/',
  robots: 'unreachable',
  reason: `robots.txt of example.test answered HTTP ${status}; RFC 9309 (section 2.3.1.4) then asks crawlers to fetch nothing`,
});

/** A page not requested because robots.txt gave no answer: it carries robots.txt's failure. */
export const heldFailedPage = (reason: FetchFailed['reason'] = 'timeout'): FetchFailed => ({
  ...failed(reason),
  robots: 'unreachable',
  message: `robots.txt of example.test gave no answer (${reason}), so this page was not requested (RFC 9309 section 2.3.1.4)`,
});

const HOMEPAGE = '<!doctype html><html><head><title>Example</title></head><body><h1>Example</h1></body></html>';

export interface EvidenceOptions {
  domain?: string;
  fetchedAt?: string;
  /** robots.txt body (served 200 text/plain), or a whole result. Default: 404. */
  robots?: string | FetchResult;
  homepage?: string | FetchResult;
  /** Extra homepage headers (with the default or a string homepage). */
  homepageHeaders?: Record<string, string>;
  llms?: string | FetchResult;
  aiTxt?: string | FetchResult;
  tdmrep?: unknown;
  agents?: unknown;
  markdown?: FetchResult;
  tosUrl?: string | null;
  tos?: string | FetchResult | null;
  rank?: number | null;
}

/**
 * Every request of a crawl failing alike (or refused): nothing answered, the only case that is
 * row 1, `unreachable` (docs/policy.md section 11). `over` replaces some of them.
 */
export function nothingAnswered(r: FetchResult, over: EvidenceOptions = {}): EvidenceOptions {
  return { homepage: r, robots: r, llms: r, aiTxt: r, tdmrep: r, agents: r, markdown: r, ...over };
}

const asText = (v: string | FetchResult | undefined): FetchResult =>
  v === undefined ? notFound() : typeof v === 'string' ? text(v) : v;
const asJson = (v: unknown): FetchResult => (v === undefined ? notFound() : isResult(v) ? v : json(v));
function isResult(v: unknown): v is FetchResult {
  return (
    typeof v === 'object' &&
    v !== null &&
    'kind' in v &&
    ['response', 'failed', 'refused'].includes((v as { kind: string }).kind)
  );
}

export function buildEvidence(o: EvidenceOptions = {}): Evidence {
  const homepage =
    typeof o.homepage === 'object' ? o.homepage : html(o.homepage ?? HOMEPAGE, { headers: o.homepageHeaders });
  const tos = o.tos === undefined || o.tos === null ? null : typeof o.tos === 'string' ? html(o.tos) : o.tos;
  return {
    domain: o.domain ?? 'example.test',
    fetchedAt: o.fetchedAt ?? FETCHED_AT,
    origin: `https://${o.domain ?? 'example.test'}`,
    homepage,
    robots:
      typeof o.robots === 'string'
        ? text(o.robots, { url: `https://${o.domain ?? 'example.test'}/robots.txt` })
        : asText(o.robots),
    llms: asText(o.llms),
    aiTxt: asText(o.aiTxt),
    tdmrep: asJson(o.tdmrep),
    agents: asJson(o.agents),
    markdown: o.markdown ?? html(HOMEPAGE),
    tosUrl: o.tosUrl ?? (tos ? `https://${o.domain ?? 'example.test'}/terms` : null),
    tos,
    rank: o.rank ?? null,
  };
}

function lower(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

// ---------------------------------------------------------------- fixture sites

const NOT_FOUND_ROUTE: FixtureResponse = {
  status: 404,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  body: 'Not found',
};

/** What the farm would answer for a path of a site (static routes; function routes get a minimal request). */
function routeAnswer(site: FixtureSite, path: string, domain: string, accept = '*/*'): FetchResult {
  const route = site.routes[path] ?? site.fallback ?? NOT_FOUND_ROUTE;
  const r =
    typeof route === 'function'
      ? route({ headers: { host: domain, accept }, url: path, method: 'GET' } as unknown as IncomingMessage)
      : route;
  const url = `https://${domain}${path}`;
  if (r.drop || r.redirect !== undefined)
    return { kind: 'failed', url, reason: r.drop ? 'connect' : 'too_many_redirects', message: 'fixture', elapsedMs: 1 };
  const body = r.body === undefined ? '' : typeof r.body === 'string' ? r.body : r.body.toString('utf8');
  return response(body, {
    status: r.status ?? 200,
    contentType: lower(r.headers ?? {})['content-type'] ?? null,
    headers: r.headers ?? {},
    url,
  });
}

/** The Evidence the crawler gathers from a fixture site (docs/policy.md section 1). */
export function evidenceFromSite(
  domain: string,
  site: FixtureSite,
  o: { fetchedAt?: string; rank?: number | null } = {},
): Evidence {
  const at = (path: string, accept?: string) => routeAnswer(site, path, domain, accept);
  const homepage = at('/', 'text/html');
  let tosUrl: string | null = null;
  let tos: FetchResult | null = null;
  const link = termsLink(homepage, domain);
  if (link) {
    tosUrl = link.url;
    tos = at(new URL(link.url).pathname);
  }
  return {
    domain,
    fetchedAt: o.fetchedAt ?? FETCHED_AT,
    origin: `https://${domain}`,
    homepage,
    robots: at('/robots.txt'),
    llms: at('/llms.txt'),
    aiTxt: at('/ai.txt'),
    tdmrep: at('/.well-known/tdmrep.json'),
    agents: at('/.well-known/agents.json'),
    markdown: at('/', 'text/markdown'),
    tosUrl,
    tos,
    ...licenceOf(domain, homepage, at('/robots.txt'), at),
    rank: o.rank ?? null,
  };
}

/** The RSL licence the crawler would fetch (same host only: the farm serves one host per site). */
function licenceOf(
  domain: string,
  homepage: FetchResult,
  robots: FetchResult,
  at: (path: string) => FetchResult,
): Pick<Evidence, 'rslRef' | 'rsl'> {
  const rslRef = licenceRefOf(robots, homepage);
  if (rslRef === null) return { rslRef: null, rsl: null };
  const u = new URL(rslRef.url);
  return { rslRef, rsl: u.hostname === domain ? at(`${u.pathname}${u.search}`) : null };
}

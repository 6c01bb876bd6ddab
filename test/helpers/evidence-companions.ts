/**
 * A real robots.txt body turned into the crawls a real site could give: the site as served, and
 * its companions (robots.txt answered 403; robots.txt that never answers; a www host without a
 * robots.txt of its own beside its parent serving the file; the site with terms silent on AI and
 * with terms that ban AI use). Each companion is a site (the fixture farm's FixtureSite, so a
 * test can also serve it on 127.0.0.1 and crawl it: test/integration/crawler/companions.test.ts)
 * and the Evidence the crawler gathers from it. That Evidence is computed the crawler's way
 * (proxy/crawler/crawl-domain.ts): the same robots.txt gate decides the homepage, its markdown
 * form and the terms page (RFC 9309; robots-gate.ts), the same terms finder chooses the link or
 * probes the usual places, the same size caps and the same UTF-8 decoding (BOM dropped, invalid
 * bytes replaced) apply. So a file whose rules keep AIPolicyLens off `/` gives a served site with
 * a refused homepage naming the rule, as a real crawl would.
 */
import { CRAWL_LIMITS } from '../../proxy/crawler/limits.js';
import { createRobotsGate, type DocumentReader } from '../../proxy/crawler/robots-gate.js';
import { runTask, type AnalysisTask } from '../../proxy/analysis-pool/tasks.js';
import { licenceRefOf } from '../../proxy/analysis/classify/licence.js';
import { onSite } from '../../proxy/analysis/signals/rsl-discovery.js';
import type { Evidence, FetchResult } from '../../proxy/analysis/evidence.js';
import { registrableOf } from '../../proxy/analysis/classify/summary-record.js';
import { looksLikeTerms, termsLink, termsWorthProbing, TERMS_PATHS } from '../../proxy/analysis/site/tos.js';
import { parseDomain } from '../../shared/domain.js';
import type { FixtureResponse, FixtureSite } from '../fixtures/farm.js';
import { termsHtml, termsSet, type TermsText } from '../unit/analysis/helpers/terms-set.js';

/** What differs from the site as served. */
export type CompanionKind = 'served' | 'robots-403' | 'robots-hang' | 'www-host' | 'terms-silent' | 'terms-ai-banned';

export interface Companion {
  kind: CompanionKind;
  domain: string;
  /** What the site answers (unknown paths: 404, as the farm answers them). */
  site: FixtureSite;
  evidence: Evidence;
  /** `www-host` only: the registrable parent serving the real file, and its crawl. */
  parent?: { domain: string; site: FixtureSite; evidence: Evidence };
}

export interface CrawlOptions {
  /** `https:` as the crawler tries first; `http:` for a farm reached through an http override. */
  scheme?: 'https:' | 'http:';
  /** The crawler's per-request limit (CRAWL_LIMITS.requestMs); a route delayed this long or more never answers. */
  requestMs?: number;
  fetchedAt?: string;
}

/** The two labelled terms texts the companions link (test/fixtures/terms/labels.json): English, read by hand. */
export const SILENT_TERMS_ID = 'stackoverflow';
export const AI_BANNING_TERMS_ID = 'guardian';

/** Long enough that any crawler limit ends the wait first. */
const HANG_MS = 10 * 60_000;
const NOT_FOUND: FixtureResponse = {
  status: 404,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  body: 'Not found',
};
/** nginx's own 403 page, the usual answer of a server that refuses robots.txt. */
const FORBIDDEN: FixtureResponse = {
  status: 403,
  headers: { 'content-type': 'text/html' },
  body: '<html>\r\n<head><title>403 Forbidden</title></head>\r\n<body>\r\n<center><h1>403 Forbidden</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
};

const HTML = 'text/html; charset=utf-8';

function homepage(domain: string, termsLinked: boolean): FixtureResponse {
  const terms = termsLinked ? ' <a href="/terms">Terms of Service</a>' : '';
  return {
    status: 200,
    headers: { 'content-type': HTML },
    body:
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${domain}</title></head>` +
      `<body><header><h1>${domain}</h1><nav><a href="/news">News</a> <a href="/about">About</a></nav></header>` +
      `<main><article><h2>Today</h2><p>The latest stories from ${domain}.</p></article></main>` +
      `<footer><a href="/contact">Contact</a>${terms}</footer></body></html>`,
  };
}

/**
 * The collections do not record a Content-Type: a body that is an HTML page (a challenge or
 * error page served at /robots.txt) goes out as text/html, anything else as text/plain.
 */
export function robotsContentType(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 2048)).toString('latin1').trimStart().toLowerCase();
  return head.startsWith('<') && /<(!doctype html|html|head|body|script|meta)\b/.test(head) ? HTML : 'text/plain';
}

const robotsRoute = (bytes: Uint8Array): FixtureResponse => ({
  status: 200,
  headers: { 'content-type': robotsContentType(bytes) },
  body: Buffer.from(bytes),
});

function siteOf(robots: FixtureResponse, domain: string, terms: TermsText | null): FixtureSite {
  const routes: FixtureSite['routes'] = { '/': homepage(domain, terms !== null), '/robots.txt': robots };
  if (terms) routes['/terms'] = { status: 200, headers: { 'content-type': HTML }, body: termsHtml(terms) };
  return { routes, fallback: NOT_FOUND };
}

const termsById = (id: string): TermsText => {
  const t = termsSet().texts.find((x) => x.id === id);
  if (!t) throw new Error(`no terms text ${id} in test/fixtures/terms/labels.json`);
  return t;
};

/** The site as served and every companion that applies (no www pair for an IP address). */
export async function companionsOf(
  body: string | Uint8Array,
  site: string,
  o: CrawlOptions = {},
): Promise<Companion[]> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const real = robotsRoute(bytes);
  const make = async (kind: CompanionKind, domain: string, s: FixtureSite): Promise<Companion> => ({
    kind,
    domain,
    site: s,
    evidence: await crawlSite(domain, s, o),
  });
  const out: Companion[] = [
    await make('served', site, siteOf(real, site, null)),
    await make('robots-403', site, siteOf(FORBIDDEN, site, null)),
    await make('robots-hang', site, siteOf({ ...real, delayMs: HANG_MS }, site, null)),
    await make('terms-silent', site, siteOf(real, site, termsById(SILENT_TERMS_ID))),
    await make('terms-ai-banned', site, siteOf(real, site, termsById(AI_BANNING_TERMS_ID))),
  ];
  const pair = wwwPair(site);
  if (pair) {
    const parent = await make('served', pair.parent, siteOf(real, pair.parent, null));
    out.push({
      ...(await make('www-host', pair.host, siteOf(NOT_FOUND, pair.host, null))),
      parent: { domain: parent.domain, site: parent.site, evidence: parent.evidence },
    });
  }
  return out;
}

/** `www.` + the site's registrable domain, and that domain; null for an IP address or a bare suffix. */
export function wwwPair(site: string): { host: string; parent: string } | null {
  const parsed = parseDomain(site);
  if (!parsed.ok || /^[\d.]+$/.test(parsed.domain) || parsed.domain.includes(':')) return null;
  const parent = registrableOf(parsed.domain) ?? parsed.domain;
  if (registrableOf(`www.${parent}`) !== parent) return null;
  return { host: `www.${parent}`, parent };
}

/** The companion whose homepage the crawler left alone at the file's request, or null when the file lets it in. */
export function homepageDisallowed(companions: Companion[]): Companion | null {
  const served = companions.find((c) => c.kind === 'served');
  const home = served?.evidence.homepage;
  return home?.kind === 'refused' && home.robots === 'disallowed' ? served! : null;
}

// ------------------------------------------------------------------ the crawler's way

interface Fetcher {
  get(path: string, cap: number): FetchResult;
  readonly requestMs: number;
}

function fetcherFor(origin: string, site: FixtureSite, requestMs: number): Fetcher {
  return {
    requestMs,
    get(path, cap) {
      const url = origin + path;
      const route = site.routes[path] ?? site.fallback ?? NOT_FOUND;
      if (typeof route === 'function') throw new Error('companion sites have static routes only');
      if ((route.delayMs ?? 0) >= requestMs)
        return {
          kind: 'failed',
          url,
          reason: 'timeout',
          message: `no complete answer within ${requestMs} ms`,
          elapsedMs: requestMs,
        };
      return answer(url, route, cap);
    },
  };
}

/** fetch-one.ts `answer`: lower-case headers, the body capped and decoded as UTF-8 (BOM dropped). */
function answer(url: string, r: FixtureResponse, cap: number): FetchResult {
  const raw = typeof r.body === 'string' ? Buffer.from(r.body, 'utf8') : (r.body ?? Buffer.alloc(0));
  const data = raw.subarray(0, cap);
  const headers: Record<string, string> = { 'content-length': String(raw.length) };
  for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = v;
  return {
    kind: 'response',
    url,
    finalUrl: url,
    status: r.status ?? 200,
    headers,
    contentType: headers['content-type']?.split(';')[0]?.trim().toLowerCase() || null,
    body: new TextDecoder('utf-8').decode(data),
    bytes: data.length,
    truncated: raw.length > cap,
    redirects: 0,
    elapsedMs: 5,
  };
}

/**
 * A page behind the robots.txt gate (robots-gate.ts `check`, fetch-one.ts `ask`): the gate's stop
 * as the fetcher words it, or the page. A page held for a robots.txt that never answered waited
 * for it, so its time is robots.txt's.
 */
async function gatedPage(
  f: Fetcher,
  gate: ReturnType<typeof createRobotsGate>,
  url: string,
  cap: number,
): Promise<FetchResult> {
  const stop = await gate.check(new URL(url));
  if (stop === null) return f.get(new URL(url).pathname, cap);
  if (stop.kind === 'failed')
    return {
      kind: 'failed' as const,
      url,
      reason: stop.reason,
      message: stop.message,
      elapsedMs: f.requestMs,
      robots: stop.robots,
    };
  return { ...stop, url };
}

/** The crawler's readings in this thread (the pool's tasks, with no budget): nothing here is hostile. */
const inThread = {
  read: (task: AnalysisTask) => Promise.resolve({ read: true, value: runTask(task, { reading() {} }) }),
} as unknown as DocumentReader;

/** crawl-domain.ts `gather` for one origin, without sockets: the Evidence the crawler would return. */
export async function crawlSite(domain: string, site: FixtureSite, o: CrawlOptions = {}): Promise<Evidence> {
  const origin = `${o.scheme ?? 'https:'}//${domain}`;
  const caps = CRAWL_LIMITS.caps;
  const f = fetcherFor(origin, site, o.requestMs ?? CRAWL_LIMITS.requestMs);
  const robots = f.get('/robots.txt', caps.robots);
  // Only this origin is ever asked: companion sites neither redirect nor link elsewhere.
  const gate = createRobotsGate(() => Promise.resolve(f.get('/robots.txt', caps.robots)), inThread, domain);
  gate.seed(origin, Promise.resolve(robots));
  const home = await gatedPage(f, gate, `${origin}/`, caps.html);
  const markdown = await gatedPage(f, gate, `${origin}/`, caps.other);
  let tosUrl = termsLink(home, domain)?.url ?? null;
  let tos: FetchResult | null = tosUrl === null ? null : await gatedPage(f, gate, tosUrl, caps.html);
  if (tosUrl === null && termsWorthProbing(home)) {
    for (const path of TERMS_PATHS) {
      const page = await gatedPage(f, gate, origin + path, caps.html);
      if (looksLikeTerms(page)) {
        [tosUrl, tos] = [origin + path, page];
        break;
      }
    }
  }
  return {
    domain,
    fetchedAt: o.fetchedAt ?? '2026-01-15T10:00:00.000Z',
    origin,
    homepage: home,
    robots,
    llms: f.get('/llms.txt', caps.other),
    aiTxt: f.get('/ai.txt', caps.other),
    tdmrep: f.get('/.well-known/tdmrep.json', caps.other),
    agents: f.get('/.well-known/agents.json', caps.other),
    markdown,
    tosUrl,
    tos,
    ...licenceOf(f, domain, robots, home),
    rank: null,
  };
}

/** The RSL licence the site names, fetched as the crawler fetches it (the site's own only, docs/policy.md section 15). */
function licenceOf(
  f: Fetcher,
  domain: string,
  robots: FetchResult,
  home: FetchResult,
): Pick<Evidence, 'rslRef' | 'rsl'> {
  const ref = licenceRefOf(robots, home);
  if (ref === null) return { rslRef: null, rsl: null };
  if (!onSite(ref.url, domain)) return { rslRef: ref, rsl: null };
  const url = new URL(ref.url);
  return { rslRef: ref, rsl: f.get(url.pathname + url.search, CRAWL_LIMITS.caps.rsl) };
}

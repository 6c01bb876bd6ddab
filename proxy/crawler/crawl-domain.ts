/**
 * One domain's crawl (docs/policy.md section 1) over one pinned resolution: the policy
 * files in parallel; the pages (homepage, its markdown form) as soon as robots.txt says the
 * crawler may fetch them (robots-gate.ts), the terms page as soon as the homepage is in;
 * https first and http only when https gave no HTTP answer at all, all inside the
 * whole-domain time limit. The terms page comes last: the homepage's terms link, or, when it
 * links none, the usual places (/terms, /terms-of-service, /legal, /tos) one after the other
 * within the same robots.txt gate and limits. While only the terms are missing, `onEarly` gets
 * the rest (the terms decide no verdict, so a caller may answer with it meanwhile). The RSL
 * licence the site names (robots.txt, the homepage's link or header; docs/policy.md section
 * 15) is fetched as soon as both are in, as a policy file: never gated, same guard and limits.
 */
import { Agent } from 'undici';
import { parseDomain } from '../../shared/domain.js';
import type { Evidence, FetchResult } from '../analysis/evidence.js';
import { licenceRefOf } from '../analysis/classify/licence.js';
import { onSite } from '../analysis/signals/rsl-discovery.js';
import { looksLikeTerms, termsLink, TERMS_PATHS, termsWorthProbing } from '../analysis/site/tos.js';
import type { Clock } from '../lib/clock.js';
import { fetchOne, type FetchContext } from './fetch-one.js';
import { createGuardedConnector } from './guarded-connector.js';
import { matchOverride, type CrawlOverride } from './overrides.js';
import { createPinnedResolver, type Lookup } from './pinned-resolver.js';
import { createRobotsGate, type RobotsGate } from './robots-gate.js';
import type { CrawlCaps } from './limits.js';

export interface CrawlSettings {
  overrides: CrawlOverride[];
  ranks: Map<string, number> | null;
  userAgent: string;
  connectMs: number;
  requestMs: number;
  domainMs: number;
  caps: CrawlCaps;
  maxRedirects: number;
  lookup: Lookup;
  clock: Clock;
}

type FileKey = 'homepage' | 'robots' | 'llms' | 'aiTxt' | 'tdmrep' | 'agents' | 'markdown';
type Files = Record<FileKey, FetchResult>;

const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';
const TEXT_ACCEPT = 'text/plain,*/*;q=0.5';
const JSON_ACCEPT = 'application/json,*/*;q=0.5';
const RSL_ACCEPT = 'application/rsl+xml,application/xml;q=0.9,text/xml;q=0.9,*/*;q=0.5';

/**
 * The requests of section 1, each with its Accept header and size cap. `page`: a page of the
 * site rather than a file published for crawlers, fetched only where robots.txt allows it.
 */
const FILES: ReadonlyArray<{ key: FileKey; path: string; accept: string; cap: keyof CrawlCaps; page?: true }> = [
  { key: 'homepage', path: '/', accept: HTML_ACCEPT, cap: 'html', page: true },
  { key: 'robots', path: '/robots.txt', accept: TEXT_ACCEPT, cap: 'robots' },
  { key: 'llms', path: '/llms.txt', accept: 'text/markdown,text/plain,*/*;q=0.5', cap: 'other' },
  { key: 'aiTxt', path: '/ai.txt', accept: TEXT_ACCEPT, cap: 'other' },
  { key: 'tdmrep', path: '/.well-known/tdmrep.json', accept: JSON_ACCEPT, cap: 'other' },
  { key: 'agents', path: '/.well-known/agents.json', accept: JSON_ACCEPT, cap: 'other' },
  // Markdown for agents: the homepage again, asking for text/markdown.
  { key: 'markdown', path: '/', accept: 'text/markdown', cap: 'other', page: true },
];

/** Failures that mean "no HTTP server answered on this scheme", so the other scheme is worth a try. */
const NO_ANSWER = new Set(['connect', 'tls', 'timeout', 'protocol']);

export async function crawlDomain(
  s: CrawlSettings,
  input: string,
  external?: AbortSignal,
  onEarly?: (early: Evidence) => void,
): Promise<Evidence> {
  const fetchedAt = new Date(s.clock.now()).toISOString();
  const parsed = parseDomain(input);
  if (!parsed.ok) return refusedEvidence(String(input), fetchedAt, `not a valid domain: ${parsed.message}`);
  const domain: string = parsed.domain;

  const domainTimeout = AbortSignal.timeout(s.domainMs);
  const signal = external ? AbortSignal.any([external, domainTimeout]) : domainTimeout;
  const resolver = createPinnedResolver(s.overrides, s.lookup);
  const agent = new Agent({
    connect: createGuardedConnector(resolver, s.connectMs),
    headersTimeout: s.requestMs,
    bodyTimeout: s.requestMs,
  });
  const ctx: FetchContext = {
    dispatcher: agent,
    resolver,
    userAgent: s.userAgent,
    maxRedirects: s.maxRedirects,
    requestMs: s.requestMs,
    signal,
    abortCause: () =>
      external?.aborted
        ? { reason: 'aborted', message: 'the crawl was cancelled' }
        : { reason: 'timeout', message: `the domain's crawl took longer than ${s.domainMs} ms` },
  };

  try {
    // An override's scheme is the one crawled; https overrides still fall back to http (same host:port).
    const schemes = matchOverride(s.overrides, domain)?.protocol === 'http:' ? ['http:'] : ['https:', 'http:'];
    let got: Gathered | null = null;
    for (const scheme of schemes) {
      const origin = `${scheme}//${domain}`;
      got = await gather(
        s,
        ctx,
        origin,
        domain,
        onEarly && ((early) => onEarly(evidence(s, domain, fetchedAt, origin, early))),
      );
      const answered = Object.values(got.files).some((r) => r.kind === 'response');
      if (answered) return evidence(s, domain, fetchedAt, `${scheme}//${domain}`, got);
      const worthRetry = Object.values(got.files).some((r) => r.kind === 'failed' && NO_ANSWER.has(r.reason));
      if (!worthRetry || signal.aborted) break;
    }
    return evidence(s, domain, fetchedAt, null, got!);
  } finally {
    await agent.destroy().catch(() => undefined);
  }
}

interface Gathered {
  files: Files;
  tosUrl: string | null;
  tos: FetchResult | null;
  tosPending?: true;
  licence: Licence;
}

type Licence = Pick<Evidence, 'rslRef' | 'rsl'>;

/**
 * Every file of one origin. `early` gets what is in when only the terms are still being fetched
 * (a terms link, or the usual places being tried: the homepage answered, so this origin is the
 * one kept).
 */
async function gather(
  s: CrawlSettings,
  ctx: FetchContext,
  origin: string,
  domain: string,
  early?: (got: Gathered) => void,
): Promise<Gathered> {
  const robotsFile = (url: string) => fetchOne(ctx, { url, accept: TEXT_ACCEPT, cap: s.caps.robots });
  const gate: RobotsGate = createRobotsGate(robotsFile);
  const robots = robotsFile(origin + '/robots.txt');
  gate.seed(origin, robots);
  const permit = (url: URL) => gate.check(url);
  const pending = FILES.map((f) =>
    f.key === 'robots'
      ? robots
      : fetchOne(ctx, { url: origin + f.path, accept: f.accept, cap: s.caps[f.cap], permit: f.page && permit }),
  );
  let tosUrl: string | null = null;
  let termsIn = false;
  let probing = false;
  const page = (url: string) => fetchOne(ctx, { url, accept: HTML_ACCEPT, cap: s.caps.html, permit });
  const terms = pending[0]!.then(async (home): Promise<{ tosUrl: string | null; tos: FetchResult | null }> => {
    tosUrl = tosLinkOf(home, domain);
    probing = tosUrl === null && termsWorthProbing(home);
    const found =
      tosUrl !== null
        ? { tosUrl, tos: await page(tosUrl) }
        : probing
          ? await probeTerms(ctx, origin, page)
          : { tosUrl: null, tos: null };
    termsIn = true;
    return found;
  });
  const licence = Promise.all([robots, pending[0]!]).then(([r, home]) => fetchLicence(s, ctx, domain, r, home));
  const results = await Promise.all(pending);
  const files = Object.fromEntries(FILES.map((f, i) => [f.key, results[i]!])) as Files;
  const rsl = await licence;
  // The homepage is in, so whether there are terms to wait for is known; only they may still be on their way.
  if (early && !termsIn && (tosUrl !== null || probing) && !ctx.signal.aborted)
    early({ files, tosUrl, tos: null, tosPending: true, licence: rsl });
  return { files, ...(await terms), licence: rsl };
}

/** The RSL licence the site names, fetched like the policy files (never gated by robots.txt). */
async function fetchLicence(
  s: CrawlSettings,
  ctx: FetchContext,
  domain: string,
  robots: FetchResult,
  home: FetchResult,
): Promise<Licence> {
  let ref: Evidence['rslRef'];
  try {
    ref = licenceRefOf(robots, home);
  } catch {
    ref = null; // a finder bug must not cost the domain its evidence
  }
  if (ref === null) return { rslRef: null, rsl: null };
  // Only the site's own licence is fetched (docs/policy.md section 15); one elsewhere is named, not fetched.
  if (!onSite(ref.url, domain)) return { rslRef: ref, rsl: null };
  return { rslRef: ref, rsl: await fetchOne(ctx, { url: ref.url, accept: RSL_ACCEPT, cap: s.caps.rsl }) };
}

/**
 * The usual places of a terms page, one request at a time (polite: most sites have one or none),
 * stopping at the first that reads as terms (analysis/site/tos.ts looksLikeTerms). Each request
 * passes the robots.txt gate and the crawl's limits like any page; nothing found is no terms.
 */
async function probeTerms(
  ctx: FetchContext,
  origin: string,
  page: (url: string) => Promise<FetchResult>,
): Promise<{ tosUrl: string | null; tos: FetchResult | null }> {
  for (const path of TERMS_PATHS) {
    if (ctx.signal.aborted) break;
    const url = origin + path;
    const tos = await page(url);
    if (looksLikeTerms(tos)) return { tosUrl: url, tos };
  }
  return { tosUrl: null, tos: null };
}

/**
 * The analysis owns the rule for which link is the terms page (docs/policy.md section 1)
 * and scans the homepage for it; classify() later reads the same scan, not a second one.
 */
function tosLinkOf(home: FetchResult, domain: string): string | null {
  try {
    return termsLink(home, domain)?.url ?? null;
  } catch {
    return null; // a finder bug must not cost the domain its evidence
  }
}

function evidence(s: CrawlSettings, domain: string, fetchedAt: string, origin: string | null, got: Gathered): Evidence {
  const pending = got.tosPending ? { tosPending: true as const } : {};
  return {
    domain,
    fetchedAt,
    origin,
    ...got.files,
    tosUrl: got.tosUrl,
    tos: got.tos,
    ...pending,
    ...got.licence,
    rank: s.ranks?.get(domain) ?? null,
  };
}

/** Evidence for input that is not a domain at all: nothing is fetched. */
function refusedEvidence(input: string, fetchedAt: string, reason: string): Evidence {
  const files = Object.fromEntries(
    FILES.map((f) => [f.key, { kind: 'refused', url: `https://${input}${f.path}`, reason } satisfies FetchResult]),
  ) as Files;
  return {
    domain: input,
    fetchedAt,
    origin: null,
    ...files,
    tosUrl: null,
    tos: null,
    rslRef: null,
    rsl: null,
    rank: null,
  };
}

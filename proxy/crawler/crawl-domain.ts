/**
 * One domain's crawl (docs/policy.md section 1) over one pinned resolution: the policy
 * files in parallel; the pages (homepage, its markdown form) as soon as robots.txt says the
 * crawler may fetch them (robots-gate.ts), the terms page as soon as the homepage is in;
 * https first and http only when https gave no HTTP answer at all, all inside the
 * whole-domain time limit. The terms page comes last: the homepage's terms link, or, when it
 * links none, the usual places (/terms, /terms-of-service, /legal, /tos) one after the other
 * within the same robots.txt gate and limits. While only the terms are missing, `onEarly` gets
 * the rest (the terms decide no verdict, so a caller may answer with it meanwhile). Every
 * document the crawl itself reads (robots.txt for the gate, the homepage for its terms link, a
 * usual place to tell whether it is terms) is read on the analysis pool within its budget; one
 * given up is recorded in the evidence (`notRead`) and the crawl goes on without it. The RSL
 * licence the site names (robots.txt, the homepage's link or header; docs/policy.md section 15)
 * is looked up on the pool as soon as both are in and fetched as a policy file: never gated,
 * same guard and limits.
 */
import { Agent } from 'undici';
import { parseDomain } from '../../shared/domain.js';
import type { DocumentNotRead, Evidence, FetchResult } from '../analysis/evidence.js';
import { onSite } from '../analysis/signals/rsl-discovery.js';
import { TERMS_PATHS } from '../analysis/site/tos.js';
import type { Clock } from '../lib/clock.js';
import { fetchOne, type FetchContext } from './fetch-one.js';
import { createGuardedConnector } from './guarded-connector.js';
import { matchOverride, type CrawlOverride } from './overrides.js';
import { createPinnedResolver, type Lookup } from './pinned-resolver.js';
import { createRobotsGate, type DocumentReader, type RobotsGate } from './robots-gate.js';
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
  /** Reads robots.txt for the gate, and the homepage and usual places for the terms (the analysis pool). */
  reader: DocumentReader;
}

type FileKey = 'homepage' | 'robots' | 'llms' | 'aiTxt' | 'tdmrep' | 'agents' | 'markdown';
type Files = Record<FileKey, FetchResult>;

const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';
const TEXT_ACCEPT = 'text/plain,*/*;q=0.5';
const JSON_ACCEPT = 'application/json,*/*;q=0.5';

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

const RSL_ACCEPT = 'application/rsl+xml,application/xml;q=0.9,text/xml;q=0.9,*/*;q=0.5';

type Licence = Pick<Evidence, 'rslRef' | 'rsl'>;

interface Gathered {
  files: Files;
  licence: Licence;
  tosUrl: string | null;
  tos: FetchResult | null;
  tosPending?: true;
  /** Documents the crawl's own readings gave up on (the gate's robots.txt, the homepage, a terms page). */
  notRead: DocumentNotRead[];
}

/** The terms page found, or none, and a document given up on the way. */
interface TermsFound {
  tosUrl: string | null;
  tos: FetchResult | null;
  notRead?: DocumentNotRead;
}

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
  const gate: RobotsGate = createRobotsGate(robotsFile, s.reader, domain);
  const robots = robotsFile(origin + '/robots.txt');
  gate.seed(origin, robots);
  const permit = (url: URL) => gate.check(url);
  const pending = FILES.map((f) =>
    f.key === 'robots'
      ? robots
      : fetchOne(ctx, { url: origin + f.path, accept: f.accept, cap: s.caps[f.cap], permit: f.page && permit }),
  );
  let termsIn = false;
  const page = (url: string) => fetchOne(ctx, { url, accept: HTML_ACCEPT, cap: s.caps.html, permit });
  const lead = pending[0]!.then((home) => termsLeadOf(s.reader, home, domain));
  const terms = lead.then(async ({ url, probe }): Promise<TermsFound> => {
    const found =
      url !== null
        ? { tosUrl: url, tos: await page(url) }
        : probe
          ? await probeTerms(ctx, origin, page, (tos) => looksLikeTerms(s.reader, tos, domain))
          : { tosUrl: null, tos: null };
    termsIn = true;
    return found;
  });
  const licence = Promise.all([robots, pending[0]!]).then(([r, h]) => fetchLicence(s, ctx, domain, r, h));
  const results = await Promise.all(pending);
  const files = Object.fromEntries(FILES.map((f, i) => [f.key, results[i]!])) as Files;
  const home = await lead;
  const rsl = await licence;
  const given = (...more: Array<DocumentNotRead | null | undefined>) =>
    more.filter((n): n is DocumentNotRead => n != null);
  // The homepage is in and read, so whether there are terms to wait for is known; only they may still be on their way.
  if (early && !termsIn && (home.url !== null || home.probe) && !ctx.signal.aborted)
    early({
      files,
      licence: rsl.licence,
      tosUrl: home.url,
      tos: null,
      tosPending: true,
      notRead: given(gate.notRead, home.notRead, rsl.notRead),
    });
  const found = await terms;
  return {
    files,
    licence: rsl.licence,
    tosUrl: found.tosUrl,
    tos: found.tos,
    notRead: given(gate.notRead, home.notRead, rsl.notRead, found.notRead),
  };
}

/**
 * The RSL licence the site names, looked up on the analysis pool (robots.txt's License lines,
 * the homepage's link or header) and fetched like the policy files (never gated by robots.txt).
 * Only the site's own licence is fetched (docs/policy.md section 15); one elsewhere is named, not
 * fetched. A lookup given up on (the budget) names none: the documents it read are reported
 * not read by their own readings.
 */
async function fetchLicence(
  s: CrawlSettings,
  ctx: FetchContext,
  domain: string,
  robots: FetchResult,
  home: FetchResult,
): Promise<{ licence: Licence; notRead?: DocumentNotRead }> {
  const bytes = (robots.kind === 'response' ? robots.bytes : 0) + (home.kind === 'response' ? home.bytes : 0);
  const found = await s.reader.read({ kind: 'licence-ref', robots, homepage: home }, domain, bytes);
  if (!found.read) return { licence: { rslRef: null, rsl: null }, notRead: found.notRead };
  const ref = found.value;
  if (ref === null) return { licence: { rslRef: null, rsl: null } };
  if (!onSite(ref.url, domain)) return { licence: { rslRef: ref, rsl: null } };
  return { licence: { rslRef: ref, rsl: await fetchOne(ctx, { url: ref.url, accept: RSL_ACCEPT, cap: s.caps.rsl }) } };
}

/**
 * The homepage's terms link, or whether the usual places are worth a try (docs/policy.md
 * section 1), read on the analysis pool; the homepage given up on has neither. A finder bug
 * must not cost the domain its evidence: it is a homepage not read, like one over budget.
 */
async function termsLeadOf(
  reader: DocumentReader,
  home: FetchResult,
  domain: string,
): Promise<{ url: string | null; probe: boolean; notRead?: DocumentNotRead }> {
  if (home.kind !== 'response') return { url: null, probe: false };
  const lead = await reader.read({ kind: 'terms-link', homepage: home, domain }, domain, home.bytes);
  return lead.read ? lead.value : { url: null, probe: false, notRead: lead.notRead };
}

/** A page at a usual place reads as terms (site/tos.ts looksLikeTerms); one given up on is taken as the terms, not read. */
async function looksLikeTerms(
  reader: DocumentReader,
  tos: FetchResult,
  domain: string,
): Promise<{ terms: boolean; notRead?: DocumentNotRead }> {
  if (tos.kind !== 'response') return { terms: false };
  const r = await reader.read({ kind: 'looks-like-terms', page: tos }, domain, tos.bytes);
  return r.read ? { terms: r.value } : { terms: true, notRead: r.notRead };
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
  isTerms: (tos: FetchResult) => Promise<{ terms: boolean; notRead?: DocumentNotRead }>,
): Promise<TermsFound> {
  for (const path of TERMS_PATHS) {
    if (ctx.signal.aborted) break;
    const url = origin + path;
    const tos = await page(url);
    const looks = await isTerms(tos);
    if (looks.terms) return { tosUrl: url, tos, ...(looks.notRead ? { notRead: looks.notRead } : {}) };
  }
  return { tosUrl: null, tos: null };
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
    ...(got.notRead.length > 0 ? { notRead: got.notRead } : {}),
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

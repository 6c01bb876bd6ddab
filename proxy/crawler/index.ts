/**
 * The crawler: gathers a domain's Evidence (docs/policy.md section 1) over a safe fetcher
 * (SSRF guard with pinned DNS, redirect re-checks, timeouts, size caps) with origin overrides
 * for tests. crawl() never throws for a domain: every outcome is a FetchResult value.
 */
import type { EvidenceSource } from '../analysis/evidence.js';
import { AnalysisPool, type AnalysisPoolOptions } from '../analysis-pool/index.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { crawlDomain, type CrawlSettings } from './crawl-domain.js';
import { parseCrawlOverrides } from './overrides.js';
import { systemLookup, type Lookup } from './pinned-resolver.js';
import { loadRankList } from './rank-list.js';
import { ConfigError } from '../lib/env.js';
import { CRAWL_LIMITS } from './limits.js';
import { parseContact, userAgentFor } from './user-agent.js';

export { parseCrawlOverrides, matchOverride, type CrawlOverride } from './overrides.js';
export { loadRankList } from './rank-list.js';
export { refusalReason } from './address-policy.js';
export type { Lookup } from './pinned-resolver.js';
export { CRAWL_LIMITS } from './limits.js';
export { crawlOutcome, logCrawl } from './crawl-log.js';
export { CRAWLER_TOKEN, DEFAULT_CONTACT, parseContact, userAgentFor } from './user-agent.js';

export interface CrawlerOptions {
  /** CRAWL_OVERRIDES value: `domain=origin` pairs, comma separated, `*.suffix` allowed; exact domains win over wildcards. */
  overrides?: string;
  /** RANKLIST_CSV: `rank,domain` lines (header line optional); rank null without one. */
  rankListPath?: string;
  /**
   * CRAWLER_CONTACT (read by the service's settings, proxy/service/config.ts): the page or
   * mailto: address in the User-Agent where site owners reach whoever runs this crawler;
   * default the project's page for site owners.
   */
  contact?: string;
  /** Defaults in CRAWL_LIMITS (limits.ts). */
  timeouts?: { connectMs?: number; requestMs?: number; domainMs?: number };
  /** Defaults in CRAWL_LIMITS (limits.ts). */
  caps?: { robots?: number; html?: number; other?: number; rsl?: number };
  /** Default in CRAWL_LIMITS (limits.ts). */
  maxRedirects?: number;
  /** Name resolution, for tests that must not touch real DNS; default getaddrinfo. */
  lookup?: Lookup;
  /** Source of `fetchedAt`; default the system clock. */
  clock?: Clock;
  /**
   * Where robots.txt, the homepage and candidate terms pages are read (never on this thread):
   * a pool given (a test's), kept open by close(); or the settings of the crawler's own pool
   * (ANALYSIS_BUDGET_MS, ANALYSIS_THREADS; default the defaults), which the program's service
   * shares (`crawler.analysis`) and close() ends.
   */
  analysis?: AnalysisPool | Pick<AnalysisPoolOptions, 'budgetMs' | 'threads'>;
}

/** Runs a setting's parser; its error names the variable, so every entry point reports e.g. "CRAWL_OVERRIDES: …". */
function named<T>(variable: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw new ConfigError(variable, (e as Error).message);
  }
}

/** The contact given, checked; undefined (the project's page) when none is. */
function contactOf(given: string | undefined): string | undefined {
  if (given === undefined || given.trim() === '') return undefined;
  return named('CRAWLER_CONTACT', () => parseContact(given));
}

/** The crawler, with the analysis pool it reads on (for the program's service to share). */
export interface Crawler extends EvidenceSource {
  readonly analysis: AnalysisPool;
  close(): Promise<void>;
}

export function createCrawler(opts: CrawlerOptions = {}): Crawler {
  const given = opts.analysis instanceof AnalysisPool ? opts.analysis : null;
  const own = given === null ? new AnalysisPool(opts.analysis as AnalysisPoolOptions | undefined) : null;
  const analysis = (given ?? own)!;
  const settings: CrawlSettings = {
    overrides: opts.overrides ? named('CRAWL_OVERRIDES', () => parseCrawlOverrides(opts.overrides!)) : [],
    ranks: opts.rankListPath ? named('RANKLIST_CSV', () => loadRankList(opts.rankListPath!)) : null,
    userAgent: userAgentFor(contactOf(opts.contact)),
    connectMs: opts.timeouts?.connectMs ?? CRAWL_LIMITS.connectMs,
    requestMs: opts.timeouts?.requestMs ?? CRAWL_LIMITS.requestMs,
    domainMs: opts.timeouts?.domainMs ?? CRAWL_LIMITS.domainMs,
    caps: {
      robots: opts.caps?.robots ?? CRAWL_LIMITS.caps.robots,
      html: opts.caps?.html ?? CRAWL_LIMITS.caps.html,
      other: opts.caps?.other ?? CRAWL_LIMITS.caps.other,
      rsl: opts.caps?.rsl ?? CRAWL_LIMITS.caps.rsl,
    },
    maxRedirects: opts.maxRedirects ?? CRAWL_LIMITS.maxRedirects,
    lookup: opts.lookup ?? systemLookup,
    clock: opts.clock ?? systemClock,
    reader: analysis,
  };
  // Each crawl owns its connection pool (the pins live there); close() cancels crawls in flight.
  const closing = new AbortController();
  const running = new Set<Promise<unknown>>();
  return {
    analysis,
    async crawl(domain, signal, onEarly) {
      const stop = signal ? AbortSignal.any([signal, closing.signal]) : closing.signal;
      const p = crawlDomain(settings, domain, stop, onEarly);
      running.add(p);
      try {
        return await p;
      } finally {
        running.delete(p);
      }
    },
    async close() {
      closing.abort();
      await Promise.allSettled([...running]);
      await own?.close();
    },
  };
}

/**
 * The crawler: gathers a domain's Evidence (classification.md section 1) over a safe fetcher
 * (SSRF guard with pinned DNS, redirect re-checks, timeouts, size caps) with origin overrides
 * for tests. crawl() never throws for a domain: every outcome is a FetchResult value.
 */
import type { EvidenceSource } from '../analysis/evidence.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { crawlDomain, type CrawlSettings } from './crawl-domain.js';
import { parseCrawlOverrides } from './overrides.js';
import { systemLookup, type Lookup } from './pinned-resolver.js';
import { loadRankList } from './rank-list.js';
import { scanHtml } from '../analysis/html/scan.js';
import { findTosLink } from '../analysis/site/tos.js';
import { ConfigError } from '../lib/env.js';

export { parseCrawlOverrides, matchOverride, type CrawlOverride } from './overrides.js';
export { loadRankList } from './rank-list.js';
export { refusalReason } from './address-policy.js';
export type { Lookup } from './pinned-resolver.js';

export const DEFAULT_USER_AGENT = 'AIPolicyLens/0.1 (+https://github.com/ai-policy-lens/ai-policy-lens)';

export interface CrawlerOptions {
  /** CRAWL_OVERRIDES value: `domain=origin` pairs, comma separated, `*.suffix` allowed; exact domains win over wildcards. */
  overrides?: string;
  /** RANKLIST_CSV: `rank,domain` lines (header line optional); rank null without one. */
  rankListPath?: string;
  userAgent?: string;
  /** Defaults 5 s, 10 s, 20 s. */
  timeouts?: { connectMs?: number; requestMs?: number; domainMs?: number };
  /** Defaults 500 KiB (RFC 9309 2.5 minimum), 1 MiB, 256 KiB. */
  caps?: { robots?: number; html?: number; other?: number };
  /** Default 5. */
  maxRedirects?: number;
  /** Name resolution, for tests that must not touch real DNS; default getaddrinfo. */
  lookup?: Lookup;
  /** Source of `fetchedAt`; default the system clock. */
  clock?: Clock;
}

/** Runs a setting's parser; its error names the variable, so every entry point reports e.g. "CRAWL_OVERRIDES: …". */
function named<T>(variable: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw new ConfigError(variable, (e as Error).message);
  }
}

export function createCrawler(opts: CrawlerOptions = {}): EvidenceSource & { close(): Promise<void> } {
  const settings: CrawlSettings = {
    overrides: opts.overrides ? named('CRAWL_OVERRIDES', () => parseCrawlOverrides(opts.overrides!)) : [],
    ranks: opts.rankListPath ? named('RANKLIST_CSV', () => loadRankList(opts.rankListPath!)) : null,
    userAgent: opts.userAgent ?? DEFAULT_USER_AGENT,
    connectMs: opts.timeouts?.connectMs ?? 5_000,
    requestMs: opts.timeouts?.requestMs ?? 10_000,
    domainMs: opts.timeouts?.domainMs ?? 20_000,
    caps: {
      robots: opts.caps?.robots ?? 500 * 1024,
      html: opts.caps?.html ?? 1024 * 1024,
      other: opts.caps?.other ?? 256 * 1024,
    },
    maxRedirects: opts.maxRedirects ?? 5,
    lookup: opts.lookup ?? systemLookup,
    clock: opts.clock ?? systemClock,
    // The analysis owns the rule for which link is the terms page (classification.md section 1).
    findTosLink: (html, pageUrl, domain) => findTosLink(scanHtml(html), pageUrl, domain)?.url ?? null,
  };
  // Each crawl owns its connection pool (the pins live there); close() cancels crawls in flight.
  const closing = new AbortController();
  const running = new Set<Promise<unknown>>();
  return {
    async crawl(domain, signal) {
      const stop = signal ? AbortSignal.any([signal, closing.signal]) : closing.signal;
      const p = crawlDomain(settings, domain, stop);
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
    },
  };
}

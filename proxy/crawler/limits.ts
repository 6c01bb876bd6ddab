/**
 * Every time limit and size cap of a crawl, in one table (the README's "Crawler limits" lists
 * the same rows). createCrawler() takes these as defaults; tests pass shorter ones.
 */
import { MAX_ROBOTS_BYTES } from '../../shared/robots/index.js';

const KiB = 1024;

export const CRAWL_LIMITS = {
  /** TCP (and TLS) connection set-up, per connection. */
  connectMs: 5_000,
  /** One request, from sending it to the end of its body (redirect hops included). */
  requestMs: 10_000,
  /** A whole domain: robots.txt, the pages it allows, the terms page. */
  domainMs: 20_000,
  /** Redirects followed per request (RFC 9309 section 2.3.1.2 asks for at least five). */
  maxRedirects: 5,
  caps: {
    /** robots.txt: RFC 9309 section 2.5's minimum, the same constant the parser cuts at. */
    robots: MAX_ROBOTS_BYTES,
    /** The homepage and the terms page. */
    html: 1024 * KiB,
    /** llms.txt, ai.txt, the well-known JSON files, the markdown homepage. */
    other: 256 * KiB,
    /** The RSL licence the site names (docs/policy.md section 15); real ones are a few KiB. */
    rsl: 256 * KiB,
  },
} as const;

export type CrawlCaps = { robots: number; html: number; other: number; rsl: number };

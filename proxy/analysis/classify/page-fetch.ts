/**
 * How a page request went (the homepage, the terms page). The crawler asks robots.txt first
 * (RFC 9309), so a page without an answer was not always unreachable:
 * - `answered`: any HTTP answer;
 * - `disallowed`: not requested, at the site's request (its robots.txt disallows the crawler);
 * - `held`: not requested because robots.txt could not be read (5xx, 429 or no answer), which
 *   RFC 9309 section 2.3.1.4 reads as "fetch nothing";
 * - `no_answer`: requested, no HTTP answer (or the SSRF guard refused the address).
 */
import type { FetchResult, RobotsRuleRef } from '../evidence.js';

export type PageFetch =
  { kind: 'answered' } | { kind: 'disallowed'; rule: RobotsRuleRef | null } | { kind: 'held' } | { kind: 'no_answer' };

export function pageFetch(r: FetchResult): PageFetch {
  if (r.kind === 'response') return { kind: 'answered' };
  if (r.kind === 'refused' && r.robots === 'disallowed') return { kind: 'disallowed', rule: r.rule ?? null };
  // A name that does not resolve fails every request alike: the page could not have been fetched anyway.
  if (r.kind === 'failed' && r.reason === 'dns') return { kind: 'no_answer' };
  if (r.robots === 'unreachable') return { kind: 'held' };
  return { kind: 'no_answer' };
}

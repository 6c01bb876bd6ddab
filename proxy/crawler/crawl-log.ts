/**
 * One log line per crawl, at info: the domain, how long it took, what the site did and the
 * stance it led to. Called where a crawl is classified and stored (the service's crawl loop),
 * so every crawl, queued, refreshed or asked for by the CLI, leaves exactly one line.
 */
import type { Evidence, FetchResult } from '../analysis/evidence.js';
import type { Logger } from '../lib/logger.js';

/** What the site did, in a few words a person reads in a log. */
export function crawlOutcome(e: Evidence): string {
  const files: FetchResult[] = [e.homepage, e.robots, e.llms, e.aiTxt, e.tdmrep, e.agents, e.markdown];
  if (files.every((f) => f.kind === 'refused')) return `not fetched: ${(e.robots as { reason: string }).reason}`;
  if (e.origin === null) {
    const failure = files.find((f) => f.kind === 'failed');
    return failure?.kind === 'failed' ? `no answer (${failure.reason})` : 'no answer';
  }
  const robots = e.robots.kind === 'response' ? `robots.txt ${e.robots.status}` : `robots.txt ${e.robots.kind}`;
  if (e.homepage.kind !== 'response' && e.homepage.robots === 'disallowed')
    return `answered, ${robots}, pages disallowed for this crawler`;
  if (e.homepage.kind !== 'response' && e.homepage.robots === 'unreachable')
    return `answered, ${robots}, pages not fetched`;
  return `answered, ${robots}`;
}

/** `crawled example.com in 412 ms: answered, robots.txt 200; stance blocks_training`. */
export function logCrawl(log: Logger, evidence: Evidence, stance: string, ms: number): void {
  const outcome = crawlOutcome(evidence);
  const rounded = Math.round(ms);
  log.info(
    { domain: evidence.domain, ms: rounded, outcome, stance },
    `crawled ${evidence.domain} in ${rounded} ms: ${outcome}; stance ${stance}`,
  );
}

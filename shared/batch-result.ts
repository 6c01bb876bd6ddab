/**
 * The seed's batch result (seed "Batch result"), built in one place for every source: found
 * answers become batch items (domain, found, stance, use_cases, bots), the rest are listed in
 * `not_found` by name. The service builds its batches with it, and the gateway's remote source
 * uses it to answer a batch of one with a single lookup.
 */
import type { BatchItem, BatchResult, DomainPolicy, DomainPolicyFound } from './schemas.js';

export function toBatchItem(p: DomainPolicyFound): BatchItem {
  return { domain: p.domain, found: true, stance: p.stance, use_cases: p.use_cases, bots: p.bots };
}

export function toBatchResult(answers: Iterable<DomainPolicy>): BatchResult {
  const out: BatchResult = { domains: [], not_found: [] };
  for (const a of answers) {
    if (a.found) out.domains.push(toBatchItem(a));
    else out.not_found.push(a.domain);
  }
  return out;
}

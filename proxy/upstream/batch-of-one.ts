/**
 * Turns single lookups into the seed's batch result shape (seed "Batch result"): found ones
 * as batch items (domain, found, stance, use_cases, bots), the rest in `not_found`.
 */
import type { BatchItem, BatchResult, DomainPolicy, DomainPolicyFound } from '../../shared/schemas.js';

export function toBatchItem(p: DomainPolicyFound): BatchItem {
  return { domain: p.domain, found: true, stance: p.stance, use_cases: p.use_cases, bots: p.bots };
}

export function toBatchResult(answers: DomainPolicy[]): BatchResult {
  const out: BatchResult = { domains: [], not_found: [] };
  for (const a of answers) {
    if (a.found) out.domains.push(toBatchItem(a));
    else out.not_found.push(a.domain);
  }
  return out;
}

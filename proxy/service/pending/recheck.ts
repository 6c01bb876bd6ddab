/**
 * "Check again": a new check of one domain now, ahead of batch and refresh
 * work, at most once a minute per domain. The queue decides (CrawlQueue.recheck, through
 * admission.ts, which holds the client's budget and the cap); these are the rule's interval,
 * its answer, and how HTTP says it.
 */
import type { Response } from 'express';
import type { RecheckResult } from '../../../shared/api.js';
import type { RecheckOutcome } from '../store/registry-store.js';

/** "Check again" at most once a minute per domain. */
export const RECHECK_INTERVAL_MS = 60_000;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The answer to a recheck the queue took or refused (a full queue is an error, queue_full, not an answer). */
export function recheckAnswer(domain: string, outcome: Exclude<RecheckOutcome, { kind: 'full' }>): RecheckResult {
  if (outcome.kind === 'queued') return { domain, accepted: true, retry_after: seconds(RECHECK_INTERVAL_MS) };
  return { domain, accepted: false, retry_after: seconds(outcome.retryAfterMs) };
}

/** 202 when a check was queued. A refusal is an answer, not an error: 200 with Retry-After (a 429 would read as the key's limit being used up). */
export function sendRecheck(res: Response, result: RecheckResult): void {
  if (!result.accepted) res.setHeader('Retry-After', String(result.retry_after));
  res.status(result.accepted ? 202 : 200).json(result);
}

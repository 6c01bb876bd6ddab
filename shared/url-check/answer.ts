/**
 * The answer of POST /v1/check and `npm run check`: each URL judged (judge.ts) against the
 * record of its domain, however the caller got the records (the service's registry, the
 * gateway's cache). One function for every caller, so their answers cannot differ.
 */
import type { CheckReason, CheckRequest, CheckResponse, CheckResult } from '../check-api.js';
import type { DomainPolicyFound } from '../schemas.js';
import { judgeUrl } from './judge.js';

/** What the caller knows of a domain: its found answer, or that it is not in the registry (queued or not), or that it could not be asked. */
export type DomainAnswer =
  | { found: true; record: DomainPolicyFound }
  | { found: false; queued: boolean }
  | { found: null; reason: Extract<CheckReason, 'source_unavailable'> };

const missing = (url: string, domain: string, queued: boolean): CheckResult => ({
  url,
  domain,
  verdict: 'unknown',
  decided_by: null,
  explicit: false,
  reason: 'not_in_registry',
  found: false,
  queued,
  last_updated: null,
});

/** What a registry read gives (found answers, and the domains it queued) as DomainAnswers for each of `domains`. */
export function registryAnswers(
  domains: readonly string[],
  found: ReadonlyMap<string, DomainPolicyFound>,
  queued: ReadonlySet<string>,
): Map<string, DomainAnswer> {
  const out = new Map<string, DomainAnswer>();
  for (const d of domains) {
    const record = found.get(d);
    out.set(d, record ? { found: true, record } : { found: false, queued: queued.has(d) });
  }
  return out;
}

/** Every URL of `req`, in order; `answers` holds each of `req.domains`. */
export function answerUrls(req: CheckRequest, answers: ReadonlyMap<string, DomainAnswer>): CheckResponse {
  const results = new Array<CheckResult>(req.urls.length);
  for (let i = 0; i < req.urls.length; i++) {
    const { url, domain, path, otherPort } = req.urls[i]!;
    const a = answers.get(domain);
    if (!a || a.found === false) {
      results[i] = missing(url, domain, a?.queued ?? false);
      continue;
    }
    if (a.found === null || otherPort) {
      const reason = a.found === null ? a.reason : 'other_port';
      results[i] = {
        url,
        domain,
        verdict: 'unknown',
        decided_by: null,
        explicit: false,
        reason,
        found: a.found !== null,
        last_updated: a.found === null ? null : a.record.last_updated,
      };
      continue;
    }
    const j = judgeUrl(a.record, path, req.question);
    results[i] = { url, domain, ...j, found: true, last_updated: a.record.last_updated };
  }
  return { bot: req.bot, use: req.use, results };
}

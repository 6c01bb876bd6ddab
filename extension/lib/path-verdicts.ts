/**
 * This page's verdicts, judged in the browser so its path never leaves it: per use case, the
 * answer shared/url-check gives for this path, the same judgement POST /v1/check gives an AI
 * builder for the same URL (robots.txt's rules for the key bots, as for the site: blocked when
 * every key bot is refused this path, partly blocked when some are; and the usage signals that
 * speak for it: Content-Signal, TDMRep, ai.txt, the homepage's tags). A use case the answer
 * cannot judge (robots.txt not read, rules too many to send, a record without per-URL rules) is
 * null: then only the site's verdict speaks for it.
 */
import { judgeUrl } from '~~/shared/url-check/judge.js';
import type { DomainPolicyFound } from '~~/shared/schemas.js';
import { USE_CASES, type UseCase } from '~~/shared/values.js';
import type { PathVerdict, PathVerdicts } from './page-reading.js';

export function pathVerdicts(p: DomainPolicyFound, path: string | null | undefined): PathVerdicts | null {
  if (path === null || path === undefined) return null;
  const out = {} as Record<UseCase, PathVerdict | null>;
  let any = false;
  for (const use of USE_CASES) {
    const j = judgeUrl(p, path, { token: null, use });
    out[use] = j.verdict === 'unknown' ? null : { verdict: j.verdict, decider: j.decided_by };
    any ||= out[use] !== null;
  }
  return any ? out : null;
}

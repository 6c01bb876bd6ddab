/**
 * This page's path judged against the site's robots.txt rules, in the browser (issue 11
 * part 2): the answer's `path_rules` matched by judgePath, the service's own matcher
 * (shared/robots), so the path never leaves the browser. Per use case the key bots decide, as
 * for the site (classification.md section 4): blocked when every key bot is refused this path,
 * partly blocked when some are, allowed otherwise. Null when robots.txt was not read or its
 * rules were too many to send (`truncated`): then only the site's verdicts speak.
 */
import { KEY_BOTS } from '~~/shared/key-bots.js';
import { judgePath } from '~~/shared/robots/path-rules.js';
import type { DecidingSignal, DomainPolicyFound, PathRules } from '~~/shared/schemas.js';
import { USE_CASES, type UseCase } from '~~/shared/values.js';
import type { PathVerdict, PathVerdicts } from './page-reading.js';

type Rule = PathRules['groups'][number]['rules'][number];

const asSignal = (rule: Rule): DecidingSignal => ({ source: 'robots_txt', line: rule[2], evidence: `${rule[0] === 1 ? 'Allow' : 'Disallow'}: ${rule[1]}` });

export function pathVerdicts(p: DomainPolicyFound, path: string | null | undefined): PathVerdicts | null {
  const rules = p.path_rules;
  if (!rules || rules.truncated || path === null || path === undefined) return null;
  const out = {} as Record<UseCase, PathVerdict>;
  for (const u of USE_CASES) {
    const judged = KEY_BOTS[u].map((token) => judgePath(rules, token.toLowerCase(), path));
    if (judged.some((j) => j === null)) return null;
    const refused = judged.filter((j) => !j!.allowed);
    const verdict = refused.length === judged.length ? 'blocked' : refused.length > 0 ? 'partial' : 'allowed';
    // The rule that decided: the first that refuses, or else one that opens this path.
    const rule = (refused[0] ?? judged.find((j) => j!.rule !== null))?.rule ?? null;
    out[u] = { verdict, decider: rule ? asSignal(rule) : null };
  }
  return out;
}

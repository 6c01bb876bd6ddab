/**
 * basis.fetches: what became of each request of the crawl (shared/values.ts FETCH_STATES), so a
 * file the crawler never requested is told "not fetched", with why, and never "no answer" or
 * "none found" (docs/policy.md section 11, "not fetched is not missing"). The crawler asks
 * robots.txt before each page (RFC 9309); the policy files are always requested.
 */
import type { Basis } from '../../../shared/schemas.js';
import type { FetchState } from '../../../shared/values.js';
import type { FetchResult } from '../evidence.js';
import { pageFetch } from './page-fetch.js';
import type { Facts } from './read-evidence.js';

/** A policy file's request: answered, or why not (only the address guard keeps it from being sent). */
function fileState(r: FetchResult): FetchState {
  if (r.kind === 'response') return 'answered';
  return r.kind === 'refused' ? 'refused' : 'no_answer';
}

/** A page's request: the robots.txt gate may have kept it from being sent (page-fetch.ts). */
function pageState(r: FetchResult): FetchState {
  const p = pageFetch(r);
  if (p.kind === 'answered') return 'answered';
  if (p.kind === 'disallowed') return 'disallowed';
  if (p.kind === 'held') return 'robots_unreadable';
  return r.kind === 'refused' ? 'refused' : 'no_answer';
}

/**
 * The terms page: fetched through its link on the homepage. Without a homepage page to read
 * there was no link to look for: terms not looked for because the homepage was not requested
 * take the homepage's reason.
 */
function termsState(facts: Facts, homepage: FetchState): FetchState {
  const { evidence } = facts;
  if (evidence.tosPending) return 'pending';
  if (evidence.tos !== null) return pageState(evidence.tos);
  if (homepage === 'disallowed' || homepage === 'robots_unreadable' || homepage === 'refused') return homepage;
  if (homepage !== 'answered' || facts.scan === null) return 'not_looked';
  return 'no_link';
}

export function fetchesOf(facts: Facts): NonNullable<Basis['fetches']> {
  const e = facts.evidence;
  const homepage = pageState(e.homepage);
  return {
    robots_txt: fileState(e.robots),
    llms_txt: fileState(e.llms),
    ai_txt: fileState(e.aiTxt),
    tdmrep: fileState(e.tdmrep),
    agents_json: fileState(e.agents),
    homepage,
    terms: termsState(facts, homepage),
    // The licence document, when the site names one (docs/policy.md section 15); a policy file, never gated.
    ...(facts.licence === null || e.rsl == null ? {} : { rsl: fileState(e.rsl) }),
  };
}

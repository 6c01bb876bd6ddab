/**
 * What became of the crawl's requests for the homepage and the terms page, told to a person
 * (docs/policy.md section 11, "not fetched is not missing"): read by Site facts at first paint
 * and by Details.
 */
import type { DomainPolicyFound, FullRecord } from '~~/shared/schemas.js';
import type { FetchState } from '~~/shared/values.js';
import { t } from './i18n.js';

/** Why a page was not requested, in words ("not fetched: robots.txt asks crawlers to stay out"); null when it was. */
export function notFetchedWords(why: FetchState | null): string | null {
  if (why === 'disallowed') return t('notFetchedAsked', 'not fetched: robots.txt asks crawlers to stay out');
  if (why === 'robots_unreadable') return t('notFetchedUnread', 'not fetched: robots.txt could not be read');
  if (why === 'refused') return t('notFetchedRefused', 'not fetched: its address is not public');
  return null;
}

/**
 * What became of the homepage request (and so of the terms link on it), section 11: from the
 * answer's `basis.fetches`, else from the full record's explanation of the homepage, else from
 * what the answer says of robots.txt (a server error, 429 or no answer holds every page back:
 * RFC 9309 2.3.1.4).
 */
export function homepageFetch(p: DomainPolicyFound, full: FullRecord | null): FetchState | null {
  const known = (p.basis ?? full?.basis)?.fetches?.homepage;
  if (known) return known;
  if (full) {
    if (full.homepage_status !== null) return 'answered';
    const home = full.explanations.find((e) => e.subject === 'homepage');
    return home?.value !== 'not_fetched'
      ? 'no_answer'
      : home.source === 'robots_txt'
        ? 'disallowed'
        : 'robots_unreadable';
  }
  const robots = p.basis?.robots_txt;
  if (robots && (robots.status === 'error' || robots.status === 'unreachable' || robots.problem === 'rate_limited'))
    return 'robots_unreadable';
  return p.detail === 'wildcard_block' ? 'disallowed' : null;
}

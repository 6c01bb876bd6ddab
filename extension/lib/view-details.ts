/**
 * The Details view's model: what was read (robots.txt, the homepage, never "no answer" for a
 * page the crawler did not request), each verdict with the lines that decided it and the
 * crawlers of their group, the raw robots.txt, and the record's scores in words. The only view
 * where identifiers appear, as code beside the words (classification.md section 9).
 */
import type { DomainPolicyFound, FullRecord } from '~~/shared/schemas.js';
import { deciderPhrase, namedGroupOf, type RobotsReading, type Tone, type UseReading } from '~~/shared/story.js';
import { confidenceWords, opennessWords } from '~~/shared/story-notes.js';
import { termsReading } from '~~/shared/story-terms.js';
import type { FetchState, UseCase } from '~~/shared/values.js';
import { t } from './i18n.js';

export interface DetailUse {
  use: UseCase;
  words: string;
  tone: Tone;
  /** Each deciding signal: in words, the crawlers of its robots.txt group (null for `*`), and the line as published. */
  signals: Array<{ phrase: string; group: string[] | null; evidence: string | null }>;
}

export interface DetailsModel {
  /** `blocks_training / blocks_training`: shown as code beside the words. */
  identifiers: string;
  uses: DetailUse[];
  robotsLines: string[] | null;
  /** The homepage: `HTTP 200` (as code), or in words when it was not fetched or gave no answer. */
  homepage: { http: number } | { words: string };
  /** "How sure this reading is: 40 % (robots.txt could not be read)." */
  confidence: string;
  openness: string | null;
}

/** Enough lines for any real policy; a 500 KiB file would only slow the popup. */
const MAX_LINES = 400;
function robotsLines(text: string | null): string[] | null {
  if (text === null) return null;
  const all = text.split(/\r\n|\r|\n/);
  return all.length > MAX_LINES ? [...all.slice(0, MAX_LINES), t('moreLines', '\u2026 $1 more lines', all.length - MAX_LINES)] : all;
}

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
    return home?.value !== 'not_fetched' ? 'no_answer' : home.source === 'robots_txt' ? 'disallowed' : 'robots_unreadable';
  }
  const robots = p.basis?.robots_txt;
  if (robots && (robots.status === 'error' || robots.status === 'unreachable' || robots.problem === 'rate_limited')) return 'robots_unreadable';
  return p.detail === 'wildcard_block' ? 'disallowed' : null;
}

function homepage(p: DomainPolicyFound, full: FullRecord): DetailsModel['homepage'] {
  if (full.homepage_status !== null) return { http: full.homepage_status };
  return { words: notFetchedWords(homepageFetch(p, full)) ?? t('noAnswer', 'no answer') };
}

export function detailsModel(p: DomainPolicyFound, full: FullRecord, uses: readonly UseReading[], robots: RobotsReading, from?: { policy: DomainPolicyFound; host: string }): DetailsModel {
  const rules = from ? from.policy.path_rules : p.path_rules;
  const unknown = robots.state === 'unread' || uses.some((u) => u.verdict === 'unknown');
  return {
    identifiers: full.ai_stance === full.policy_detail ? full.ai_stance : `${full.ai_stance} / ${full.policy_detail}`,
    uses: uses.map((r) => ({
      use: r.use,
      words: r.words,
      tone: r.tone,
      signals: r.deciders.map((d) => ({ phrase: deciderPhrase(d, rules, 'homepage', from?.host), group: namedGroupOf(d, rules), evidence: d.evidence })),
    })),
    robotsLines: robotsLines(full.robots_txt),
    homepage: homepage(p, full),
    confidence: confidenceWords(full),
    openness: from ? null : unknown ? t('noOpenness', 'No openness score: the site\u2019s rules could not be read.') : opennessWords(Math.round(full.ai_openness_score * 100), uses, termsReading(p, full)),
  };
}

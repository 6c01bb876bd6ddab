/**
 * One model behind every view of a found record (badge title, Overview, Bots, Details,
 * Purposes and History), so no two views can contradict each other. Pure:
 * built from the summary, and once loaded the full record, the announced record and the
 * history; the words come from shared/story.ts, which the CLI tells too, and the rest are said
 * here through lib/i18n.ts (the browser's language).
 */
import { domainToUnicode } from './host-name.js';
import { BADGE_VIEW, DETAIL_LABELS, type BadgeView } from '~~/shared/labels.js';
import type { AnnouncedRecord, DomainPolicyFound, FullRecord, HistoryResponse } from '~~/shared/schemas.js';
import {
  headline,
  robotsReading,
  standardsFound,
  termsReading,
  readingsOfUses,
  type Headline,
  type RobotsReading,
  type StandardReading,
  type TermsReading,
  type UseReading,
} from '~~/shared/story.js';
import { signalValues } from '~~/shared/story-signals.js';
import { dateOnly, dateTime, lastCheckSentence, opennessWords, relativeTime } from '~~/shared/story-notes.js';
import { inheritedHeadline, inheritedUses, parentApplies } from '~~/shared/story-parent.js';
import { DETAIL_STANCE, STALE_AFTER_DAYS, USE_CASES, type Detail, type FetchState } from '~~/shared/values.js';
import { termsLimitAi } from '~~/shared/story-terms.js';
import { t } from './i18n.js';
import { pageReading, type PageReading, type PathVerdicts } from './page-reading.js';
import type { PageSignals } from './page-signals.js';
import { homepageFetch, notFetchedWords } from './view-fetches.js';

export interface Host {
  /** As people write it (Unicode). */
  display: string;
  /** As looked up (punycode for an IDN). */
  ascii: string;
  idn: boolean;
}

export const hostOf = (ascii: string): Host => {
  const display = domainToUnicode(ascii);
  return { display, ascii, idn: display !== ascii };
};

export interface PopupModel {
  host: Host;
  headline: Headline;
  badge: BadgeView;
  robots: RobotsReading;
  /** The three uses, told the same on Overview, Purposes and Details (one list of uses). */
  uses: UseReading[];
  standards: StandardReading[];
  /** What each usage signal said: "Content-Signal: AI training no, AI answers no, search yes". */
  signals: string[];
  /** The answer this model tells. */
  policy: DomainPolicyFound;
  /** The parent site's answer when it is the policy shown (a subdomain without robots.txt), and its host as people write it. */
  shown: DomainPolicyFound | null;
  shownHost: string | null;
  /** What the terms say, for the notes (components/with-full-record.tsx). */
  terms: TermsReading;
  checked: { iso: string; relative: string; absolute: string; stale: boolean };
  lastCheck: string | null;
  /** The Purposes view (the announced record's): the same three uses as Overview, with the openness. */
  purposes: UseReading[] | null;
  openness: string | null;
  history: Array<{ id: string; date: string; iso: string; label: string; changes: string[] }> | null;
  /** Where the page in the address bar is treated differently from the site as a whole. */
  page: PageReading;
  /** The site a subdomain belongs to and its policy, in a sentence; null when not shown. */
  parent: string | null;
  /** When the parent's policy is shown: "news.example.com has no robots.txt of its own; these are example.com's files." */
  from: string | null;
  /** Site facts: the terms row when the terms were not read ("Not fetched: …"), else null. */
  termsNotRead: string | null;
}

export interface ModelInput {
  policy: DomainPolicyFound;
  /** The site this subdomain belongs to (lib/parent-site.ts) and its answer. */
  parent?: { domain: string; www: boolean; policy: DomainPolicyFound | null } | null;
  full?: FullRecord | null;
  announced?: AnnouncedRecord | null;
  history?: HistoryResponse | null;
  /** This page's path judged locally against the answer's path rules. */
  pathVerdicts?: PathVerdicts | null;
  /** This page's own noai / TDMRep tags, read when the popup opened. */
  pageSignals?: PageSignals | null;
  now?: number;
  locale?: string;
}

/**
 * A note about the site a subdomain belongs to. For `www.`: "www.example.com is the www address
 * of example.com; each host name has its own robots.txt. example.com: blocks all AI." For a
 * subdomain with its own robots.txt whose parent says otherwise: "example.com, the site
 * news.example.com belongs to: blocks all AI." Null when the parent's policy is the one shown
 * (told in the headline) or says the same.
 */
function parentSentence(
  own: DomainPolicyFound,
  host: string,
  parent: ModelInput['parent'],
  shown: boolean,
): string | null {
  if (!parent || shown) return null;
  const name = hostOf(parent.domain).display;
  if (parent.www) {
    const theirs = parent.policy
      ? t('parentPolicy', '$1: $2.', name, headline(parent.policy).phrase)
      : t('parentUnchecked', '$1 has not been checked yet.', name);
    return t('parentWww', '$1 is the www address of $2; each host name has its own robots.txt. $3', host, name, theirs);
  }
  if (!parent.policy)
    return own.stance === 'no_policy'
      ? t(
          'parentSubUnchecked',
          '$1 has no AI rules of its own; $2, the site it belongs to, has not been checked yet.',
          host,
          name,
        )
      : null;
  const same =
    parent.policy.stance === own.stance && USE_CASES.every((u) => parent.policy!.use_cases[u] === own.use_cases[u]);
  if (same) return null;
  return t('parentDiffers', '$1, the site $2 belongs to: $3.', name, host, headline(parent.policy).phrase);
}

/** The uses, headline and standards of the policy shown: the host's own, or its parent's (section 11). */
function tell(input: ModelInput) {
  const { policy: own, full = null } = input;
  const host = hostOf(own.domain).display;
  const parent = input.parent?.policy;
  if (parentApplies(own, parent)) {
    const parentHost = hostOf(parent.domain).display;
    const robots = robotsReading(parent);
    const terms = termsReading(parent);
    const theirs = readingsOfUses(parent, null, robots, terms);
    const head = inheritedHeadline(host, parentHost, headline(parent, null, robots, terms, theirs));
    return {
      from: parent,
      head,
      uses: inheritedUses(theirs, parent, parentHost),
      standards: standardsFound(parent, null, theirs),
      terms: termsReading(own, full),
    };
  }
  const robots = robotsReading(own, full);
  const terms = termsReading(own, full);
  const uses = readingsOfUses(own, full, robots, terms);
  return {
    from: null,
    head: headline(own, full, robots, terms, uses),
    uses,
    standards: standardsFound(own, full, uses),
    terms,
  };
}

/**
 * A past check's stance in a few words. The history says nothing of the terms: beside terms that
 * forbid AI (the headline's "Terms prohibit AI") a check without machine-readable AI rules reads
 * "No AI rules in robots.txt", not a bare "No AI rules".
 */
function historyLabel(detail: Detail, terms: TermsReading): string {
  const label = (DETAIL_LABELS as Partial<typeof DETAIL_LABELS>)[detail]?.label;
  if (!label) return t('historyChecked', 'Checked');
  const noRules =
    (DETAIL_STANCE[detail] === 'no_policy' && detail !== 'robots_blocked' && detail !== 'unreachable') ||
    detail === 'has_llms_txt';
  return noRules && termsLimitAi(terms) ? t('historyNoRobotsRules', 'No AI rules in robots.txt') : label;
}

const noOpenness = () => t('noOpenness', 'No openness score: the site\u2019s rules could not be read.');

export function popupModel(input: ModelInput): PopupModel {
  const { policy: p, full = null, announced = null, history = null, now = Date.now(), locale } = input;
  const host = hostOf(p.domain);
  const { from, head, uses: told, standards, terms } = tell(input);
  const robots = robotsReading(p, full);
  const score = from ? null : full ? Math.round(full.ai_openness_score * 100) : announced ? announced.score : null;
  // No score beside a guess (an unknown verdict) or beside the parent's policy (its score is not in its answer).
  const openness = score === null ? null : (opennessWords(score, told, terms) ?? noOpenness());
  const basis = p.basis ?? full?.basis;
  // The headline already says robots.txt could not be read: the rows do not repeat it three times.
  const uses =
    head.badge === 'unknown' ? told.map((r) => (r.verdict === 'unknown' ? { ...r, because: null } : r)) : told;
  return {
    host,
    headline: head,
    badge: BADGE_VIEW[head.badge],
    robots,
    uses,
    standards,
    signals: signalValues(from ?? p, from ? null : full).map((s) => s.words),
    policy: p,
    shown: from,
    shownHost: from ? hostOf(from.domain).display : null,
    terms,
    checked: {
      iso: p.last_updated,
      relative: relativeTime(p.last_updated, now, locale),
      absolute: dateTime(p.last_updated, locale),
      stale: now - Date.parse(p.last_updated) > STALE_AFTER_DAYS * 86_400_000,
    },
    lastCheck: lastCheckSentence(basis, p.last_updated, now, locale),
    purposes: announced ? uses : null,
    openness,
    // The parent's robots.txt judges none of this host's paths (each host name has its own), as on the badge.
    page: pageReading(uses, head, from ? null : (input.pathVerdicts ?? null), input.pageSignals ?? null),
    parent: parentSentence(p, host.display, input.parent ?? null, from !== null),
    from: from
      ? t(
          'standardsFrom',
          '$1 has no robots.txt of its own; these are the files of $2.',
          host.display,
          hostOf(from.domain).display,
        )
      : null,
    termsNotRead: termsNotRead(p, full),
    history: history
      ? history.entries.map((e) => ({
          id: e.audit_id,
          iso: e.crawled_at,
          date: dateOnly(e.crawled_at, locale),
          label: historyLabel(e.detail, terms),
          changes: e.changes,
        }))
      : null,
  };
}

/**
 * The terms row of Site facts when they were not read: never "none found" when they are still on
 * their way or were not looked for (the homepage, where the link would be, was not fetched).
 */
function termsNotRead(p: DomainPolicyFound, full: FullRecord | null): string | null {
  if (p.site.has_tos) return null;
  const home = homepageFetch(p, full);
  // Without the answer's own word: the terms are looked for through the homepage's link.
  const guess: FetchState = p.basis?.terms_pending
    ? 'pending'
    : p.site.tos_url
      ? 'answered'
      : home === null || home === 'answered'
        ? 'no_link'
        : home === 'no_answer'
          ? 'not_looked'
          : home;
  const state = (p.basis ?? full?.basis)?.fetches?.terms ?? guess;
  const skipped = notFetchedWords(state === 'answered' || state === 'no_link' ? null : state);
  if (skipped) return skipped.charAt(0).toUpperCase() + skipped.slice(1);
  switch (state) {
    case 'pending':
      return t('termsBeingRead', 'Being read\u2026');
    case 'answered':
      return t('termsLinkedNotRead', 'Linked, not read');
    case 'no_answer':
      return t('termsNoAnswer', 'Linked, no answer');
    case 'not_looked':
      return t('termsNotLooked', 'Not looked for: the homepage could not be read');
    default:
      return t('termsNoneLinked', 'None linked from the homepage, none at the usual addresses');
  }
}

/**
 * One model behind every view of a found record (badge title, Overview, Bots, Details,
 * Purposes and History), so no two views can contradict each other. Pure:
 * built from the summary, and once loaded the full record, the announced record and the
 * history; the words come from shared/reading/story.ts, which the CLI tells too, and the rest are said
 * here through lib/i18n.ts (the browser's language).
 */
import { domainToUnicode } from './host-name.js';
import { BADGE_VIEW, DETAIL_LABELS, type BadgeView } from '~~/shared/labels.js';
import type { AnnouncedRecord, DomainPolicyFound, FullRecord, HistoryResponse } from '~~/shared/schemas.js';
import { readSite, type FactRow, type Reading } from '~~/shared/reading/read-site.js';
import type { Headline, RobotsReading, StandardReading, TermsReading, UseReading } from '~~/shared/reading/story.js';
import { dateOnly, dateTime, lastCheckSentence, opennessWords, relativeTime } from '~~/shared/reading/story-notes.js';
import { DETAIL_STANCE, STALE_AFTER_DAYS, type Detail } from '~~/shared/values.js';
import { termsLimitAi } from '~~/shared/reading/story-terms.js';
import { t } from './i18n.js';
import { pageReading, type PageReading, type PathVerdicts } from './page-reading.js';
import type { PageSignals } from './page-signals.js';

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
  /** The one reading (shared/reading/read-site.ts) every view renders. */
  reading: Reading;
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
  /** Site facts, each row with what it rests on. */
  facts: FactRow[];
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
  const reading = readSite({ policy: p, full, parent: input.parent ?? null, display: domainToUnicode });
  const { headline: head, uses: told, terms } = reading;
  const from = reading.borrowed ? reading.shown : null;
  const score = from ? null : full ? Math.round(full.ai_openness_score * 100) : announced ? announced.score : null;
  // No score beside a guess (an unknown verdict) or beside the parent's policy (its score is not in its answer).
  const openness = score === null ? null : (opennessWords(score, told, terms) ?? noOpenness());
  const basis = p.basis ?? full?.basis;
  // The headline already says robots.txt could not be read: the rows do not repeat it three times.
  const uses =
    head.badge === 'unknown' ? told.map((r) => (r.verdict === 'unknown' ? { ...r, because: null } : r)) : told;
  return {
    host,
    reading,
    headline: head,
    badge: BADGE_VIEW[head.badge],
    robots: reading.robots,
    uses,
    standards: reading.standards,
    signals: reading.signals.map((s) => s.text),
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
    parent: reading.parent?.text ?? null,
    from: reading.from?.text ?? null,
    facts: reading.facts,
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

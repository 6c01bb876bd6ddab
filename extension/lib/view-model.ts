/**
 * One model behind every view of a found record (badge title, Overview, Bots, Details,
 * Purposes and History), so no two views can contradict each other (issue 10 item 4). Pure:
 * built from the summary, and once loaded the full record, the announced record and the
 * history; the words come from shared/story.ts, which the CLI tells too, and the rest are said
 * here through lib/i18n.ts (the browser's language).
 */
import { domainToUnicode } from './host-name.js';
import { BADGE_VIEW, DETAIL_LABELS, PURPOSE_LABELS, STANDARD_LABELS, VERDICT_LABELS, verdictLabel, type BadgeView } from '~~/shared/labels.js';
import type { AnnouncedRecord, DomainPolicyFound, FullRecord, HistoryResponse } from '~~/shared/schemas.js';
import { byWords, deciderPhrase, headline, namedGroupOf, robotsReading, standardsFound, useReadings, type Headline, type RobotsReading, type StandardReading, type Tone, type UseReading } from '~~/shared/story.js';
import { dateOnly, dateTime, issues, lastCheckSentence, opennessWords, relativeTime, type Issue } from '~~/shared/story-notes.js';
import { PURPOSES, STALE_AFTER_DAYS, type Purpose, type UseCase } from '~~/shared/values.js';
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

export interface PurposeReading {
  purpose: Purpose;
  label: string;
  words: string;
  tone: Tone;
  because: string | null;
  /** Why the words differ from the announced yes/no, when they do. */
  note: string | null;
}

export interface DetailUse {
  use: UseCase;
  words: string;
  tone: Tone;
  /** Each deciding signal: in words, and the line or header as published. */
  /** `group`: the user-agents of the robots.txt group the line belongs to (Details names them). */
  signals: Array<{ phrase: string; group: string[] | null; evidence: string | null }>;
}

export interface DetailsModel {
  /** `blocks_training / blocks_training`: shown as code beside the words. */
  identifiers: string;
  uses: DetailUse[];
  robotsLines: string[] | null;
  homepageStatus: number | null;
  confidence: number | null;
  openness: string | null;
}

export interface PopupModel {
  host: Host;
  headline: Headline;
  badge: BadgeView;
  robots: RobotsReading;
  uses: UseReading[];
  standards: StandardReading[];
  /** Shown when a Content-Signal was found: what its search and ai-input mean. */
  contentSignal: string | null;
  /** Null until the full record is loaded. */
  issues: Issue[] | null;
  checked: { iso: string; relative: string; absolute: string; stale: boolean };
  lastCheck: string | null;
  purposes: PurposeReading[] | null;
  openness: string | null;
  history: Array<{ id: string; date: string; iso: string; label: string; changes: string[] }> | null;
  details: DetailsModel | null;
  /** Where the page in the address bar is treated differently from the site as a whole. */
  page: PageReading;
  /** The site a subdomain belongs to and its policy, in a sentence; null when not shown. */
  parent: string | null;
}

export interface ModelInput {
  policy: DomainPolicyFound;
  /** The site this subdomain belongs to (lib/parent-site.ts) and its answer. */
  parent?: { domain: string; www: boolean; policy: DomainPolicyFound | null } | null;
  full?: FullRecord | null;
  announced?: AnnouncedRecord | null;
  history?: HistoryResponse | null;
  /** Status of the AI agent bots (from the catalogue, loaded lazily): the announced `browsing` says only yes or no. */
  agents?: 'blocked' | 'partial' | null;
  /** This page's path judged locally against the answer's path rules. */
  pathVerdicts?: PathVerdicts | null;
  /** This page's own noai / TDMRep tags, read when the popup opened. */
  pageSignals?: PageSignals | null;
  now?: number;
  locale?: string;
}

/** Enough lines for any real policy; a 500 KiB file would only slow the popup. */
const MAX_LINES = 400;
function robotsLines(text: string | null): string[] | null {
  if (text === null) return null;
  const all = text.split(/\r\n|\r|\n/);
  return all.length > MAX_LINES ? [...all.slice(0, MAX_LINES), t('moreLines', '\u2026 $1 more lines', all.length - MAX_LINES)] : all;
}

const PURPOSE_USE: Readonly<Record<Exclude<Purpose, 'browsing'>, UseCase>> = { training: 'training', search: 'search', rag: 'inference' };

/**
 * The announced purposes told with the same words as the verdicts: training, search and rag
 * are the reference use cases (section 7), so they read exactly as Overview; the announced
 * `allowed: false` of a partial verdict reads "Partly blocked", with a note saying why.
 */
function purposeReadings(a: AnnouncedRecord, uses: UseReading[], agents: ModelInput['agents'], robots: RobotsReading): PurposeReading[] {
  return PURPOSES.map((purpose) => {
    const label = PURPOSE_LABELS[purpose].label;
    if (purpose !== 'browsing') {
      const r = uses.find((x) => x.use === PURPOSE_USE[purpose])!;
      const note =
        r.verdict === 'partial' && a.purposes[purpose].allowed === false
          ? t('purposeYesNoNote', 'The announced record can only say yes or no; here some bots or paths are refused and others not.')
          : null;
      return { purpose, label, words: r.words, tone: r.tone, because: r.because, note };
    }
    const allowed = a.purposes.browsing.allowed;
    if (allowed === null) {
      const unknown = robots.state === 'unread';
      return { purpose, label, words: verdictLabel(unknown ? 'unknown' : 'allowed', false).label, tone: unknown ? 'unknown' : 'neutral', because: null, note: null };
    }
    if (allowed) return { purpose, label, words: verdictLabel('allowed', true).label, tone: 'allowed', because: null, note: null };
    const partly = agents !== 'blocked';
    return {
      purpose,
      label,
      words: VERDICT_LABELS[partly ? 'partial' : 'blocked'].label,
      tone: partly ? 'partial' : 'blocked',
      because: a.purposes.browsing.source.includes('robots_txt') ? byWords(t('byRobots', 'robots.txt')) : null,
      note: partly && agents !== 'partial' ? t('purposeAgentsNote', 'Some AI agent bots are refused; whether all are could not be told.') : null,
    };
  });
}

/**
 * "cooking.example.com has no AI rules of its own; example.com: blocks all AI." For `www.`:
 * "www.example.com is the www address of example.com; each host name has its own robots.txt.
 * example.com: blocks all AI."
 */
function parentSentence(host: string, parent: ModelInput['parent']): string | null {
  if (!parent) return null;
  const name = hostOf(parent.domain).display;
  const theirs = parent.policy ? t('parentPolicy', '$1: $2.', name, headline(parent.policy).phrase) : t('parentUnchecked', '$1 has not been checked yet.', name);
  return parent.www
    ? t('parentWww', '$1 is the www address of $2; each host name has its own robots.txt. $3', host, name, theirs)
    : t('parentSub', '$1 has no AI rules of its own. $2', host, theirs);
}

export function popupModel(input: ModelInput): PopupModel {
  const { policy: p, full = null, announced = null, history = null, now = Date.now(), locale } = input;
  const head = headline(p, full);
  const robots = robotsReading(p, full);
  const uses = useReadings(p, full);
  const standards = standardsFound(p, full);
  const score = full ? Math.round(full.ai_openness_score * 100) : announced ? announced.score : null;
  const openness = score === null ? null : opennessWords(score, uses);
  const basis = p.basis ?? full?.basis;
  return {
    host: hostOf(p.domain),
    headline: head,
    badge: BADGE_VIEW[head.badge],
    robots,
    // The headline already says robots.txt could not be read: the rows do not repeat it three times.
    uses: head.badge === 'unknown' ? uses.map((r) => (r.verdict === 'unknown' ? { ...r, because: null } : r)) : uses,
    standards,
    contentSignal: standards.some((s) => s.key === 'content_signals') ? t('labelled', '$1: $2', STANDARD_LABELS.content_signals.label, STANDARD_LABELS.content_signals.explanation) : null,
    issues: full ? issues(full.conflicts, full.warnings, full.tos_ai_stance, full.explanations) : null,
    checked: {
      iso: p.last_updated,
      relative: relativeTime(p.last_updated, now, locale),
      absolute: dateTime(p.last_updated, locale),
      stale: now - Date.parse(p.last_updated) > STALE_AFTER_DAYS * 86_400_000,
    },
    lastCheck: lastCheckSentence(basis, p.last_updated, now, locale),
    purposes: announced ? purposeReadings(announced, uses, input.agents ?? null, robots) : null,
    openness,
    page: pageReading(uses, head, input.pathVerdicts ?? null, input.pageSignals ?? null),
    parent: parentSentence(hostOf(p.domain).display, input.parent ?? null),
    history: history
      ? history.entries.map((e) => ({ id: e.audit_id, iso: e.crawled_at, date: dateOnly(e.crawled_at, locale), label: DETAIL_LABELS[e.detail]?.label ?? t('historyChecked', 'Checked'), changes: e.changes }))
      : null,
    details: full
      ? {
          identifiers: full.ai_stance === full.policy_detail ? full.ai_stance : `${full.ai_stance} / ${full.policy_detail}`,
          uses: uses.map((r) => ({ use: r.use, words: r.words, tone: r.tone, signals: r.deciders.map((d) => ({ phrase: deciderPhrase(d, p.path_rules), group: namedGroupOf(d, p.path_rules), evidence: d.evidence })) })),
          robotsLines: robotsLines(full.robots_txt),
          homepageStatus: full.homepage_status,
          confidence: Math.round(full.confidence * 100),
          openness,
        }
      : null,
  };
}

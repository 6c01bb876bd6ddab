/**
 * The registry's statistics (`/preview/v1/stats`) as charts, each with its figures as a table
 * and a sentence that says what it shows (the text alternative of the drawing). Pure: no
 * Chart.js and no DOM here, so it is tested alone (test/web/stats-model.test.ts).
 *
 * Stances take their badge colours (shared/labels.ts BADGE_VIEW), so a stance looks the same
 * here as on the badge; every bar also has its name on the axis, and the stacked chart's series
 * differ in pattern as well as colour: colour never carries the meaning alone.
 */
import { t } from '~~/extension/lib/i18n.js';
import {
  BADGE_VIEW,
  SIGNAL_LABELS,
  STANCE_LABELS,
  TOLD_BADGE,
  TOLD_LABELS,
  TOS_STANCE_LABELS,
  USE_CASE_LABELS,
} from '~~/shared/labels.js';
import { TOLD_STANCES } from '~~/shared/reading/claims.js';
import {
  ANNOUNCED_STANCES,
  SIGNAL_KEYS,
  TOS_STANCES,
  fromAnnouncedStance,
  type AnnouncedStance,
  type TosStance,
} from '~~/shared/values.js';
import type { Stats } from '../api.js';

export type Pattern = 'solid' | 'stripes' | 'dots';

export interface Series {
  label: string;
  values: number[];
  color: string | string[];
  pattern: Pattern;
}

export interface ChartSpec {
  id: string;
  title: string;
  /** One or two sentences: what the chart shows, with its main figures (the canvas's accessible name). */
  summary: string;
  /** Bar names, on the axis. */
  labels: string[];
  series: Series[];
  /** `share`: values are 0 to 1, drawn as percentages; `count`: whole numbers. */
  unit: 'share' | 'count';
  horizontal: boolean;
  stacked: boolean;
  table: { head: string[]; rows: string[][] };
}

export interface Formats {
  percent(share: number): string;
  count(n: number): string;
  day(isoDay: string): string;
}

/** Number and date formats in the browser's language (`locale` undefined), or the one given (tests). */
export function formats(locale?: string): Formats {
  const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const num = new Intl.NumberFormat(locale);
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return {
    percent: (s) => pct.format(s),
    count: (n) => num.format(n),
    day: (d) => day.format(new Date(`${d}T00:00:00Z`)),
  };
}

const share = (n: number, total: number) => (total === 0 ? 0 : n / total);
const stanceLabel = (s: AnnouncedStance) => STANCE_LABELS[fromAnnouncedStance(s)].label;

/**
 * Sites by the stance as told (`by_told`, docs/reading.md section 2): what each site's badge and
 * page say, a host with nothing of its own counted by its site's, Unknown apart from No AI rules.
 * An upstream that predates `by_told` gives the announced stances instead.
 */
function stanceRows(s: Stats): Array<{ label: string; color: string; n: number }> {
  const told = s.by_told;
  if (told)
    return TOLD_STANCES.map((st) => ({
      label: TOLD_LABELS[st](),
      color: BADGE_VIEW[TOLD_BADGE[st]].color,
      n: told[st],
    }));
  return ANNOUNCED_STANCES.map((st) => ({
    label: stanceLabel(st),
    color: BADGE_VIEW[fromAnnouncedStance(st)].color,
    n: s.by_stance[st].domains,
  }));
}

export function stanceChart(s: Stats, f: Formats): ChartSpec {
  const rows = stanceRows(s);
  const top = [...rows].sort((a, b) => b.n - a.n)[0]!;
  return {
    id: 'stances',
    title: t('webChartStances', 'What sites say about AI'),
    summary:
      s.total_domains === 0
        ? t('webChartEmpty', 'No sites in the registry yet.')
        : t(
            'webChartStancesSummary',
            'Share of sites in the registry by stance ($1 in all). The most common: $2, $3.',
            f.count(s.total_domains),
            top.label,
            f.percent(share(top.n, s.total_domains)),
          ),
    labels: rows.map((r) => r.label),
    series: [
      {
        label: t('webShareOfSites', 'Share of sites'),
        values: rows.map((r) => share(r.n, s.total_domains)),
        color: rows.map((r) => r.color),
        pattern: 'solid',
      },
    ],
    unit: 'share',
    horizontal: true,
    stacked: false,
    table: {
      head: [t('webColStance', 'Stance'), t('webColSites', 'Sites'), t('webColShare', 'Share')],
      rows: rows.map((r) => [r.label, f.count(r.n), f.percent(share(r.n, s.total_domains))]),
    },
  };
}

export function keyBotsChart(s: Stats, f: Formats): ChartSpec | null {
  const bots = s.key_bots;
  if (!bots) return null;
  const top = [...bots].sort((a, b) => b.share - a.share)[0];
  return {
    id: 'key-bots',
    title: t('webChartKeyBots', 'Sites blocking each key AI bot'),
    summary:
      top && top.domains > 0
        ? t(
            'webChartKeyBotsSummary',
            'Share of sites whose robots.txt blocks each of the AI bots that decide training, search and answers. Most blocked: $1, by $2.',
            top.bot,
            f.percent(top.share),
          )
        : t(
            'webChartKeyBotsNone',
            'Share of sites whose robots.txt blocks each of the AI bots that decide training, search and answers. None blocks any of them yet.',
          ),
    labels: bots.map((b) => `${b.bot} (${USE_CASE_LABELS[b.use].label})`),
    series: [
      {
        label: t('webShareOfSites', 'Share of sites'),
        values: bots.map((b) => b.share),
        color: bots.map((b) => USE_COLORS[b.use]),
        pattern: 'solid',
      },
    ],
    unit: 'share',
    horizontal: true,
    stacked: false,
    table: {
      head: [t('webColBot', 'Bot'), t('webColUse', 'Decides'), t('webColSites', 'Sites'), t('webColShare', 'Share')],
      rows: bots.map((b) => [b.bot, USE_CASE_LABELS[b.use].label, f.count(b.domains), f.percent(b.share)]),
    },
  };
}

/** Per use case: the badge colours of the stances that refuse it, so a use reads the same everywhere. */
const USE_COLORS = {
  training: BADGE_VIEW.blocks_training.color,
  search: BADGE_VIEW.selective.color,
  inference: BADGE_VIEW.blocks_all_ai.color,
} as const;

export function standardsChart(s: Stats, f: Formats): ChartSpec {
  const rows = SIGNAL_KEYS.map((k) => ({ k, ...s.standards[k] }));
  return {
    id: 'standards',
    title: t('webChartStandards', 'Standards sites publish'),
    summary:
      s.total_domains === 0
        ? t('webChartEmpty', 'No sites in the registry yet.')
        : t(
            'webChartStandardsSummary',
            'Share of sites publishing each standard: $1.',
            rows.map((r) => `${SIGNAL_LABELS[r.k].label} ${f.percent(r.share)}`).join(', '),
          ),
    labels: rows.map((r) => SIGNAL_LABELS[r.k].label),
    series: [
      {
        label: t('webShareOfSites', 'Share of sites'),
        values: rows.map((r) => r.share),
        color: BADGE_VIEW.queued.color,
        pattern: 'solid',
      },
    ],
    unit: 'share',
    horizontal: true,
    stacked: false,
    table: {
      head: [t('webColStandard', 'Standard'), t('webColSites', 'Sites'), t('webColShare', 'Share')],
      rows: rows.map((r) => [SIGNAL_LABELS[r.k].label, f.count(r.domains), f.percent(r.share)]),
    },
  };
}

export function termsChart(s: Stats, f: Formats): ChartSpec | null {
  const m = s.terms_vs_robots;
  if (!m) return null;
  const row = (tos: TosStance) => m[tos];
  const forbid = row('prohibits');
  const forbidAll = forbid.robots_blocks + forbid.robots_open + forbid.robots_unread;
  const cols = [
    {
      key: 'robots_blocks',
      label: t('webRobotsBlocks', 'robots.txt blocks AI bots'),
      color: BADGE_VIEW.blocks_all_ai.color,
      pattern: 'solid',
    },
    {
      key: 'robots_open',
      label: t('webRobotsOpen', 'robots.txt blocks none'),
      color: BADGE_VIEW.no_policy.color,
      pattern: 'stripes',
    },
    {
      key: 'robots_unread',
      label: t('webRobotsUnread', 'robots.txt not read'),
      color: BADGE_VIEW.unknown.color,
      pattern: 'dots',
    },
  ] as const;
  return {
    id: 'terms',
    title: t('webChartTerms', 'Terms of service against robots.txt'),
    summary:
      forbidAll === 0
        ? t(
            'webChartTermsNone',
            'No site\u2019s terms of service forbid AI yet. Bars: sites by what their terms say, split by whether their robots.txt blocks AI bots.',
          )
        : t(
            'webChartTermsSummary',
            'Of the sites whose terms of service forbid AI ($1), robots.txt blocks AI bots on $2 and blocks none on $3. Bars: sites by what their terms say, split by robots.txt.',
            f.count(forbidAll),
            f.count(forbid.robots_blocks),
            f.count(forbid.robots_open),
          ),
    labels: TOS_STANCES.map((k) => TOS_STANCE_LABELS[k].label),
    series: cols.map((c) => ({
      label: c.label,
      values: TOS_STANCES.map((k) => row(k)[c.key]),
      color: c.color,
      pattern: c.pattern,
    })),
    unit: 'count',
    horizontal: true,
    stacked: true,
    table: {
      head: [t('webColTerms', 'Terms of service'), ...cols.map((c) => c.label)],
      rows: TOS_STANCES.map((k) => [TOS_STANCE_LABELS[k].label, ...cols.map((c) => f.count(row(k)[c.key]))]),
    },
  };
}

export function changesChart(s: Stats, f: Formats): ChartSpec | null {
  const c = s.stance_changes;
  if (!c) return null;
  const total = c.by_day.reduce((n, d) => n + d.changes, 0);
  const top = c.transitions[0];
  return {
    id: 'changes',
    title: t('webChartChanges', 'Stance changes, last 30 days'),
    summary:
      total === 0
        ? t('webChartChangesNone', 'No site changed its stance in the last 30 days.')
        : t(
            'webChartChangesSummary',
            'Stance changes in the last 30 days: $1. The most common: from $2 to $3 ($4).',
            f.count(total),
            stanceLabel(top!.from),
            stanceLabel(top!.to),
            f.count(top!.changes),
          ),
    labels: c.by_day.map((d) => f.day(d.day)),
    series: [
      {
        label: t('webColChanges', 'Changes'),
        values: c.by_day.map((d) => d.changes),
        color: BADGE_VIEW.queued.color,
        pattern: 'solid',
      },
    ],
    unit: 'count',
    horizontal: false,
    stacked: false,
    table: {
      head: [t('webColFrom', 'From'), t('webColTo', 'To'), t('webColChanges', 'Changes')],
      rows: c.transitions.map((x) => [stanceLabel(x.from), stanceLabel(x.to), f.count(x.changes)]),
    },
  };
}

/** Every chart the statistics allow, in reading order; the ones an older upstream cannot give are left out (`missing` says which). */
export function overviewCharts(s: Stats, f: Formats): { charts: ChartSpec[]; missing: string[] } {
  const optional = [keyBotsChart(s, f), termsChart(s, f), changesChart(s, f)];
  const names = [
    t('webChartKeyBots', 'Sites blocking each key AI bot'),
    t('webChartTerms', 'Terms of service against robots.txt'),
    t('webChartChanges', 'Stance changes, last 30 days'),
  ];
  return {
    charts: [stanceChart(s, f), optional[0], standardsChart(s, f), optional[1], optional[2]].filter(
      (c): c is ChartSpec => c !== null,
    ),
    missing: names.filter((_, i) => optional[i] === null),
  };
}

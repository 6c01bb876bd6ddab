/**
 * The report's figures as charts and tables, in words a reader of the report understands
 * (shared/labels.ts, the same words as the extension). Each chart comes with the table that
 * holds its figures: the table is the chart's text alternative and what a reader copies from.
 */
import { TOLD_STANCES, type ToldStance } from '../../../shared/reading/claims.js';
import {
  BADGE_VIEW,
  CONFLICT_LABELS,
  DETAIL_LABELS,
  TOLD_BADGE,
  TOLD_LABELS,
  STANDARD_LABELS,
  TOS_STANCE_LABELS,
  USE_CASE_LABELS,
  VERDICT_LABELS,
} from '../../../shared/labels.js';
import {
  DETAILS,
  STANDARD_KEYS,
  TOS_STANCES,
  USE_CASES,
  VERDICTS,
  type Conflict,
  type Detail,
  type TosStance,
} from '../../../shared/values.js';
import { licenceVerdictLabel } from '../../../shared/reading/story-licence.js';
import { botRows, LICENCE_TALLY, type RobotsTraining, type Tally } from './tally.js';

export interface Dataset {
  label: string;
  data: number[];
  /** One colour, or one per bar. */
  color: string | string[];
}

export interface ChartSpec {
  id: string;
  /** Horizontal bars, stacked when there are several datasets. */
  labels: string[];
  datasets: Dataset[];
  /** Values are percentages (axis 0 to 100). */
  percent: boolean;
  /** One sentence for screen readers; the table after the chart holds the figures. */
  summary: string;
}

export interface TableSpec {
  caption: string;
  head: string[];
  rows: Array<Array<string | number>>;
}

export interface Section {
  id: string;
  title: string;
  intro: string;
  chart?: ChartSpec;
  tables: TableSpec[];
}

export const pct = (x: number, of: number) => (of === 0 ? 0 : Math.round((x / of) * 1000) / 10);
const pctText = (x: number, of: number) => `${pct(x, of).toFixed(1)} %`;
const n = (x: number) => x.toLocaleString('en-US');

const VERDICT_COLOURS = { blocked: '#b91c1c', partial: '#ca8a04', allowed: '#4b5563', unknown: '#a8a29e' } as const;
const verdictWord = (v: (typeof VERDICTS)[number]) =>
  v === 'allowed' ? 'Allowed or not restricted' : VERDICT_LABELS[v].label;

function stanceSection(t: Tally): Section {
  const of = t.checked;
  const label = (s: ToldStance) => TOLD_LABELS[s]();
  const colour = (s: ToldStance) => BADGE_VIEW[TOLD_BADGE[s]].color;
  return {
    id: 'stances',
    title: 'Stances',
    intro: `What each site says about AI, one stance a site as the extension and the web page tell it, of the ${n(of)} sites with a record${t.borrowed ? ` (${n(t.borrowed)} hosts with nothing of their own counted by the site they belong to)` : ''}. Unknown is a robots.txt that could not be read, never "no AI rules".`,
    chart: {
      id: 'chart-stances',
      labels: TOLD_STANCES.map(label),
      datasets: [
        {
          label: 'Share of sites',
          data: TOLD_STANCES.map((s) => pct(t.told[s], of)),
          color: TOLD_STANCES.map(colour),
        },
      ],
      percent: true,
      summary: `Bar chart of the share of sites per stance: ${TOLD_STANCES.map((s) => `${label(s)} ${pctText(t.told[s], of)}`).join(', ')}.`,
    },
    tables: [
      {
        caption: 'Sites per stance',
        head: ['Stance', 'Sites', 'Share'],
        rows: TOLD_STANCES.map((s) => [label(s), n(t.told[s]), pctText(t.told[s], of)]),
      },
      {
        caption: "Sites per detail (what decided the API's stance, each host on its own record)",
        head: ['Detail', 'Meaning', 'Sites', 'Share'],
        rows: DETAILS.filter((d) => (t.detail[d] ?? 0) > 0).map((d: Detail) => [
          `${DETAIL_LABELS[d].label} (${d})`,
          DETAIL_LABELS[d].explanation,
          n(t.detail[d]!),
          pctText(t.detail[d]!, of),
        ]),
      },
    ],
  };
}

function verdictSection(t: Tally): Section {
  const of = t.checked;
  return {
    id: 'verdicts',
    title: 'AI training, AI search and AI answers',
    intro:
      'The verdict per use: blocked, partly blocked, allowed or not restricted, or unknown when robots.txt could not be read.',
    chart: {
      id: 'chart-verdicts',
      labels: USE_CASES.map((u) => USE_CASE_LABELS[u].label),
      datasets: VERDICTS.map((v) => ({
        label: verdictWord(v),
        data: USE_CASES.map((u) => pct(t.verdicts[u][v], of)),
        color: VERDICT_COLOURS[v],
      })),
      percent: true,
      summary: `Stacked bar chart of verdicts per use: ${USE_CASES.map((u) => `${USE_CASE_LABELS[u].label} blocked on ${pctText(t.verdicts[u].blocked, of)} of sites`).join(', ')}.`,
    },
    tables: [
      {
        caption: 'Sites per verdict and use',
        head: ['Use', ...VERDICTS.map(verdictWord)],
        rows: USE_CASES.map((u) => [
          USE_CASE_LABELS[u].label,
          ...VERDICTS.map((v) => `${n(t.verdicts[u][v])} (${pctText(t.verdicts[u][v], of)})`),
        ]),
      },
    ],
  };
}

function botSection(t: Tally): Section {
  const all = botRows(t);
  const rows = all.filter((b) => b.kind === 'ai_bot');
  const tools = all.filter((b) => b.kind === 'tool' && b.blockingByName > 0);
  const top = rows.filter((b) => b.blocking > 0 || b.partlyBlocking > 0 || b.key !== null).slice(0, 40);
  const charted = rows.slice(0, 15);
  const of = t.robotsRead;
  return {
    id: 'bots',
    title: 'AI bots blocked',
    intro: `Per AI bot, of the ${n(of)} sites whose robots.txt was read: how many name it in a User-agent line, block it (by name, or through a rule for every crawler), close part of the site to it, let it in by name where the rule for every crawler closes the site, name it without any rule, or allow it by name. Scraping frameworks and other tools with no AI use are counted apart, never as AI bots. bots.csv lists all ${n(rows.length)} AI bots, then ${n(all.length - rows.length)} tools and other names.`,
    chart: {
      id: 'chart-bots',
      labels: charted.map((b) => b.token),
      datasets: [
        { label: 'Blocked by name', data: charted.map((b) => pct(b.blockingByName, of)), color: '#b91c1c' },
        {
          label: 'Blocked through User-agent: *',
          data: charted.map((b) => pct(b.blocking - b.blockingByName, of)),
          color: '#f87171',
        },
        { label: 'Partly blocked', data: charted.map((b) => pct(b.partlyBlocking, of)), color: '#ca8a04' },
      ],
      percent: true,
      summary: `Stacked bar chart of the ${charted.length} most blocked AI bots: ${charted.map((b) => `${b.token} blocked on ${pctText(b.blocking, of)}`).join(', ')}.`,
    },
    tables: [
      {
        caption: 'AI bots named or blocked (key bots always shown)',
        head: [
          'Bot',
          'Operator',
          'Purpose',
          'Decides',
          'Sites naming it',
          'Blocking it',
          'Of which by name',
          'Partly blocking it',
          'Letting it in by name',
          'Naming it without a rule',
          'Allowing it by name',
          'Share blocking',
        ],
        rows: top.map((b) => [
          b.token,
          b.operator,
          b.obsolete ? `${b.purpose} (obsolete token: blocking it blocks nothing real)` : b.purpose,
          b.key ? USE_CASE_LABELS[b.key].label : '',
          n(b.naming),
          n(b.blocking),
          n(b.blockingByName),
          n(b.partlyBlocking),
          n(b.letInByName),
          n(b.namedWithoutRule),
          n(b.allowingByName),
          pctText(b.blocking, of),
        ]),
      },
      {
        caption: 'Scraping and other tools blocked by name (no AI rule)',
        head: ['Tool', 'Operator', 'Sites blocking it by name'],
        rows: tools.length ? tools.map((b) => [b.token, b.operator, n(b.blockingByName)]) : [['None', '', 0]],
      },
    ],
  };
}

function standardsSection(t: Tally): Section {
  const of = t.checked;
  return {
    id: 'standards',
    title: 'Standards adopted',
    intro: 'Which of the AI-policy standards each site publishes (a site may publish several).',
    chart: {
      id: 'chart-standards',
      labels: STANDARD_KEYS.map((k) => STANDARD_LABELS[k].label),
      datasets: [
        { label: 'Share of sites', data: STANDARD_KEYS.map((k) => pct(t.standards[k], of)), color: '#0f766e' },
      ],
      percent: true,
      summary: `Bar chart of the share of sites per standard: ${STANDARD_KEYS.map((k) => `${STANDARD_LABELS[k].label} ${pctText(t.standards[k], of)}`).join(', ')}.`,
    },
    tables: [
      {
        caption: 'Sites per standard',
        head: ['Standard', 'What it is', 'Sites', 'Share'],
        rows: STANDARD_KEYS.map((k) => [
          STANDARD_LABELS[k].label,
          STANDARD_LABELS[k].explanation,
          n(t.standards[k]),
          pctText(t.standards[k], of),
        ]),
      },
      {
        caption: `What the RSL licences say, per use (${n(t.standards.rsl)} ${t.standards.rsl === 1 ? 'site names one' : 'sites name one'})`,
        head: ['Use', ...LICENCE_TALLY.map(licenceVerdictLabel), 'Says nothing of it'],
        rows: USE_CASES.map((u) => {
          const said = LICENCE_TALLY.map((v) => t.licences[u][v]);
          return [USE_CASE_LABELS[u].label, ...said.map(n), n(t.standards.rsl - said.reduce((a, b) => a + b, 0))];
        }),
      },
    ],
  };
}

const TRAINING_WORDS: Record<RobotsTraining, string> = {
  restricts: 'robots.txt blocks or partly blocks AI training',
  does_not: 'robots.txt does not restrict AI training',
  unread: 'robots.txt not read',
};
const TRAINING_COLOURS: Record<RobotsTraining, string> = {
  restricts: '#b91c1c',
  does_not: '#4b5563',
  unread: '#a8a29e',
};
const TRAININGS: RobotsTraining[] = ['restricts', 'does_not', 'unread'];
/** The terms on robots and scrapers, in words of their own (the TOS_STANCE_LABELS speak of AI use). */
const ACCESS_WORDS: Record<TosStance | 'not_recorded', string> = {
  prohibits: 'Terms forbid robots and scrapers',
  restricts: 'Terms restrict robots and scrapers',
  permits: 'Terms permit robots and scrapers',
  silent: 'Terms silent on robots and scrapers',
  unknown: 'Terms not read',
  not_recorded: 'Not recorded',
};

function termsSection(t: Tally): Section {
  const automatedRecorded = TOS_STANCES.some((s) => TRAININGS.some((r) => t.automated[s][r] > 0));
  const cross = (
    caption: string,
    by: Record<string, Record<RobotsTraining, number>>,
    keys: readonly string[],
    word: (k: string) => string,
  ): TableSpec => ({
    caption,
    head: ['Terms of service', ...TRAININGS.map((r) => TRAINING_WORDS[r]), 'Sites'],
    rows: keys.map((k) => {
      const total = TRAININGS.reduce((a, r) => a + by[k]![r], 0);
      return [word(k), ...TRAININGS.map((r) => n(by[k]![r])), n(total)];
    }),
  });
  const tables = [
    cross('Terms on AI use against robots.txt', t.terms, TOS_STANCES, (k) => TOS_STANCE_LABELS[k as TosStance].label),
  ];
  tables.push(
    automatedRecorded
      ? cross(
          'Terms on robots, scrapers and automated access against robots.txt',
          t.automated,
          [...TOS_STANCES, 'not_recorded'],
          (k) => ACCESS_WORDS[k as TosStance | 'not_recorded'],
        )
      : {
          caption: 'Terms on robots, scrapers and automated access',
          head: ['Note'],
          rows: [['Not recorded by this version of the service for these sites.']],
        },
  );
  return {
    id: 'terms',
    title: 'Terms of service against robots.txt',
    intro:
      'What the terms of service say about AI use, beside whether robots.txt restricts AI training. Terms decide no stance; they are told apart because a site may forbid in its terms what its robots.txt lets in.',
    chart: {
      id: 'chart-terms',
      labels: TOS_STANCES.map((s) => TOS_STANCE_LABELS[s].label),
      datasets: TRAININGS.map((r) => ({
        label: TRAINING_WORDS[r],
        data: TOS_STANCES.map((s) => t.terms[s][r]),
        color: TRAINING_COLOURS[r],
      })),
      percent: false,
      summary: `Stacked bar chart of sites per terms-of-service reading, split by whether robots.txt restricts AI training: ${TOS_STANCES.map((s) => `${TOS_STANCE_LABELS[s].label} ${n(TRAININGS.reduce((a, r) => a + t.terms[s][r], 0))}`).join(', ')}.`,
    },
    tables,
  };
}

function issuesSection(t: Tally): Section {
  const conflicts = Object.entries(t.conflicts).sort((a, b) => b[1] - a[1]);
  const failures = Object.entries(t.failures).sort((a, b) => b[1] - a[1]);
  return {
    id: 'conflicts',
    title: 'Conflicts and failed checks',
    intro:
      'Sources that disagree with each other (terms silent on AI beside robots.txt rules are a note, not a disagreement), and checks that still failed after their retry within the run (failed.csv says when each may be tried again).',
    tables: [
      {
        caption: 'Conflicts',
        head: ['Conflict', 'Meaning', 'Sites'],
        rows: conflicts.length
          ? conflicts.map(([c, k]) => [
              CONFLICT_LABELS[c as Conflict]?.label ?? c,
              CONFLICT_LABELS[c as Conflict]?.explanation ?? '',
              n(k),
            ])
          : [['None', '', 0]],
      },
      {
        caption: 'Why checks failed',
        head: ['Cause', 'Sites'],
        rows: failures.length ? failures.map(([c, k]) => [c, n(k)]) : [['No check failed', 0]],
      },
    ],
  };
}

export function reportSections(t: Tally): Section[] {
  return [stanceSection(t), verdictSection(t), botSection(t), standardsSection(t), termsSection(t), issuesSection(t)];
}

import { describe, expect, it } from 'vitest';
import { isStats } from '../../../extension/lib/wire-guards.js';
import type { Stats } from '../../../web/src/api.js';
import { formats, overviewCharts } from '../../../web/src/overview/stats-model.js';

const f = formats('en-GB');
const zeroTerms = { robots_blocks: 0, robots_open: 0, robots_unread: 0 };
const stats: Stats = {
  total_domains: 8,
  by_stance: {
    blocks_all_ai: { domains: 1, details: {} },
    blocks_training: { domains: 4, details: {} },
    selective: { domains: 1, details: {} },
    open: { domains: 1, details: {} },
    no_policy: { domains: 1, details: {} },
  },
  standards: {
    robots_txt: { domains: 8, share: 1 },
    llms_txt: { domains: 2, share: 0.25 },
    ai_txt: { domains: 0, share: 0 },
    tdmrep: { domains: 0, share: 0 },
    content_signals: { domains: 0, share: 0 },
    agents_json: { domains: 0, share: 0 },
  },
  top_blocked_bots: [],
  score_distribution: [{ from: 0, to: 9, domains: 8 }],
  conflicts: {
    robots_blocks_ai_but_tos_allows_or_silent: 0,
    tos_prohibits_ai_but_robots_allows: 1,
    signal_allows_but_robots_blocks: 0,
    signal_blocks_but_robots_allows_explicitly: 0,
    llms_txt_but_blocks_all_ai: 0,
  },
  freshness: { fresh: 8, aging: 0, stale: 0 },
  key_bots: [
    { bot: 'GPTBot', use: 'training', domains: 6, share: 0.75 },
    { bot: 'OAI-SearchBot', use: 'search', domains: 1, share: 0.125 },
  ],
  terms_vs_robots: {
    prohibits: { robots_blocks: 3, robots_open: 1, robots_unread: 0 },
    restricts: zeroTerms,
    permits: zeroTerms,
    silent: { robots_blocks: 2, robots_open: 1, robots_unread: 0 },
    unknown: { robots_blocks: 0, robots_open: 0, robots_unread: 1 },
  },
  stance_changes: {
    since: '2026-10-27T00:00:00.000Z',
    by_day: [
      { day: '2026-11-24', changes: 0 },
      { day: '2026-11-25', changes: 3 },
    ],
    transitions: [
      { from: 'no_policy', to: 'blocks_training', changes: 2 },
      { from: 'open', to: 'selective', changes: 1 },
    ],
  },
  generated_at: '2026-11-25T12:00:00.000Z',
};

describe('overviewCharts', () => {
  const { charts, missing } = overviewCharts(stats, f);
  const chart = (id: string) => charts.find((c) => c.id === id)!;

  it('is drawn from statistics the page would accept from its gateway', () => expect(isStats(stats)).toBe(true));

  it('draws five charts in reading order, nothing missing', () => {
    expect(charts.map((c) => c.id)).toEqual(['stances', 'key-bots', 'standards', 'terms', 'changes']);
    expect(missing).toEqual([]);
  });

  it('stance shares, in the badge colours, with the figures as a table and a summary in words', () => {
    const c = chart('stances');
    expect(c.labels).toEqual(['Blocks all AI', 'Blocks AI training', 'Selective', 'Allows AI', 'No AI rules']);
    expect(c.series[0]!.values).toEqual([0.125, 0.5, 0.125, 0.125, 0.125]);
    expect(c.series[0]!.color).toEqual(['#b91c1c', '#c2410c', '#854d0e', '#15803d', '#4b5563']);
    expect(c.summary).toBe(
      'Share of sites in the registry by stance (8 in all). The most common: Blocks AI training, 50%.',
    );
    expect(c.table.rows[1]).toEqual(['Blocks AI training', '4', '50%']);
  });

  it('counts sites by the stance as told when the gateway says it: Unknown apart from No AI rules, the terms stances their own', () => {
    const told = {
      ...stats,
      by_told: {
        blocks_all_ai: 2,
        blocks_training: 3,
        selective: 1,
        allows_ai: 0,
        no_ai_rules: 0,
        terms_prohibit: 1,
        terms_restrict: 0,
        unknown: 1,
      },
    };
    const c = overviewCharts(told, f).charts.find((x) => x.id === 'stances')!;
    expect(c.labels).toEqual([
      'Blocks all AI',
      'Blocks AI training',
      'Selective',
      'Allows AI',
      'No AI rules',
      'Terms prohibit AI',
      'Terms restrict AI',
      'Unknown',
    ]);
    expect(c.table.rows.map((r) => r[1])).toEqual(['2', '3', '1', '0', '0', '1', '0', '1']);
    expect(c.summary).toContain('The most common: Blocks AI training, 37.5%.');
  });

  it('key bots named with the use they decide', () => {
    const c = chart('key-bots');
    expect(c.labels).toEqual(['GPTBot (AI training)', 'OAI-SearchBot (AI search)']);
    expect(c.summary).toMatch(/Most blocked: GPTBot, by 75%\.$/);
    expect(c.table.rows[1]).toEqual(['OAI-SearchBot', 'AI search', '1', '12.5%']);
  });

  it('terms against robots.txt as stacked series that differ in pattern, not only colour', () => {
    const c = chart('terms');
    expect(c.stacked).toBe(true);
    expect(c.series.map((s) => s.pattern)).toEqual(['solid', 'stripes', 'dots']);
    expect(c.series[0]!.values).toEqual([3, 0, 0, 2, 0]);
    expect(c.summary).toMatch(
      /^Of the sites whose terms of service forbid AI \(4\), robots\.txt blocks AI bots on 3 and blocks none on 1\./,
    );
    expect(c.table.rows[0]).toEqual(['Terms prohibit AI', '3', '1', '0']);
  });

  it('stance changes per day, and which changes, in the browser’s language', () => {
    const c = chart('changes');
    expect(c.horizontal).toBe(false);
    expect(c.labels).toEqual(['24 Nov', '25 Nov']);
    expect(c.summary).toBe(
      'Stance changes in the last 30 days: 3. The most common: from No AI rules to Blocks AI training (2).',
    );
    expect(c.table.rows).toEqual([
      ['No AI rules', 'Blocks AI training', '2'],
      ['Allows AI', 'Selective', '1'],
    ]);
    expect(overviewCharts(stats, formats('de-DE')).charts.find((x) => x.id === 'changes')!.labels).toEqual([
      '24. Nov.',
      '25. Nov.',
    ]);
  });

  it('leaves out, and names, what an older or foreign upstream does not publish', () => {
    const { key_bots: _k, terms_vs_robots: _t, stance_changes: _c, ...older } = stats;
    const r = overviewCharts(older, f);
    expect(r.charts.map((c) => c.id)).toEqual(['stances', 'standards']);
    expect(r.missing).toEqual([
      'Sites blocking each key AI bot',
      'Terms of service against robots.txt',
      'Stance changes, last 30 days',
    ]);
  });

  it('says plainly when the registry is empty', () => {
    const empty = overviewCharts(
      {
        ...stats,
        total_domains: 0,
        key_bots: stats.key_bots!.map((b) => ({ ...b, domains: 0, share: 0 })),
        stance_changes: { ...stats.stance_changes!, by_day: [], transitions: [] },
      },
      f,
    );
    expect(empty.charts.find((c) => c.id === 'stances')!.summary).toBe('No sites in the registry yet.');
    expect(empty.charts.find((c) => c.id === 'key-bots')!.summary).toMatch(/None blocks any of them yet\.$/);
    expect(empty.charts.find((c) => c.id === 'changes')!.summary).toBe(
      'No site changed its stance in the last 30 days.',
    );
  });
});

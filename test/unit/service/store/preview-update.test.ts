/**
 * The one decision both stores' indexes write (store/preview-update.ts), on its own: what a
 * stored crawl puts in, what the domain's previous crawl takes out, and the net counter and hour
 * deltas, from real classified crawls. The stores' tests check that the writes land.
 */
import { describe, expect, it } from 'vitest';
import { SignalsResponseSchema } from '../../../../proxy/service/preview/schemas.js';
import { UNRANKED } from '../../../../proxy/service/preview/facets.js';
import {
  HOUR_MS,
  previewRemoval,
  previewUpdate,
  type IndexedPolicy,
  type PreviewUpdate,
} from '../../../../proxy/service/store/preview-update.js';
import { HistoryEntrySchema } from '../../../../shared/schemas.js';
import { crawl, type Spec } from '../../../helpers/crawls.js';

const JAN_10 = '2026-01-10T08:15:00.000Z';
const JAN_12 = '2026-01-12T09:40:00.000Z';
const hour = (iso: string) => Math.floor(Date.parse(iso) / HOUR_MS);

/** What a store reads back of the row it wrote for `u` (the columns both stores select). */
const indexed = (u: PreviewUpdate | null): IndexedPolicy => {
  if (!u) throw new Error('expected an update');
  const { audit_id, crawls, rank_sort, crawled_ms, facets } = u.policy;
  return { audit_id, crawls, rank_sort, crawled_ms, facets };
};
const historyOf = (u: PreviewUpdate | null) =>
  u?.history ? HistoryEntrySchema.parse(JSON.parse(u.history.entry)) : null;

const OPEN: Spec = {
  detail: 'no_ai_rules',
  standards: ['robots_txt'],
  rank: 120,
  cdn: ' Cloudflare ',
  cms: 'WordPress',
};
const BLOCKS_GPTBOT: Spec = {
  ...OPEN,
  detail: 'blocks_training',
  use_cases: { training: 'blocked' },
  blocked: ['GPTBot'],
};

describe('previewUpdate', () => {
  it("a domain's first crawl: a new row, its index rows, +1 on each counter it contributes to and on its hour", () => {
    const c = crawl('news.test', JAN_10, OPEN);
    const u = previewUpdate(c, undefined)!;
    expect(u.first).toBe(true);
    expect(u.policy).toEqual({
      domain: 'news.test',
      audit_id: c.auditId,
      crawled_at: JAN_10,
      crawled_ms: Date.UTC(2026, 0, 10, 8, 15),
      crawls: 1,
      stance: 'no_policy',
      detail: 'no_ai_rules',
      score: 100,
      rank_sort: 120,
      cdn: 'cloudflare',
      cms: 'wordpress',
      borrows_from: null,
      facets: expect.any(String),
      record: expect.any(String),
    });
    expect(JSON.parse(u.policy.record)).toEqual({ ...c.classification.announced, audit_id: c.auditId });
    expect(JSON.parse(u.policy.facets)).toMatchObject({
      stance: 'no_policy',
      blocked: [],
      standards: ['robots_txt'],
      rank: 120,
      cdn: ' Cloudflare ',
    });
    expect(u.remove).toBeNull();
    expect(u.add).toEqual({ rank_sort: 120, bots: [], standards: ['robots_txt'] });
    expect(u.counters).toEqual([
      { kind: 'detail', key: 'no_ai_rules', n: 1 },
      { kind: 'score', key: '9', n: 1 },
      { kind: 'stance', key: 'no_policy', n: 1 },
      { kind: 'standard', key: 'robots_txt', n: 1 },
      // No terms found, robots.txt blocks no AI bot.
      { kind: 'terms', key: 'unknown|open', n: 1 },
      // The stance as every face tells it (docs/policy.md section 16).
      { kind: 'told', key: 'no_ai_rules', n: 1 },
      { kind: 'total', key: '', n: 1 },
    ]);
    expect(u.hours).toEqual([{ hour: Date.UTC(2026, 0, 10, 8) / HOUR_MS, n: 1 }]);
    expect(historyOf(u)).toMatchObject({ audit_id: c.auditId, crawled_at: JAN_10, stance: 'no_policy', changes: [] });
    expect(u.history?.crawled_ms).toBe(Date.parse(JAN_10));
    expect(SignalsResponseSchema.parse(JSON.parse(u.signals))).toMatchObject({
      domain: 'news.test',
      audit_id: c.auditId,
      crawled_at: JAN_10,
    });
  });

  it('writes nothing for a failed check that kept the record, or for the same stored crawl indexed again', () => {
    const c = crawl('news.test', JAN_10, OPEN);
    expect(previewUpdate({ ...c, current: false }, undefined)).toBeNull();
    expect(previewUpdate(c, indexed(previewUpdate(c, undefined)))).toBeNull();
  });

  it('refuses a crawl time that is not a timestamp', () => {
    expect(() => previewUpdate({ ...crawl('news.test', JAN_10, OPEN), crawledAt: 'yesterday' }, undefined)).toThrow(
      /crawledAt "yesterday" of news\.test/,
    );
  });

  it("a newer crawl replaces the older one: the older one's rows out, net counter deltas, the hour moves, what changed", () => {
    const older = crawl('news.test', JAN_10, OPEN);
    const prev = indexed(previewUpdate(older, undefined));
    const c = crawl('news.test', JAN_12, BLOCKS_GPTBOT, older.classification);
    const u = previewUpdate(c, prev)!;
    expect(u.first).toBe(false);
    expect(u.policy).toMatchObject({
      audit_id: c.auditId,
      crawled_ms: Date.parse(JAN_12),
      crawls: 2,
      stance: 'blocks_training',
      detail: 'blocks_training',
      score: 67,
    });
    expect(u.remove).toEqual({ rank_sort: 120, bots: [], standards: ['robots_txt'] });
    expect(u.add).toEqual({ rank_sort: 120, bots: [['gptbot', 'blocked']], standards: ['robots_txt'] });
    // "total" and the standard are in both crawls: netted away.
    expect(u.counters).toEqual([
      { kind: 'blocked', key: 'GPTBot', n: 1 },
      { kind: 'detail', key: 'blocks_training', n: 1 },
      { kind: 'detail', key: 'no_ai_rules', n: -1 },
      { kind: 'score', key: '6', n: 1 },
      { kind: 'score', key: '9', n: -1 },
      { kind: 'stance', key: 'blocks_training', n: 1 },
      { kind: 'stance', key: 'no_policy', n: -1 },
      { kind: 'terms', key: 'unknown|blocks', n: 1 },
      { kind: 'terms', key: 'unknown|open', n: -1 },
      { kind: 'told', key: 'blocks_training', n: 1 },
      { kind: 'told', key: 'no_ai_rules', n: -1 },
    ]);
    expect(u.hours).toEqual([
      { hour: hour(JAN_10), n: -1 },
      { hour: hour(JAN_12), n: 1 },
    ]);
    expect(u.history?.crawled_ms).toBe(Date.parse(JAN_12));
    expect(historyOf(u)?.changes).toEqual([
      'stance: no_policy → blocks_training',
      'detail: no_ai_rules → blocks_training',
      'training: allowed → blocked',
      'started blocking GPTBot',
      'score: 100 → 67',
    ]);
  });

  it('an older crawl stored after a newer one still replaces it (the registry decided it is the record)', () => {
    const newer = crawl('news.test', JAN_12, BLOCKS_GPTBOT);
    const first = previewUpdate(newer, undefined);
    const c = crawl('news.test', JAN_10, OPEN, newer.classification);
    const u = previewUpdate(c, indexed(first))!;
    expect(u.policy).toMatchObject({
      audit_id: c.auditId,
      crawled_at: JAN_10,
      crawled_ms: Date.parse(JAN_10),
      crawls: 2,
      detail: 'no_ai_rules',
    });
    expect(u.remove).toEqual({ rank_sort: 120, bots: [['gptbot', 'blocked']], standards: ['robots_txt'] });
    expect(u.hours).toEqual([
      { hour: hour(JAN_10), n: 1 },
      { hour: hour(JAN_12), n: -1 },
    ]);
    expect(u.counters).toContainEqual({ kind: 'blocked', key: 'GPTBot', n: -1 });
    expect(historyOf(u)?.changes).toContain('stopped blocking GPTBot');
  });

  it('a re-crawl that only moves the rank or the CDN moves the index rows and changes no counter, hour or history', () => {
    const first = crawl('news.test', JAN_10, BLOCKS_GPTBOT);
    const prev = indexed(previewUpdate(first, undefined));
    const c = crawl(
      'news.test',
      '2026-01-10T08:45:00.000Z',
      { ...BLOCKS_GPTBOT, rank: 45, cdn: 'Fastly' },
      first.classification,
    );
    const u = previewUpdate(c, prev)!;
    expect(u.remove).toEqual({ rank_sort: 120, bots: [['gptbot', 'blocked']], standards: ['robots_txt'] });
    expect(u.add).toEqual({ rank_sort: 45, bots: [['gptbot', 'blocked']], standards: ['robots_txt'] });
    expect(u.policy).toMatchObject({ rank_sort: 45, cdn: 'fastly', crawls: 2 });
    expect(u.counters).toEqual([]);
    expect(u.hours).toEqual([]);
    expect(u.history).toBeNull();

    const unranked = previewUpdate(crawl('news.test', JAN_12, { ...BLOCKS_GPTBOT, rank: null }), indexed(u))!;
    expect(unranked.remove?.rank_sort).toBe(45);
    expect(unranked.add.rank_sort).toBe(UNRANKED);
    expect(unranked.policy.crawls).toBe(3);
  });

  it('a standard or a bot verdict that changes moves its index rows and counters and is named in the history', () => {
    const first = crawl('news.test', JAN_10, BLOCKS_GPTBOT);
    const prev = indexed(previewUpdate(first, undefined));
    const c = crawl(
      'news.test',
      JAN_12,
      { ...BLOCKS_GPTBOT, standards: ['robots_txt', 'llms_txt'], allowed: ['CCBot'] },
      first.classification,
    );
    const u = previewUpdate(c, prev)!;
    expect(u.add).toEqual({
      rank_sort: 120,
      bots: [
        ['gptbot', 'blocked'],
        ['ccbot', 'allowed'],
      ],
      standards: ['robots_txt', 'llms_txt'],
    });
    expect(u.counters).toEqual([{ kind: 'standard', key: 'llms_txt', n: 1 }]);
    expect(historyOf(u)?.changes).toEqual([
      'started explicitly allowing CCBot',
      expect.stringMatching(/^started publishing /),
    ]);
  });
});

describe('previewRemoval', () => {
  it("takes out exactly what the domain's crawl put in", () => {
    const c = crawl('news.test', JAN_12, { ...BLOCKS_GPTBOT, conflicts: [] });
    const u = previewUpdate(c, undefined)!;
    const r = previewRemoval(indexed(u));
    expect(r.remove).toEqual(u.add);
    expect(r.counters).toEqual(u.counters.map((d) => ({ ...d, n: -d.n })));
    expect(r.hours).toEqual([{ hour: hour(JAN_12), n: -1 }]);
  });
});

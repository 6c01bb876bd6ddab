import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SignalsResponseSchema } from '../../../../../proxy/service/preview/schemas.js';
import {
  indexCrawl,
  readHistory as buildHistory,
  readRecord,
  readSignals,
} from '../../../../../proxy/service/store/sqlite/preview-index.js';
import { readStats, scanStats } from '../../../../../proxy/service/store/sqlite/preview-stats.js';
import { migratePreviewTables as migratePreview } from '../../../../../proxy/service/store/sqlite/preview-tables.js';
import { AnnouncedRecordSchema, HistoryResponseSchema, StatsResponseSchema } from '../../../../../shared/schemas.js';
import { crawl, tempRegistry } from '../../../../helpers/crawls.js';

let registry: ReturnType<typeof tempRegistry>;
let db: Database.Database;
const NOW = Date.UTC(2026, 0, 15, 12);
const daysAgo = (d: number) => new Date(NOW - d * 86_400_000).toISOString();

beforeEach(() => {
  registry = tempRegistry('preview-');
  db = registry.open();
});
afterEach(() => {
  db.close();
  registry.remove();
});

/** As the registry does: inside the transaction that stores the crawl. */
const store = (c: ReturnType<typeof crawl>) => db.transaction(() => indexCrawl(db, c))();

describe('migratePreview', () => {
  it('is idempotent and leaves the registry user_version alone', () => {
    db.pragma('user_version = 3');
    migratePreview(db);
    migratePreview(db);
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE name LIKE 'preview_%' AND type = 'table'")
      .pluck()
      .all();
    expect(tables).toEqual(
      expect.arrayContaining([
        'preview_policy',
        'preview_bot',
        'preview_standard',
        'preview_counters',
        'preview_history',
        'preview_signals',
      ]),
    );
    expect(db.prepare('SELECT version FROM preview_meta').pluck().all()).toEqual([3]);
  });

  it('survives reopening the file', () => {
    store(crawl('a.test', daysAgo(1), { detail: 'no_ai_rules' }));
    db.close();
    db = registry.open();
    expect(readRecord(db, 'a.test')?.domain).toBe('a.test');
  });
});

describe('indexCrawl', () => {
  it('stores the announced record with the audit id naming the crawl', () => {
    const c = crawl('news.test', daysAgo(2), {
      detail: 'blocks_training',
      use_cases: { training: 'blocked' },
      blocked: ['GPTBot', 'CCBot'],
      standards: ['robots_txt'],
    });
    store(c);
    const rec = AnnouncedRecordSchema.parse(readRecord(db, 'news.test'));
    expect(rec).toMatchObject({ domain: 'news.test', audit_id: c.auditId, stance: 'blocks_training', score: 67 });
    expect(readRecord(db, 'other.test')).toBeNull();
  });

  it('keeps raw signals: each file as crawled, failures with their reason, the terms excerpt', () => {
    const robots = 'User-agent: GPTBot\nDisallow: /\n';
    store(
      crawl('raw.test', daysAgo(0), {
        detail: 'blocks_training',
        robots,
        tosExcerpt: 'You may not use our content to train AI.',
      }),
    );
    const s = SignalsResponseSchema.parse(readSignals(db, 'raw.test'));
    expect(s.files.robots_txt).toMatchObject({
      url: 'https://raw.test/robots.txt',
      status: 200,
      content_type: 'text/plain',
      size: robots.length,
      body: robots,
      outcome: 'response',
    });
    expect(s.files.llms_txt).toMatchObject({
      outcome: 'failed',
      status: null,
      body: null,
      error: 'timeout: no answer in 10 s',
    });
    expect(s.files.ai_txt).toMatchObject({ outcome: 'refused', error: 'redirect to a private address' });
    expect(s.homepage.headers).toEqual({ 'x-robots-tag': 'noai' });
    expect(s.terms).toMatchObject({ excerpt: 'You may not use our content to train AI.', ai_stance: 'prohibits' });
  });

  it('indexing the same stored crawl twice counts it once', () => {
    const c = crawl('twice.test', daysAgo(1), { detail: 'selective', blocked: ['GPTBot'] });
    store(c);
    store(c);
    expect(readStats(db, NOW).total_domains).toBe(1);
    expect(buildHistory(db, 'twice.test')?.crawls).toBe(1);
  });

  it('a failed check that kept the earlier record (current: false) changes nothing here', () => {
    const kept = crawl('kept.test', daysAgo(3), { detail: 'blocks_training', blocked: ['GPTBot'] });
    store(kept);
    store({ ...crawl('kept.test', daysAgo(0), { detail: 'unreachable' }), current: false });
    expect(readRecord(db, 'kept.test')?.audit_id).toBe(kept.auditId);
    expect(buildHistory(db, 'kept.test')?.crawls).toBe(1);
    expect(readStats(db, NOW).by_stance.no_policy.domains).toBe(0);
  });

  it('a re-crawl replaces the domain’s counters, bot and standard rows', () => {
    store(
      crawl('x.test', daysAgo(40), {
        detail: 'blocks_training',
        blocked: ['GPTBot'],
        standards: ['robots_txt', 'llms_txt'],
        conflicts: ['llms_txt_but_blocks_all_ai'],
      }),
    );
    store(crawl('x.test', daysAgo(1), { detail: 'allows_all', allowed: ['GPTBot'], standards: ['robots_txt'] }));
    const s = StatsResponseSchema.parse(readStats(db, NOW));
    expect(s.total_domains).toBe(1);
    expect(s.by_stance.blocks_training.domains).toBe(0);
    expect(s.by_stance.open).toEqual({ domains: 1, details: { allows_all: 1, has_llms_txt: 0 } });
    expect(s.standards.llms_txt.domains).toBe(0);
    expect(s.top_blocked_bots).toEqual([]);
    expect(s.conflicts.llms_txt_but_blocks_all_ai).toBe(0);
    expect(s.freshness).toEqual({ fresh: 1, aging: 0, stale: 0 });
    expect(db.prepare("SELECT count(*) FROM preview_bot WHERE verdict = 'blocked'").pluck().get()).toBe(0);
    expect(db.prepare("SELECT bot FROM preview_bot WHERE verdict = 'allowed'").pluck().all()).toEqual(['gptbot']);
  });
});

describe('stats', () => {
  it('counts stances, details, standards, bots, scores, conflicts and freshness; equals a full scan', () => {
    store(
      crawl('a.test', daysAgo(1), {
        detail: 'blocks_all_ai',
        use_cases: { training: 'blocked', search: 'blocked', inference: 'blocked' },
        blocked: ['GPTBot', 'CCBot', 'ClaudeBot'],
        standards: ['robots_txt'],
      }),
    );
    store(
      crawl('b.test', daysAgo(8), {
        detail: 'wildcard_block',
        use_cases: { training: 'blocked', search: 'blocked', inference: 'blocked' },
        blocked: ['GPTBot'],
        standards: ['robots_txt'],
      }),
    );
    store(crawl('c.test', daysAgo(31), { detail: 'has_llms_txt', standards: ['robots_txt', 'llms_txt'] }));
    store(crawl('d.test', daysAgo(7), { detail: 'no_robots', conflicts: ['tos_prohibits_ai_but_robots_allows'] }));
    const s = StatsResponseSchema.parse(readStats(db, NOW));
    expect(s.total_domains).toBe(4);
    expect(s.by_stance.blocks_all_ai).toEqual({ domains: 2, details: { blocks_all_ai: 1, wildcard_block: 1 } });
    expect(s.by_stance.open.domains).toBe(1);
    expect(s.by_stance.no_policy.details.no_robots).toBe(1);
    expect(s.standards.robots_txt).toEqual({ domains: 3, share: 0.75 });
    expect(s.top_blocked_bots).toEqual([
      { bot: 'GPTBot', domains: 2, share: 0.5 },
      { bot: 'CCBot', domains: 1, share: 0.25 },
      { bot: 'ClaudeBot', domains: 1, share: 0.25 },
    ]);
    expect(s.score_distribution[0]).toEqual({ from: 0, to: 9, domains: 2 });
    expect(s.score_distribution[9]).toEqual({ from: 90, to: 100, domains: 2 });
    expect(s.conflicts.tos_prohibits_ai_but_robots_allows).toBe(1);
    // Exactly 7 days old is no longer fresh (fresh is under 7 days).
    expect(s.freshness).toEqual({ fresh: 1, aging: 2, stale: 1 });
    expect(s.generated_at).toBe(new Date(NOW).toISOString());
    expect(s).toEqual(scanStats(db, NOW));
  });

  it('freshness moves with the clock, not with the counters', () => {
    store(crawl('a.test', daysAgo(0), { detail: 'no_ai_rules' }));
    expect(readStats(db, NOW).freshness).toEqual({ fresh: 1, aging: 0, stale: 0 });
    expect(readStats(db, NOW + 10 * 86_400_000).freshness).toEqual({ fresh: 0, aging: 1, stale: 0 });
    expect(readStats(db, NOW + 31 * 86_400_000).freshness).toEqual({ fresh: 0, aging: 0, stale: 1 });
    // Boundaries: 7 days exactly is aging, 30 days exactly is still aging, a millisecond more is stale.
    expect(readStats(db, NOW + 7 * 86_400_000).freshness).toEqual({ fresh: 0, aging: 1, stale: 0 });
    expect(readStats(db, NOW + 7 * 86_400_000 - 1).freshness).toEqual({ fresh: 1, aging: 0, stale: 0 });
    expect(readStats(db, NOW + 30 * 86_400_000).freshness).toEqual({ fresh: 0, aging: 1, stale: 0 });
    expect(readStats(db, NOW + 30 * 86_400_000 + 1).freshness).toEqual({ fresh: 0, aging: 0, stale: 1 });
  });

  it('uses index range counts for freshness, not a scan of the table', () => {
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT count(*) AS n FROM preview_policy WHERE crawled_ms > ? AND crawled_ms < ?')
      .all(0, 1) as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join(' ')).toMatch(
      /SEARCH preview_policy USING COVERING INDEX preview_policy_crawled/,
    );
  });

  it('an empty registry has zeros, no shares divided by zero', () => {
    const s = StatsResponseSchema.parse(readStats(db, NOW));
    expect(s.total_domains).toBe(0);
    expect(s.standards.robots_txt).toEqual({ domains: 0, share: 0 });
    expect(s).toEqual(scanStats(db, NOW));
  });
});

describe('buildHistory', () => {
  it('is null for a domain never crawled', () => {
    expect(buildHistory(db, 'never.test')).toBeNull();
  });

  it('lists the first crawl and every change, newest first, saying what changed', () => {
    store(crawl('h.test', daysAgo(90), { detail: 'no_ai_rules', standards: ['robots_txt'] }));
    store(crawl('h.test', daysAgo(60), { detail: 'no_ai_rules', standards: ['robots_txt'] })); // unchanged
    const blocking = crawl('h.test', daysAgo(30), {
      detail: 'blocks_training',
      use_cases: { training: 'blocked' },
      blocked: ['GPTBot', 'CCBot'],
      standards: ['robots_txt', 'llms_txt'],
    });
    store(blocking);
    store(
      crawl('h.test', daysAgo(1), {
        detail: 'blocks_training',
        use_cases: { training: 'blocked' },
        blocked: ['GPTBot', 'CCBot'],
        standards: ['robots_txt', 'llms_txt'],
        rank: 5,
      }),
    ); // rank only
    const h = HistoryResponseSchema.parse(buildHistory(db, 'h.test'));
    expect(h.crawls).toBe(4);
    expect(h.entries.map((e) => e.crawled_at)).toEqual([daysAgo(30), daysAgo(90)]);
    expect(h.entries[0]).toMatchObject({
      audit_id: blocking.auditId,
      stance: 'blocks_training',
      score: 67,
      bots_blocked: ['GPTBot', 'CCBot'],
    });
    expect(h.entries[0]!.changes).toEqual([
      'stance: no_policy → blocks_training',
      'detail: no_ai_rules → blocks_training',
      'training: allowed → blocked',
      'started blocking GPTBot',
      'started blocking CCBot',
      'started publishing llms.txt',
      'score: 100 → 67',
    ]);
    expect(h.entries[1]!.changes).toEqual([]);
  });

  it('names bots that stopped being blocked and standards that disappeared', () => {
    store(
      crawl('s.test', daysAgo(9), {
        detail: 'selective',
        use_cases: { search: 'partial' },
        blocked: ['PerplexityBot'],
        standards: ['robots_txt', 'ai_txt'],
      }),
    );
    store(crawl('s.test', daysAgo(2), { detail: 'allows_all', allowed: ['PerplexityBot'], standards: ['robots_txt'] }));
    const [latest] = buildHistory(db, 's.test')!.entries;
    expect(latest!.changes).toEqual([
      'stance: selective → open',
      'detail: selective → allows_all',
      'search: partial → allowed',
      'stopped blocking PerplexityBot',
      'started explicitly allowing PerplexityBot',
      'stopped publishing ai.txt',
      'score: 83 → 100',
    ]);
  });

  it('diffs against the registry’s previous classification when these tables first see a domain late', () => {
    const old = crawl('late.test', daysAgo(20), { detail: 'no_ai_rules' });
    store(
      crawl(
        'late.test',
        daysAgo(1),
        { detail: 'blocks_training', use_cases: { training: 'blocked' }, blocked: ['GPTBot'] },
        old.classification,
      ),
    );
    const h = buildHistory(db, 'late.test')!;
    expect(h.entries).toHaveLength(1);
    expect(h.entries[0]!.changes).toContain('started blocking GPTBot');
  });
});

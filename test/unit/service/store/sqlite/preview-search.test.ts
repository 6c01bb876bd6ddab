import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PreviewSearchResultSchema } from '../../../../../proxy/service/preview/schemas.js';
import { indexCrawl } from '../../../../../proxy/service/store/sqlite/preview-index.js';
import { searchPolicies, searchQuery } from '../../../../../proxy/service/store/sqlite/preview-search.js';
import { readStats, scanStats } from '../../../../../proxy/service/store/sqlite/preview-stats.js';
import type { PreviewSearchParams } from '../../../../../shared/params.js';
import { DETAILS, DETAIL_STANCE, SIGNAL_KEYS, type SignalKey, type Stance } from '../../../../../shared/values.js';
import { crawl, registryPerFile, type Spec } from '../../../../helpers/crawls.js';

const reg = registryPerFile('preview-search-');

const BOTS = ['GPTBot', 'CCBot', 'ClaudeBot', 'PerplexityBot'];
const AT = '2026-01-10T00:00:00.000Z';

interface Model extends Required<Pick<Spec, 'detail' | 'blocked' | 'allowed' | 'standards'>> {
  domain: string;
  score: number;
  rank: number | null;
  cdn: string | null;
  cms: string | null;
}

const siteArb = fc.record({
  detail: fc.constantFrom(...DETAILS),
  score: fc.integer({ min: 0, max: 100 }),
  blocked: fc.subarray(BOTS),
  allowed: fc.subarray(BOTS),
  standards: fc.subarray([...SIGNAL_KEYS]),
  rank: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
  cdn: fc.constantFrom(null, 'Cloudflare', 'Fastly'),
  cms: fc.constantFrom(null, 'WordPress', 'Drupal'),
});

/** What search must answer, computed in plain code from the model. */
function expected(sites: Model[], p: PreviewSearchParams): string[] {
  const lc = (xs: string[]) => xs.map((x) => x.toLowerCase());
  return sites
    .filter(
      (s) =>
        (p.stance === undefined || DETAIL_STANCE[s.detail] === p.stance) &&
        (p.blocks === undefined || lc(s.blocked).includes(p.blocks)) &&
        (p.allows === undefined || lc(s.allowed).includes(p.allows)) &&
        (p.standard === undefined || s.standards.includes(p.standard)) &&
        (p.min_score === undefined || s.score >= p.min_score) &&
        (p.max_score === undefined || s.score <= p.max_score) &&
        (p.cdn === undefined || s.cdn?.toLowerCase() === p.cdn) &&
        (p.cms === undefined || s.cms?.toLowerCase() === p.cms) &&
        (p.q === undefined || s.domain.includes(p.q)),
    )
    .sort(
      (a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0),
    )
    .map((s) => s.domain);
}

describe('search by policy characteristics', () => {
  const sites: Model[] = [];
  beforeAll(() => {
    // A fixed pseudo-random registry of 300 sites, re-crawled once each (so stale rows must be gone).
    const drafts = fc.sample(siteArb, { numRuns: 600, seed: 42 });
    reg.db.transaction(() => {
      for (let i = 0; i < 300; i++) {
        const domain = `site${String(i).padStart(3, '0')}.${i % 2 ? 'news' : 'shop'}.test`;
        const first = drafts[i]!;
        indexCrawl(reg.db, crawl(domain, '2025-12-01T00:00:00.000Z', first));
        const s = drafts[i + 300]!;
        indexCrawl(reg.db, crawl(domain, AT, s));
        sites.push({ domain, ...s });
      }
    })();
  });

  it('answers exactly what a plain filter over the same sites answers, in rank-then-name order', () => {
    const paramsArb = fc.record(
      {
        stance: fc.constantFrom<Stance>('blocks_all_ai', 'blocks_training', 'selective', 'allows_all', 'no_policy'),
        blocks: fc.constantFrom(...BOTS.map((b) => b.toLowerCase())),
        allows: fc.constantFrom(...BOTS.map((b) => b.toLowerCase())),
        standard: fc.constantFrom<SignalKey>(...SIGNAL_KEYS),
        min_score: fc.integer({ min: 0, max: 100 }),
        max_score: fc.integer({ min: 0, max: 100 }),
        cdn: fc.constantFrom('cloudflare', 'fastly'),
        cms: fc.constantFrom('wordpress', 'drupal'),
        q: fc.constantFrom('news', 'e0', '01', 'site1', 'shop.test'),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        paramsArb,
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 40 }),
        (filters, limit, offset) => {
          const p: PreviewSearchParams = { ...filters, limit, offset };
          const all = expected(sites, p);
          const r = PreviewSearchResultSchema.parse(searchPolicies(reg.db, p));
          expect(r.results.map((x) => x.domain)).toEqual(all.slice(offset, offset + limit));
          expect(r.has_more).toBe(all.length > offset + limit);
        },
      ),
      { numRuns: 150, seed: 7 },
    );
  }, 60_000);

  it('reports each result with the announced stance vocabulary, score, rank and crawl time', () => {
    const r = searchPolicies(reg.db, { stance: 'allows_all', limit: 100, offset: 0 });
    expect(r.results.length).toBeGreaterThan(0);
    for (const x of r.results) {
      const s = sites.find((m) => m.domain === x.domain)!;
      expect(x).toEqual({
        domain: s.domain,
        stance: 'open',
        detail: s.detail,
        score: s.score,
        ranklist_rank: s.rank,
        last_crawled: AT,
      });
    }
  });

  it('keeps the maintained counters equal to a full recount after re-crawls', () => {
    expect(readStats(reg.db, Date.parse(AT))).toEqual(scanStats(reg.db, Date.parse(AT)));
  });

  it('reads pages from an index in rank order, without sorting, for every driving filter', () => {
    const plan = (p: PreviewSearchParams) => {
      const { sql, params } = searchQuery(p);
      return (reg.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>)
        .map((r) => r.detail)
        .join(' | ');
    };
    const base = { limit: 20, offset: 0 };
    expect(plan({ ...base, blocks: 'gptbot', stance: 'selective' })).toMatch(
      /SEARCH d USING PRIMARY KEY \(bot=\? AND verdict=\?\)/,
    );
    expect(plan({ ...base, standard: 'llms_txt', min_score: 50 })).toMatch(
      /SEARCH d USING PRIMARY KEY \(standard=\?\)/,
    );
    expect(plan({ ...base, standard: 'llms_txt', allows: 'ccbot' })).toMatch(
      /SEARCH d USING PRIMARY KEY \(bot=\? AND verdict=\?\).*SEARCH x USING PRIMARY KEY/,
    );
    expect(plan({ ...base, stance: 'no_policy' })).toMatch(/preview_policy_stance/);
    expect(plan({ ...base, cdn: 'fastly' })).toMatch(/preview_policy_cdn/);
    expect(plan({ ...base, cms: 'drupal' })).toMatch(/preview_policy_cms/);
    expect(plan(base)).toMatch(/SCAN p USING INDEX preview_policy_rank/);
    for (const p of [
      { ...base, blocks: 'gptbot' },
      { ...base, standard: 'tdmrep' as const },
      { ...base, stance: 'no_policy' as const },
      { ...base, cms: 'drupal' },
      base,
    ]) {
      expect(plan(p)).not.toMatch(/TEMP B-TREE/);
    }
    expect(plan({ ...base, q: 'news' })).toMatch(/preview_names VIRTUAL TABLE INDEX/);
  });
});

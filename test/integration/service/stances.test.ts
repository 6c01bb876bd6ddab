/**
 * Every stance/detail row of docs/policy.md section 5, end to end through HTTP: the first
 * lookup answers `found: false, queued: true`, the worker pool crawls the fixture site through
 * CRAWL_OVERRIDES, and the next lookup finds the record classify() must give.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AnnouncedRecordSchema,
  BatchResultSchema,
  DomainPolicyFoundSchema,
  FullRecordSchema,
  ScoreResponseSchema,
} from '../../../shared/schemas.js';
import { STANCE_SITES, UNREACHABLE_EXPECTED, sitesOf } from '../../fixtures/stance-sites.js';
import { startHarness, type Harness } from './harness.js';

const ROWS = [
  ...Object.entries(STANCE_SITES).map(([host, s]) => [host, s] as const),
  ['unreachable.test', UNREACHABLE_EXPECTED] as const,
];

describe('every stance/detail row through the HTTP surface', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await startHarness({ sites: sitesOf(STANCE_SITES), extraOverrides: 'unreachable.test=http://127.0.0.1:1' });
    key = await h.key();
    // First lookups: every domain is unknown, answered at once and queued.
    for (const [host] of ROWS) {
      const res = await h.get(`/v1/domain/${host}`, key);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ domain: host, found: false, queued: true });
    }
    await h.service.idle();
  });
  afterAll(() => h.close());

  it.each(ROWS)('%s → its stance, detail and use cases', async (host, expected) => {
    const res = await h.get(`/v1/domain/${host}`, key);
    expect(res.status).toBe(200);
    const body = DomainPolicyFoundSchema.parse(await res.json());
    expect({ stance: body.stance, detail: body.detail, use_cases: body.use_cases }).toEqual({
      stance: expected.stance,
      detail: expected.detail,
      use_cases: expected.use_cases,
    });
    const full = FullRecordSchema.parse(await (await h.get(`/v1/domain/${host}/full`, key)).json());
    expect(full).toMatchObject({
      domain: host,
      ai_stance: expected.stance,
      policy_detail: expected.detail,
      use_case_policies: expected.use_cases,
    });
    const policy = AnnouncedRecordSchema.parse(await (await h.get(`/preview/v1/policy/${host}`, key)).json());
    expect(policy.audit_id).toBe(full.audit_id);
    expect(await h.service.score(host as never)).toEqual(
      ScoreResponseSchema.parse({ domain: host, score: policy.score, last_crawled: policy.last_crawled }),
    );
  });

  it('each domain was crawled once, through the queue', async () => {
    expect(await h.service.status()).toMatchObject({
      domains: ROWS.length,
      audits: ROWS.length,
      queued: 0,
      crawling: 0,
    });
  });

  it('batch and compare answer the found ones and queue the rest', async () => {
    for (const path of ['/v1/batch', '/v1/compare']) {
      const res = await h.post(
        path,
        { domains: ['Training.test', 'wildcard.test', 'training.test.', 'never-seen.test'] },
        key,
      );
      expect(res.status).toBe(200);
      const body = BatchResultSchema.parse(await res.json());
      expect(body.domains.map((d) => [d.domain, d.stance])).toEqual([
        ['training.test', 'blocks_training'],
        ['wildcard.test', 'blocks_all_ai'],
      ]);
      expect(body.not_found).toEqual(['never-seen.test']);
    }
    await h.service.idle();
    const later = await (await h.get('/v1/domain/never-seen.test', key)).json();
    // The farm has no such site (421 for every path): it is stored, not lost.
    expect(later).toMatchObject({ domain: 'never-seen.test', found: true });
  });

  it('search finds them by name and stance', async () => {
    const res = await h.get('/v1/search?q=.test&stance=no_policy&limit=3', key);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: Array<{ domain: string; stance: string }>; has_more: boolean };
    expect(body.results).toHaveLength(3);
    expect(body.results.every((r) => r.stance === 'no_policy')).toBe(true);
    expect(body.has_more).toBe(true);
    const names = body.results.map((r) => r.domain);
    expect([...names].sort()).toEqual(names);
  });
});

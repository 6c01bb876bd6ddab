/**
 * The extension's guards (extension/lib/wire-guards.ts) are generated from the zod schemas of
 * shared/schemas.ts: the checked-in file is what the generator writes today, and each guard
 * accepts exactly what its schema's safeParse accepts, over real classify() output for every
 * stance fixture site (and a real registry's statistics) and every one-field change of it (a key
 * removed, a value of another kind).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { classify } from '../../../proxy/analysis/index.js';
import * as S from '../../../shared/schemas.js';
import * as W from '../../../extension/lib/wire-guards.js';
import { indexCrawl } from '../../../proxy/service/store/sqlite/preview-index.js';
import { readStats } from '../../../proxy/service/store/sqlite/preview-stats.js';
import { STANCE_SITES } from '../../fixtures/stance-sites.js';
import { crawl, tempRegistry } from '../../helpers/crawls.js';
import { generate, GUARDS_FILE, ROOTS } from '../../tools/wire-guards.js';
import { evidenceFromSite } from '../analysis/helpers/evidence-builder.js';

type GuardName = keyof typeof ROOTS;
const SCHEMA: Record<GuardName, z.ZodType> = {
  isDomainPolicy: S.DomainPolicySchema,
  isUnknown: S.DomainPolicyUnknownSchema,
  isFullRecord: S.FullRecordSchema,
  isAnnouncedRecord: S.AnnouncedRecordSchema,
  isHistory: S.HistoryResponseSchema,
  isRecheckResult: S.RecheckResultSchema,
  isStats: S.UpstreamStatsSchema,
};

/** Valid messages per guard: what the service answers for the fixture sites. */
function samples(): Record<GuardName, unknown[]> {
  const out: Record<GuardName, unknown[]> = {
    isDomainPolicy: [],
    isUnknown: [],
    isFullRecord: [],
    isAnnouncedRecord: [],
    isHistory: [],
    isRecheckResult: [],
    isStats: [],
  };
  // Every other stance site: each stance and most details, within the time a unit test has.
  for (const [host, s] of Object.entries(STANCE_SITES).filter((_, i) => i % 2 === 0)) {
    const c = classify(evidenceFromSite(host, s.site));
    out.isDomainPolicy.push(c.summary);
    out.isFullRecord.push({ ...c.full, id: 7, audit_id: 'a1' });
    out.isAnnouncedRecord.push({ ...c.announced, audit_id: 'a1' });
  }
  const unknown = { domain: 'new.test', found: false, queued: true };
  out.isDomainPolicy.push(unknown);
  out.isUnknown.push(unknown);
  const entry = {
    audit_id: 'a1',
    crawled_at: '2026-01-15T10:00:00.000Z',
    stance: 'selective',
    detail: 'selective',
    score: 40,
    use_cases: { training: 'blocked', search: 'allowed', inference: 'partial' },
    bots_blocked: ['GPTBot'],
    changes: ['started blocking GPTBot'],
  };
  out.isHistory.push(
    { domain: 'a.test', crawls: 2, entries: [entry, { ...entry, changes: [] }] },
    { domain: 'a.test', crawls: 0, entries: [] },
  );
  out.isRecheckResult.push(
    { domain: 'a.test', accepted: true, retry_after: 60 },
    { domain: 'a.test', accepted: false, retry_after: 1 },
  );
  out.isStats.push(...registryStats());
  return out;
}

/** The statistics of a real registry: empty, then holding crawls of several stances, ages and standards. */
function registryStats(): unknown[] {
  const registry = tempRegistry('wire-guards-');
  const db = registry.open();
  try {
    const now = Date.parse('2026-02-01T00:00:00Z');
    const daysAgo = (d: number) => new Date(now - d * 86_400_000).toISOString();
    const empty = readStats(db, now);
    const store = (c: ReturnType<typeof crawl>) => db.transaction(() => indexCrawl(db, c))();
    store(
      crawl('a.test', daysAgo(1), {
        detail: 'blocks_training',
        blocked: ['GPTBot', 'CCBot'],
        standards: ['robots_txt'],
      }),
    );
    store(
      crawl('b.test', daysAgo(12), {
        detail: 'allows_all',
        allowed: ['GPTBot'],
        standards: ['robots_txt', 'llms_txt'],
      }),
    );
    store(
      crawl('c.test', daysAgo(40), {
        detail: 'blocks_all_ai',
        blocked: ['GPTBot'],
        conflicts: ['llms_txt_but_blocks_all_ai'],
      }),
    );
    return [empty, readStats(db, now)];
  } finally {
    db.close();
    registry.remove();
  }
}

/** Values of other kinds (and edge values of the same kind) to put in place of a field. */
const REPLACEMENTS: unknown[] = [
  undefined,
  null,
  'x',
  '',
  0,
  -1,
  1.5,
  2,
  Number.NaN,
  true,
  false,
  {},
  [],
  ['x'],
  '2026-13-01T00:00:00Z',
  '2026-01-15 10:00:00',
];

/** Every one-field change of `x`: each field, nested ones too (the first 3 items of an array, the first 8 keys of a nested object). */
function* mutations(x: unknown): Generator<unknown> {
  function* at(value: unknown, set: (v: unknown) => unknown, depth: number): Generator<unknown> {
    for (const r of REPLACEMENTS) yield set(r);
    if (Array.isArray(value)) {
      for (let i = 0; i < Math.min(value.length, 3); i++)
        yield* at(value[i], (v) => set((value as unknown[]).map((e, j) => (j === i ? v : e))), depth + 1);
      yield set([...value, value[0] ?? 'x']);
    } else if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      for (const k of Object.keys(o).slice(0, depth === 0 ? undefined : 8)) {
        const { [k]: _drop, ...rest } = o;
        yield set(rest);
        yield* at(o[k], (v) => set({ ...o, [k]: v }), depth + 1);
      }
      yield set({ ...o, extra_field: 1 });
    }
  }
  yield* at(x, (v) => v, 0);
}

describe('wire guards', () => {
  it('are what the generator writes from shared/schemas.ts (run `npx tsx test/tools/wire-guards.ts --write`)', () => {
    expect(readFileSync(GUARDS_FILE, 'utf8')).toBe(generate());
  });

  const all = samples();
  for (const name of Object.keys(ROOTS) as GuardName[]) {
    it(`${name} accepts what ${ROOTS[name]}Schema accepts, and every one-field change alike`, () => {
      expect(all[name].length).toBeGreaterThan(0);
      let checked = 0;
      let refused = 0;
      for (const sample of all[name]) {
        expect(SCHEMA[name].safeParse(sample).success, JSON.stringify(sample)).toBe(true);
        for (const m of mutations(sample)) {
          const want = SCHEMA[name].safeParse(m).success;
          if (W[name](m) !== want)
            expect.fail(`${name} says ${!want} where the schema says ${want}: ${JSON.stringify(m)}`);
          checked++;
          if (!want) refused++;
        }
      }
      // The changes reach both sides of the line.
      expect(refused).toBeGreaterThan(0);
      expect(checked - refused).toBeGreaterThan(0);
    }, 30_000);
  }

  it('refuses a Check again answer with no wait: retry_after is at least 1 second, as the servers send', () => {
    expect(W.isRecheckResult({ domain: 'a.test', accepted: false, retry_after: 0 })).toBe(false);
    expect(S.RecheckResultSchema.safeParse({ domain: 'a.test', accepted: false, retry_after: 0 }).success).toBe(false);
  });
});

/**
 * The storage port's announced surface, the same tests on SQLite and PostgreSQL: after any
 * sequence of crawls and re-crawls the maintained counters equal a full scan of the registry at
 * any request time, search by policy characteristics answers what a plain filter over the sites
 * would, and history and raw signals follow the stored crawls. Both stores answer alike.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS } from '../../../proxy/service/api.js';
import type { PreviewSearchParams } from '../../../shared/params.js';
import { CONFLICTS, DETAILS, DETAIL_STANCE, SIGNAL_KEYS, TOS_STANCES } from '../../../shared/values.js';
import { classification, evidence, type Spec } from '../../helpers/crawls.js';
import { BACKENDS, useBackend } from './backends.js';

const T0 = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;
const BOTS = ['GPTBot', 'CCBot', 'ClaudeBot'];

const siteArb = fc.record({
  domain: fc.constantFrom('a.test', 'b.test', 'c.test', 'ab.test', 'bc.example'),
  at: fc.integer({ min: 0, max: 60 * DAY }),
  detail: fc.constantFrom(...DETAILS),
  score: fc.integer({ min: 0, max: 100 }),
  blocked: fc.subarray(BOTS),
  allowed: fc.subarray(BOTS),
  standards: fc.subarray([...SIGNAL_KEYS]),
  conflicts: fc.subarray([...CONFLICTS]),
  rank: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
  cdn: fc.constantFrom(null, 'Cloudflare', 'Fastly'),
  tos: fc.constantFrom(...TOS_STANCES),
});

describe.each(BACKENDS)('announced surface (%s)', (backend) => {
  const b = useBackend(backend);
  const store = (domain: string, ms: number, spec: Spec) =>
    b.store.records.storeCrawl({
      evidence: evidence(domain, new Date(ms).toISOString(), spec.robots ?? null),
      classification: classification(domain, new Date(ms).toISOString(), spec),
      nowMs: ms,
      failure: null,
      retryDelaysMs: RETRY_DELAYS_MS,
    });

  it('counters equal a full scan, and search equals a plain filter, after any sequence of crawls', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(siteArb, { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 100 * DAY }), { minLength: 1, maxLength: 3 }),
        async (steps, nows) => {
          run++;
          const latest = new Map<string, (typeof steps)[number]>();
          for (const { domain, at, ...spec } of steps) {
            const d = `r${run}-${domain}`;
            // Crawls of a domain come in time order, as they happen.
            const ms = Math.max(at, (latest.get(d)?.at ?? -1) + 1);
            await store(d, T0 + ms, spec);
            latest.set(d, { ...spec, at: ms, domain: d as never });
          }
          for (const n of nows) expect(await b.store.preview.stats(T0 + n)).toEqual(await b.scanStats(T0 + n));
          const sites = [...latest.values()];
          const queries: PreviewSearchParams[] = [
            { limit: 100, offset: 0 },
            { limit: 100, offset: 0, blocks: 'gptbot' },
            { limit: 100, offset: 0, allows: 'ccbot', min_score: 30 },
            { limit: 100, offset: 0, standard: 'llms_txt', cdn: 'fastly' },
            { limit: 100, offset: 0, q: 'b.t' },
            { limit: 100, offset: 0, q: 'bc' },
            { limit: 100, offset: 0, stance: 'blocks_training', max_score: 60 },
          ];
          for (const p of queries) {
            const got = (await b.store.preview.search(p)).results.map((r) => r.domain);
            const want = sites
              .filter(
                (s) =>
                  s.domain.startsWith(`r${run}-`) &&
                  (p.stance === undefined || DETAIL_STANCE[s.detail] === p.stance) &&
                  (p.blocks === undefined || s.blocked.map((x) => x.toLowerCase()).includes(p.blocks)) &&
                  (p.allows === undefined || s.allowed.map((x) => x.toLowerCase()).includes(p.allows)) &&
                  (p.standard === undefined || s.standards.includes(p.standard)) &&
                  (p.min_score === undefined || s.score >= p.min_score) &&
                  (p.max_score === undefined || s.score <= p.max_score) &&
                  (p.cdn === undefined || s.cdn?.toLowerCase() === p.cdn) &&
                  (p.q === undefined || s.domain.includes(p.q)),
              )
              .sort((x, y) => (x.rank ?? Infinity) - (y.rank ?? Infinity) || (x.domain < y.domain ? -1 : 1))
              .map((s) => s.domain);
            // Earlier runs' sites are in the registry too (at most 8 × 5, inside one page of 100).
            expect(got.filter((d) => d.startsWith(`r${run}-`))).toEqual(want);
          }
        },
      ),
      { numRuns: 8, seed: 14 },
    );
  }, 60_000);

  it('statistics count key bots, terms against robots.txt, and the stance changes of the last 30 days', async () => {
    const now = T0 + 100.5 * DAY;
    const before = await b.store.preview.stats(now);
    // s1: no AI rules → blocks training 40 days ago (outside) → selective 2 days ago → blocks training today.
    await store('s1.test', now - 45 * DAY, { detail: 'no_ai_rules', tos: 'silent' });
    await store('s1.test', now - 40 * DAY, {
      detail: 'blocks_training',
      use_cases: { training: 'blocked' },
      blocked: ['GPTBot'],
      tos: 'silent',
    });
    await store('s1.test', now - 2 * DAY, {
      detail: 'selective',
      use_cases: { training: 'partial' },
      blocked: ['GPTBot'],
      tos: 'silent',
    });
    await store('s1.test', now - 1000, {
      detail: 'blocks_training',
      use_cases: { training: 'blocked' },
      blocked: ['GPTBot', 'ccbot'],
      tos: 'prohibits',
    });
    // s2: a re-crawl that keeps its stance changes nothing here; its terms prohibit AI while robots.txt blocks none.
    await store('s2.test', now - 5 * DAY, { detail: 'no_ai_rules', tos: 'prohibits' });
    await store('s2.test', now - 3 * DAY, { detail: 'no_ai_rules', tos: 'prohibits' });
    const s = await b.store.preview.stats(now);
    expect(s).toEqual(await b.scanStats(now));
    expect(s.stance_changes.by_day).toHaveLength(30);
    expect(s.stance_changes.since).toBe(new Date(T0 + 71 * DAY).toISOString());
    const added = (i: number) => s.stance_changes.by_day[i]!.changes - before.stance_changes.by_day[i]!.changes;
    expect(s.stance_changes.by_day.map((_, i) => added(i))).toEqual([...new Array<number>(27).fill(0), 1, 0, 1]);
    expect(s.stance_changes.by_day.at(-1)!.day).toBe(new Date(now).toISOString().slice(0, 10));
    expect(s.stance_changes.transitions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: 'blocks_training', to: 'selective' }),
        expect.objectContaining({ from: 'selective', to: 'blocks_training' }),
      ]),
    );
    expect(
      s.stance_changes.transitions.some(
        (t) =>
          t.from === 'no_policy' &&
          t.to === 'blocks_training' &&
          before.stance_changes.transitions.every((u) => u.from !== t.from || u.to !== t.to),
      ),
    ).toBe(false);
    const grew = (tos: 'prohibits' | 'silent', k: 'robots_blocks' | 'robots_open' | 'robots_unread') =>
      s.terms_vs_robots[tos][k] - before.terms_vs_robots[tos][k];
    expect([
      grew('prohibits', 'robots_blocks'),
      grew('prohibits', 'robots_open'),
      grew('silent', 'robots_blocks'),
    ]).toEqual([1, 1, 0]);
    const key = (bot: string) =>
      s.key_bots.find((k) => k.bot === bot)!.domains - before.key_bots.find((k) => k.bot === bot)!.domains;
    // The key bot is found whatever the case the record spells it in.
    expect([key('GPTBot'), key('CCBot'), key('ClaudeBot')]).toEqual([1, 1, 0]);
    expect(s.key_bots.map((k) => k.use)).toEqual([
      'training',
      'training',
      'training',
      'training',
      'search',
      'search',
      'search',
      'inference',
      'inference',
      'inference',
    ]);
  });

  it('history lists the first crawl and each change, newest first; signals are the latest crawl', async () => {
    await store('h.test', T0, { detail: 'no_ai_rules' });
    await store('h.test', T0 + DAY, { detail: 'no_ai_rules' });
    await store('h.test', T0 + 2 * DAY, {
      detail: 'blocks_training',
      use_cases: { training: 'blocked' },
      blocked: ['GPTBot'],
      robots: 'User-agent: GPTBot\nDisallow: /\n',
    });
    const h = (await b.store.preview.history('h.test'))!;
    expect(h.crawls).toBe(3);
    expect(h.entries.map((e) => e.detail)).toEqual(['blocks_training', 'no_ai_rules']);
    expect(h.entries[0]!.changes.length).toBeGreaterThan(0);
    const latest = (await b.store.records.announced('h.test'))!.value.audit_id;
    expect(await b.store.preview.signals('h.test')).toMatchObject({
      domain: 'h.test',
      audit_id: latest,
      crawled_at: new Date(T0 + 2 * DAY).toISOString(),
    });
    expect(await b.store.preview.history('none.test')).toBeNull();
    expect(await b.store.preview.signals('none.test')).toBeNull();
  });
});

/**
 * The storage port's maintenance part (MaintenanceStore, issue 13), as a contract any
 * implementation runs: only the port's own methods are called and observed, so the PostgreSQL
 * store can run the same suite (`maintenanceContract('PostgreSQL', open)`).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS } from '../../proxy/service/api.js';
import type { PruneCursor, RegistryStore } from '../../proxy/service/store/registry-store.js';
import type { Detail } from '../../shared/values.js';
import { classification, evidence, type Spec } from './crawls.js';

export const T0 = Date.parse('2026-01-15T12:00:00.000Z');
export const DAY = 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();

export interface StoreUnderTest {
  store: RegistryStore;
  close(): Promise<void>;
}

/** Specs by detail, each a different policy (a change point when it follows another). */
const SPECS: Partial<Record<Detail, Spec>> = {
  no_ai_rules: { detail: 'no_ai_rules' },
  blocks_training: { detail: 'blocks_training', use_cases: { training: 'blocked' }, blocked: ['GPTBot'] },
  blocks_all_ai: {
    detail: 'blocks_all_ai',
    use_cases: { training: 'blocked', search: 'blocked', inference: 'blocked' },
    blocked: ['GPTBot', 'CCBot'],
    standards: ['robots_txt'],
  },
};

export function storeCrawl(
  store: RegistryStore,
  domain: string,
  ms: number,
  detail: Detail = 'no_ai_rules',
  failure: string | null = null,
) {
  const spec = failure
    ? {
        detail: 'unreachable' as const,
        use_cases: { training: 'unknown', search: 'unknown', inference: 'unknown' } as const,
      }
    : SPECS[detail]!;
  return store.records.storeCrawl({
    evidence: evidence(domain, at(ms), failure ? null : 'User-agent: GPTBot\nDisallow: /\n'),
    classification: classification(domain, at(ms), spec),
    nowMs: ms,
    failure: failure ? { cause: failure } : null,
    retryDelaysMs: RETRY_DELAYS_MS,
  });
}

/** Every prune step until the pass is done, `max` entries at a time. */
async function pruneAll(store: RegistryStore, cutoffMs: number, max: number): Promise<number> {
  let after: PruneCursor = null;
  let deleted = 0;
  do {
    const step = await store.maintenance.pruneAudits({ cutoffMs, max, after });
    deleted += step.deleted;
    after = step.next;
  } while (after !== null);
  return deleted;
}

export function maintenanceContract(name: string, open: () => Promise<StoreUnderTest>): void {
  describe(`${name}: maintenance (retention and purge)`, () => {
    let sut: StoreUnderTest;
    let store: RegistryStore;
    beforeEach(async () => {
      sut = await open();
      store = sut.store;
    });
    afterEach(() => sut.close());

    const auditIds = async (domain: string) => (await store.records.audits(domain)).map((a) => a.auditId);

    it.each([1, 2, 500])(
      "prunes old audits, keeping the latest, the current record's and each one the history names (%i per step)",
      async (max) => {
        // a.test: first crawl, two repeats, a change, a repeat (the current record), a failed check (the latest).
        const a = [
          await storeCrawl(store, 'a.test', T0),
          await storeCrawl(store, 'a.test', T0 + DAY),
          await storeCrawl(store, 'a.test', T0 + 2 * DAY),
          await storeCrawl(store, 'a.test', T0 + 3 * DAY, 'blocks_training'),
          await storeCrawl(store, 'a.test', T0 + 4 * DAY, 'blocks_training'),
          await storeCrawl(store, 'a.test', T0 + 5 * DAY, 'blocks_training', 'timed out'),
        ].map((o) => o.auditId);
        // b.test: one old crawl. c.test: an old first crawl, an old repeat, and recent repeats.
        const b = (await storeCrawl(store, 'b.test', T0)).auditId;
        const c = [
          await storeCrawl(store, 'c.test', T0),
          await storeCrawl(store, 'c.test', T0 + DAY),
          await storeCrawl(store, 'c.test', T0 + 195 * DAY),
          await storeCrawl(store, 'c.test', T0 + 199 * DAY),
        ].map((o) => o.auditId);
        const histories = await Promise.all(['a.test', 'b.test', 'c.test'].map((d) => store.preview.history(d)));

        expect(await pruneAll(store, T0 + 190 * DAY, max)).toBe(3);

        expect(await auditIds('a.test')).toEqual([a[0], a[3], a[4], a[5]]);
        expect(await auditIds('b.test')).toEqual([b]);
        expect(await auditIds('c.test')).toEqual([c[0], c[2], c[3]]);
        // The history tells the same story, and every entry it names is still there.
        expect(await Promise.all(['a.test', 'b.test', 'c.test'].map((d) => store.preview.history(d)))).toEqual(
          histories,
        );
        for (const h of histories)
          for (const e of h!.entries) expect((await store.records.audit(e.audit_id))?.auditId).toBe(e.audit_id);
        // The record and the failed check it kept are untouched.
        expect((await store.records.full('a.test'))!.value.audit_id).toBe(a[4]);
        expect((await store.records.summary('a.test'))!.lastCheck?.cause).toBe('timed out');
        // A second pass finds nothing more.
        expect(await pruneAll(store, T0 + 190 * DAY, max)).toBe(0);
      },
    );

    it('prunes nothing newer than the cutoff', async () => {
      for (let i = 0; i < 5; i++) await storeCrawl(store, 'd.test', T0 + i * DAY);
      expect(await pruneAll(store, T0, 10)).toBe(0);
      expect(await pruneAll(store, T0 + 2 * DAY, 10)).toBe(1);
      expect((await store.records.audits('d.test')).map((e) => e.crawledAt)).toEqual([
        at(T0),
        at(T0 + 2 * DAY),
        at(T0 + 3 * DAY),
        at(T0 + 4 * DAY),
      ]);
      // The first crawl stays: the history names it.
      expect(await pruneAll(store, T0 + 4 * DAY, 10)).toBe(2);
      expect((await store.records.audits('d.test')).map((e) => e.crawledAt)).toEqual([at(T0), at(T0 + 4 * DAY)]);
    });

    it('a domain counts as looked up when first stored, and a mark is written at most once a UTC day', async () => {
      await storeCrawl(store, 'e.test', T0);
      await storeCrawl(store, 'f.test', T0 + 1_000);
      expect(await store.maintenance.unusedDomains(T0 + 1, 10)).toEqual(['e.test']);
      expect(await store.maintenance.unusedDomains(T0 + 2_000, 10)).toEqual(['e.test', 'f.test']);
      // Later crawls (refreshes) are no look-up.
      await storeCrawl(store, 'e.test', T0 + 3 * DAY);
      expect(await store.maintenance.unusedDomains(T0 + 2_000, 10)).toEqual(['e.test', 'f.test']);

      const day5 = T0 - (T0 % DAY) + 5 * DAY;
      await store.maintenance.markLookedUp(['e.test', 'unknown.test'], day5 + 3_600_000);
      // The same day again writes nothing: e.test still counts from 01:00.
      await store.maintenance.markLookedUp(['e.test'], day5 + 20 * 3_600_000);
      expect(await store.maintenance.unusedDomains(day5 + 2 * 3_600_000, 10)).toEqual(['f.test', 'e.test']);
      // The next day does.
      await store.maintenance.markLookedUp(['e.test'], day5 + DAY + 60_000);
      expect(await store.maintenance.unusedDomains(day5 + DAY, 10)).toEqual(['f.test']);
      expect(await store.maintenance.unusedDomains(day5 + DAY, 0)).toEqual([]);
      // A mark of a domain without a record stores nothing.
      expect(await store.records.summary('unknown.test')).toBeUndefined();
    });

    it('purges one domain: record, audits, name search, announced surface, history, signals, statistics and queue job', async () => {
      await storeCrawl(store, 'gone.test', T0, 'blocks_all_ai');
      await storeCrawl(store, 'gone.test', T0 + DAY, 'blocks_training');
      await storeCrawl(store, 'kept.test', T0, 'blocks_all_ai');
      await storeCrawl(store, 'gone.test', T0 + 2 * DAY, 'blocks_training', 'timed out'); // leaves a retry job
      await store.queue.enqueue({ domains: ['waiting.test'], priority: 0, nowMs: T0, maxQueued: 100 });
      expect((await store.queue.counts()).retrying).toBe(1);

      expect(await store.maintenance.purgeDomain('gone.test')).toBe(true);
      expect(await store.records.summary('gone.test')).toBeUndefined();
      expect(await store.records.full('gone.test')).toBeUndefined();
      expect(await store.records.announced('gone.test')).toBeUndefined();
      expect(await store.records.audits('gone.test')).toEqual([]);
      expect(await store.preview.history('gone.test')).toBeNull();
      expect(await store.preview.signals('gone.test')).toBeNull();
      // Name search by trigram and by bigram, and the announced surface's search.
      for (const q of ['gone', 'go'])
        expect((await store.records.search({ q, limit: 10, offset: 0 })).results).toEqual([]);
      expect((await store.records.search({ q: 'test', limit: 10, offset: 0 })).results.map((r) => r.domain)).toEqual([
        'kept.test',
      ]);
      for (const params of [{ q: 'gone' }, { blocks: 'GPTBot' }, { stance: 'blocks_training' as const }]) {
        expect(JSON.stringify(await store.preview.search({ ...params, limit: 10, offset: 0 }))).not.toContain(
          'gone.test',
        );
      }
      expect(await store.queue.counts()).toEqual({ queued: 1, running: 0, retrying: 0 });
      expect(await store.records.counts()).toMatchObject({ domains: 1 });

      // The statistics are exactly those of a store that never held it.
      const other = await open();
      try {
        await storeCrawl(other.store, 'kept.test', T0, 'blocks_all_ai');
        expect(await store.preview.stats(T0 + 3 * DAY)).toEqual(await other.store.preview.stats(T0 + 3 * DAY));
      } finally {
        await other.close();
      }

      // A queued domain without a record is dropped from the queue; a second purge finds nothing.
      expect(await store.maintenance.purgeDomain('waiting.test')).toBe(true);
      expect(await store.queue.counts()).toEqual({ queued: 0, running: 0, retrying: 0 });
      expect(await store.maintenance.purgeDomain('gone.test')).toBe(false);
      expect(await store.maintenance.purgeDomain('never.test')).toBe(false);
      // A purged domain analysed again starts a new history.
      await storeCrawl(store, 'gone.test', T0 + 4 * DAY, 'no_ai_rules');
      expect(await store.preview.history('gone.test')).toMatchObject({
        crawls: 1,
        entries: [{ detail: 'no_ai_rules', changes: [] }],
      });
    });

    it('purges an unused domain only while it is still unused', async () => {
      await storeCrawl(store, 'old.test', T0);
      await storeCrawl(store, 'used.test', T0);
      const cutoff = T0 + 30 * DAY;
      expect(await store.maintenance.unusedDomains(cutoff, 10)).toEqual(['old.test', 'used.test']);
      await store.maintenance.markLookedUp(['used.test'], cutoff + 1);
      expect(await store.maintenance.purgeDomain('used.test', { unusedSince: cutoff })).toBe(false);
      expect(await store.maintenance.purgeDomain('old.test', { unusedSince: cutoff })).toBe(true);
      expect(await store.maintenance.purgeDomain('never.test', { unusedSince: cutoff })).toBe(false);
      expect((await store.records.search({ q: 'test', limit: 10, offset: 0 })).results.map((r) => r.domain)).toEqual([
        'used.test',
      ]);
    });
  });
}

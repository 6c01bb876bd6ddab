/**
 * The storage port's re-derivation of records made by older rules (RecordStore.olderRules and
 * rederive), the same tests on SQLite and PostgreSQL: each record is read again from the
 * evidence of its audit entry by today's rules; its id, audit id, crawl and check times, history
 * and crawl count stay, the announced surface's indexes and statistics follow (checked against a
 * scan), a newer program's records are left alone, a record without evidence is reported, and on
 * PostgreSQL two processes at it at once (while crawls are stored) do each record once.
 */
import { describe, expect, it } from 'vitest';
import { RULES_VERSION, classify } from '../../../proxy/analysis/index.js';
import type { Evidence } from '../../../proxy/analysis/evidence.js';
import { RETRY_DELAYS_MS } from '../../../proxy/service/api.js';
import { deriveFromEvidence } from '../../../proxy/service/reclassify.js';
import type { Derive, RegistryStore } from '../../../proxy/service/store/registry-store.js';
import type { Detail } from '../../../shared/values.js';
import { classification, evidence } from '../../helpers/crawls.js';
import { until } from '../../helpers/until.js';
import { BACKENDS, useBackend } from './backends.js';

const T0 = Date.parse('2026-01-15T12:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();
const OLD = RULES_VERSION - 1;
const BLOCKS_GPTBOT = 'User-agent: GPTBot\nDisallow: /\n';

/**
 * Stores a crawl of `domain` whose evidence says `robots`, with the record older rules made of
 * it (a hand-made record saying `detail`, which today's rules do not read from that evidence).
 */
function storeOld(
  s: RegistryStore,
  domain: string,
  ms: number,
  o: { robots?: string; detail?: Detail; rulesVersion?: number; failure?: string } = {},
) {
  return s.records.storeCrawl({
    evidence: evidence(domain, at(ms), o.robots ?? BLOCKS_GPTBOT),
    classification: classification(domain, at(ms), { detail: o.detail ?? 'allows_all', basis: true }),
    nowMs: ms,
    failure: o.failure ? { cause: o.failure } : null,
    retryDelaysMs: RETRY_DELAYS_MS,
    rulesVersion: o.rulesVersion ?? OLD,
  });
}

/** Steps from the start until none is left; returns the steps' totals. */
async function rederiveAll(s: RegistryStore, derive: Derive = deriveFromEvidence, max = 2) {
  let after: number | null = 0;
  let rederived = 0;
  const unreadable: string[] = [];
  while (after !== null) {
    const step = await s.records.rederive({ version: RULES_VERSION, max, after, derive });
    rederived += step.rederived;
    unreadable.push(...step.unreadable);
    after = step.next;
  }
  return { rederived, unreadable };
}

describe.each(BACKENDS)('records re-derived by newer rules (%s)', (backend) => {
  const b = useBackend(backend);

  it('reads each older record again from its evidence; keeps its times, ids, history and crawl count; indexes and statistics follow', async () => {
    const domains = ['a.test', 'b.test', 'c.test'];
    const stored = [];
    for (const [i, d] of domains.entries()) stored.push(await storeOld(b.store, d, T0 + i * 60_000));
    await storeOld(b.store, 'current.test', T0, { rulesVersion: RULES_VERSION });
    await storeOld(b.store, 'newer.test', T0, { rulesVersion: RULES_VERSION + 1 });
    expect(await b.store.records.olderRules(RULES_VERSION)).toEqual([{ version: OLD, records: 3 }]);
    const histories = await Promise.all(domains.map((d) => b.store.preview.history(d)));
    const heard: string[] = [];
    const unsubscribe = b.store.records.onRecordStored((d) => heard.push(d));

    expect(await rederiveAll(b.store)).toEqual({ rederived: 3, unreadable: [] });

    expect(await b.store.records.olderRules(RULES_VERSION)).toEqual([]);
    for (const [i, d] of domains.entries()) {
      const now = classify(evidence(d, at(T0 + i * 60_000), BLOCKS_GPTBOT));
      const summary = (await b.store.records.summary(d))!;
      expect(summary.value).toEqual(now.summary);
      expect(summary.value.detail).not.toBe('allows_all');
      expect(summary).toMatchObject({ lastCrawledMs: T0 + i * 60_000, checkedMs: T0 + i * 60_000, lastCheck: null });
      expect((await b.store.records.full(d))!.value).toEqual({
        id: stored[i]!.record.id,
        ...now.full,
        audit_id: stored[i]!.auditId,
      });
      expect((await b.store.records.announced(d))!.value).toEqual({ ...now.announced, audit_id: stored[i]!.auditId });
      expect((await b.store.preview.signals(d))?.audit_id).toBe(stored[i]!.auditId);
    }
    // Not a change of the sites' policies: the history and the crawl counts are as they were.
    expect(await Promise.all(domains.map((d) => b.store.preview.history(d)))).toEqual(histories);
    expect((await b.store.records.counts()).audits).toBe(5);
    // The indexes and counters moved with the records.
    expect(await b.store.preview.stats(T0 + 3_600_000)).toEqual(await b.scanStats(T0 + 3_600_000));
    const blocking = await b.store.preview.search({ blocks: 'gptbot', limit: 10, offset: 0 });
    expect(blocking.results.map((r) => r.domain).sort()).toEqual(domains);
    expect(
      (await b.store.preview.search({ stance: 'allows_all', limit: 10, offset: 0 })).results
        .map((r) => r.domain)
        .sort(),
    ).toEqual(['current.test', 'newer.test']);
    // A newer program's record and a current one are left alone.
    expect((await b.store.records.summary('newer.test'))!.value.detail).toBe('allows_all');
    expect((await b.store.records.summary('current.test'))!.value.detail).toBe('allows_all');
    // PostgreSQL delivers the events through LISTEN, a moment after the commit.
    await until(() => (heard.length >= domains.length ? true : undefined), 5_000);
    unsubscribe();
    expect(heard.sort()).toEqual(domains);

    // The next crawl is compared with the re-derived reading: the same policy adds no history entry.
    await b.store.records.storeCrawl({
      evidence: evidence('a.test', at(T0 + 86_400_000), BLOCKS_GPTBOT),
      classification: classify(evidence('a.test', at(T0 + 86_400_000), BLOCKS_GPTBOT)),
      nowMs: T0 + 86_400_000,
      failure: null,
      retryDelaysMs: RETRY_DELAYS_MS,
    });
    const after = (await b.store.preview.history('a.test'))!;
    expect(after.crawls).toBe(histories[0]!.crawls + 1);
    expect(after.entries).toEqual(histories[0]!.entries);
    expect(await b.store.preview.stats(T0 + 86_400_000)).toEqual(await b.scanStats(T0 + 86_400_000));
  });

  it('goes in id order from `after`; reports records without evidence, or that derive cannot read, and leaves them', async () => {
    for (const d of ['a.test', 'b.test', 'c.test', 'd.test']) await storeOld(b.store, d, T0);
    // b.test's audit entry is gone (as if pruned by hand: retention keeps the one behind a record).
    await b.sql(
      "DELETE FROM audits WHERE audit_id = (SELECT audit_id FROM domains WHERE domain = 'b.test') RETURNING audit_id",
    );
    const derive: Derive = (e: Evidence) => (e.domain === 'c.test' ? null : deriveFromEvidence(e));

    const first = await b.store.records.rederive({ version: RULES_VERSION, max: 3, after: 0, derive });
    expect(first).toMatchObject({ rederived: 1, unreadable: ['b.test', 'c.test'] });
    expect(first.next).not.toBeNull();
    const second = await b.store.records.rederive({ version: RULES_VERSION, max: 3, after: first.next!, derive });
    expect(second).toEqual({ rederived: 1, unreadable: [], next: null });
    expect(await b.store.records.olderRules(RULES_VERSION)).toEqual([{ version: OLD, records: 2 }]);
    expect((await b.store.records.summary('b.test'))!.value.detail).toBe('allows_all');
    expect(await b.store.preview.stats(T0)).toEqual(await b.scanStats(T0));
  });

  it('a record that was a failed crawl follows the new reading of whether it failed', async () => {
    // The first check of the domain failed (so it is the record); today's rules read its evidence as a policy.
    await storeOld(b.store, 'once-failed.test', T0, { failure: 'timed out' });
    await rederiveAll(b.store);
    // Now a good record: a later failed check is kept apart instead of replacing it (docs/policy.md section 8).
    const later = await b.store.records.storeCrawl({
      evidence: evidence('once-failed.test', at(T0 + 60_000), null),
      classification: classification('once-failed.test', at(T0 + 60_000), { detail: 'unreachable', basis: true }),
      nowMs: T0 + 60_000,
      failure: { cause: 'timed out' },
      retryDelaysMs: RETRY_DELAYS_MS,
    });
    expect(later.current).toBe(false);
    expect((await b.store.records.summary('once-failed.test'))!.lastCrawledMs).toBe(T0);
  });

  it.runIf(backend === 'postgres')(
    'two processes at once do each record once, and crawls stored meanwhile neither wait long nor deadlock',
    async () => {
      const other = await b.openAnother();
      const batch = (prefix: string) => Array.from({ length: 40 }, (_, i) => `${prefix}${i}.test`);
      for (const d of batch('r')) await storeOld(b.store, d, T0);
      const [one, two] = await Promise.all([
        rederiveAll(b.store, deriveFromEvidence, 5),
        rederiveAll(other, deriveFromEvidence, 5),
      ]);
      expect(one.rederived + two.rederived).toBe(40);

      // Again, while crawls of some of the same domains are stored with today's rules.
      const more = batch('s');
      for (const d of more) await storeOld(b.store, d, T0);
      const crawled = more.slice(0, 20);
      await Promise.all([
        rederiveAll(b.store, deriveFromEvidence, 5),
        rederiveAll(other, deriveFromEvidence, 5),
        (async () => {
          for (const d of crawled) {
            const e = evidence(d, at(T0 + 60_000), 'User-agent: CCBot\nDisallow: /\n');
            await b.store.records.storeCrawl({
              evidence: e,
              classification: classify(e),
              nowMs: T0 + 60_000,
              failure: null,
              retryDelaysMs: RETRY_DELAYS_MS,
            });
          }
        })(),
      ]);
      expect(await b.store.records.olderRules(RULES_VERSION)).toEqual([]);
      for (const d of crawled) expect((await b.store.records.summary(d))!.value.bots.blocked).toContain('CCBot');
      expect(await b.store.preview.stats(T0 + 120_000)).toEqual(await b.scanStats(T0 + 120_000));
    },
  );
});

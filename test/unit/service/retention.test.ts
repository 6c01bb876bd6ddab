/**
 * The service's side of retention (retention.ts, looked-up.ts) on a real SQLite store: a pass
 * goes through every step of a long audit trail, the periodic timer prunes as time passes and
 * stops cleanly, the unused-domain purge empties what no one reads, and look-ups reach the
 * store once per domain per day.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../proxy/lib/clock.js';
import { createLogger } from '../../../proxy/lib/logger.js';
import { LookupMarks } from '../../../proxy/service/looked-up.js';
import { Retention, pruneAudits, purgeUnused } from '../../../proxy/service/retention.js';
import type { MaintenanceStore } from '../../../proxy/service/store/registry-store.js';
import type { SqliteStore } from '../../../proxy/service/store/sqlite/open.js';
import { until } from '../../helpers/until.js';
import { DAY, T0, storeCrawl } from '../../helpers/maintenance-contract.js';
import { storePerTest } from './helpers/temp-store.js';

const silent = createLogger('test', 'silent');

describe('retention passes', () => {
  const t = storePerTest('svc-retention-');

  it('a pass goes through every step of a long trail (more entries than one step examines)', async () => {
    // One step examines 500.
    for (let i = 0; i < 520; i++) await storeCrawl(t.store, 'long.test', T0 + i * 60_000);
    expect(await pruneAudits(t.store.maintenance, T0 + 520 * 60_000)).toBe(518);
    expect((await t.store.records.audits('long.test')).map((a) => Date.parse(a.crawledAt))).toEqual([
      T0,
      T0 + 519 * 60_000,
    ]);
    // 520 stored crawls: 1 to 2 s alone, past the default 5 s on a busy machine.
  }, 30_000);

  it('the periodic pass prunes as time passes, and stops cleanly', async () => {
    const clock = new ManualClock(T0);
    for (let i = 0; i < 4; i++) await storeCrawl(t.store, 'p.test', T0 + i * DAY);
    const retention = new Retention(t.store.maintenance, { auditDays: 180, purgeUnusedDays: null }, clock, silent);
    retention.start(20);
    await retention.run();
    expect(await t.store.records.counts()).toMatchObject({ audits: 4 });
    clock.set(T0 + 190 * DAY);
    // The next timed pass: the first crawl (in the history) and the latest stay.
    await until(async () => ((await t.store.records.counts()).audits === 2 ? true : undefined), 5_000);
    await retention.stop();
    await storeCrawl(t.store, 'p.test', T0 + 5 * DAY);
    clock.set(T0 + 400 * DAY);
    await new Promise((r) => setTimeout(r, 100));
    expect((await t.store.records.counts()).audits).toBe(3);
  });

  it('the unused-domain purge forgets every domain not read since the cutoff, in steps', async () => {
    for (let i = 0; i < 510; i++) await storeCrawl(t.store, `u${i}.test`, T0);
    await t.store.maintenance.markLookedUp(['u7.test'], T0 + 40 * DAY);
    const purged = await purgeUnused(t.store.maintenance, T0 + 30 * DAY);
    expect(purged).toHaveLength(509);
    expect(purged).not.toContain('u7.test');
    expect(await t.store.maintenance.unusedDomains(T0 + 30 * DAY, 10)).toEqual([]);
    expect((await t.store.records.search({ q: 'test', limit: 10, offset: 0 })).results.map((r) => r.domain)).toEqual([
      'u7.test',
    ]);
    // 510 stored crawls and as many purges: past the default 5 s on a busy machine.
  }, 30_000);
});

describe('look-up marks', () => {
  let store: SqliteStore;
  let calls: string[][];
  let counted: MaintenanceStore;
  const t = storePerTest('svc-marks-');
  beforeEach(() => {
    store = t.store;
    calls = [];
    // The real store, with its calls written down.
    counted = {
      markLookedUp: (domains, nowMs) => {
        calls.push([...domains]);
        return store.maintenance.markLookedUp(domains, nowMs);
      },
      pruneAudits: (o) => store.maintenance.pruneAudits(o),
      unusedDomains: (c, m) => store.maintenance.unusedDomains(c, m),
      purgeDomain: (d, o) => store.maintenance.purgeDomain(d, o),
      sync: () => store.maintenance.sync(),
    };
  });

  it('asks the store once per domain per UTC day', async () => {
    await storeCrawl(store, 'a.test', T0);
    await storeCrawl(store, 'b.test', T0);
    const clock = new ManualClock(T0 + 3 * DAY);
    const marks = new LookupMarks(counted, clock, silent);
    marks.mark(['a.test', 'b.test']);
    marks.mark(['a.test']);
    clock.advance(3_600_000);
    marks.mark(['b.test', 'a.test']);
    expect(calls).toEqual([['a.test', 'b.test']]);
    clock.advance(DAY);
    marks.mark(['b.test']);
    expect(calls).toEqual([['a.test', 'b.test'], ['b.test']]);
    await new Promise((r) => setImmediate(r));
    expect(await store.maintenance.unusedDomains(T0 + 4 * DAY, 10)).toEqual(['a.test']);
  });

  it('a mark that failed is asked again, and the reader never sees the failure', async () => {
    let fail = true;
    const flaky: MaintenanceStore = {
      ...counted,
      markLookedUp: (domains, nowMs) => {
        calls.push([...domains]);
        return fail ? Promise.reject(new Error('disk full')) : store.maintenance.markLookedUp(domains, nowMs);
      },
    };
    const marks = new LookupMarks(flaky, new ManualClock(T0), silent);
    expect(() => marks.mark(['a.test'])).not.toThrow();
    await new Promise((r) => setImmediate(r));
    fail = false;
    marks.mark(['a.test']);
    marks.mark(['a.test']);
    expect(calls).toEqual([['a.test'], ['a.test']]);
  });
});

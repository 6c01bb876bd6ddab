/**
 * The maintenance contract (test/helpers/maintenance-contract.ts: retention, look-up
 * marks, purge) on the PostgreSQL store, as the SQLite store runs it; and what PostgreSQL adds:
 * a purge leaves the counters equal to a scan, no name search finds the domain, and its crawl
 * job is gone.
 */
import { describe, expect, it } from 'vitest';
import { PRIORITY } from '../../../proxy/service/store/registry-store.js';
import { DAY, T0, maintenanceContract, storeCrawl } from '../../helpers/maintenance-contract.js';
import { createLogger } from '../../../proxy/lib/logger.js';
import { openPgStore } from '../../../proxy/service/store/pg/open.js';
import { FAST_JOBS, createTestDatabase, useBackend } from './backends.js';

// The contract opens a second, empty store in one test: each store here is its own database.
maintenanceContract('PostgreSQL', async () => {
  const db = await createTestDatabase();
  const store = await openPgStore(db.url, { log: createLogger('maintenance-test', 'silent'), ...FAST_JOBS });
  return {
    store,
    async close() {
      await store.close();
      await db.drop();
    },
  };
});

describe('PostgreSQL maintenance', () => {
  const b = useBackend('postgres');

  it('a purge leaves the counters equal to a scan, no search finding the domain, and no job', async () => {
    for (const [i, d] of ['one.test', 'two.test', 'three.test'].entries()) {
      await storeCrawl(b.store, d, T0 + i, 'blocks_all_ai');
      await storeCrawl(b.store, d, T0 + DAY + i, 'blocks_training');
    }
    await b.store.queue.enqueue({ domains: ['two.test'], priority: PRIORITY.refresh, nowMs: T0, maxQueued: 10 });
    expect(await b.store.maintenance.purgeDomain('two.test')).toBe(true);
    for (const q of ['two', 'tw'])
      expect((await b.store.records.search({ q, limit: 10, offset: 0 })).results).toEqual([]);
    expect((await b.store.preview.search({ q: 'thr', limit: 10, offset: 0 })).results.map((r) => r.domain)).toEqual([
      'three.test',
    ]);
    const now = T0 + 2 * DAY;
    expect(await b.store.preview.stats(now)).toEqual(await b.scanStats(now));
    expect(await b.store.queue.counts()).toEqual({ queued: 0, running: 0, retrying: 0 });
    expect(await b.store.maintenance.purgeDomain('two.test')).toBe(false);
  });
});

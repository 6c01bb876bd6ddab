/**
 * `npm run worker` (proxy/service/worker.ts) runs the retention passes with the service's
 * settings: a real worker process on a PostgreSQL database holding three checks of a domain,
 * 30, 20 and 10 days old, started with AUDIT_RETENTION_DAYS=15, prunes the middle one (the
 * first is in the domain's history, the last is its record). It ran them with the defaults
 * (180 days) until 2026-11-24.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../../proxy/lib/logger.js';
import { openPgStore } from '../../../proxy/service/store/pg/open.js';
import { storeGood } from '../../helpers/crawls.js';
import { createTestDatabase, FAST_JOBS } from '../store/backends.js';
import { start, type Child } from './processes.js';

const DAY = 86_400_000;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let worker: Child | undefined;

beforeAll(async () => {
  db = await createTestDatabase('lens_worker');
  const store = await openPgStore(db.url, { log: createLogger('worker-retention-test', 'silent'), ...FAST_JOBS });
  const now = Date.now();
  for (const daysAgo of [30, 20, 10]) await storeGood(store, 'kept.test', now - daysAgo * DAY);
  expect(await store.records.audits('kept.test')).toHaveLength(3);
  await store.close();
});
afterAll(async () => {
  await worker?.kill();
  await db?.drop();
});

it('prunes audits older than AUDIT_RETENTION_DAYS, keeping the record and the history', async () => {
  // No refresh in this run (REFRESH_DAYS): only the retention pass changes the audits.
  worker = start('worker', { DATABASE_URL: db.url, AUDIT_RETENTION_DAYS: '15', REFRESH_DAYS: '3650' });
  const line = await worker.waitFor((l) => l.msg === 'old audit entries pruned');
  expect(line).toMatchObject({ pruned: 1, olderThanDays: 15 });
  const store = await openPgStore(db.url, { log: createLogger('worker-retention-test', 'silent'), ...FAST_JOBS });
  try {
    const left = (await store.records.audits('kept.test')).map((a) =>
      Math.round((Date.now() - Date.parse(a.crawledAt)) / DAY),
    );
    expect(left.sort((a, b) => a - b)).toEqual([10, 30]);
  } finally {
    await store.close();
  }
}, 60_000);

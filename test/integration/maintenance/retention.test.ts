/**
 * Retention and last-looked-up tracking through the real service (issue 13): crawls of fixture
 * sites over months build an audit trail; a service started later prunes the audits older than
 * AUDIT_RETENTION_DAYS in its start-up pass, and GET /preview/v1/domain/{d}/history tells the
 * same story before and after. Reads mark a domain as looked up at most once a day, refreshes
 * never do, and PURGE_UNUSED_DAYS forgets the domains no one read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCrawler } from '../../../proxy/crawler/index.js';
import { ManualClock } from '../../../proxy/lib/clock.js';
import { createLogger } from '../../../proxy/lib/logger.js';
import { createServiceApp } from '../../../proxy/service/http/app.js';
import {
  createLookupService,
  type EmbeddedLookupService,
  type EmbeddedOptions,
} from '../../../proxy/service/lookup-service.js';
import { openSqliteStore } from '../../../proxy/service/store/sqlite/open.js';
import type { SqliteStore } from '../../../proxy/service/store/sqlite/open.js';
import type { Domain } from '../../../shared/domain.js';
import { startFixtureFarm, text, type FixtureFarm } from '../../fixtures/farm.js';
import { homepage } from '../../fixtures/stance-sites.js';
import { until } from '../../helpers/until.js';

const DAY = 86_400_000;
const T0 = Date.parse('2026-01-15T12:00:00.000Z');
const site = (robots: string) => ({ routes: { '/': homepage('A site'), '/robots.txt': text(robots) } });

interface Running {
  service: EmbeddedLookupService;
  base: string;
  key: string;
  get(path: string): Promise<Record<string, unknown>>;
  lookedUp(domain: string): number | undefined;
  close(): Promise<void>;
}

describe('retention and look-ups through the service', () => {
  let farm: FixtureFarm;
  let dataDir: string;
  let running: Running | undefined;
  const clock = new ManualClock(T0);

  /** The service and its HTTP app on DATA_DIR, as `npm run service` wires them, with this test's clock. */
  async function start(opts: Partial<EmbeddedOptions> = {}): Promise<Running> {
    const logger = createLogger('test', 'silent');
    const crawler = createCrawler({
      overrides: farm.overrides(),
      clock,
      timeouts: { connectMs: 1_000, requestMs: 2_000, domainMs: 5_000 },
    });
    const service = createLookupService({ store: openSqliteStore(dataDir), crawler, clock, logger, ...opts });
    const app = createServiceApp({ service, store: service.store, clock, logger, trustProxy: 0 });
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const signup = await fetch(`${base}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.org' }),
    });
    const { api_key: key } = (await signup.json()) as { api_key: string };
    const db = (service.store as SqliteStore).db;
    return {
      service,
      base,
      key,
      async get(path) {
        const res = await fetch(base + path, { headers: { authorization: `Bearer ${key}` } });
        expect(res.status, path).toBe(200);
        return (await res.json()) as Record<string, unknown>;
      },
      lookedUp: (domain) =>
        (
          db.prepare('SELECT looked_up_ms AS ms FROM domains WHERE domain = ?').get(domain) as
            { ms: number } | undefined
        )?.ms,
      async close() {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await service.close();
        await crawler.close();
      },
    };
  }

  beforeAll(async () => {
    farm = await startFixtureFarm({
      'changing.test': site('User-agent: GPTBot\nDisallow: /\n'),
      'steady.test': site('User-agent: CCBot\nDisallow: /\n'),
    });
    dataDir = mkdtempSync(join(tmpdir(), 'retention-it-'));
  });
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });
  afterAll(async () => {
    await farm.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a later start prunes old audits; the history over HTTP tells the same story', async () => {
    running = await start({ workers: false });
    // Ten crawls each, ten days apart; changing.test changes its policy twice.
    for (let i = 0; i < 10; i++) {
      clock.set(T0 + i * 10 * DAY);
      if (i === 3) farm.set('changing.test', site('User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n'));
      if (i === 7) farm.set('changing.test', site('User-agent: *\nDisallow: /\n'));
      for (const d of ['changing.test', 'steady.test']) await running.service.analyseNow(d as Domain);
    }
    const histories = {
      changing: await running.get('/preview/v1/domain/changing.test/history'),
      steady: await running.get('/preview/v1/domain/steady.test/history'),
    };
    expect(histories.changing).toMatchObject({ crawls: 10, entries: [{}, {}, {}] });
    expect(histories.steady).toMatchObject({ crawls: 10, entries: [{}] });
    expect((await running.service.status()).audits).toBe(20);
    await running.close();

    // 200 days after the first crawl: the crawls of days 0 to 19 are older than 180 days.
    clock.set(T0 + 200 * DAY);
    // No refresh in this run: only the retention pass changes the audits.
    running = await start({ auditRetentionDays: 180, refreshDays: 3650 });
    // changing.test keeps day 0 (its first, in the history); steady.test too; each loses day 10.
    await until(async () => ((await running!.service.status()).audits === 18 ? true : undefined), 10_000);
    expect(await running.get('/preview/v1/domain/changing.test/history')).toEqual(histories.changing);
    expect(await running.get('/preview/v1/domain/steady.test/history')).toEqual(histories.steady);
    const kept = (await running.service.store.records.audits('steady.test')).map((a) => Date.parse(a.crawledAt) - T0);
    expect(kept).toEqual([0, 20, 30, 40, 50, 60, 70, 80, 90].map((d) => d * DAY));
  });

  it('reads mark a domain as looked up at most once a day; refreshes do not', async () => {
    clock.set(T0 + 300 * DAY);
    running = await start({ workers: false });
    const before = running.lookedUp('steady.test')!;
    await running.get('/v1/domain/steady.test');
    const first = running.lookedUp('steady.test')!;
    expect(first).toBe(T0 + 300 * DAY);
    expect(first).toBeGreaterThan(before);
    // Later the same day: no write, on any read path.
    clock.advance(3_600_000);
    for (const path of [
      '/v1/domain/steady.test',
      '/v1/domain/steady.test/full',
      '/preview/v1/policy/steady.test',
      '/preview/v1/domain/steady.test/history',
    ]) {
      await running.get(path);
    }
    expect(running.lookedUp('steady.test')).toBe(first);
    // The next day, a batch read counts too.
    clock.advance(DAY);
    const batch = await fetch(`${running.base}/v1/batch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${running.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ domains: ['steady.test', 'changing.test'] }),
    });
    expect(batch.status).toBe(200);
    expect(running.lookedUp('steady.test')).toBe(clock.now());
    expect(running.lookedUp('changing.test')).toBe(clock.now());
    // A crawl the service makes by itself (a refresh) is no look-up.
    const marked = clock.now();
    clock.advance(DAY);
    await running.service.analyseNow('steady.test' as Domain);
    expect(running.lookedUp('steady.test')).toBe(marked);
  });

  it('PURGE_UNUSED_DAYS forgets the domains no one read for that long, at start', async () => {
    // steady.test and changing.test were last read on day 301; 400 days on, only one is read again.
    clock.set(T0 + 700 * DAY);
    running = await start({ workers: false });
    await running.get('/v1/domain/changing.test');
    await running.close();
    clock.advance(DAY);
    running = await start({ purgeUnusedDays: 30, refreshDays: 3650 });
    await until(async () => ((await running!.service.status()).domains === 1 ? true : undefined), 10_000);
    expect(await running.service.store.records.summary('steady.test')).toBeUndefined();
    expect(await running.service.store.preview.history('steady.test')).toBeNull();
    expect((await running.get('/v1/domain/changing.test')).found).toBe(true);
  });
});

/**
 * A real lookup service for integration tests: registry in a temp folder, the real crawler
 * reaching fixture sites on 127.0.0.1 through CRAWL_OVERRIDES, the real HTTP app on port 0.
 * Keys come from the real signup endpoint; each signup sends its own X-Forwarded-For (the app
 * trusts one proxy hop here), so tests are not held by the 3-a-day signup limit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCrawler, type CrawlerOptions } from '../../../proxy/crawler/index.js';
import type { Clock } from '../../../proxy/lib/clock.js';
import { createLogger } from '../../../proxy/lib/logger.js';
import { createJsonServer } from '../../../proxy/lib/http/server.js';
import { createServiceApp } from '../../../proxy/service/http/app.js';
import { createLookupService, type EmbeddedLookupService } from '../../../proxy/service/lookup-service.js';
import { openSqliteStore } from '../../../proxy/service/store/sqlite/open.js';
import type { QueueLimits } from '../../../proxy/service/api.js';
import type { SqliteStore } from '../../../proxy/service/store/sqlite/open.js';
import type Database from 'better-sqlite3';
import { startFixtureFarm, type FixtureFarm, type FixtureSite } from '../../fixtures/farm.js';

export interface Harness {
  farm: FixtureFarm;
  service: EmbeddedLookupService;
  /** The registry file under the service's storage port (the SQLite store). */
  db: Database.Database;
  base: string;
  dataDir: string;
  /** A fresh API key from POST /v1/auth/signup. */
  key(): Promise<string>;
  get(path: string, key?: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body: unknown, key?: string, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  sites?: Record<string, FixtureSite>;
  /** Appended to the farm's `*.test` override. */
  extraOverrides?: string;
  clock?: Clock;
  crawler?: Omit<CrawlerOptions, 'overrides' | 'clock'>;
  refreshDays?: number;
  crawlConcurrency?: number;
  queueLimits?: QueueLimits;
  retryDelaysMs?: readonly number[];
}

let ipCounter = 0;

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const farm = await startFixtureFarm(opts.sites ?? {});
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-it-'));
  const overrides = [farm.overrides(), opts.extraOverrides].filter(Boolean).join(',');
  const crawler = createCrawler({
    timeouts: { connectMs: 1_000, requestMs: 2_000, domainMs: 5_000 },
    ...opts.crawler,
    overrides,
    clock: opts.clock,
  });
  const logger = createLogger('test', 'silent');
  const service = createLookupService({
    store: openSqliteStore(dataDir),
    crawler,
    // One analysis pool for the crawler and the service, as service-options.ts wires the programs.
    analysis: crawler.analysis,
    clock: opts.clock,
    logger,
    refreshDays: opts.refreshDays,
    crawlConcurrency: opts.crawlConcurrency,
    queueLimits: opts.queueLimits,
    retryDelaysMs: opts.retryDelaysMs,
  });
  const app = createServiceApp({ service, store: service.store, clock: opts.clock, logger, trustProxy: 1 });
  // Listened as main.ts does: the same server settings (timeouts, half-close, Expect, CONNECT).
  const server: Server = createJsonServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const request = (
    method: string,
    path: string,
    init: { body?: string; key?: string; headers?: Record<string, string> },
  ) =>
    fetch(base + path, {
      method,
      body: init.body,
      headers: { ...(init.key ? { authorization: `Bearer ${init.key}` } : {}), ...init.headers },
    });

  return {
    farm,
    service,
    db: (service.store as SqliteStore).db,
    base,
    dataDir,
    async key() {
      ipCounter++;
      const res = await request('POST', '/v1/auth/signup', {
        body: JSON.stringify({ email: `tester${ipCounter}@example.com` }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${ipCounter >> 8}.${ipCounter & 255}` },
      });
      if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { api_key: string }).api_key;
    },
    get: (path, key, headers) => request('GET', path, { key, headers }),
    post: (path, body, key, headers) =>
      request('POST', path, {
        body: typeof body === 'string' ? body : JSON.stringify(body),
        key,
        headers: { 'content-type': 'application/json', ...headers },
      }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
      await crawler.close();
      await farm.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The two implementations of the storage port, opened the same way for the contract tests:
 * SQLite in a temp folder, PostgreSQL in a database created for the test file
 * (`lens_pg_<random>` on 127.0.0.1:5432, user postgres, trust auth) and dropped after it.
 * Between tests the PostgreSQL tables are emptied, as a fresh SQLite folder is empty.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createLogger } from '../../../proxy/lib/logger.js';
import type { StatsResponse } from '../../../shared/schemas.js';
import { openPgStore, type PgStore, type PgStoreOptions } from '../../../proxy/service/store/pg/open.js';
import { scanStatsPg } from '../../../proxy/service/store/pg/preview-store.js';
import type { RegistryStore } from '../../../proxy/service/store/registry-store.js';
import { openSqliteStore, type SqliteStore } from '../../../proxy/service/store/sqlite/open.js';
import { scanStats } from '../../../proxy/service/store/sqlite/preview-stats.js';

export const PG_ADMIN_URL = process.env.LENS_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A new empty database on the test server; drop it with the returned function. */
export async function createTestDatabase(
  prefix = 'lens_pg',
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export type BackendName = 'sqlite' | 'postgres';
export const BACKENDS: BackendName[] = ['sqlite', 'postgres'];

export interface Backend {
  readonly store: RegistryStore;
  /** Opens a second handle on the same data (another process would; SQLite: after closing the first). */
  openAnother(): Promise<RegistryStore>;
  /** The naive statistics (a scan of every domain), to check the maintained counters with. */
  scanStats(nowMs: number): Promise<StatsResponse>;
  /** One statement, either dialect's placeholders already in it. */
  sql<R>(text: string, params?: unknown[]): Promise<R[]>;
}

const quiet = createLogger('store-test', 'silent');
/** Short pg-boss intervals so tests of expiry and polling take seconds. */
export const FAST_JOBS: Omit<PgStoreOptions, 'log'> = { jobExpireSeconds: 60, jobCheckSeconds: 1, jobPollSeconds: 0.5 };

/** Registers the hooks of a test file: one backend's store, fresh for every test. */
export function useBackend(name: BackendName, pgOptions: Omit<PgStoreOptions, 'log'> = FAST_JOBS): Backend {
  let dir = '';
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let current: RegistryStore | undefined;
  const others: RegistryStore[] = [];
  const openPg = () => openPgStore(database!.url, { log: quiet, ...pgOptions });

  if (name === 'postgres') {
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await database?.drop();
    });
  }
  beforeEach(async () => {
    if (name === 'sqlite') {
      dir = mkdtempSync(join(tmpdir(), 'store-contract-'));
      current = openSqliteStore(dir);
    } else {
      current = await openPg();
      await (current as PgStore).pool.query(
        `TRUNCATE domains, audits, api_keys, key_usage, client_budget, preview_policy, preview_bot, preview_standard,
           preview_counters, preview_crawl_hours, preview_history, preview_signals, pgboss.job`,
      );
    }
  });
  afterEach(async () => {
    for (const s of others.splice(0)) await s.close();
    await current?.close();
    current = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  return {
    get store() {
      return current!;
    },
    async openAnother() {
      const s = name === 'sqlite' ? openSqliteStore(dir) : await openPg();
      others.push(s);
      return s;
    },
    scanStats(nowMs) {
      return name === 'sqlite'
        ? Promise.resolve(scanStats((current as SqliteStore).db, nowMs))
        : scanStatsPg((current as PgStore).pool, nowMs);
    },
    async sql<R>(text: string, params: unknown[] = []) {
      if (name === 'sqlite') return (current as SqliteStore).db.prepare(text).all(...params) as R[];
      return (await (current as PgStore).pool.query(text, params)).rows as R[];
    },
  };
}

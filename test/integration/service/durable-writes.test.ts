/**
 * A key returned is a key kept: the API key a signup answers with is shown once, so it must
 * outlive whatever happens right after the answer. On PostgreSQL, a real `npm run service`
 * process on a cluster of the test's own, stopped with `pg_ctl stop -m immediate` (every server
 * process gone at once, as in a crash) the moment the key arrives, then started: the key works,
 * 20 times out of 20 (with the pool's asynchronous commit alone, keys were lost). On SQLite, the
 * service process itself is killed (SIGKILL) the moment the key arrives and started again on
 * its DATA_DIR: the key works, 20 times out of 20. A purge the operator was told is done (named
 * domains, or every domain unused for N days) stays done across the same crash of PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../proxy/lib/logger.js';
import { openPgStore } from '../../../proxy/service/store/pg/open.js';
import { storeGood } from '../../helpers/crawls.js';
import { startPgCluster, type PgCluster } from '../../helpers/pg-cluster.js';
import { run } from '../maintenance/run.js';
import { start, type Child } from '../scale/processes.js';

const TRIES = 20;

/** Signs up as client `ip` (TRUST_PROXY=1: the signup limit counts per forwarded address); returns the key. */
async function signup(base: string, ip: string): Promise<string> {
  const res = await fetch(`${base}/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email: `durable-${ip}@example.com` }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { api_key: string }).api_key;
}

/**
 * The status a keyed read answers with this key (a name search: nothing is queued or crawled).
 * While the database comes back the service may answer 5xx; asked again until it does not.
 */
async function keyStatus(base: string, key: string): Promise<number> {
  const end = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`${base}/v1/search?q=durable`, { headers: { authorization: `Bearer ${key}` } }).catch(
      () => null,
    );
    if (res) await res.arrayBuffer();
    if (res && res.status < 500) return res.status;
    if (Date.now() > end)
      throw new Error(`the service did not answer after the restart (last: ${res?.status ?? 'no connection'})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const listening = async (c: Child) => (await c.waitFor((l) => l.msg === 'listening')).url as string;

describe('signup on PostgreSQL, then the database crashes at once', () => {
  let cluster: PgCluster;
  let service: Child | undefined;
  let dataDir: string;

  beforeAll(async () => {
    cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE lens');
    await admin.end();
    dataDir = mkdtempSync(join(tmpdir(), 'durable-pg-'));
  });
  afterAll(async () => {
    await service?.kill();
    cluster?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`keeps every key: ${TRIES} signups, each followed at once by pg_ctl stop -m immediate`, async () => {
    service = start('main', {
      DATABASE_URL: cluster.url('lens'),
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
    });
    const base = await listening(service);
    const lost: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      const key = await signup(base, `10.27.0.${i + 1}`);
      cluster.crash();
      cluster.start();
      if ((await keyStatus(base, key)) === 401) lost.push(i + 1);
    }
    expect(lost, 'tries whose key was gone after the crash').toEqual([]);
  }, 300_000);

  it('keeps every purge: npm run purge, then pg_ctl stop -m immediate as it exits, 5 times', async () => {
    const domains = Array.from({ length: 5 }, (_, i) => `purged-${i + 1}.test`);
    const store = await openPgStore(cluster.url('lens'), { log: createLogger('durable-test', 'silent') });
    for (const d of domains) await storeGood(store, d, Date.now());
    await store.close();
    for (const d of domains) {
      const out = await run('proxy/service/maintenance-cli.ts', ['purge', d], { DATABASE_URL: cluster.url('lens') });
      expect(out).toMatchObject({ code: 0, stdout: `Forgot ${d}.\n` });
      cluster.crash();
      cluster.start();
    }
    const client = new pg.Client({ connectionString: cluster.url('lens') });
    await client.connect();
    try {
      const left = await client.query<{ domain: string }>('SELECT domain FROM domains WHERE domain = ANY($1::text[])', [
        domains,
      ]);
      expect(
        left.rows.map((r) => r.domain),
        'purged domains back after the crash',
      ).toEqual([]);
    } finally {
      await client.end();
    }
  }, 120_000);

  it('keeps the purge of unused domains: npm run purge -- --unused-days, then pg_ctl stop -m immediate as it exits', async () => {
    const unused = Array.from({ length: 30 }, (_, i) => `unused-${i + 1}.test`);
    const store = await openPgStore(cluster.url('lens'), { log: createLogger('durable-test', 'silent') });
    // Stored (and so last looked up) 10 days ago.
    for (const d of unused) await storeGood(store, d, Date.now() - 10 * 86_400_000);
    await store.close();
    const out = await run('proxy/service/maintenance-cli.ts', ['purge', '--unused-days', '5'], {
      DATABASE_URL: cluster.url('lens'),
    });
    expect(out).toMatchObject({ code: 0, stdout: 'Forgot 30 domains no one looked up for 5 days.\n' });
    cluster.crash();
    cluster.start();
    const client = new pg.Client({ connectionString: cluster.url('lens') });
    await client.connect();
    try {
      const left = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM domains WHERE domain LIKE 'unused-%'",
      );
      expect(left.rows[0]!.n, 'unused domains back after the crash').toBe(0);
    } finally {
      await client.end();
    }
  }, 120_000);
});

describe('signup on SQLite, then the service is killed at once', () => {
  let dataDir: string;
  let service: Child | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'durable-sqlite-'));
  });
  afterAll(async () => {
    await service?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`keeps every key: ${TRIES} signups, each followed at once by kill -9`, async () => {
    const env = { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', TRUST_PROXY: '1', CRAWL_CONCURRENCY: '1' };
    const lost: number[] = [];
    service = start('main', env);
    let base = await listening(service);
    for (let i = 0; i < TRIES; i++) {
      const key = await signup(base, `10.27.1.${i + 1}`);
      await service.kill('SIGKILL');
      service = start('main', env);
      base = await listening(service);
      if ((await keyStatus(base, key)) === 401) lost.push(i + 1);
    }
    expect(lost, 'tries whose key was gone after the kill').toEqual([]);
  }, 300_000);
});

/**
 * Backups (issue 13): `npm run backup` copies both SQLite files while a gateway (with its
 * embedded service) keeps crawling and caching new domains; every copy is one committed state
 * (what one transaction writes together is all there or all missing), and a copy restored as
 * DATA_DIR serves every record it holds through a freshly started service, and every cached
 * answer through the gateway's cache reader.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_FILE, CacheStore } from '../../../proxy/gateway/cache-store.js';
import { SCHEMA_VERSION } from '../../../proxy/service/store/sqlite/migrations.js';
import { REGISTRY_FILE } from '../../../proxy/service/store/sqlite/open.js';
import { toBatchItem } from '../../../shared/batch-result.js';
import type { DomainPolicyFound } from '../../../shared/schemas.js';
import { startFixtureFarm, text, type FixtureFarm } from '../../fixtures/farm.js';
import { homepage } from '../../fixtures/stance-sites.js';
import { until } from '../../helpers/until.js';
import { run, serve, type Server } from './run.js';

const ROBOTS = [
  'User-agent: GPTBot\nDisallow: /\n',
  'User-agent: *\nAllow: /\n',
  'User-agent: CCBot\nDisallow: /\n',
  'User-agent: *\nDisallow: /\n',
];

interface Copy {
  /** Each domain's stored summary. */
  domains: Map<string, DomainPolicyFound>;
  cacheKeys: string[];
}

/** Reads a registry copy and checks what must hold in any committed state. */
function readCopy(dir: string): Copy {
  const db = new Database(join(dir, REGISTRY_FILE), { readonly: true });
  try {
    expect(db.pragma('quick_check', { simple: true })).toBe('ok');
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    // A crawl's record and its announced-surface row are written in one transaction.
    expect(one('SELECT count(*) AS n FROM preview_policy')).toBe(one('SELECT count(*) AS n FROM domains'));
    expect(one('SELECT count(*) AS n FROM domains WHERE audit_id NOT IN (SELECT audit_id FROM audits)')).toBe(0);
    // The job counters are kept by triggers in the same transactions as the jobs.
    const counted = db.prepare('SELECT state, n FROM job_counts WHERE n > 0 ORDER BY state').all();
    expect(db.prepare('SELECT state, count(*) AS n FROM jobs GROUP BY state ORDER BY state').all()).toEqual(counted);
    const rows = db.prepare('SELECT domain, summary FROM domains').all() as Array<{ domain: string; summary: string }>;
    const cache = new Database(join(dir, CACHE_FILE), { readonly: true });
    expect(cache.pragma('quick_check', { simple: true })).toBe('ok');
    const cacheKeys = (cache.prepare('SELECT key FROM gateway_cache').all() as Array<{ key: string }>).map(
      (r) => r.key,
    );
    cache.close();
    return { domains: new Map(rows.map((r) => [r.domain, JSON.parse(r.summary) as DomainPolicyFound])), cacheKeys };
  } finally {
    db.close();
  }
}

describe('backup while a gateway serves, then restore', () => {
  let farm: FixtureFarm;
  let root: string;
  let dataDir: string;
  let gateway: Server | undefined;
  let service: Server | undefined;
  let writing = true;
  let writer: Promise<number>;
  const copies: Copy[] = [];

  beforeAll(async () => {
    farm = await startFixtureFarm();
    root = mkdtempSync(join(tmpdir(), 'backup-it-'));
    dataDir = join(root, 'data');
    gateway = await serve('proxy/gateway/main.ts', {
      DATA_DIR: dataDir,
      CRAWL_OVERRIDES: farm.overrides(),
      CRAWL_CONCURRENCY: '4',
      CRAWL_NEW_PER_MINUTE: '100000',
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    const ask = (path: string) =>
      fetch(gateway!.url + path, { headers: { 'x-ai-policy-lens': '1' } }).then(
        (r) => r.json() as Promise<{ found: boolean }>,
      );
    // The writer, until told to stop: a new site each step (a crawl the registry stores), and the
    // full record of one asked for a little earlier (analysed by then: an answer the cache file keeps).
    writer = (async () => {
      let n = 0;
      for (; writing; n++) {
        farm.set(`site${n}.test`, {
          routes: { '/': homepage(`Site ${n}`), '/robots.txt': text(ROBOTS[n % ROBOTS.length]!) },
        });
        await Promise.all([
          ask(`/v1/domain/site${n}.test`),
          n >= 10 ? ask(`/v1/domain/site${n - 10}.test/full`) : null,
        ]).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 30));
      }
      return n;
    })();
    const cacheRows = () => {
      const db = new Database(join(dataDir, CACHE_FILE), { readonly: true });
      try {
        return (db.prepare('SELECT count(*) AS n FROM gateway_cache').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    await until(() => (cacheRows() >= 5 ? true : undefined), 30_000);
  });
  afterAll(async () => {
    writing = false;
    await writer.catch(() => undefined);
    await gateway?.stop();
    await service?.stop();
    await farm.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('copies both files while the gateway writes, each copy one committed state', async () => {
    for (let i = 0; i < 3; i++) {
      const dest = join(root, `backup-${i}`);
      const r = await run('proxy/service/maintenance-cli.ts', ['backup', dest], { DATA_DIR: dataDir });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(
        new RegExp(`${REGISTRY_FILE} \\([\\d.]+ [KM]B, [\\d,]+ domains, schema version ${SCHEMA_VERSION}, checked\\)`),
      );
      expect(r.stdout).toMatch(new RegExp(`${CACHE_FILE} \\([\\d.]+ [KM]B, [\\d,]+ cached answers, checked\\)`));
      // Only the finished files: no partial copy left behind.
      expect(readdirSync(dest).sort()).toEqual([REGISTRY_FILE, CACHE_FILE].sort());
      copies.push(readCopy(dest));
    }
    writing = false;
    const written = await writer;
    // The gateway went on writing through all three copies, and each copy holds more than the one before.
    const sizes = copies.map((c) => c.domains.size);
    expect(sizes[0]).toBeGreaterThan(0);
    expect(sizes[1]).toBeGreaterThan(sizes[0]!);
    expect(sizes[2]).toBeGreaterThan(sizes[1]!);
    expect(written).toBeGreaterThan(sizes[2]!);
    for (const c of copies) expect(c.cacheKeys.length).toBeGreaterThan(0);
  });

  it('refuses to overwrite a backup or to write into a file', async () => {
    const again = await run('proxy/service/maintenance-cli.ts', ['backup', join(root, 'backup-0')], {
      DATA_DIR: dataDir,
    });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`already holds ${REGISTRY_FILE} and ${CACHE_FILE}`);
    const intoFile = await run('proxy/service/maintenance-cli.ts', ['backup', join(root, 'backup-0', REGISTRY_FILE)], {
      DATA_DIR: dataDir,
    });
    expect(intoFile.code).toBe(2);
    expect(intoFile.stderr).toContain('is a file. Give a folder');
  });

  it('a restored copy serves every record it holds, and every cached answer', async () => {
    await gateway!.stop();
    gateway = undefined;
    const copy = copies[2]!;
    // The README's restore: the backup's files into an empty DATA_DIR (no -wal or -shm beside them).
    const restored = join(root, 'restored');
    mkdirSync(restored);
    for (const f of [REGISTRY_FILE, CACHE_FILE]) copyFileSync(join(root, 'backup-2', f), join(restored, f));

    service = await serve('proxy/service/main.ts', { DATA_DIR: restored, CRAWL_OVERRIDES: farm.overrides() });
    const signup = await fetch(`${service.url}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'restore@example.org' }),
    });
    const { api_key: key } = (await signup.json()) as { api_key: string };
    // In batches of 25 (the key's 200 a minute would not cover one request per domain).
    const names = [...copy.domains.keys()];
    for (let i = 0; i < names.length; i += 25) {
      const chunk = names.slice(i, i + 25);
      if (chunk.length === 1) chunk.push(chunk[0]!);
      const res = await fetch(`${service.url}/v1/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ domains: chunk }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { domains: Array<Record<string, unknown>>; not_found: string[] };
      expect(body.not_found).toEqual([]);
      expect(body.domains).toEqual([...new Set(chunk)].map((d) => toBatchItem(copy.domains.get(d)!)));
    }

    const cache = new CacheStore(restored);
    try {
      for (const k of copy.cacheKeys) expect(cache.get(k)?.key, k).toBe(k);
    } finally {
      cache.close();
    }
  });
});

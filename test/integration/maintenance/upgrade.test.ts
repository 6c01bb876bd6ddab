/**
 * Schema upgrades (issue 13): a registry written by each version main has shipped
 * (test/fixtures/schemas, each made by that commit's own program) is opened by today's
 * service, which migrates it on start; every domain then answers what the old program
 * answered, through the real HTTP surface with the key the old program issued, the queue and
 * the usage counts carry over, new crawls and maintenance work on the upgraded file, and the
 * records the old rules made are re-derived from their evidence by today's.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../proxy/lib/logger.js';
import { createServiceApp } from '../../../proxy/service/http/app.js';
import { createLookupService, type EmbeddedLookupService } from '../../../proxy/service/lookup-service.js';
import { SCHEMA_VERSION } from '../../../proxy/service/store/sqlite/migrations.js';
import { PREVIEW_SCHEMA_VERSION } from '../../../proxy/service/store/sqlite/preview-tables.js';
import { openSqliteStore, REGISTRY_FILE, type SqliteStore } from '../../../proxy/service/store/sqlite/open.js';
import { VERSIONS, type FixtureFacts, type FixtureName } from '../../fixtures/schemas/versions.js';
import { storeCrawl } from '../../helpers/maintenance-contract.js';
import { RULES_VERSION, classify } from '../../../proxy/analysis/index.js';
import { AnalysisPool } from '../../../proxy/analysis-pool/index.js';
import { Reclassifier } from '../../../proxy/service/reclassify.js';
import { scanStats } from '../../../proxy/service/store/sqlite/preview-stats.js';

const FIXTURES = new URL('../../fixtures/schemas/', import.meta.url).pathname;
const NAMES = Object.keys(VERSIONS) as FixtureName[];

/** Writes the fixture's registry into a fresh DATA_DIR; returns the folder and what the old program answered. */
export function fixtureDataDir(name: FixtureName): { dir: string; facts: FixtureFacts } {
  const dir = mkdtempSync(join(tmpdir(), `upgrade-${name}-`));
  writeFileSync(join(dir, REGISTRY_FILE), gunzipSync(readFileSync(join(FIXTURES, `${name}.sqlite.gz`))));
  return { dir, facts: JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as FixtureFacts };
}

it('there is a fixture for every schema version below the current one', () => {
  const versions = NAMES.map(
    (n) => (JSON.parse(readFileSync(join(FIXTURES, `${n}.json`), 'utf8')) as FixtureFacts).user_version,
  );
  expect(new Set(versions)).toEqual(new Set(Array.from({ length: SCHEMA_VERSION - 1 }, (_, i) => i + 1)));
});

describe.each(NAMES)('upgrading a registry written by %s', (name) => {
  let dir: string;
  let facts: FixtureFacts;
  let before: { usage: number; audits: number; jobs: Array<{ domain: string }> };
  let service: EmbeddedLookupService;
  let db: Database.Database;
  let server: Server;
  let base: string;
  const get = async (path: string) => {
    const res = await fetch(base + path, { headers: { authorization: `Bearer ${facts.apiKey}` } });
    expect(res.status, path).toBe(200);
    return res.json() as Promise<Record<string, unknown>>;
  };

  beforeAll(async () => {
    ({ dir, facts } = fixtureDataDir(name));
    const old = new Database(join(dir, REGISTRY_FILE), { readonly: true });
    expect(old.pragma('user_version', { simple: true })).toBe(facts.user_version);
    before = {
      usage: (old.prepare('SELECT month_count AS n FROM key_usage').get() as { n: number } | undefined)?.n ?? 0,
      audits: (old.prepare('SELECT count(*) AS n FROM audits').get() as { n: number }).n,
      jobs: old.prepare('SELECT domain FROM jobs ORDER BY domain').all() as Array<{ domain: string }>,
    };
    old.close();
    // The old program's time, so no record is stale and nothing is re-crawled; no worker runs.
    const clock = { now: () => facts.madeAtMs + 60_000 };
    const logger = createLogger('test', 'silent');
    service = createLookupService({
      store: openSqliteStore(dir),
      crawler: { crawl: () => Promise.reject(new Error('no crawl in this test')) },
      clock,
      logger,
      workers: false,
    });
    db = (service.store as SqliteStore).db;
    const app = createServiceApp({ service, store: service.store, clock, logger, trustProxy: 0 });
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is migrated to the current schema on start, with every domain marked as looked up (at the upgrade when the file predates the marks)', () => {
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT version FROM preview_meta').get()).toEqual({ version: PREVIEW_SCHEMA_VERSION });
    const marks = db.prepare('SELECT looked_up_ms AS ms FROM domains').all() as Array<{ ms: number }>;
    expect(marks).toHaveLength(facts.domains.length);
    // Migration 4 uses SQLite's own clock: the real time of this run. A file written at schema 4
    // or later keeps the marks its program wrote.
    for (const m of marks) {
      if (facts.user_version < 4) expect(Math.abs(m.ms - Date.now())).toBeLessThan(120_000);
      else expect(m.ms > 0 && m.ms <= facts.madeAtMs).toBe(true);
    }
    // Migration 5: the rules that made the old records are not known (0), so they are re-derived.
    expect(db.prepare('SELECT DISTINCT rules_version AS v FROM domains').all()).toEqual([{ v: 0 }]);
  });

  it("counts each domain's terms against its robots.txt from its record, and finds its stance changes in its history", async () => {
    const now = facts.madeAtMs + 60_000;
    const stats = await service.store.preview.stats(now);
    expect(stats).toEqual(scanStats(db, now));
    const terms = Object.values(stats.terms_vs_robots).reduce(
      (n, t) => n + t.robots_blocks + t.robots_open + t.robots_unread,
      0,
    );
    expect(terms).toBe(stats.total_domains);
    for (const r of db
      .prepare('SELECT p.facets, d.full FROM preview_policy p JOIN domains d USING (domain)')
      .all() as Array<{ facets: string; full: string }>) {
      expect((JSON.parse(r.facets) as { terms: unknown }).terms).toBe(
        (JSON.parse(r.full) as { tos_ai_stance: unknown }).tos_ai_stance,
      );
    }
  });

  it('keeps the queue, with its counts', async () => {
    expect(db.prepare('SELECT domain FROM jobs ORDER BY domain').all()).toEqual(before.jobs);
    expect(before.jobs.map((j) => j.domain)).toEqual(expect.arrayContaining(facts.queued));
    const counted = db.prepare('SELECT state, count(*) AS n FROM jobs GROUP BY state').all() as Array<{
      state: string;
      n: number;
    }>;
    const counts = await service.store.queue.counts();
    for (const { state, n } of counted) expect(counts[state as keyof typeof counts]).toBe(n);
    expect(counts.queued + counts.running + counts.retrying).toBe(before.jobs.length);
  });

  it('answers every domain as the old program did, with the key it issued', async () => {
    for (const d of facts.domains) {
      const old = facts.answers[d]!;
      expect(await get(`/v1/domain/${d}`), d).toEqual(old.lookup);
      expect(await get(`/v1/domain/${d}/full`), d).toEqual(old.full);
      expect(await get(`/preview/v1/policy/${d}`), d).toEqual(old.policy);
      expect(await get(`/preview/v1/domain/${d}/history`), d).toEqual(old.history);
    }
    expect(await get('/v1/search?q=test&limit=10')).toEqual(facts.answers.search);
    // Each of those requests was counted on top of the old program's count for the month.
    const requests = facts.domains.length * 4 + 1;
    expect(db.prepare('SELECT month_count AS n FROM key_usage').get()).toEqual({ n: before.usage + requests });
  });

  it('stores new crawls on the upgraded file, and its history goes on', async () => {
    const now = facts.madeAtMs + 120_000;
    const history = (await service.store.preview.history('alpha.test'))!;
    const stored = await storeCrawl(service.store, 'alpha.test', now, 'blocks_all_ai');
    const after = (await service.store.preview.history('alpha.test'))!;
    expect(after.crawls).toBe(history.crawls + 1);
    expect(after.entries).toEqual([
      expect.objectContaining({ audit_id: stored.auditId, detail: 'blocks_all_ai' }),
      ...history.entries,
    ]);
    expect((await get('/v1/domain/alpha.test')).detail).toBe('blocks_all_ai');
    expect((await service.store.records.counts()).audits).toBe(before.audits + 1);
  });

  it("re-derives the old records from their evidence by today's rules, keeping crawl times and history, fetching nothing", async () => {
    const older = (await service.store.records.olderRules(RULES_VERSION)).reduce((n, o) => n + o.records, 0);
    const domains = (
      db.prepare('SELECT domain FROM domains WHERE rules_version < ? ORDER BY domain').all(RULES_VERSION) as Array<{
        domain: string;
      }>
    ).map((r) => r.domain);
    expect(older).toBe(domains.length);
    expect(domains.length).toBeGreaterThan(0);
    const before = await Promise.all(
      domains.map(async (d) => ({
        read: await service.store.records.full(d),
        history: await service.store.preview.history(d),
      })),
    );
    const recrawled: string[] = [];
    const analysis = new AnalysisPool({ threads: 1 });
    await new Reclassifier({
      records: service.store.records,
      log: createLogger('test', 'silent'),
      analysis,
      recrawl: async (ds) => void recrawled.push(...ds),
    })
      .run()
      .finally(() => analysis.close());
    expect(recrawled).toEqual([]);
    expect(await service.store.records.olderRules(RULES_VERSION)).toEqual([]);
    for (const [i, d] of domains.entries()) {
      const { read, history } = before[i]!;
      const evidence = (await service.store.records.audit(read!.value.audit_id))!.evidence;
      const now = (await service.store.records.full(d))!;
      expect(now.value, d).toEqual({ id: read!.value.id, ...classify(evidence).full, audit_id: read!.value.audit_id });
      expect(now.lastCrawledMs, d).toBe(read!.lastCrawledMs);
      expect(await service.store.preview.history(d), d).toEqual(history);
    }
    expect(await service.store.preview.stats(facts.madeAtMs)).toEqual(scanStats(db, facts.madeAtMs));
  });

  it('prunes and purges on the upgraded file', async () => {
    const histories = await Promise.all(facts.domains.map((d) => service.store.preview.history(d)));
    await service.store.maintenance.pruneAudits({ cutoffMs: facts.madeAtMs + 3_600_000, max: 100, after: null });
    expect(await Promise.all(facts.domains.map((d) => service.store.preview.history(d)))).toEqual(histories);
    expect(await service.store.maintenance.purgeDomain('gamma.test')).toBe(true);
    expect((await get('/v1/domain/gamma.test')).found).toBe(false);
  });
});

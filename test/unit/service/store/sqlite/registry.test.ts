import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS } from '../../../../../proxy/service/api.js';
import { AUDIT_ID_PATTERN } from '../../../../../proxy/service/store/audit-id.js';
import { PRIORITY, type EnqueueRequest } from '../../../../../proxy/service/store/registry-store.js';
import { SqliteJobs } from '../../../../../proxy/service/store/sqlite/jobs.js';
import { SCHEMA_VERSION, migrate } from '../../../../../proxy/service/store/sqlite/migrations.js';
import { openSqliteStore, type SqliteStore } from '../../../../../proxy/service/store/sqlite/open.js';
import type { Detail } from '../../../../../shared/values.js';
import { classification, evidence } from '../../../../helpers/crawls.js';

const AT = '2026-01-15T12:00:00.000Z';

describe('registry', () => {
  let dir: string;
  let reg: SqliteStore;
  let db: Database.Database;
  const put = (domain: string, detail: Detail = 'no_ai_rules', rank: number | null = null, at = AT) =>
    reg.records.storeCrawl({
      evidence: evidence(domain, at, 'User-agent: *\nDisallow:'),
      classification: classification(domain, at, { detail, rank }),
      nowMs: Date.parse(at),
      failure: null,
      retryDelaysMs: RETRY_DELAYS_MS,
    });
  /** One domain at a time, as the service's single lookups and refreshes ask (no budget, room to spare). */
  const enqueue = async (q: SqliteJobs, domain: string, priority: EnqueueRequest['priority'], nowMs: number) =>
    (await q.enqueue({ domains: [domain], priority, nowMs, maxQueued: 1_000 }))[0];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-registry-'));
    reg = openSqliteStore(dir);
    db = reg.db;
  });
  afterEach(async () => {
    await reg.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens with WAL, synchronous NORMAL and the current schema; migrating again is a no-op', async () => {
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    migrate(db);
    await reg.close();
    reg = openSqliteStore(dir);
    db = reg.db;
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
  });

  it('keeps every crawl as an audit entry and the record id stable across crawls', async () => {
    const first = (await put('example.com', 'no_ai_rules')).record;
    const second = (await put('example.com', 'blocks_training', null, '2026-01-20T12:00:00.000Z')).record;
    expect(first.auditId).toMatch(AUDIT_ID_PATTERN);
    expect(second.auditId).not.toBe(first.auditId);
    expect(second.id).toBe(first.id);
    expect(second.full).toMatchObject({ id: first.id, audit_id: second.auditId, policy_detail: 'blocks_training' });
    expect(second.announced.audit_id).toBe(second.auditId);
    const audits = db
      .prepare('SELECT audit_id, evidence FROM audits WHERE domain = ? ORDER BY seq')
      .all('example.com') as Array<{ audit_id: string; evidence: string }>;
    expect(audits.map((a) => a.audit_id)).toEqual([first.auditId, second.auditId]);
    expect((JSON.parse(audits[0]!.evidence) as { domain: string }).domain).toBe('example.com');
    expect(await reg.records.counts()).toEqual({ domains: 1, audits: 2 });
    expect((await reg.records.summary('example.com'))?.value.detail).toBe('blocks_training');
  });

  it('search uses the name indexes, not a scan of domains', () => {
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join(' | ');
    const p = plan(
      `SELECT d.domain FROM domains d WHERE d.id IN (SELECT id FROM domain_bigrams WHERE gram = 'ex') AND instr(d.domain, 'ex') > 0`,
    );
    expect(p).not.toMatch(/SCAN d\b/);
    expect(p).toMatch(/domain_bigrams/);
  });

  it('queue: deduplicated, new domains before refreshes, running jobs recovered, removed when stored', async () => {
    const q = reg.queue;
    expect(await enqueue(q, 'b.com', PRIORITY.refresh, 1)).toBe('added');
    expect(await enqueue(q, 'a.com', PRIORITY.interactive, 2)).toBe('added');
    expect(await enqueue(q, 'a.com', PRIORITY.interactive, 3)).toBe('queued');
    expect(await enqueue(q, 'c.com', PRIORITY.interactive, 4)).toBe('added');
    expect(await q.counts()).toEqual({ queued: 3, running: 0, retrying: 0 });
    expect(await q.claim(5)).toEqual({ domain: 'a.com', attempts: 1 });
    expect((await q.claim(5))?.domain).toBe('c.com');
    // A new-domain request upgrades the queued refresh; a running job is left alone.
    expect(await enqueue(q, 'b.com', PRIORITY.interactive, 5)).toBe('queued');
    expect(db.prepare('SELECT priority FROM jobs WHERE domain = ?').pluck().get('b.com')).toBe(PRIORITY.interactive);
    expect(await enqueue(q, 'a.com', PRIORITY.interactive, 5)).toBe('queued');
    expect(await q.counts()).toEqual({ queued: 1, running: 2, retrying: 0 });
    // As after a kill: a fresh handle finds the running jobs and queues them again.
    const after = new SqliteJobs(db);
    expect(await after.recover()).toBe(2);
    expect(await after.counts()).toEqual({ queued: 3, running: 0, retrying: 0 });
    await put('a.com');
    expect(await after.counts()).toEqual({ queued: 2, running: 0, retrying: 0 });
  });

  it('queue: the next sequence number is read from an index, not a scan of every job', () => {
    const plan = (
      db.prepare('EXPLAIN QUERY PLAN SELECT coalesce(max(seq), 0) + 1 FROM jobs').all() as Array<{ detail: string }>
    )
      .map((r) => r.detail)
      .join(' | ');
    expect(plan).toMatch(/SEARCH jobs USING COVERING INDEX jobs_seq/);
  });

  it('queue: stale records are enqueued once for refresh', async () => {
    await put('old.com', 'no_ai_rules', null, '2026-01-01T00:00:00.000Z');
    await put('new.com', 'no_ai_rules', null, '2026-01-14T00:00:00.000Z');
    const q = reg.queue;
    const cutoff = Date.parse('2026-01-08T00:00:00.000Z');
    expect(await q.enqueueStale(cutoff, 100, 0, 1_000)).toBe(1);
    expect(await q.enqueueStale(cutoff, 100, 0, 1_000)).toBe(0);
    expect((await q.claim(0))?.domain).toBe('old.com');
  });
});

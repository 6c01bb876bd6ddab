import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobQueue, PRIORITY_NEW, PRIORITY_REFRESH } from '../../../proxy/service/queue/job-queue.js';
import { AUDIT_ID_PATTERN } from '../../../proxy/service/registry/audit-id.js';
import { SCHEMA_VERSION, migrate } from '../../../proxy/service/registry/migrations.js';
import { openRegistry } from '../../../proxy/service/registry/open.js';
import { RecordStore } from '../../../proxy/service/registry/records.js';
import { DomainSearch } from '../../../proxy/service/registry/search.js';
import type { Detail } from '../../../shared/values.js';
import { classification, evidence } from '../preview/build.js';

const AT = '2026-01-15T12:00:00.000Z';

describe('registry', () => {
  let dir: string;
  let db: Database.Database;
  let store: RecordStore;
  const put = (domain: string, detail: Detail = 'no_ai_rules', rank: number | null = null, at = AT) =>
    store.store(evidence(domain, at, 'User-agent: *\nDisallow:'), classification(domain, at, { detail, rank }), Date.parse(at));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-registry-'));
    db = openRegistry(dir);
    store = new RecordStore(db);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens with WAL, synchronous NORMAL and the current schema; migrating again is a no-op', () => {
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    migrate(db);
    db.close();
    db = openRegistry(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
  });

  it('keeps every crawl as an audit entry and the record id stable across crawls', () => {
    const first = put('example.com', 'no_ai_rules');
    const second = put('example.com', 'blocks_training', null, '2026-01-20T12:00:00.000Z');
    expect(first.auditId).toMatch(AUDIT_ID_PATTERN);
    expect(second.auditId).not.toBe(first.auditId);
    expect(second.id).toBe(first.id);
    expect(second.full).toMatchObject({ id: first.id, audit_id: second.auditId, policy_detail: 'blocks_training' });
    expect(second.announced.audit_id).toBe(second.auditId);
    const audits = db.prepare('SELECT audit_id, evidence FROM audits WHERE domain = ? ORDER BY seq').all('example.com') as Array<{ audit_id: string; evidence: string }>;
    expect(audits.map((a) => a.audit_id)).toEqual([first.auditId, second.auditId]);
    expect(JSON.parse(audits[0]!.evidence).domain).toBe('example.com');
    expect(store.counts()).toEqual({ domains: 1, audits: 2 });
    expect(store.summary('example.com')?.summary.detail).toBe('blocks_training');
  });

  it('search: substring on names, stance filter, rank order with unranked last, has_more', () => {
    put('news-example.com', 'blocks_training', 50);
    put('example.org', 'no_ai_rules', 3);
    put('shop.example.net', 'no_ai_rules', null);
    put('another.com', 'selective', 1);
    put('xample-free.io', 'no_ai_rules', null);
    put('xn--bcher-kva.de', 'no_ai_rules', null);
    const search = new DomainSearch(db);
    const names = (q: string, extra: object = {}) => search.search({ q, limit: 20, offset: 0, ...extra }).results.map((r) => r.domain);
    expect(names('example')).toEqual(['example.org', 'news-example.com', 'shop.example.net']);
    expect(names('EXAMPLE')).toEqual(['example.org', 'news-example.com', 'shop.example.net']);
    // Search text is matched as names are stored: lower-case, IDN labels in punycode.
    expect(names('Bücher')).toEqual(['xn--bcher-kva.de']);
    expect(names('xa')).toEqual(['example.org', 'news-example.com', 'shop.example.net', 'xample-free.io']);
    expect(names('.c')).toEqual(['another.com', 'news-example.com']);
    expect(names('example', { stance: 'blocks_training' })).toEqual(['news-example.com']);
    expect(names('nothing-like-this')).toEqual([]);
    expect(names('"x')).toEqual([]);
    // Text no name can hold matches nothing; it must not reach FTS5 as a broken query.
    expect(names('ex\0ample')).toEqual([]);
    expect(names('exa\0')).toEqual([]);
    const page = search.search({ q: 'example', limit: 2, offset: 0 });
    expect(page.has_more).toBe(true);
    expect(page.results[0]).toEqual({ domain: 'example.org', stance: 'no_policy', detail: 'no_ai_rules', ranklist_rank: 3 });
    const last = search.search({ q: 'example', limit: 2, offset: 2 });
    expect(last).toMatchObject({ has_more: false, limit: 2, offset: 2 });
    expect(last.results.map((r) => r.domain)).toEqual(['shop.example.net']);
  });

  it('search uses the name indexes, not a scan of domains', () => {
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join(' | ');
    const p = plan(`SELECT d.domain FROM domains d WHERE d.id IN (SELECT id FROM domain_bigrams WHERE gram = 'ex') AND instr(d.domain, 'ex') > 0`);
    expect(p).not.toMatch(/SCAN d\b/);
    expect(p).toMatch(/domain_bigrams/);
  });

  it('queue: deduplicated, new domains before refreshes, running jobs recovered, removed when stored', () => {
    const q = new JobQueue(db);
    expect(q.enqueue('b.com', PRIORITY_REFRESH, 1)).toBe(true);
    expect(q.enqueue('a.com', PRIORITY_NEW, 2)).toBe(true);
    expect(q.enqueue('a.com', PRIORITY_NEW, 3)).toBe(false);
    expect(q.enqueue('c.com', PRIORITY_NEW, 4)).toBe(true);
    expect(q.counts()).toEqual({ queued: 3, running: 0 });
    expect(q.claim()).toEqual({ domain: 'a.com', attempts: 1 });
    expect(q.claim()?.domain).toBe('c.com');
    // A new-domain request upgrades the queued refresh; a running job is left alone.
    expect(q.enqueue('b.com', PRIORITY_NEW, 5)).toBe(true);
    expect(q.enqueue('a.com', PRIORITY_NEW, 5)).toBe(false);
    expect(q.counts()).toEqual({ queued: 1, running: 2 });
    // As after a kill: a fresh handle finds the running jobs and queues them again.
    const after = new JobQueue(db);
    expect(after.recover()).toBe(2);
    expect(after.counts()).toEqual({ queued: 3, running: 0 });
    put('a.com');
    expect(after.counts()).toEqual({ queued: 2, running: 0 });
  });

  it('queue: the next sequence number is read from an index, not a scan of every job', () => {
    const plan = (db.prepare('EXPLAIN QUERY PLAN SELECT coalesce(max(seq), 0) + 1 FROM jobs').all() as Array<{ detail: string }>).map((r) => r.detail).join(' | ');
    expect(plan).toMatch(/SEARCH jobs USING COVERING INDEX jobs_seq/);
  });

  it('queue: stale records are enqueued once for refresh', () => {
    put('old.com', 'no_ai_rules', null, '2026-01-01T00:00:00.000Z');
    put('new.com', 'no_ai_rules', null, '2026-01-14T00:00:00.000Z');
    const q = new JobQueue(db);
    const cutoff = Date.parse('2026-01-08T00:00:00.000Z');
    expect(q.enqueueStale(cutoff, 100, 0)).toBe(1);
    expect(q.enqueueStale(cutoff, 100, 0)).toBe(0);
    expect(q.claim()?.domain).toBe('old.com');
  });
});

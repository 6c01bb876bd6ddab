/**
 * The storage port's records and audits, the same tests on SQLite and on PostgreSQL: crawls
 * stored as audits, stable record ids, a failed check kept apart from a good record and
 * rescheduled on the 10 min / 1 h / 6 h backoff (docs/policy.md section 8), name search,
 * the "record stored" event (on PostgreSQL heard by every process), and the schema version.
 */
import { describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS } from '../../../proxy/service/api.js';
import { AUDIT_ID_PATTERN } from '../../../proxy/service/store/audit-id.js';
import { SchemaTooNewError } from '../../../proxy/service/store/schema-too-new.js';
import { PG_SCHEMA_VERSION } from '../../../proxy/service/store/pg/migrations.js';
import { openPgStore } from '../../../proxy/service/store/pg/open.js';
import { createLogger } from '../../../proxy/lib/logger.js';
import type { Detail } from '../../../shared/values.js';
import { classification, evidence, storeFailed, storeGood } from '../../helpers/crawls.js';
import { BACKENDS, createTestDatabase, useBackend } from './backends.js';

const T0 = Date.parse('2026-01-15T12:00:00.000Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();

describe.each(BACKENDS)('records and audits (%s)', (backend) => {
  const b = useBackend(backend);

  it('keeps every crawl as an audit entry and the record id stable across crawls', async () => {
    const first = (await storeGood(b.store, 'example.com', T0)).record;
    const second = (await storeGood(b.store, 'example.com', T0 + DAY, 'blocks_training')).record;
    expect(first.auditId).toMatch(AUDIT_ID_PATTERN);
    expect(second.auditId).not.toBe(first.auditId);
    expect(second.id).toBe(first.id);
    expect(second.full).toMatchObject({ id: first.id, audit_id: second.auditId, policy_detail: 'blocks_training' });
    expect((await b.store.records.audits('example.com')).map((a) => a.auditId)).toEqual([
      first.auditId,
      second.auditId,
    ]);
    expect((await b.store.records.audit(first.auditId))?.evidence.domain).toBe('example.com');
    expect(await b.store.records.audit('aud_nothing')).toBeUndefined();
    expect(await b.store.records.counts()).toEqual({ domains: 1, audits: 2 });
    const read = (await b.store.records.summary('example.com'))!;
    expect(read).toMatchObject({ lastCrawledMs: T0 + DAY, checkedMs: T0 + DAY, lastCheck: null });
    expect(read.value.detail).toBe('blocks_training');
    expect((await b.store.records.full('example.com'))!.value).toEqual(second.full);
    expect((await b.store.records.announced('example.com'))!.value).toEqual(second.announced);
    // Stored JSON comes back with its keys in the order they were written.
    expect(JSON.stringify(read.value)).toBe(JSON.stringify(second.summary));
    const many = await b.store.records.summaries(['example.com', 'unknown.com']);
    expect([...many.keys()]).toEqual(['example.com']);
    expect(await b.store.records.summary('unknown.com')).toBeUndefined();
  });

  it('a failed check keeps the good record and its time, is kept as an audit, and is retried after 10 min, 1 h, 6 h', async () => {
    const first = await storeGood(b.store, 'a.test', T0);
    let t = T0 + DAY;
    for (const delay of RETRY_DELAYS_MS) {
      const f = await storeFailed(b.store, 'a.test', t, 'robots.txt: server error (HTTP 503)');
      expect(f).toMatchObject({ current: false, nextRetryMs: t + delay });
      expect(f.record.auditId).toBe(first.auditId);
      t += delay;
    }
    const last = await storeFailed(b.store, 'a.test', t);
    expect(last.nextRetryMs).toBeNull();
    const read = (await b.store.records.summary('a.test'))!;
    expect(read.value).toEqual(first.record.summary);
    expect(read).toMatchObject({
      lastCrawledMs: T0,
      checkedMs: t,
      lastCheck: { failedAt: at(t), cause: 'timed out', nextRetry: null },
    });
    expect((await b.store.records.audits('a.test')).map((a) => a.failure)).toEqual([
      null,
      ...RETRY_DELAYS_MS.map(() => 'robots.txt: server error (HTTP 503)'),
      'timed out',
    ]);
    // The announced surface indexes policies: kept failures change none of it.
    expect((await b.store.preview.history('a.test'))!.crawls).toBe(1);
    // A good crawl ends the failures; a domain without a record stores its failure and is retried.
    expect(await storeGood(b.store, 'a.test', t + 1)).toMatchObject({
      current: true,
      nextRetryMs: null,
      lastCheck: null,
    });
    expect(await storeFailed(b.store, 'new.test', T0)).toMatchObject({
      current: true,
      nextRetryMs: T0 + RETRY_DELAYS_MS[0]!,
    });
    expect((await b.store.records.summary('new.test'))!.value.detail).toBe('unreachable');
  });

  it('a failed check waits for its retry in the queue, not among the jobs due now', async () => {
    const now = Date.now();
    await storeGood(b.store, 'r.test', now);
    const f = await b.store.records.storeCrawl({
      evidence: evidence('r.test', at(now + 1), null),
      classification: classification('r.test', at(now + 1), { detail: 'unreachable', basis: true }),
      nowMs: now + 1,
      failure: { cause: 'timed out' },
      retryDelaysMs: [60_000],
    });
    expect(f.nextRetryMs).toBe(now + 60_001);
    expect(await b.store.queue.counts()).toEqual({ queued: 0, running: 0, retrying: 1 });
  });

  it('search: substring on names, stance filter, rank order with unranked last, has_more', async () => {
    const put = (d: string, detail: Detail, rank: number | null) => storeGood(b.store, d, T0, detail, rank);
    await put('news-example.com', 'blocks_training', 50);
    await put('example.org', 'no_ai_rules', 3);
    await put('shop.example.net', 'no_ai_rules', null);
    await put('another.com', 'selective', 1);
    await put('xample-free.io', 'no_ai_rules', null);
    await put('xn--bcher-kva.de', 'no_ai_rules', null);
    await put('ex_ample.test', 'no_ai_rules', null);
    const names = async (q: string, extra: object = {}) =>
      (await b.store.records.search({ q, limit: 20, offset: 0, ...extra })).results.map((r) => r.domain);
    expect(await names('example')).toEqual(['example.org', 'news-example.com', 'shop.example.net']);
    expect(await names('EXAMPLE')).toEqual(['example.org', 'news-example.com', 'shop.example.net']);
    expect(await names('Bücher')).toEqual(['xn--bcher-kva.de']);
    expect(await names('xa')).toEqual(['example.org', 'news-example.com', 'shop.example.net', 'xample-free.io']);
    expect(await names('.c')).toEqual(['another.com', 'news-example.com']);
    expect(await names('example', { stance: 'blocks_training' })).toEqual(['news-example.com']);
    // LIKE's wildcards are plain text here.
    expect(await names('x_a')).toEqual(['ex_ample.test']);
    expect(await names('e%a')).toEqual([]);
    expect(await names('nothing-like-this')).toEqual([]);
    expect(await names('"x')).toEqual([]);
    // Text no name can hold matches nothing; it must not reach the index (FTS5, pg_trgm) as a broken query.
    expect(await names('ex\0ample')).toEqual([]);
    expect(await names('exa\0')).toEqual([]);
    const page = await b.store.records.search({ q: 'example', limit: 2, offset: 0 });
    expect(page.has_more).toBe(true);
    expect(page.results[0]).toEqual({
      domain: 'example.org',
      stance: 'no_policy',
      detail: 'no_ai_rules',
      ranklist_rank: 3,
    });
    const last = await b.store.records.search({ q: 'example', limit: 2, offset: 2 });
    expect(last).toMatchObject({ has_more: false, limit: 2, offset: 2 });
    expect(last.results.map((r) => r.domain)).toEqual(['shop.example.net']);
  });

  it('"record stored" is published after the crawl commits, to this process and (PostgreSQL) to every other', async () => {
    const heard: string[] = [];
    const off = b.store.records.onRecordStored((d) => heard.push(d));
    const other = backend === 'postgres' ? await b.openAnother() : undefined;
    const elsewhere: Array<string | undefined> = [];
    other?.records.onRecordStored((d) => void other.records.summary(d).then((s) => elsewhere.push(s?.value.domain)));
    await storeGood(b.store, 'heard.test', T0);
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['heard.test']);
    if (other) await expect.poll(() => elsewhere, { timeout: 5_000 }).toEqual(['heard.test']);
    off();
    await storeGood(b.store, 'heard.test', T0 + 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual(['heard.test']);
  });
});

describe('PostgreSQL schema versions', () => {
  it('a second start is a no-op; a database newer than the program is refused with a message saying so', async () => {
    const db = await createTestDatabase();
    const log = createLogger('t', 'silent');
    try {
      const [one, two] = await Promise.all([openPgStore(db.url, { log }), openPgStore(db.url, { log })]);
      expect((await one.pool.query('SELECT version FROM lens_schema')).rows).toEqual([{ version: PG_SCHEMA_VERSION }]);
      await one.pool.query('UPDATE lens_schema SET version = version + 1');
      await Promise.all([one.close(), two.close()]);
      const refused = openPgStore(db.url, { log });
      await expect(refused).rejects.toBeInstanceOf(SchemaTooNewError);
      await expect(refused).rejects.toThrow(
        `DATABASE_URL: the PostgreSQL database "${db.name}" has schema version ${PG_SCHEMA_VERSION + 1}, newer than this program's ${PG_SCHEMA_VERSION}`,
      );
    } finally {
      await db.drop();
    }
  });

  it('a database that does not answer is a clear error', async () => {
    await expect(
      openPgStore('postgres://postgres@127.0.0.1:1/none', { log: createLogger('t', 'silent') }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});

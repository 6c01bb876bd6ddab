/**
 * A failed crawl is not a policy (docs/policy.md section 8, issue 10 item 2), in the real
 * SQLite store: a failure after a good crawl keeps the good record and its time, is kept as an
 * audit with its cause and as the record's last check, and is retried after 10 min, 1 h, 6 h,
 * then on the normal refresh; a domain without a record stores the failed record and is
 * retried the same way. The service puts the last check into every answer's basis.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Evidence, FetchResult } from '../../../proxy/analysis/evidence.js';
import { RETRY_DELAYS_MS } from '../../../proxy/service/api.js';
import { crawlFailure } from '../../../proxy/service/crawl-failure.js';
import { createLookupService } from '../../../proxy/service/lookup-service.js';
import { PRIORITY } from '../../../proxy/service/store/registry-store.js';
import { openSqliteStore, type SqliteStore } from '../../../proxy/service/store/sqlite/open.js';
import type { Domain } from '../../../shared/domain.js';
import { DomainPolicyFoundSchema, FullRecordSchema } from '../../../shared/schemas.js';
import { classification, evidence, storeFailed } from '../../helpers/crawls.js';

const T0 = Date.parse('2026-01-15T12:00:00.000Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();

describe('failed checks in the registry', () => {
  let dir: string;
  let reg: SqliteStore;
  const good = (domain: string, ms: number) =>
    reg.records.storeCrawl({
      evidence: evidence(domain, at(ms), 'User-agent: GPTBot\nDisallow: /\n'),
      classification: classification(domain, at(ms), {
        detail: 'blocks_training',
        use_cases: { training: 'blocked' },
        blocked: ['GPTBot'],
        basis: true,
      }),
      nowMs: ms,
      failure: null,
      retryDelaysMs: RETRY_DELAYS_MS,
    });
  const failed = (domain: string, ms: number, cause?: string) => storeFailed(reg, domain, ms, cause);
  const job = (domain: string) =>
    reg.db.prepare('SELECT state, priority, run_after FROM jobs WHERE domain = ?').get(domain) as
      { state: string; priority: number; run_after: number } | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-failed-'));
    reg = openSqliteStore(dir);
  });
  afterEach(async () => {
    await reg.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a failure after a good crawl keeps the good record and its time; the failure is an audit with its cause and the last check', async () => {
    const first = await good('a.test', T0);
    const cause = 'robots.txt: server error (HTTP 503)';
    const f = await failed('a.test', T0 + DAY, cause);
    expect(f).toMatchObject({ current: false, nextRetryMs: T0 + DAY + 600_000 });
    expect(f.record.auditId).toBe(first.auditId);

    const read = (await reg.records.summary('a.test'))!;
    expect(read.value).toEqual(first.record.summary);
    expect(read.value).toMatchObject({ detail: 'blocks_training', last_updated: at(T0) });
    expect(read).toMatchObject({ lastCrawledMs: T0, checkedMs: T0 + DAY });
    expect(read.lastCheck).toEqual({ failedAt: at(T0 + DAY), cause, nextRetry: at(T0 + DAY + 600_000) });
    expect((await reg.records.full('a.test'))!.value.audit_id).toBe(first.auditId);
    expect((await reg.records.announced('a.test'))!.value.audit_id).toBe(first.auditId);

    const audits = await reg.records.audits('a.test');
    expect(audits.map((a) => [a.auditId, a.failure])).toEqual([
      [first.auditId, null],
      [f.auditId, cause],
    ]);
    expect(job('a.test')).toEqual({ state: 'retrying', priority: PRIORITY.refresh, run_after: T0 + DAY + 600_000 });
    expect(await reg.queue.counts()).toEqual({ queued: 0, running: 0, retrying: 1 });
    // The announced surface indexes policies: a kept failure changes none of it.
    expect((await reg.preview.history('a.test'))!.crawls).toBe(1);
    expect((await reg.preview.stats(T0 + DAY)).by_stance.blocks_training.domains).toBe(1);
  });

  it('retries after 10 min, 1 h and 6 h, then waits for the normal refresh; a good crawl ends the failures', async () => {
    await good('b.test', T0);
    let t = T0 + 1_000;
    for (const delay of RETRY_DELAYS_MS) {
      expect((await failed('b.test', t)).nextRetryMs).toBe(t + delay);
      expect(job('b.test')).toMatchObject({ state: 'retrying', run_after: t + delay });
      t += delay;
    }
    const fourth = await failed('b.test', t);
    expect(fourth.nextRetryMs).toBeNull();
    expect(job('b.test')).toBeUndefined();
    expect((await reg.records.summary('b.test'))!.lastCheck).toEqual({
      failedAt: at(t),
      cause: 'timed out',
      nextRetry: null,
    });
    // The normal refresh counts from the last check, not from the good crawl days before.
    expect(await reg.queue.enqueueStale(t, 10, t, 100)).toBe(0);
    expect(await reg.queue.enqueueStale(t + 1, 10, t, 100)).toBe(1);

    const ok = await good('b.test', t + 2);
    expect(ok).toMatchObject({ current: true, nextRetryMs: null, lastCheck: null });
    const read = (await reg.records.summary('b.test'))!;
    expect(read).toMatchObject({ lastCheck: null, lastCrawledMs: t + 2 });
    expect(job('b.test')).toBeUndefined();
    // The backoff starts over.
    expect((await failed('b.test', t + 3)).nextRetryMs).toBe(t + 3 + RETRY_DELAYS_MS[0]!);
  });

  it('a retry is not claimed before its time, then runs at refresh priority, after interactive work', async () => {
    await good('c.test', T0);
    await failed('c.test', T0 + 1);
    const due = T0 + 1 + RETRY_DELAYS_MS[0]!;
    expect(await reg.queue.claim(due - 1)).toBeUndefined();
    expect(await reg.queue.nextRetryMs()).toBe(due);
    await reg.queue.enqueue({
      domains: ['someone-looks.test'],
      priority: PRIORITY.interactive,
      nowMs: due,
      maxQueued: 100,
    });
    expect((await reg.queue.claim(due))?.domain).toBe('someone-looks.test');
    expect(await reg.queue.claim(due)).toEqual({ domain: 'c.test', attempts: 1 });
  });

  it('a domain with no earlier record stores the failed record and is retried on the same backoff', async () => {
    const f = await failed('new.test', T0);
    expect(f).toMatchObject({ current: true, nextRetryMs: T0 + RETRY_DELAYS_MS[0]! });
    expect(await reg.records.summary('new.test')).toMatchObject({ value: { detail: 'unreachable' }, lastCheck: null });
    expect(job('new.test')).toMatchObject({ state: 'retrying', run_after: T0 + RETRY_DELAYS_MS[0]! });
    // A second failure replaces the failed record (nothing better to keep) and backs off further.
    const again = await failed('new.test', T0 + 600_000);
    expect(again).toMatchObject({ current: true, nextRetryMs: T0 + 600_000 + RETRY_DELAYS_MS[1]! });
    expect((await reg.records.summary('new.test'))!.value.last_updated).toBe(at(T0 + 600_000));
    // The site answers: its policy replaces the failure; a later failure keeps that policy.
    const ok = await good('new.test', T0 + DAY);
    expect(ok.current).toBe(true);
    expect((await reg.records.summary('new.test'))!.value.detail).toBe('blocks_training');
    expect((await failed('new.test', T0 + 2 * DAY)).current).toBe(false);
    expect((await reg.records.summary('new.test'))!.value.detail).toBe('blocks_training');
  });

  it('every answer of the service carries basis.last_check; an answer whose latest check is good carries null', async () => {
    const service = createLookupService({
      store: reg,
      crawler: { crawl: () => Promise.reject(new Error('not used')) },
      workers: false,
    });
    await good('d.test', T0);
    await failed('d.test', T0 + DAY, 'the connection was refused');
    await good('e.test', T0);
    const lastCheck = {
      failed_at: at(T0 + DAY),
      cause: 'the connection was refused',
      next_retry: at(T0 + DAY + 600_000),
    };
    const summary = DomainPolicyFoundSchema.parse(await service.lookup('d.test' as Domain));
    expect(summary).toMatchObject({ detail: 'blocks_training', last_updated: at(T0) });
    expect(summary.basis?.last_check).toEqual(lastCheck);
    const full = FullRecordSchema.parse(await service.full('d.test' as Domain));
    expect(full.basis?.last_check).toEqual(lastCheck);
    expect(DomainPolicyFoundSchema.parse(await service.lookup('e.test' as Domain)).basis?.last_check).toBeNull();
    await service.close();
  });
});

describe('which crawls are failed checks', () => {
  const base = evidence('x.test', at(T0), 'User-agent: *\nDisallow:\n');
  const failedFetch = (reason: Extract<FetchResult, { kind: 'failed' }>['reason'], message = ''): FetchResult => ({
    kind: 'failed',
    url: 'https://x.test/',
    reason,
    message,
    elapsedMs: 1,
  });
  const with_ = (patch: Partial<Evidence>): Evidence => ({ ...base, ...patch });
  const status = (n: number): FetchResult => ({
    ...(base.robots as Extract<FetchResult, { kind: 'response' }>),
    status: n,
  });

  it.each([
    ['a homepage that timed out', with_({ homepage: failedFetch('timeout', 'no answer in 10 s') }), 'ok', 'timed out'],
    [
      'a refused connection',
      with_({ homepage: failedFetch('connect', 'ECONNREFUSED: connect ECONNREFUSED') }),
      'ok',
      'the connection was refused',
    ],
    [
      'a reset connection',
      with_({ homepage: failedFetch('connect', 'ECONNRESET: socket hang up') }),
      'ok',
      'the connection was reset',
    ],
    [
      'a DNS failure',
      with_({ homepage: failedFetch('dns', 'x.test did not resolve') }),
      'ok',
      'the name did not resolve (DNS)',
    ],
    ['robots.txt answering 503', with_({ robots: status(503) }), 'error', 'robots.txt: server error (HTTP 503)'],
    ['robots.txt timing out', with_({ robots: failedFetch('timeout') }), 'unreachable', 'robots.txt: timed out'],
  ] as const)('%s is a failed check', (_name, e, robots, cause) => {
    expect(crawlFailure(e, robots)).toEqual({ cause });
  });

  it.each([
    ['a good crawl', base, 'ok'],
    ['robots.txt refused with 403 (the site’s answer)', with_({ robots: status(403) }), 'blocked'],
    ['robots.txt missing', with_({ robots: status(404) }), 'missing'],
    [
      'an address the SSRF guard refused',
      with_({
        homepage: { kind: 'refused', url: 'https://x.test/', reason: '10.0.0.1 is private' },
        robots: { kind: 'refused', url: 'https://x.test/robots.txt', reason: '10.0.0.1 is private' },
      }),
      'unreachable',
    ],
    [
      'a redirect loop (the next try meets it again)',
      with_({ robots: failedFetch('too_many_redirects') }),
      'unreachable',
    ],
  ] as const)('%s is not', (_name, e, robots) => {
    expect(crawlFailure(e, robots)).toBeNull();
  });
});

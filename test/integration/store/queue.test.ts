/**
 * The storage port's crawl queue, the same tests on SQLite (its own queue table and
 * in-process workers) and PostgreSQL (pg-boss): one job per domain, priorities and promotion,
 * the cap and each client's budget, "check again", the refresh sweep, and work(): jobs run in
 * priority order, end in the transaction that stores the crawl, and a crawl that throws runs again.
 */
import { describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS } from '../../../proxy/service/api.js';
import { systemClock } from '../../../proxy/lib/clock.js';
import { createLogger } from '../../../proxy/lib/logger.js';
import { PRIORITY, type EnqueueRequest, type RegistryStore } from '../../../proxy/service/store/registry-store.js';
import { classification, evidence, storeFailed, storeGood } from '../../helpers/crawls.js';
import { BACKENDS, useBackend } from './backends.js';

const log = createLogger('queue-test', 'silent');
const one = async (
  s: RegistryStore,
  domain: string,
  priority: EnqueueRequest['priority'],
  extra: Partial<EnqueueRequest> = {},
) => (await s.queue.enqueue({ domains: [domain], priority, nowMs: Date.now(), maxQueued: 1_000, ...extra }))[0];

/** Stores a good crawl of `domain` now, as a worker does at the end of its job. */
const crawlNow = (s: RegistryStore, domain: string) => {
  const at = new Date().toISOString();
  return s.records.storeCrawl({
    evidence: evidence(domain, at, 'User-agent: *\nDisallow:'),
    classification: classification(domain, at, { detail: 'no_ai_rules' }),
    nowMs: Date.now(),
    failure: null,
    retryDelaysMs: RETRY_DELAYS_MS,
  });
};

describe.each(BACKENDS)('crawl queue (%s)', (backend) => {
  const b = useBackend(backend);

  it('one job per domain; a domain stored meanwhile is not queued again at lookup or batch priority', async () => {
    expect(await one(b.store, 'a.com', PRIORITY.interactive)).toBe('added');
    expect(await one(b.store, 'a.com', PRIORITY.interactive)).toBe('queued');
    expect(await one(b.store, 'a.com', PRIORITY.refresh)).toBe('queued');
    const out = await b.store.queue.enqueue({
      domains: ['a.com', 'b.com', 'c.com'],
      priority: PRIORITY.batch,
      nowMs: Date.now(),
      maxQueued: 1_000,
    });
    expect(out).toEqual(['queued', 'added', 'added']);
    expect(await b.store.queue.counts()).toEqual({ queued: 3, running: 0, retrying: 0 });
    await storeGood(b.store, 'known.com', Date.now());
    expect(await one(b.store, 'known.com', PRIORITY.interactive)).toBe('queued');
    expect(await one(b.store, 'known.com', PRIORITY.batch)).toBe('queued');
    expect(await one(b.store, 'known.com', PRIORITY.refresh)).toBe('added');
  });

  it('the cap refuses new jobs while that many wait; each client has a budget of new domains a minute', async () => {
    const out = await b.store.queue.enqueue({
      domains: ['1.com', '2.com', '3.com'],
      priority: PRIORITY.batch,
      nowMs: Date.now(),
      maxQueued: 2,
    });
    expect(out).toEqual(['added', 'added', 'full']);
    const nowMs = Date.now();
    const budget = { client: 'key-1', perMinute: 2 };
    expect(
      await b.store.queue.enqueue({
        domains: ['x.com', 'y.com', 'z.com'],
        priority: PRIORITY.batch,
        nowMs,
        maxQueued: 100,
        budget,
      }),
    ).toEqual(['added', 'added', 'over_budget']);
    expect(await one(b.store, 'z.com', PRIORITY.interactive, { nowMs, budget })).toBe('over_budget');
    expect(
      await one(b.store, 'z.com', PRIORITY.interactive, { nowMs, budget: { client: 'key-2', perMinute: 2 } }),
    ).toBe('added');
    // A new minute, a new budget.
    expect(await one(b.store, 'w.com', PRIORITY.interactive, { nowMs: nowMs + 60_000, budget })).toBe('added');
  });

  it('runs jobs in priority order (a batch item looked up is promoted); a job ends when its crawl is stored', async () => {
    expect(await one(b.store, 'refresh.com', PRIORITY.refresh)).toBe('added');
    expect(await one(b.store, 'batch.com', PRIORITY.batch)).toBe('added');
    expect(await one(b.store, 'promoted.com', PRIORITY.batch)).toBe('added');
    expect(await one(b.store, 'lookup.com', PRIORITY.interactive)).toBe('added');
    expect(await one(b.store, 'promoted.com', PRIORITY.interactive)).toBe('queued');
    const order: string[] = [];
    const runner = await b.store.queue.work(async (d) => void (order.push(d), await crawlNow(b.store, d)), {
      concurrency: 1,
      log,
      clock: systemClock,
    });
    try {
      runner.kick();
      await runner.idle();
      // Lookups first (SQLite keeps a promoted job's place in the line, pg-boss sends it again), then batch, then refresh.
      expect(order.slice(0, 2).sort()).toEqual(['lookup.com', 'promoted.com']);
      expect(order.slice(2)).toEqual(['batch.com', 'refresh.com']);
      expect(await b.store.queue.counts()).toEqual({ queued: 0, running: 0, retrying: 0 });
      expect((await b.store.records.counts()).domains).toBe(4);
      // Ended: asking for the domain again at refresh priority adds a new job.
      expect(await one(b.store, 'lookup.com', PRIORITY.refresh)).toBe('added');
    } finally {
      await runner.stop();
    }
  });

  it("clients take turns within a priority: one client's backlog delays another's lookup by a round, not by the backlog", async () => {
    const nowMs = Date.now();
    const queue = (client: string, domains: string[], priority: EnqueueRequest['priority'] = PRIORITY.interactive) =>
      b.store.queue.enqueue({ domains, priority, nowMs, maxQueued: 1_000, client });
    const many = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}.com`);
    await queue('program-1', many('p1', 20));
    await queue('program-2', many('p2', 20));
    // One at a time, as a program's lookups arrive.
    for (const d of many('p3', 5)) await queue('program-3', [d]);
    await queue('program-1', many('p1-batch', 3), PRIORITY.batch);
    await queue('extension', ['ext.com']);
    const order: string[] = [];
    const runner = await b.store.queue.work(async (d) => void (order.push(d), await crawlNow(b.store, d)), {
      concurrency: 1,
      log,
      clock: systemClock,
    });
    try {
      runner.kick();
      await runner.idle();
    } finally {
      await runner.stop();
    }
    // One job of each client waiting, then the next round: the extension's one comes within the first round.
    expect(order.slice(0, 4).sort()).toEqual(['ext.com', 'p1-0.com', 'p2-0.com', 'p3-0.com']);
    expect(order.slice(4, 7).sort()).toEqual(['p1-1.com', 'p2-1.com', 'p3-1.com']);
    // Each client's own jobs stay in the order it queued them; batch work after every lookup.
    const own = (prefix: string) => order.filter((d) => d.startsWith(`${prefix}-`) && !d.includes('batch'));
    expect(own('p1')).toEqual(many('p1', 20));
    expect(order.slice(-3)).toEqual(many('p1-batch', 3));
    expect(order).toHaveLength(49);
  }, 60_000);

  it('a crawl that throws runs again; one that keeps throwing is given up after three attempts', async () => {
    expect(await one(b.store, 'flaky.com', PRIORITY.interactive)).toBe('added');
    expect(await one(b.store, 'broken.com', PRIORITY.interactive)).toBe('added');
    const attempts = new Map<string, number>();
    const runner = await b.store.queue.work(
      async (d) => {
        const n = (attempts.get(d) ?? 0) + 1;
        attempts.set(d, n);
        if (d === 'broken.com' || n === 1) throw new Error('crawler bug');
        await crawlNow(b.store, d);
      },
      { concurrency: 2, log, clock: systemClock },
    );
    try {
      runner.kick();
      // pg-boss waits its retry delay (5 s, then about 10 s) between attempts.
      await expect.poll(() => attempts.get('broken.com'), { timeout: 40_000, interval: 200 }).toBe(3);
      await expect
        .poll(async () => (await b.store.records.summary('flaky.com')) !== undefined, { timeout: 20_000 })
        .toBe(true);
      await expect
        .poll(async () => (await b.store.queue.counts()).queued + (await b.store.queue.counts()).running, {
          timeout: 20_000,
        })
        .toBe(0);
      await new Promise((r) => setTimeout(r, backend === 'postgres' ? 1_500 : 100));
      expect(attempts.get('broken.com')).toBe(3);
      expect(attempts.get('flaky.com')).toBe(2);
    } finally {
      await runner.stop();
    }
  }, 60_000);

  it('"check again": refused within a minute of the last check or request, else queued ahead of bulk work', async () => {
    const now = Date.now();
    await storeGood(b.store, 'r.com', now - 30_000);
    const opts = { nowMs: now, minIntervalMs: 60_000, maxQueued: 100 };
    expect(await b.store.queue.recheck('r.com', opts)).toEqual({ kind: 'too_soon', retryAfterMs: 30_000 });
    expect(await b.store.queue.recheck('r.com', { ...opts, nowMs: now + 30_000 })).toEqual({ kind: 'queued' });
    expect(await b.store.queue.recheck('r.com', { ...opts, nowMs: now + 40_000 })).toEqual({
      kind: 'too_soon',
      retryAfterMs: 50_000,
    });
    expect(await b.store.queue.recheck('new.com', { ...opts, budget: { client: 'k', perMinute: 0 } })).toMatchObject({
      kind: 'over_budget',
    });
    expect(await b.store.queue.recheck('new.com', { ...opts, maxQueued: 1 })).toEqual({ kind: 'full' });
    // A domain waiting at refresh priority is checked next.
    expect(await one(b.store, 'bulk.com', PRIORITY.batch)).toBe('added');
    expect(await one(b.store, 'waiting.com', PRIORITY.refresh, { nowMs: now - 120_000 })).toBe('added');
    expect(await b.store.queue.recheck('waiting.com', opts)).toEqual({ kind: 'queued' });
    const order: string[] = [];
    const runner = await b.store.queue.work(async (d) => void (order.push(d), await crawlNow(b.store, d)), {
      concurrency: 1,
      log,
      clock: systemClock,
    });
    try {
      runner.kick();
      await runner.idle();
      expect(order.slice(0, 2).sort()).toEqual(['r.com', 'waiting.com']);
      expect(order[2]).toBe('bulk.com');
    } finally {
      await runner.stop();
    }
  });

  it('the refresh sweep queues each stale record once', async () => {
    const now = Date.now();
    await storeGood(b.store, 'old.com', now - 10 * 86_400_000);
    await storeGood(b.store, 'new.com', now);
    const cutoff = now - 7 * 86_400_000;
    expect(await b.store.queue.enqueueStale(cutoff, 100, now, 1_000)).toBe(1);
    expect(await b.store.queue.enqueueStale(cutoff, 100, now, 1_000)).toBe(0);
    expect((await b.store.queue.counts()).queued).toBe(1);
  });

  it("tells each domain's job: queued, running, or a failed check waiting for its retry; none once stored", async () => {
    const now = Date.now();
    expect(await one(b.store, 'wait.com', PRIORITY.batch)).toBe('added');
    expect(await one(b.store, 'run.com', PRIORITY.interactive)).toBe('added');
    await storeFailed(b.store, 'down.com', now);
    await storeGood(b.store, 'done.com', now);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const runner = await b.store.queue.work(
      async (d) => {
        started();
        await held;
        await crawlNow(b.store, d);
      },
      { concurrency: 1, log, clock: systemClock },
    );
    try {
      runner.kick();
      await running;
      const jobs = await b.store.queue.jobs(['wait.com', 'run.com', 'down.com', 'done.com', 'never.com']);
      expect(jobs.get('run.com')).toEqual({ state: 'running', runAfterMs: null });
      expect(jobs.get('wait.com')).toEqual({ state: 'queued', runAfterMs: null });
      expect(jobs.get('down.com')?.state).toBe('retrying');
      // docs/policy.md section 8: the first retry 10 minutes after the failed check.
      expect(Math.abs(jobs.get('down.com')!.runAfterMs! - (now + RETRY_DELAYS_MS[0]!))).toBeLessThan(2_000);
      expect(jobs.has('done.com')).toBe(false);
      expect(jobs.has('never.com')).toBe(false);
      release();
      await runner.idle();
      expect((await b.store.queue.jobs(['run.com', 'wait.com'])).size).toBe(0);
      expect(await b.store.queue.jobs([])).toEqual(new Map());
    } finally {
      release();
      await runner.stop();
    }
  });
});

/**
 * The bounded crawl queue (issue 12 item 2): interactive lookups before batch items before
 * refreshes; a per-client budget of new domains a minute that batches cannot exceed; a cap that
 * answers 503 queue_full with retry_after. Real crawler, fixture farm, SQLite store, HTTP app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../proxy/lib/clock.js';
import type { Domain } from '../../../shared/domain.js';
import { ErrorObjectSchema } from '../../../shared/schemas.js';
import { text } from '../../fixtures/farm.js';
import { homepage } from '../../fixtures/stance-sites.js';
import { until } from '../../helpers/until.js';
import { startHarness, type Harness } from './harness.js';

const d = (s: string) => s as Domain;
const hanging = { routes: {}, fallback: { ...text('late'), delayMs: 60_000 } };

describe('10,000 new domains from one client', () => {
  let h: Harness;
  const BULK = Array.from({ length: 10_000 }, (_, i) => d(`b${String(i).padStart(5, '0')}.bulk.test`));

  beforeAll(async () => {
    // One worker, and a budget large enough that the whole bulk really is queued.
    h = await startHarness({ crawlConcurrency: 1, queueLimits: { maxQueued: 50_000, newPerClientPerMinute: 20_000 } });
    h.farm.set('urgent.test', {
      routes: { '/': homepage('Urgent'), '/robots.txt': text('User-agent: GPTBot\nDisallow: /\n') },
    });
  });
  afterAll(() => h.close());

  /**
   * Looks `domain` up as a browser would and returns the bulk domains whose crawl was claimed
   * after the lookup was queued and started before the domain's own crawl (the farm records
   * requests in order). A crawl already running when the lookup was queued may finish first:
   * that is the one crawl it may wait for (one worker).
   */
  async function bulkCrawlsStartedBefore(domain: Domain): Promise<string[]> {
    const before = new Set(h.farm.requests.map((r) => r.host));
    const mark = h.farm.requests.length;
    await h.service.lookup(domain, { client: 'browser' });
    const running = h.db
      .prepare(`SELECT domain FROM jobs WHERE state = 'running' AND domain != ?`)
      .pluck()
      .all(domain) as string[];
    expect(running.length).toBeLessThanOrEqual(1);
    expect(await h.service.whenAnalysed(domain, 30_000)).toBe(true);
    const after = h.farm.requests.slice(mark);
    const first = after.findIndex((r) => r.host === domain);
    expect(first).toBeGreaterThanOrEqual(0);
    return [...new Set(after.slice(0, first).map((r) => r.host))].filter(
      (host) => !before.has(host) && !running.includes(host),
    );
  }

  it('queues them all at batch priority, in batches of 500 as the embedded gateway sends them', async () => {
    for (let i = 0; i < BULK.length; i += 500) {
      const r = await h.service.batch(BULK.slice(i, i + 500), { client: 'bulk-client' });
      expect(r.domains.length + r.not_found.length).toBe(500);
    }
    const s = await h.service.status();
    expect(s.queued + s.crawling + s.domains).toBeGreaterThanOrEqual(BULK.length);
    expect(s.queued).toBeGreaterThan(BULK.length - 2_000);
  });

  it('an interactive lookup waits for at most the crawl already running (one worker), not behind the bulk', async () => {
    // The worker is busy with bulk crawls the whole time.
    await until(() => (h.farm.requests.some((r) => r.host.endsWith('.bulk.test')) ? true : undefined), 10_000);
    expect(await bulkCrawlsStartedBefore(d('urgent.test'))).toEqual([]);
    expect(await h.service.lookup(d('urgent.test'))).toMatchObject({ found: true, bots: { blocked: ['GPTBot'] } });
  });

  it('a batch item someone then looks up is promoted ahead of the rest of the bulk', async () => {
    const last = BULK[BULK.length - 1]!;
    expect(h.db.prepare('SELECT priority FROM jobs WHERE domain = ?').pluck().get(last)).toBe(1);
    expect(await bulkCrawlsStartedBefore(last)).toEqual([]);
    const s = await h.service.status();
    expect(s.queued).toBeGreaterThan(5_000);
  });
});

describe('queue cap and per-client budget', () => {
  const clock = new ManualClock(Date.UTC(2026, 4, 4, 10, 0, 10));
  let h: Harness;
  let key: string;
  const inRegistry = async (names: string[]) => {
    let n = 0;
    for (const name of names) if (await h.service.store.records.summary(name)) n++;
    return n;
  };
  const jobs = () =>
    h.db.prepare('SELECT domain, priority FROM jobs ORDER BY priority, seq').all() as Array<{
      domain: string;
      priority: number;
    }>;

  beforeAll(async () => {
    h = await startHarness({ clock, crawlConcurrency: 1, queueLimits: { maxQueued: 20, newPerClientPerMinute: 5 } });
    key = await h.key();
  });
  afterAll(() => h.close());

  it('a batch queues no more than the key’s budget of new domains a minute; the rest stay in not_found, not queued', async () => {
    const first = Array.from({ length: 25 }, (_, i) => `first-${i}.test`);
    const res = await h.post('/v1/batch', { domains: first }, key);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { not_found: string[] }).not_found).toEqual(first);
    await h.service.idle();
    // The first five were queued and crawled (the farm answers 421 for them: stored, not lost).
    expect(await inRegistry(first.slice(0, 5))).toBe(5);
    expect(await inRegistry(first.slice(5))).toBe(0);
    expect(jobs()).toEqual([]);

    // Same minute: nothing more for this key, on either surface.
    const more = Array.from({ length: 10 }, (_, i) => `more-${i}.test`);
    await h.post('/preview/v1/policy/batch', { domains: more }, key);
    expect(jobs()).toEqual([]);

    // Another key has its own budget.
    const other = await h.key();
    await h.post('/v1/batch', { domains: more }, other);
    await h.service.idle();
    expect(await inRegistry(more)).toBe(5);

    // The next minute, the first key may queue again; what is in the registry is answered from it.
    clock.advance(60_000);
    const again = await h.post('/v1/batch', { domains: first }, key);
    const body = (await again.json()) as { domains: Array<{ domain: string }>; not_found: string[] };
    expect(body.domains.map((x) => x.domain)).toEqual(first.slice(0, 5));
    await h.service.idle();
    expect(await inRegistry(first.slice(5, 10))).toBe(5);
    expect(await inRegistry(first.slice(10))).toBe(0);
  });

  it('an interactive lookup past the budget is still queued, behind interactive ones', async () => {
    clock.advance(60_000);
    // Keep the one worker busy so the jobs stay visible.
    h.farm.set('stuck-1.test', hanging);
    expect(await (await h.get('/v1/domain/stuck-1.test', key)).json()).toMatchObject({ queued: true });
    await until(() => (h.farm.requests.some((r) => r.host === 'stuck-1.test') ? true : undefined), 5_000);
    for (let i = 0; i < 6; i++) {
      expect(await (await h.get(`/v1/domain/look-${i}.test`, key)).json()).toEqual({
        domain: `look-${i}.test`,
        found: false,
        queued: true,
      });
    }
    // stuck-1 and look-0..3 used the budget of 5; look-4 and look-5 wait behind interactive work.
    expect(jobs().filter((j) => j.domain.startsWith('look-'))).toEqual([
      { domain: 'look-0.test', priority: 0 },
      { domain: 'look-1.test', priority: 0 },
      { domain: 'look-2.test', priority: 0 },
      { domain: 'look-3.test', priority: 0 },
      { domain: 'look-4.test', priority: 1 },
      { domain: 'look-5.test', priority: 1 },
    ]);
    await h.service.idle();
  });

  it('a full queue answers 503 queue_full with retry_after; batches still answer, without queueing', async () => {
    clock.advance(60_000);
    h.farm.set('stuck-2.test', hanging);
    const client = { client: 'filler' };
    await h.service.lookup(d('stuck-2.test'), client);
    await until(() => (h.farm.requests.some((r) => r.host === 'stuck-2.test') ? true : undefined), 5_000);
    // Fill the queue to its cap of 20 (several callers, so no budget stops it).
    for (let i = 0; i < 20; i++) await h.service.lookup(d(`fill-${i}.test`), { client: `filler-${i}` });
    expect((await h.service.status()).queued).toBe(20);

    const res = await h.get('/v1/domain/one-too-many.test', key);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(ErrorObjectSchema.parse(await res.json())).toMatchObject({ error: 'queue_full', retry_after: 60 });
    expect((await h.get('/preview/v1/policy/one-too-many.test', key)).status).toBe(503);
    // Asked again, a queued domain is still answered as queued.
    expect(await (await h.get('/v1/domain/fill-3.test', key)).json()).toEqual({
      domain: 'fill-3.test',
      found: false,
      queued: true,
    });

    const batch = await h.post('/v1/batch', { domains: ['first-0.test', 'not-now.test'] }, key);
    expect(batch.status).toBe(200);
    expect(await batch.json()).toMatchObject({ domains: [{ domain: 'first-0.test' }], not_found: ['not-now.test'] });
    expect(jobs().some((j) => j.domain === 'not-now.test')).toBe(false);
    expect((await h.service.status()).queued).toBe(20);
  });
});

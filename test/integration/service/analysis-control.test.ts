/**
 * The analysis controls (shared/api.ts AnalysisControl) through the service and the gateway's
 * embedded source, and RFC 7240 `Prefer: wait=N` on GET /v1/domain/{domain}: waiting is driven
 * by the store's "record stored" event, "Check again" queues a check now at most once a minute
 * per domain. Real crawler, fixture sites, SQLite store and HTTP app; an injected clock for the
 * minute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../proxy/lib/clock.js';
import { EmbeddedSource } from '../../../proxy/upstream/embedded-source.js';
import type { Domain } from '../../../shared/domain.js';
import { text } from '../../fixtures/farm.js';
import { homepage } from '../../fixtures/stance-sites.js';
import { startHarness, type Harness } from './harness.js';

const d = (s: string) => s as Domain;
const site = (robots: string, delayMs = 0) => ({
  routes: { '/': homepage('Site'), '/robots.txt': { ...text(robots), delayMs } },
});

describe('whenAnalysed, recheck and Prefer: wait', () => {
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 9, 0, 0));
  let h: Harness;
  let key: string;
  const jobOf = (domain: string) =>
    h.db.prepare('SELECT state, priority FROM jobs WHERE domain = ?').get(domain) as
      { state: string; priority: number } | undefined;

  beforeAll(async () => {
    h = await startHarness({ clock, crawlConcurrency: 2 });
    key = await h.key();
  });
  afterAll(() => h.close());

  it('whenAnalysed: true at once for a known domain, true the moment a queued one is stored, false on timeout or abort', async () => {
    h.farm.set('known.test', site('User-agent: *\nDisallow: /x\n'));
    await h.service.analyseNow(d('known.test'));
    expect(await h.service.whenAnalysed(d('known.test'), 0)).toBe(true);

    // A crawl that takes about 300 ms, waited for with a 20 s budget: it resolves when the record is stored.
    h.farm.set('soon.test', site('User-agent: GPTBot\nDisallow: /\n', 300));
    await h.service.lookup(d('soon.test'));
    const started = Date.now();
    expect(await h.service.whenAnalysed(d('soon.test'), 20_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await h.service.lookup(d('soon.test'))).toMatchObject({ found: true });

    expect(await h.service.whenAnalysed(d('never-asked.test'), 50)).toBe(false);
    const abort = new AbortController();
    const waiting = h.service.whenAnalysed(d('never-asked.test'), 20_000, abort.signal);
    abort.abort();
    expect(await waiting).toBe(false);
  });

  it('the embedded source offers the same controls', async () => {
    const source = new EmbeddedSource(h.service, false);
    expect(await source.whenAnalysed(d('known.test'), 0)).toBe(true);
    h.farm.set('via-source.test', site('User-agent: *\nDisallow:\n'));
    expect(await source.recheck(d('via-source.test'))).toEqual({
      domain: 'via-source.test',
      accepted: true,
      retry_after: 60,
    });
    expect(await source.whenAnalysed(d('via-source.test'), 20_000)).toBe(true);
  });

  it('recheck: a new check now, ahead of bulk work; refused for a minute after a check or a request for one', async () => {
    h.farm.set('again.test', site('User-agent: *\nDisallow:\n'));
    await h.service.analyseNow(d('again.test'));
    // Checked just now: refused, with the seconds left.
    clock.advance(15_000);
    expect(await h.service.recheck(d('again.test'))).toEqual({
      domain: 'again.test',
      accepted: false,
      retry_after: 45,
    });
    clock.advance(45_000);
    h.farm.set('again.test', site('User-agent: GPTBot\nDisallow: /\n'));
    expect(await h.service.recheck(d('again.test'))).toEqual({ domain: 'again.test', accepted: true, retry_after: 60 });
    // Asked again at once: the check it queued counts.
    expect((await h.service.recheck(d('again.test'))).accepted).toBe(false);
    await h.service.idle();
    expect(await h.service.lookup(d('again.test'))).toMatchObject({ found: true, bots: { blocked: ['GPTBot'] } });

    // Over HTTP: 202 when queued, 200 with Retry-After when refused.
    clock.advance(61_000);
    const res = await h.post('/v1/domain/again.test/recheck', '', key);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ domain: 'again.test', accepted: true, retry_after: 60 });
    const refused = await h.post('/v1/domain/again.test/recheck', '', key);
    expect(refused.status).toBe(200);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({ domain: 'again.test', accepted: false, retry_after: 60 });
    expect((await h.post('/v1/domain/bad_domain/recheck', '', key)).status).toBe(400);
    await h.service.idle();
  });

  it('recheck makes a waiting batch job or retry run next, at interactive priority', async () => {
    h.farm.set('in-batch.test', site('User-agent: *\nDisallow:\n', 200));
    // Both workers busy, so the batch job waits.
    h.farm.set('busy-1.test', site('User-agent: *\nDisallow:\n', 1_000));
    h.farm.set('busy-2.test', site('User-agent: *\nDisallow:\n', 1_000));
    await h.service.lookup(d('busy-1.test'));
    await h.service.lookup(d('busy-2.test'));
    await h.service.batch([d('in-batch.test'), d('known.test')]);
    expect(jobOf('in-batch.test')).toEqual({ state: 'queued', priority: 1 });
    clock.advance(61_000);
    expect((await h.service.recheck(d('in-batch.test'))).accepted).toBe(true);
    expect(jobOf('in-batch.test')).toEqual({ state: 'queued', priority: 0 });
    await h.service.idle();
  });

  it('Prefer: wait=N waits for the first analysis and says so; without it the seed answer is unchanged', async () => {
    h.farm.set('wait-for-me.test', site('User-agent: CCBot\nDisallow: /\n', 200));
    const res = await h.get('/v1/domain/wait-for-me.test', key, { prefer: 'wait=10' });
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('wait=10');
    expect(res.headers.get('vary')).toMatch(/prefer/i);
    expect(await res.json()).toMatchObject({ domain: 'wait-for-me.test', found: true, bots: { blocked: ['CCBot'] } });

    h.farm.set('no-wait.test', site('User-agent: *\nDisallow:\n', 200));
    const plain = await h.get('/v1/domain/no-wait.test', key);
    expect(plain.headers.get('preference-applied')).toBeNull();
    expect(await plain.json()).toEqual({ domain: 'no-wait.test', found: false, queued: true });

    // A site slower than the wait: the answer comes after the wait, still queued. N is capped at 10.
    h.farm.set('too-slow.test', { routes: {}, fallback: { ...text('late'), delayMs: 1_800 } });
    const t0 = Date.now();
    const slow = await h.get('/v1/domain/too-slow.test', key, { prefer: 'respond-async, wait=1' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(slow.headers.get('preference-applied')).toBe('wait=1');
    expect(await slow.json()).toEqual({ domain: 'too-slow.test', found: false, queued: true });
    h.farm.set('capped.test', site('User-agent: *\nDisallow:\n'));
    expect(
      (await h.get('/v1/domain/capped.test', key, { prefer: 'wait=3600' })).headers.get('preference-applied'),
    ).toBe('wait=10');
    // A known domain answers at once: nothing to wait for.
    expect(
      (await h.get('/v1/domain/known.test', key, { prefer: 'wait=5' })).headers.get('preference-applied'),
    ).toBeNull();
    // Not a wait preference: ignored.
    expect(
      (await h.get('/v1/domain/other-pref.test', key, { prefer: 'wait=soon' })).headers.get('preference-applied'),
    ).toBeNull();
    await h.service.idle();
  });
});

/**
 * The queue through the service object: an unknown domain is enqueued once however often it is
 * looked up, the pool crawls it once, and a record older than REFRESH_DAYS is served while it
 * is re-crawled in the background, once. History comes from the stored crawls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../proxy/lib/clock.js';
import type { Domain } from '../../../shared/domain.js';
import { text } from '../../fixtures/farm.js';
import { homepage } from '../../fixtures/stance-sites.js';
import { startHarness, type Harness } from './harness.js';

const d = (s: string) => s as Domain;

describe('queue and refresh', () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 10, 8, 0, 0));
  let h: Harness;
  const queuedOrCrawling = async () => {
    const s = await h.service.status();
    return s.queued + s.crawling;
  };
  const robotsFetches = (host: string) =>
    h.farm.requests.filter((r) => r.host === host && r.path === '/robots.txt').length;

  beforeAll(async () => {
    h = await startHarness({ clock, refreshDays: 7, crawlConcurrency: 2 });
    for (const host of ['one.test', 'two.test', 'three.test', 'four.test', 'changing.test']) {
      h.farm.set(host, {
        routes: { '/': homepage(host), '/robots.txt': text('User-agent: *\nDisallow: /private/\n') },
      });
    }
  });
  afterAll(() => h.close());

  it('many lookups of unknown domains: each queued once, crawled once, by a bounded pool', async () => {
    for (let i = 0; i < 20; i++) {
      for (const host of ['one.test', 'two.test', 'three.test', 'four.test']) {
        expect(await h.service.lookup(d(host))).toEqual({ domain: host, found: false, queued: true });
      }
    }
    const s = await h.service.status();
    expect(s.crawling).toBeLessThanOrEqual(2);
    expect(s.queued + s.crawling).toBe(4);
    await h.service.idle();
    for (const host of ['one.test', 'two.test', 'three.test', 'four.test']) expect(robotsFetches(host)).toBe(1);
    expect(await h.service.status()).toMatchObject({ domains: 4, audits: 4, queued: 0, crawling: 0, workers: 2 });
  });

  it('a record older than REFRESH_DAYS is served and re-crawled in the background, once', async () => {
    await h.service.lookup(d('changing.test'));
    await h.service.idle();
    const first = await h.service.lookup(d('changing.test'));
    expect(first).toMatchObject({ found: true, detail: 'no_ai_rules' });

    clock.advance(6 * 86_400_000);
    expect(await h.service.lookup(d('changing.test'))).toEqual(first);
    expect(await queuedOrCrawling()).toBe(0);

    h.farm.set('changing.test', {
      routes: { '/': homepage('changed'), '/robots.txt': text('User-agent: GPTBot\nDisallow: /\n') },
    });
    clock.advance(2 * 86_400_000);
    for (let i = 0; i < 5; i++) expect(await h.service.lookup(d('changing.test'))).toEqual(first);
    expect(await h.service.full(d('changing.test'))).toMatchObject({ policy_detail: 'no_ai_rules' });
    expect(await queuedOrCrawling()).toBe(1);
    await h.service.idle();
    expect(robotsFetches('changing.test')).toBe(2);
    const refreshed = await h.service.lookup(d('changing.test'));
    expect(refreshed).toMatchObject({ found: true, bots: { blocked: ['GPTBot'] } });
    expect((await h.service.status()).queued).toBe(0);

    const history = await h.service.history(d('changing.test'));
    expect(history).toMatchObject({ domain: 'changing.test', crawls: 2 });
    if (!('entries' in history)) throw new Error('history expected');
    expect(history.entries).toHaveLength(2);
    expect(history.entries[0]!.changes.join(' ')).toMatch(/GPTBot/);
    expect(await h.service.history(d('never.test'))).toEqual({ domain: 'never.test', found: false, queued: true });
  });

  it('analyseNow crawls at once, outside the queue, and returns the stored full record', async () => {
    const full = await h.service.analyseNow(d('one.test'));
    expect(full).toMatchObject({
      domain: 'one.test',
      id: expect.any(Number),
      audit_id: expect.stringMatching(/^aud_/),
    });
    expect(await h.service.full(d('one.test'))).toEqual(full);
    expect(await h.service.policy(d('one.test'))).toMatchObject({ audit_id: full.audit_id });
    expect(robotsFetches('one.test')).toBe(2);
  });

  it('the announced surface, too, serves a stale record and re-crawls it in the background, once', async () => {
    const key = await h.key();
    clock.advance(8 * 86_400_000);
    const before = (await (await h.get('/preview/v1/policy/two.test', key)).json()) as {
      domain: string;
      audit_id: string;
    };
    expect(before).toMatchObject({ domain: 'two.test', audit_id: expect.stringMatching(/^aud_/) });
    expect(await (await h.get('/preview/v1/policy/two.test/score', key)).json()).toMatchObject({ domain: 'two.test' });
    expect(await queuedOrCrawling()).toBe(1);
    await h.service.idle();
    expect(robotsFetches('two.test')).toBe(2);
    expect(await h.service.policy(d('two.test'))).not.toMatchObject({ audit_id: before.audit_id });
  });
});

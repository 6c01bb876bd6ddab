/**
 * A failed crawl is not a policy, end to end (docs/policy.md section 8, issue 10 item 2):
 * the real crawler against fixture sites that fail (server errors, timeouts, dropped
 * connections), the real SQLite store and HTTP app. Retry delays are shortened to a fraction of
 * a second (the service's own are 10 min, 1 h, 6 h); everything else is as in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS } from '../../../proxy/service/api.js';
import type { Domain } from '../../../shared/domain.js';
import { DomainPolicyFoundSchema, FullRecordSchema } from '../../../shared/schemas.js';
import { text } from '../../fixtures/farm.js';
import { homepage } from '../../fixtures/stance-sites.js';
import { classification, evidence } from '../../helpers/crawls.js';
import { until } from '../../helpers/until.js';
import { startHarness, type Harness } from './harness.js';

const RETRIES = [400, 800, 1_200];
const d = (s: string) => s as Domain;
const site = (robots: string) => ({ routes: { '/': homepage('A Site'), '/robots.txt': text(robots) } });
const failing503 = { routes: { '/': homepage('A Site'), '/robots.txt': text('Service Unavailable', {}, 503) } };

describe('failed checks through the service', () => {
  let h: Harness;
  let key: string;
  const audits = (domain: string) => h.service.store.records.audits(domain);
  const jobState = (domain: string) =>
    (h.db.prepare('SELECT state FROM jobs WHERE domain = ?').pluck().get(domain) as string | undefined) ?? 'none';
  const json = async (path: string) => (await h.get(path, key)).json() as Promise<Record<string, unknown>>;
  /** Polls through the service object: a key's 200 requests a minute are not for waiting loops. */
  const lookup = async (domain: string) => (await h.service.lookup(d(domain))) as Record<string, unknown>;

  beforeAll(async () => {
    h = await startHarness({
      retryDelaysMs: RETRIES,
      crawler: { timeouts: { connectMs: 500, requestMs: 800, domainMs: 3_000 } },
    });
    key = await h.key();
  });
  afterAll(() => h.close());

  it('a server error after a good crawl keeps the good record; the retry stores the recovered site', async () => {
    h.farm.set('flaky.test', site('User-agent: GPTBot\nDisallow: /\n'));
    await json('/v1/domain/flaky.test');
    await h.service.idle();
    const good = DomainPolicyFoundSchema.parse(await json('/v1/domain/flaky.test'));
    const goodFull = FullRecordSchema.parse(await json('/v1/domain/flaky.test/full'));
    expect(good.bots.blocked).toContain('GPTBot');

    h.farm.set('flaky.test', failing503);
    await h.service.analyseNow(d('flaky.test'));
    const kept = DomainPolicyFoundSchema.parse(await json('/v1/domain/flaky.test'));
    expect(kept).toMatchObject({ detail: good.detail, last_updated: good.last_updated, bots: good.bots });
    expect(FullRecordSchema.parse(await json('/v1/domain/flaky.test/full')).audit_id).toBe(goodFull.audit_id);
    const afterFailure = await audits('flaky.test');
    expect(afterFailure.map((a) => a.failure)).toEqual([null, 'robots.txt: server error (HTTP 503)']);
    expect(jobState('flaky.test')).toBe('retrying');

    // The retry comes by itself, at the backoff's first step; the site answers again by then.
    h.farm.set('flaky.test', site('User-agent: CCBot\nDisallow: /\n'));
    const recovered = await until(async () => {
      const r = DomainPolicyFoundSchema.parse(await lookup('flaky.test'));
      return r.last_updated !== good.last_updated ? r : undefined;
    }, 10_000);
    expect(recovered.bots.blocked).toContain('CCBot');
    expect((await audits('flaky.test')).map((a) => a.failure)).toEqual([
      null,
      'robots.txt: server error (HTTP 503)',
      null,
    ]);
    expect(jobState('flaky.test')).toBe('none');
  });

  it('every answer carries basis.last_check: when the check failed, why, and when it is retried', async () => {
    // A good record with a basis, as classify() gives one (stored a day ago).
    const then = new Date(Date.now() - 86_400_000).toISOString();
    await h.service.store.records.storeCrawl({
      evidence: evidence('slow-now.test', then, 'User-agent: GPTBot\nDisallow: /\n'),
      classification: classification('slow-now.test', then, {
        detail: 'blocks_training',
        use_cases: { training: 'blocked' },
        blocked: ['GPTBot'],
        basis: true,
      }),
      nowMs: Date.parse(then),
      failure: null,
      retryDelaysMs: RETRY_DELAYS_MS,
    });
    // Now the site answers nothing in time.
    h.farm.set('slow-now.test', { routes: {}, fallback: { ...text('late'), delayMs: 5_000 } });
    const before = Date.now();
    await h.service.analyseNow(d('slow-now.test'));
    const summary = DomainPolicyFoundSchema.parse(await json('/v1/domain/slow-now.test'));
    expect(summary).toMatchObject({ detail: 'blocks_training', last_updated: then });
    const check = summary.basis?.last_check;
    expect(check).toMatchObject({ cause: 'timed out' });
    expect(Date.parse(check!.failed_at)).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(check!.next_retry!) - Date.parse(check!.failed_at)).toBeGreaterThanOrEqual(RETRIES[0]!);
    expect(FullRecordSchema.parse(await json('/v1/domain/slow-now.test/full')).basis?.last_check).toEqual(check);
    h.farm.set('slow-now.test', site('User-agent: GPTBot\nDisallow: /\n'));
  });

  it('a domain with no earlier record stores the failed record, and is retried on the same backoff until it answers', async () => {
    h.farm.set('down.test', { routes: {}, fallback: { drop: true } });
    expect(await json('/v1/domain/down.test')).toEqual({ domain: 'down.test', found: false, queued: true });
    await h.service.idle();
    expect(await json('/v1/domain/down.test')).toMatchObject({ found: true, detail: 'unreachable' });
    expect(jobState('down.test')).toBe('retrying');
    // Still down at the first retry: a second failed record, and a longer wait.
    await until(async () => ((await audits('down.test')).length >= 2 ? true : undefined), 10_000);
    h.farm.set('down.test', site('User-agent: *\nDisallow: /\n'));
    const back = await until(async () => {
      const r = await lookup('down.test');
      return r.detail !== 'unreachable' ? r : undefined;
    }, 10_000);
    expect(back).toMatchObject({ found: true, detail: 'wildcard_block' });
    expect((await audits('down.test')).map((a) => a.failure === null)).toEqual([false, false, true]);
  });

  it('after the last backoff step a failing domain waits for the normal refresh', async () => {
    h.farm.set('gone.test', { routes: {}, fallback: { drop: true } });
    await lookup('gone.test');
    await until(async () => ((await audits('gone.test')).length >= RETRIES.length + 1 ? true : undefined), 15_000);
    // Three retries after the first failure, then nothing until the refresh.
    await new Promise((r) => setTimeout(r, RETRIES[RETRIES.length - 1]! + 500));
    expect(await audits('gone.test')).toHaveLength(RETRIES.length + 1);
    expect(jobState('gone.test')).toBe('none');
  });
});

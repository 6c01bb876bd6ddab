/**
 * Held reads and "Check again" in remote mode against a seed-only upstream (the fault upstream:
 * it neither honours `Prefer: wait` nor has a recheck endpoint). The gateway passes the
 * preference on once, learns it is not honoured, then polls on a backoff as spare pacing calls:
 * one wait per domain however many browsers wait, never past its pacing, never a 429. A found
 * answer drops the queued ones cached for the domain. "Check again" on such an upstream drops
 * the domain's answers so the next read asks it again, once a minute per domain.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainPolicyFoundSchema } from '../../../shared/schemas.js';
import { startFaultUpstream, type FaultUpstream } from '../../fixtures/fault-upstream.js';
import { CLIENT, EXT_ORIGIN, startTestGateway, type TestGateway } from './helpers.js';
import { json } from '../../helpers/json.js';

const KEY = `sk-test-${randomBytes(16).toString('hex')}`;
let up: FaultUpstream;
let gw: TestGateway | undefined;

beforeEach(async () => {
  up = await startFaultUpstream({ apiKey: KEY, unknown: ['new.test', 'many.test', 'scarce.test', 'later.test'] });
});
afterEach(async () => {
  await gw?.close();
  gw = undefined;
  await up.close();
});

async function gateway(env: Record<string, string> = {}): Promise<TestGateway> {
  gw = await startTestGateway(
    { UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: KEY, ...env },
    { ttl: { queuedMs: 60_000 }, remote: { backoff: { baseMs: 5, capMs: 20 } } },
  );
  return gw;
}

const held = (g: TestGateway, path: string, waitS = 10) => g.get(path, { prefer: `wait=${waitS}` });
const lookupsOf = (d: string) => up.requests.filter((r) => r.path === `/v1/domain/${d}`);
const after = (ms: number, run: () => void) => setTimeout(run, ms);

describe('held reads over a seed-only upstream', () => {
  it('polls for a queued domain and answers the moment a poll finds it; a queued answer is then never served', async () => {
    const g = await gateway();
    // A queued /full answer cached for a minute, as a non-waiting reader left it.
    expect(await json(await g.get('/v1/domain/new.test/full'))).toMatchObject({ found: false, queued: true });
    after(600, () => up.unknown.delete('new.test'));
    const started = Date.now();
    const res = await held(g, '/v1/domain/new.test');
    const elapsed = Date.now() - started;
    expect(DomainPolicyFoundSchema.parse(await json(res)).domain).toBe('new.test');
    expect(res.headers.get('preference-applied')).toBe('wait=10');
    // Found within one poll interval (at most 2 s) of the upstream having it.
    expect(elapsed).toBeGreaterThanOrEqual(600);
    expect(elapsed).toBeLessThan(600 + 2_000 + 300);
    // The preference was passed on once; without Preference-Applied back, the rest were polls.
    const calls = lookupsOf('new.test');
    // (The wait left after the first lookup, in whole seconds.)
    expect(calls.filter((c) => c.prefer !== undefined).map((c) => c.prefer)).toEqual([
      expect.stringMatching(/^wait=(9|10)$/),
    ]);
    expect(calls.length).toBeLessThanOrEqual(2 + 6);
    // The queued /full answer was dropped when the lookup said found.
    const full = await g.get('/v1/domain/new.test/full');
    expect((await json(full)).found).not.toBe(false);
  });

  it('makes one wait for many browsers waiting on one domain', async () => {
    const g = await gateway();
    after(800, () => up.unknown.delete('many.test'));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => held(g, '/v1/domain/many.test').then((r) => json(r))),
    );
    expect(answers.every((a) => (a.found as unknown) === true)).toBe(true);
    // One first lookup, then one poller's calls: a handful, not twenty browsers' worth.
    expect(lookupsOf('many.test').length).toBeLessThanOrEqual(1 + 7);
  });

  it('polls only with spare pacing: never past half the window, never a 429, and lookups still get through', async () => {
    await up.close();
    up = await startFaultUpstream({ apiKey: KEY, unknown: ['scarce.test'], limit: { perWindow: 6, windowMs: 60_000 } });
    const g = await gateway({ UPSTREAM_PER_MINUTE: '6' });
    const res = await held(g, '/v1/domain/scarce.test', 3);
    expect(await json(res)).toEqual({ domain: 'scarce.test', found: false, queued: true });
    // 1 lookup + at most 3 spare calls (half of 6): the rest of the wait found no slot to spare.
    expect(lookupsOf('scarce.test').length).toBeLessThanOrEqual(4);
    expect(up.limited).toBe(0);
    // The other half of the window is still there for lookups.
    const other = await g.get('/v1/domain/someone-else.test');
    expect(other.status).toBe(200);
    await other.arrayBuffer();
    expect(up.limited).toBe(0);
  });
});

describe('Check again over a seed-only upstream', () => {
  const recheck = (g: TestGateway, d: string) =>
    fetch(`${g.url}/v1/domain/${d}/recheck`, { method: 'POST', headers: { ...CLIENT, origin: EXT_ORIGIN } });

  it('drops the cached answers so the next read asks the upstream, once a minute per domain', async () => {
    const g = await gateway();
    await (await g.get('/v1/domain/seen.test')).arrayBuffer();
    await (await g.get('/v1/domain/seen.test')).arrayBuffer();
    expect(lookupsOf('seen.test')).toHaveLength(1);
    const asked = await recheck(g, 'seen.test');
    expect(asked.status).toBe(202);
    expect(await json(asked)).toEqual({ domain: 'seen.test', accepted: true, retry_after: 60 });
    expect(up.requests.filter((r) => r.path === '/v1/domain/seen.test/recheck')).toHaveLength(1);
    const next = await g.get('/v1/domain/seen.test');
    expect(next.headers.get('x-cache')).toBe('MISS');
    await next.arrayBuffer();
    expect(lookupsOf('seen.test')).toHaveLength(2);

    const refused = await recheck(g, 'seen.test');
    expect(refused.status).toBe(200);
    const body = await json(refused);
    expect(body).toMatchObject({ domain: 'seen.test', accepted: false });
    expect(body.retry_after).toBeGreaterThan(50);
    expect(Number(refused.headers.get('retry-after'))).toBe(body.retry_after);
    // The upstream's missing endpoint is remembered: another domain's check does not ask it again.
    expect((await recheck(g, 'other.test')).status).toBe(202);
    expect(up.requests.filter((r) => r.path.endsWith('/recheck'))).toHaveLength(1);
  });
});

/**
 * The gateway in remote mode against a fault-injecting upstream on 127.0.0.1
 * (test/fixtures/fault-upstream.ts): retries, timeouts, validation, 429 handling, pacing,
 * single-flight, batch chunking, stale serving, warm restarts, and the key never leaving.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BatchResultSchema,
  DomainPolicySchema,
  ErrorObjectSchema,
  FullRecordSchema,
  AnnouncedRecordSchema,
  ScoreResponseSchema,
  HistoryResponseSchema,
  SearchResultSchema,
} from '../../../shared/schemas.js';
import { startFaultUpstream, type FaultUpstream } from '../../fixtures/fault-upstream.js';
import { dump, startTestGateway, tempDir, type TestGateway } from './helpers.js';
import type { StartOptions } from '../../../proxy/gateway/start.js';
import type { Json } from '../../helpers/json.js';

const KEY = `sk-test-${randomBytes(16).toString('hex')}`;
const FAST_RETRY: StartOptions['remote'] = { backoff: { baseMs: 5, capMs: 20 } };

let up: FaultUpstream;
let gw: TestGateway | undefined;
const seen: string[] = [];

async function gateway(
  env: Record<string, string> = {},
  opts: StartOptions = {},
  dataDir?: string,
): Promise<TestGateway> {
  gw = await startTestGateway(
    { UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: KEY, ...env },
    { remote: FAST_RETRY, ...opts },
    dataDir,
  );
  return gw;
}

/** Reads a response, remembering everything in it for the leak scan. */
async function read(res: Response): Promise<{ status: number; headers: Headers; body: Json }> {
  const text = await dump(res.clone());
  seen.push(text);
  const raw = await res.text();
  return { status: res.status, headers: res.headers, body: (raw === '' ? undefined : JSON.parse(raw)) as Json };
}

beforeEach(async () => {
  up = await startFaultUpstream({ apiKey: KEY, unknown: ['queued.test'] });
});
afterEach(async () => {
  if (gw) {
    seen.push(...gw.logs);
    await gw.close();
    gw = undefined;
  }
  await up.close();
});

describe('remote source through the gateway', () => {
  it('fetches a miss once, sends the key only as a Bearer header, then serves hits and 304s', async () => {
    const g = await gateway();
    const first = await read(await g.get('/v1/domain/one.test'));
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(DomainPolicySchema.parse(first.body).domain).toBe('one.test');
    const second = await read(await g.get('/v1/domain/one.test'));
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.body).toEqual(first.body);
    const etag = second.headers.get('etag')!;
    const cond = await g.get('/v1/domain/one.test', { 'if-none-match': etag });
    expect(cond.status).toBe(304);
    expect(up.requests).toHaveLength(1);
    expect(up.requests[0]!.authorization).toBe(`Bearer ${KEY}`);
    expect(up.requests[0]!.path).toBe('/v1/domain/one.test');
  });

  it('makes one upstream call for 50 concurrent misses of one domain (single-flight)', async () => {
    const g = await gateway();
    const answers = await Promise.all(Array.from({ length: 50 }, () => g.get('/v1/domain/popular.test').then(read)));
    expect(answers.every((a) => a.status === 200 && (a.body.domain as unknown) === 'popular.test')).toBe(true);
    expect(up.requests).toHaveLength(1);
  });

  it('serves every mirrored read endpoint with the seed shapes', async () => {
    const g = await gateway();
    FullRecordSchema.parse((await read(await g.get('/v1/domain/a.test/full'))).body);
    AnnouncedRecordSchema.parse((await read(await g.get('/preview/v1/policy/a.test'))).body);
    ScoreResponseSchema.parse((await read(await g.get('/preview/v1/policy/a.test/score'))).body);
    HistoryResponseSchema.parse((await read(await g.get('/preview/v1/domain/a.test/history'))).body);
    SearchResultSchema.parse((await read(await g.get('/v1/search?q=ab&limit=5'))).body);
    const queued = await read(await g.get('/v1/domain/queued.test'));
    expect(queued.body).toEqual({ domain: 'queued.test', found: false, queued: true });
    expect(up.requests.map((r) => r.path)).toEqual([
      '/v1/domain/a.test/full',
      '/preview/v1/policy/a.test',
      '/preview/v1/policy/a.test/score',
      '/preview/v1/domain/a.test/history',
      '/v1/search',
      '/v1/domain/queued.test',
    ]);
  });

  it('asks again for a queued domain once its short lifetime is over', async () => {
    const g = await gateway({}, { ttl: { queuedMs: 150 } });
    up.unknown.add('later.test');
    expect((await read(await g.get('/v1/domain/later.test'))).body.found).toBe(false);
    expect((await read(await g.get('/v1/domain/later.test'))).headers.get('x-cache')).toBe('HIT');
    up.unknown.delete('later.test');
    await new Promise((r) => setTimeout(r, 200));
    const now = await read(await g.get('/v1/domain/later.test'));
    expect(now.body.found).toBe(true);
    expect(now.headers.get('x-cache')).toBe('MISS');
    expect(up.requests).toHaveLength(2);
  });

  it('retries 5xx and dropped connections with backoff, then succeeds', async () => {
    const g = await gateway();
    up.next({ kind: 'status', status: 500 }, { kind: 'drop' });
    const r = await read(await g.get('/v1/domain/flaky.test'));
    expect(r.status).toBe(200);
    expect(up.requests).toHaveLength(3);
  });

  it('gives up after 3 attempts with 502 upstream_error when nothing is cached', async () => {
    const g = await gateway();
    up.always({ kind: 'status', status: 503 });
    const r = await read(await g.get('/v1/domain/down.test'));
    expect(r.status).toBe(502);
    expect(ErrorObjectSchema.parse(r.body).error).toBe('upstream_error');
    expect(up.requests).toHaveLength(3);
    // Errors are not cached: the next request asks again.
    up.always(null);
    expect((await read(await g.get('/v1/domain/down.test'))).status).toBe(200);
  });

  it.each([
    ['malformed JSON', { kind: 'malformed' } as const],
    ['JSON that breaks the schema', { kind: 'invalid' } as const],
  ])('answers %s with 502 upstream_error, without retrying', async (_name, fault) => {
    const g = await gateway();
    up.next(fault);
    const r = await read(await g.get('/v1/domain/bad.test'));
    expect(r.status).toBe(502);
    expect(r.body.error).toBe('upstream_error');
    expect(up.requests).toHaveLength(1);
  });

  it('times out a slow upstream (each attempt) and answers 503 upstream_unavailable', async () => {
    const g = await gateway({ UPSTREAM_TIMEOUT_MS: '200' });
    up.always({ kind: 'slow', delayMs: 3_000 });
    const started = Date.now();
    const r = await read(await g.get('/v1/domain/slow.test'));
    expect(r.status).toBe(503);
    expect(r.body.error).toBe('upstream_unavailable');
    expect(up.requests).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('keeps the upstream 4xx status and code, and hides a refused key behind 502', async () => {
    const g = await gateway();
    up.next({ kind: 'status', status: 400, body: { error: 'invalid_domain', message: 'That is not a domain.' } });
    const r = await read(await g.get('/v1/domain/odd.test'));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: 'invalid_domain', message: 'That is not a domain.' });
    await g.close();
    gw = undefined;
    const wrong = await startTestGateway({ UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: `${KEY}-wrong` });
    gw = wrong;
    const refused = await read(await wrong.get('/v1/domain/odd.test'));
    expect(refused.status).toBe(502);
    expect(refused.body.error).toBe('upstream_error');
    expect(refused.body.message).toMatch(/UPSTREAM_API_KEY/);
    expect(JSON.stringify(refused.body)).not.toContain(KEY);
    // The operator is told, once, in the log (never the key itself).
    await read(await wrong.get('/v1/domain/odd2.test'));
    const said = wrong.logs.filter((l) => l.includes('refused the API key'));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/UPSTREAM_API_KEY/);
    expect(said[0]).toMatch(/"level":50/);
  });

  it('names an oversized upstream answer as such, without retrying it', async () => {
    const g = await gateway({}, { remote: { ...FAST_RETRY, maxBodyBytes: 10_000 } });
    up.next({ kind: 'huge', bytes: 20_000 });
    const r = await read(await g.get('/v1/domain/big.test'));
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ error: 'upstream_error' });
    expect(r.body.message).toMatch(/larger than 10 KiB/);
    expect(up.requests).toHaveLength(1);
    expect(g.logs.some((l) => l.includes('upstream answer too large'))).toBe(true);
    expect(g.logs.some((l) => l.includes('unreachable'))).toBe(false);
    const text = await (await g.get('/metrics')).text();
    expect(text).toMatch(/gateway_upstream_calls_total\{outcome="too_large"\} 1/);
  });

  it('after a 429 waits retry_after before calling again, and answers 503 with retry_after', async () => {
    const g = await gateway();
    up.next({ kind: 'rate_limit', retryAfter: 30 });
    const r = await read(await g.get('/v1/domain/first.test'));
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ error: 'upstream_unavailable', retry_after: 30 });
    expect(r.headers.get('retry-after')).toBe('30');
    const other = await read(await g.get('/v1/domain/second.test'));
    expect(other.status).toBe(503);
    expect(other.body.retry_after).toBeGreaterThanOrEqual(29);
    expect(up.requests).toHaveLength(1);
    const status = await read(await g.get('/status'));
    expect(status.body.upstream?.quota?.pausedUntil).toBeGreaterThan(Date.now() + 25_000);
    expect(status.body.upstream?.quota?.limitMinute).toBe(200);
  });

  it('tries again after a short retry_after that fits the queue wait', async () => {
    const g = await gateway();
    up.next({ kind: 'rate_limit', retryAfter: 1 });
    const started = Date.now();
    const r = await read(await g.get('/v1/domain/brief.test'));
    expect(r.status).toBe(200);
    expect(up.requests).toHaveLength(2);
    expect(up.requests[1]!.at - up.requests[0]!.at).toBeGreaterThanOrEqual(990);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
  });

  it('serves a stale answer, marked, while refreshing and when the upstream fails', async () => {
    const g = await gateway({}, { ttl: { foundMs: 150 } });
    expect((await read(await g.get('/v1/domain/kept.test'))).headers.get('x-cache')).toBe('MISS');
    await new Promise((r) => setTimeout(r, 200));
    up.always({ kind: 'status', status: 500 });
    const during = await read(await g.get('/v1/domain/kept.test'));
    expect(during.status).toBe(200);
    expect(during.headers.get('x-cache')).toBe('STALE');
    expect(during.body.domain).toBe('kept.test');
    // The background refresh fails (3 attempts); the old copy is then served marked with why.
    await new Promise((r) => setTimeout(r, 300));
    const after = await read(await g.get('/v1/domain/kept.test'));
    expect(after.headers.get('x-cache')).toBe('STALE');
    expect(after.headers.get('x-stale-reason')).toBe('upstream_error');
    expect(after.headers.get('warning')).toMatch(/^111/);
    expect(up.requests).toHaveLength(4);
  });

  it('starts warm after a restart, and serves an expired disk copy stale when the upstream is down', async () => {
    const dir = tempDir('gw-restart-');
    let g = await gateway({}, { ttl: { foundMs: 86_400_000 } }, dir.path);
    await read(await g.get('/v1/domain/warm.test'));
    await g.close();
    gw = undefined;
    g = await gateway({}, {}, dir.path);
    const warm = await read(await g.get('/v1/domain/warm.test'));
    expect(warm.headers.get('x-cache')).toBe('HIT');
    expect(up.requests).toHaveLength(1);
    await g.close();

    // A short lifetime this time, so the disk copy is expired at the next start.
    g = await gateway({}, { ttl: { foundMs: 100 } }, dir.path);
    await read(await g.get('/v1/domain/cold.test'));
    await g.close();
    await new Promise((r) => setTimeout(r, 150));
    up.always({ kind: 'rate_limit', retryAfter: 7 });
    g = await gateway({}, {}, dir.path);
    const stale = await read(await g.get('/v1/domain/cold.test'));
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-cache')).toBe('STALE');
    expect(stale.headers.get('x-stale-reason')).toBe('upstream_unavailable');
    expect(stale.body.domain).toBe('cold.test');
    await g.close();
    gw = undefined;
    dir.remove();
  });

  it('answers a batch from the cache and fetches only the misses, in chunks of at most 25', async () => {
    const g = await gateway();
    const names = Array.from({ length: 60 }, (_, i) => `b${i}.test`);
    await read(await g.get('/v1/domain/b0.test'));
    up.requests.length = 0;
    const r = await read(await g.post('/v1/batch', { domains: [...names, 'queued.test', 'B1.test'] }));
    expect(r.status).toBe(200);
    const body = BatchResultSchema.parse(r.body);
    expect(body.domains.map((d) => d.domain)).toEqual(names);
    expect(body.not_found).toEqual(['queued.test']);
    expect(r.headers.get('x-cache')).toBe('MISS');
    const sizes = up.requests
      .map((q) => (JSON.parse(q.body) as { domains: string[] }).domains.length)
      .sort((a, b) => b - a);
    expect(sizes).toEqual([25, 25, 10]);
    up.requests.length = 0;
    const again = await read(await g.post('/v1/compare', { domains: [...names.slice(0, 30), 'extra.test'] }));
    expect(again.body.domains).toHaveLength(31);
    // The one miss went through the single lookup.
    expect(up.requests.map((q) => q.path)).toEqual(['/v1/domain/extra.test']);
    up.requests.length = 0;
    const cached = await read(await g.post('/v1/batch', { domains: names.slice(10, 20) }));
    expect(cached.headers.get('x-cache')).toBe('HIT');
    expect(up.requests).toHaveLength(0);
  });

  it('paces upstream calls: a burst beyond the limit queues and never draws a 429', async () => {
    await up.close();
    up = await startFaultUpstream({ apiKey: KEY, limit: { perWindow: 5, windowMs: 1_000 } });
    const g = await gateway({ UPSTREAM_PER_MINUTE: '5' }, { remote: { ...FAST_RETRY, windowMs: 1_100 } });
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => g.get(`/v1/domain/p${i}.test`).then(read)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(up.limited).toBe(0);
    expect(up.requests).toHaveLength(12);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  });

  it('fails fast with retry_after when the next slot is beyond UPSTREAM_MAX_QUEUE_MS', async () => {
    const g = await gateway({ UPSTREAM_PER_MINUTE: '3', UPSTREAM_MAX_QUEUE_MS: '0' });
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => g.get(`/v1/domain/f${i}.test`).then(read)));
    const refused = answers.filter((a) => a.status === 503);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.body.retry_after).toBeGreaterThan(50);
    expect(up.requests).toHaveLength(3);
  });

  it('reports features.preview as the upstream offers it: probed once, then known', async () => {
    await gateway();
    const on = await read(await gw!.get('/status'));
    expect(on.body.features).toMatchObject({ preview: true, history: true });
    await read(await gw!.get('/status'));
    expect(up.requests.filter((r) => r.path.startsWith('/preview/')).map((r) => r.path)).toEqual(['/preview/v1/stats']);
    await gw!.close();
    gw = undefined;

    await up.close();
    up = await startFaultUpstream({ apiKey: KEY, preview: false });
    await gateway();
    const off = await read(await gw!.get('/status'));
    expect(off.body.features).toMatchObject({ preview: false, history: false, search: true });
    expect((await read(await gw!.get('/preview/v1/policy/p.test'))).status).toBe(404);
    await read(await gw!.get('/status'));
    expect(up.requests.filter((r) => r.path.startsWith('/preview/')).map((r) => r.path)).toEqual([
      '/preview/v1/stats',
      '/preview/v1/policy/p.test',
    ]);
  });

  it('learns that the surface is offered from a preview call after an outage hid it', async () => {
    up.always({ kind: 'status', status: 503 });
    await gateway();
    expect((await read(await gw!.get('/status'))).body.features?.preview).toBe(false);
    up.always(null);
    expect((await read(await gw!.get('/preview/v1/policy/p.test'))).status).toBe(200);
    expect((await read(await gw!.get('/status'))).body.features?.preview).toBe(true);
  });

  it('exposes upstream outcomes and cache figures in /metrics', async () => {
    const g = await gateway();
    up.next({ kind: 'status', status: 500 });
    await read(await g.get('/v1/domain/m.test'));
    await read(await g.get('/v1/domain/m.test'));
    const text = await (await g.get('/metrics')).text();
    seen.push(text);
    expect(text).toMatch(/gateway_upstream_calls_total\{outcome="server_error"\} 1/);
    expect(text).toMatch(/gateway_upstream_calls_total\{outcome="ok"\} 1/);
    expect(text).toMatch(/gateway_cache_lookups_total\{result="hit"\} 1/);
    expect(text).toMatch(/gateway_upstream_quota_remaining\{window="minute"\} \d+/);
    expect(text).toMatch(/gateway_request_duration_seconds_count\{route="lookup"\} 2/);
  });

  it('never shows the key in any response header, body or log line seen above', () => {
    expect(seen.length).toBeGreaterThan(50);
    const leaks = seen.filter((s) => s.includes(KEY) || s.includes(KEY.slice(8)));
    expect(leaks).toEqual([]);
  });
});

/**
 * Per-key limits (200/minute, 10,000/day, 100,000/month) and the signup limit (3 a day per
 * address), with an injected clock: windows reset on the UTC minute, at midnight UTC and on
 * the 1st; headers on every keyed response, 429 body and Retry-After when refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../proxy/lib/clock.js';
import { ErrorObjectSchema, SignupResponseSchema } from '../../../shared/schemas.js';
import { startHarness, type Harness } from './harness.js';

const headersOf = (res: Response) => ({
  limitMinute: res.headers.get('x-ratelimit-limit-minute'),
  remainingMinute: res.headers.get('x-ratelimit-remaining-minute'),
  limitDay: res.headers.get('x-ratelimit-limit-day'),
  remainingDay: res.headers.get('x-ratelimit-remaining-day'),
  limitMonth: res.headers.get('x-ratelimit-limit-month'),
  remainingMonth: res.headers.get('x-ratelimit-remaining-month'),
});

/** Sets a key's counters as if it had made that many requests (the clock makes 10,000 real ones slow, not different). */
function setUsage(h: Harness, key: string, counts: { minute?: number; day?: number; month?: number }, at: number) {
  const id = (h.db.prepare('SELECT id FROM api_keys WHERE prefix = ?').get(key.slice(0, 12)) as { id: number }).id;
  const d = new Date(at);
  h.db
    .prepare(`INSERT OR REPLACE INTO key_usage VALUES (?, ?, ?, ?, ?, ?, ?)`)
    .run(
      id,
      Math.floor(at / 60_000) * 60_000,
      counts.minute ?? 0,
      Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()),
      counts.day ?? 0,
      Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
      counts.month ?? 0,
    );
}

describe('per-key limits', () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 31, 23, 58, 30));
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ clock });
  });
  afterAll(() => h.close());

  it('counts every keyed request, across /v1 and /preview/v1, errors included, and headers say so', async () => {
    const key = await h.key();
    const first = await h.get('/v1/search?q=example', key);
    expect(first.status).toBe(200);
    expect(headersOf(first)).toEqual({
      limitMinute: '200',
      remainingMinute: '199',
      limitDay: '10000',
      remainingDay: '9999',
      limitMonth: '100000',
      remainingMonth: '99999',
    });
    const bad = await h.get('/v1/domain/not a domain', key);
    expect(bad.status).toBe(400);
    expect(headersOf(bad).remainingMinute).toBe('198');
    const preview = await h.get('/preview/v1/stats', key);
    expect(headersOf(preview).remainingMinute).toBe('197');
    const missing = await h.get('/v1/nothing-here', key);
    expect(missing.status).toBe(404);
    expect(headersOf(missing).remainingDay).toBe('9996');
  });

  it('200 a minute, then 429 until the next minute; a refused request does not count', async () => {
    const key = await h.key();
    clock.set(Date.UTC(2026, 0, 15, 12, 0, 15));
    for (let i = 0; i < 200; i++) {
      const res = await h.get('/v1/search?q=ab', key);
      expect(res.status).toBe(200);
    }
    const refused = await h.get('/v1/search?q=ab', key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(ErrorObjectSchema.parse(await refused.json())).toEqual({
      error: 'rate_limit_exceeded',
      message: expect.stringContaining('minute'),
      retry_after: 45,
      limit_type: 'minute',
    });
    expect(headersOf(refused)).toMatchObject({ remainingMinute: '0', remainingDay: '9800', remainingMonth: '99800' });
    clock.advance(44_999);
    expect((await h.get('/v1/search?q=ab', key)).status).toBe(429);
    clock.advance(1);
    const again = await h.get('/v1/search?q=ab', key);
    expect(again.status).toBe(200);
    expect(headersOf(again)).toMatchObject({ remainingMinute: '199', remainingDay: '9799' });
  });

  it('10,000 a day, reset at midnight UTC', async () => {
    const key = await h.key();
    clock.set(Date.UTC(2026, 0, 20, 23, 59, 0));
    setUsage(h, key, { minute: 0, day: 10_000, month: 10_000 }, clock.now());
    const refused = await h.get('/v1/search?q=ab', key);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ limit_type: 'day', retry_after: 60 });
    expect(refused.headers.get('retry-after')).toBe('60');
    clock.set(Date.UTC(2026, 0, 21, 0, 0, 0));
    const next = await h.get('/v1/search?q=ab', key);
    expect(next.status).toBe(200);
    expect(headersOf(next)).toMatchObject({ remainingDay: '9999', remainingMonth: '89999' });
  });

  it('100,000 a month, reset on the 1st; the month is named even when the minute is also full', async () => {
    const key = await h.key();
    clock.set(Date.UTC(2026, 1, 27, 10, 0, 0));
    setUsage(h, key, { minute: 200, day: 5_000, month: 100_000 }, clock.now());
    const refused = await h.get('/preview/v1/stats', key);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { limit_type: string; retry_after: number };
    expect(body.limit_type).toBe('month');
    expect(body.retry_after).toBe((Date.UTC(2026, 2, 1) - clock.now()) / 1000);
    clock.set(Date.UTC(2026, 2, 1, 0, 0, 0));
    const next = await h.get('/v1/search?q=ab', key);
    expect(next.status).toBe(200);
    expect(headersOf(next)).toMatchObject({ remainingMinute: '199', remainingDay: '9999', remainingMonth: '99999' });
  });

  it('401 unauthorized for a missing, malformed or unknown key, without limit headers', async () => {
    const key = await h.key();
    for (const auth of [undefined, 'Basic abc', `Bearer ${key.slice(0, -2)}xx`, 'Bearer', `Token ${key}`]) {
      const res = await h.get('/v1/domain/example.com', undefined, auth ? { authorization: auth } : {});
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'unauthorized', message: expect.any(String) });
      expect(res.headers.get('x-ratelimit-limit-minute')).toBeNull();
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect((await h.get('/v1/search?q=ab', undefined, { authorization: `bearer ${key}` })).status).toBe(200);
  });
});

describe('signup', () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 15, 22, 0, 0));
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ clock });
  });
  afterAll(() => h.close());
  const signup = (body: unknown, ip = '203.0.113.7', headers: Record<string, string> = {}) =>
    h.post('/v1/auth/signup', body, undefined, { 'x-forwarded-for': ip, ...headers });

  it('201 with a key shown once, the e-mail and the limits; the key works', async () => {
    const res = await signup({ email: ' Ada@Example.com ' }, '198.51.100.1');
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = SignupResponseSchema.parse(await res.json());
    expect(body).toMatchObject({
      email: 'Ada@example.com',
      limits: { per_minute: 200, per_day: 10_000, per_month: 100_000 },
    });
    expect(body.api_key).toMatch(/^apl_[A-Za-z0-9_-]{43}$/);
    expect(body.message).toMatch(/once/);
    expect((await h.get('/v1/search?q=ab', body.api_key)).status).toBe(200);
    const stored = JSON.stringify(h.db.prepare('SELECT * FROM api_keys').all(), (_k, v: unknown) =>
      Buffer.isBuffer(v) ? v.toString('hex') : v,
    );
    expect(stored).not.toContain(body.api_key);
  });

  it.each([{}, { email: 'nope' }, { email: 'a@localhost' }, { email: 42 }, { email: 'a@10.0.0.1' }, []])(
    '400 invalid_email for %j',
    async (body) => {
      const res = await signup(body, '198.51.100.2');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_email', message: expect.any(String) });
    },
  );

  it('3 a day per address; the 4th is 429 day with Retry-After to midnight UTC; the next day works', async () => {
    for (let i = 0; i < 3; i++) expect((await signup({ email: `u${i}@example.com` })).status).toBe(201);
    const fourth = await signup({ email: 'u4@example.com' });
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBe(String(2 * 3600));
    expect(await fourth.json()).toEqual({
      error: 'rate_limit_exceeded',
      message: expect.any(String),
      retry_after: 7200,
      limit_type: 'day',
    });
    // Another address is not affected; the trusted hop count ignores spoofed earlier hops.
    expect((await signup({ email: 'v@example.com' }, '203.0.113.8')).status).toBe(201);
    expect((await signup({ email: 'w@example.com' }, '1.2.3.4, 203.0.113.7')).status).toBe(429);
    clock.set(Date.UTC(2026, 0, 16, 0, 0, 0));
    expect((await signup({ email: 'u5@example.com' })).status).toBe(201);
  });

  it('counts an IPv6 client per /56, so rotating addresses inside its prefix does not reset the limit', async () => {
    clock.set(Date.UTC(2026, 0, 20, 9, 0, 0));
    for (let i = 1; i <= 3; i++)
      expect((await signup({ email: `six${i}@example.com` }, `2001:db8:aa:${i}::${i}`)).status).toBe(201);
    expect((await signup({ email: 'six4@example.com' }, '2001:db8:aa:ff::9')).status).toBe(429);
    expect((await signup({ email: 'six5@example.com' }, '2001:db8:ab::1')).status).toBe(201); // another /56
  });
});

/**
 * The storage port's API keys and usage windows, the same tests on SQLite and PostgreSQL: only
 * a hash is stored, signups are counted per address and day, the three windows refuse at the
 * limit without counting the refusal, and counting is exact when many requests race for one
 * key (on PostgreSQL also through a second connection pool, as another replica would).
 */
import { describe, expect, it } from 'vitest';
import { ApiKeys } from '../../../proxy/service/auth/api-keys.js';
import { KeyUsage } from '../../../proxy/service/auth/usage.js';
import { BACKENDS, useBackend } from './backends.js';

describe.each(BACKENDS)('keys and usage (%s)', (backend) => {
  const b = useBackend(backend);

  it('stores only a hash and a display prefix; counts signups per address within the UTC day', async () => {
    const keys = new ApiKeys(b.store.keys);
    const day = Date.UTC(2026, 0, 15);
    const key = await keys.create('a@example.com', '10.0.0.1', day + 1000);
    await keys.create('b@example.com', '10.0.0.1', day + 2000);
    await keys.create('c@example.com', '10.0.0.2', day + 3000);
    const [stored] = await b.sql<Record<string, unknown>>('SELECT * FROM api_keys ORDER BY id LIMIT 1');
    expect(JSON.stringify(Object.values(stored!).map(String))).not.toContain(key.slice(4));
    expect(stored!.prefix).toBe(key.slice(0, 12));
    expect(await keys.verify(key)).toBe(Number(stored!.id));
    expect(await new ApiKeys(b.store.keys).verify(key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A'))).toBeUndefined();
    expect(await keys.signupsFrom('10.0.0.1', day)).toBe(2);
    expect(await keys.signupsFrom('10.0.0.1', day + 86_400_000)).toBe(0);
  });

  it('refuses at the limit, names the window that resets last, and does not count refusals', async () => {
    const keys = new ApiKeys(b.store.keys);
    const id = (await keys.verify(await keys.create('a@example.com', '::1', 0)))!;
    const usage = new KeyUsage(b.store.usage, { minute: 2, day: 3, month: 100 });
    const t = Date.UTC(2026, 0, 15, 12, 0, 10);
    expect((await usage.consume(id, t)).used).toEqual({ minute: 1, day: 1, month: 1 });
    expect((await usage.consume(id, t)).exceeded).toBeUndefined();
    const refused = await usage.consume(id, t + 1000);
    expect(refused.exceeded).toEqual({ limitType: 'minute', retryAfter: 49 });
    expect(refused.used).toEqual({ minute: 2, day: 2, month: 2 });
    expect((await usage.consume(id, t + 60_000)).used).toEqual({ minute: 1, day: 3, month: 3 });
    const day = await usage.consume(id, t + 60_500);
    expect(day.exceeded?.limitType).toBe('day');
    expect(day.exceeded?.retryAfter).toBe(Math.ceil((Date.UTC(2026, 0, 16) - (t + 60_500)) / 1000));
    // The next day and the next month start over; the month keeps counting across days.
    expect((await usage.consume(id, Date.UTC(2026, 0, 16, 0, 0, 1))).used).toEqual({ minute: 1, day: 1, month: 4 });
    expect((await usage.consume(id, Date.UTC(2026, 1, 1, 0, 0, 1))).used).toEqual({ minute: 1, day: 1, month: 1 });
  });

  it('a weighted request (POST /v1/check: each domain once) is admitted while every window has room for one, and counts its weight', async () => {
    const keys = new ApiKeys(b.store.keys);
    const id = (await keys.verify(await keys.create('weight@example.com', '::1', 0)))!;
    const usage = new KeyUsage(b.store.usage, { minute: 10, day: 100, month: 1_000 });
    const t = Date.UTC(2026, 0, 15, 12, 0, 10);
    expect((await usage.consume(id, t, 7)).used).toEqual({ minute: 7, day: 7, month: 7 });
    expect((await usage.consume(id, t + 1, 25)).used).toEqual({ minute: 32, day: 32, month: 32 });
    const refused = await usage.consume(id, t + 2, 1);
    expect(refused.exceeded?.limitType).toBe('minute');
    expect(refused.used.minute).toBe(32);
    expect((await usage.consume(id, t + 60_000)).used).toEqual({ minute: 1, day: 33, month: 33 });
  });

  it('exact under concurrency: 50 racing requests against a minute limit of 20 give 20 answers', async () => {
    const keys = new ApiKeys(b.store.keys);
    const id = (await keys.verify(await keys.create('race@example.com', '::1', 0)))!;
    const t = Date.UTC(2026, 0, 15, 12, 0, 5);
    // On PostgreSQL, half go through a second store (another replica's pool).
    const other = backend === 'postgres' ? await b.openAnother() : b.store;
    const limits = { minute: 20, day: 1_000, month: 1_000 };
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => new KeyUsage((i % 2 ? other : b.store).usage, limits).consume(id, t + i)),
    );
    expect(results.filter((r) => !r.exceeded).length).toBe(20);
    expect(results.filter((r) => r.exceeded?.limitType === 'minute').length).toBe(30);
    expect(new Set(results.filter((r) => !r.exceeded).map((r) => r.used.minute))).toEqual(
      new Set(Array.from({ length: 20 }, (_, i) => i + 1)),
    );
    const [row] = await b.sql<{ minute_count: number; day_count: number }>(
      `SELECT minute_count, day_count FROM key_usage WHERE key_id = ${id}`,
    );
    expect(row).toEqual({ minute_count: 20, day_count: 20 });
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiKeys } from '../../../proxy/service/auth/api-keys.js';
import { KeyUsage } from '../../../proxy/service/auth/usage.js';
import { secondsUntil, windowAt } from '../../../proxy/service/limits/windows.js';
import { openSqliteStore, type SqliteStore } from '../../../proxy/service/store/sqlite/open.js';

describe('limit windows (UTC)', () => {
  it('minute windows start on the minute and last 60 s', () => {
    const t = Date.UTC(2026, 0, 15, 12, 34, 56, 789);
    expect(windowAt('minute', t)).toEqual({
      start: Date.UTC(2026, 0, 15, 12, 34),
      reset: Date.UTC(2026, 0, 15, 12, 35),
    });
  });
  it('days reset at midnight UTC, months on the 1st, December rolls into January', () => {
    const t = Date.UTC(2026, 11, 31, 23, 59, 59);
    expect(windowAt('day', t)).toEqual({ start: Date.UTC(2026, 11, 31), reset: Date.UTC(2027, 0, 1) });
    expect(windowAt('month', t)).toEqual({ start: Date.UTC(2026, 11, 1), reset: Date.UTC(2027, 0, 1) });
    expect(windowAt('month', Date.UTC(2028, 1, 29, 5))).toEqual({
      start: Date.UTC(2028, 1, 1),
      reset: Date.UTC(2028, 2, 1),
    });
  });
  it('retry-after is whole seconds, at least 1', () => {
    expect(secondsUntil(10_000, 9_999)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(1);
    expect(secondsUntil(70_000, 10_001)).toBe(60);
  });
});

describe('API keys and usage counters (real SQLite file)', () => {
  let dir: string;
  let reg: SqliteStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-keys-'));
    reg = openSqliteStore(dir);
  });
  afterEach(async () => {
    await reg.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores only a hash and a display prefix; verifies the key and nothing else', async () => {
    const keys = new ApiKeys(reg.keys);
    const key = await keys.create('a@example.com', '127.0.0.1', Date.UTC(2026, 0, 1));
    expect(key).toMatch(/^apl_[A-Za-z0-9_-]{43}$/);
    const row = reg.db.prepare('SELECT * FROM api_keys').get() as Record<string, unknown>;
    expect(JSON.stringify(Object.values(row).map(String))).not.toContain(key.slice(4));
    expect(row.prefix).toBe(key.slice(0, 12));
    expect(await keys.verify(key)).toBe(row.id);
    expect(await keys.verify(key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A'))).toBeUndefined();
    expect(await keys.verify('apl_short')).toBeUndefined();
    expect(await keys.verify('')).toBeUndefined();
  });

  it('counts signups per address within the UTC day', async () => {
    const keys = new ApiKeys(reg.keys);
    const day = Date.UTC(2026, 0, 15);
    await keys.create('a@example.com', '10.0.0.1', day + 1000);
    await keys.create('b@example.com', '10.0.0.1', day + 2000);
    await keys.create('c@example.com', '10.0.0.2', day + 3000);
    expect(await keys.signupsFrom('10.0.0.1', day)).toBe(2);
    expect(await keys.signupsFrom('10.0.0.1', day + 86_400_000)).toBe(0);
  });

  it('refuses at the limit, names the window that resets last, and does not count refusals', async () => {
    const keys = new ApiKeys(reg.keys);
    const id = (await keys.verify(await keys.create('a@example.com', '::1', 0)))!;
    const usage = new KeyUsage(reg.usage, { minute: 2, day: 3, month: 100 });
    const t = Date.UTC(2026, 0, 15, 12, 0, 10);
    expect((await usage.consume(id, t)).used).toEqual({ minute: 1, day: 1, month: 1 });
    expect((await usage.consume(id, t)).exceeded).toBeUndefined();
    const refused = await usage.consume(id, t + 1000);
    expect(refused.exceeded).toEqual({ limitType: 'minute', retryAfter: 49 });
    expect(refused.used).toEqual({ minute: 2, day: 2, month: 2 });
    expect((await usage.consume(id, t + 60_000)).used.day).toBe(3);
    // Day and minute both full a minute later: the day resets last, so it is named.
    const day = await usage.consume(id, t + 60_500);
    expect(day.exceeded?.limitType).toBe('day');
    expect(day.exceeded?.retryAfter).toBe(Math.ceil((Date.UTC(2026, 0, 16) - (t + 60_500)) / 1000));
    // Counters are written through: they survive the database being dropped without any close or flush.
    reg.db.close();
    reg = openSqliteStore(dir);
    expect(
      (await new KeyUsage(reg.usage, { minute: 2, day: 3, month: 100 }).consume(id, t + 61_000)).exceeded?.limitType,
    ).toBe('day');
    expect(
      (await new KeyUsage(reg.usage, { minute: 2, day: 3, month: 100 }).consume(id, Date.UTC(2026, 0, 16))).used,
    ).toEqual({ minute: 1, day: 1, month: 4 });
  });
});

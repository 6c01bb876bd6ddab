import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpError } from '../../../proxy/lib/http-error.js';
import { systemClock } from '../../../proxy/lib/clock.js';
import { BatchLoader } from '../../../proxy/gateway/batch-loader.js';
import { CacheStore } from '../../../proxy/gateway/cache-store.js';
import { ResponseCache, type Loaded } from '../../../proxy/gateway/response-cache.js';
import type { Domain } from '../../../shared/domain.js';

const cache = (store: CacheStore | null = null) =>
  new ResponseCache({ maxEntries: 100, maxBytes: 1 << 20, defaultTtlMs: 86_400_000, store, clock: systemClock });
const found = (value: unknown, ttlMs = 60_000): Loaded => ({ value, found: true, ttlMs });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ResponseCache', () => {
  it('single-flights concurrent misses and serves the stored bytes after', async () => {
    const c = cache();
    let calls = 0;
    const load = async () => (calls++, await sleep(10), found({ n: 1 }));
    const answers = await Promise.all(Array.from({ length: 20 }, () => c.get('k', load)));
    expect(calls).toBe(1);
    expect(answers.filter((a) => a.state === 'MISS').length).toBe(20);
    const hit = await c.get('k', load);
    expect(hit.state).toBe('HIT');
    expect(JSON.parse(hit.entry.body.toString())).toEqual({ n: 1 });
    expect(hit.entry.etag).toMatch(/^"[\w-]+"$/);
  });

  it('does not cache errors, and serves an old copy only for outages (5xx), not for 4xx', async () => {
    const c = cache();
    await expect(c.get('e', () => Promise.reject(new HttpError(502, 'upstream_error', 'x')))).rejects.toMatchObject({
      status: 502,
    });
    expect((await c.get('e', async () => found(1))).state).toBe('MISS');

    await c.get('s', async () => found('old', 20));
    await sleep(30);
    const stale = await c.get('s', () =>
      Promise.reject(new HttpError(503, 'upstream_unavailable', 'x', { retryAfter: 2 })),
    );
    // The found copy is returned while the refresh runs; the failed refresh leaves it marked.
    expect(stale.state).toBe('STALE');
    await sleep(5);
    const marked = await c.get('s', async () => found('new'));
    expect(marked.state).toBe('STALE');
    expect(marked.entry.staleReason).toBe('upstream_unavailable');
    expect(marked.entry.retryAfter).toBe(2);

    await c.get('q', async () => ({ value: 'queued', found: false, ttlMs: 20 }));
    await sleep(30);
    await expect(c.get('q', () => Promise.reject(new HttpError(400, 'invalid_domain', 'x')))).rejects.toMatchObject({
      status: 400,
    });
  });

  it('does not serve a queued answer past its lifetime: it waits for the new one', async () => {
    const c = cache();
    await c.get('q', async () => ({ value: 'queued', found: false, ttlMs: 10 }));
    await sleep(20);
    const a = await c.get('q', async () => found('done'));
    expect(a.state).toBe('MISS');
    expect(JSON.parse(a.entry.body.toString())).toBe('done');
  });

  it('reads back from SQLite after a restart, counting it as a hit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-cache-'));
    try {
      const store = new CacheStore(dir);
      await cache(store).get('p', async () => found({ kept: true }));
      await cache(store).get('queued', async () => ({ value: 'q', found: false, ttlMs: 60_000 }));
      expect(store.count()).toBe(1);
      const again = await cache(store).get('p', () => Promise.reject(new Error('must not load')));
      expect(again.state).toBe('HIT');
      expect(JSON.parse(again.entry.body.toString())).toEqual({ kept: true });
      expect(store.prune(Date.now() + 120_000)).toBe(1);
      store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is bounded by entries', async () => {
    const c = new ResponseCache({
      maxEntries: 10,
      maxBytes: 1 << 20,
      defaultTtlMs: 86_400_000,
      store: null,
      clock: systemClock,
    });
    for (let i = 0; i < 25; i++) await c.get(`k${i}`, async () => found(i));
    expect(c.size).toBe(10);
  });
});

describe('ResponseCache drops (issue 11)', () => {
  const queued = (value: unknown, ttlMs = 60_000): Loaded => ({ value, found: false, ttlMs });

  it('drops keys from memory and SQLite; queuedOnly keeps found answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-drop-'));
    const store = new CacheStore(dir);
    try {
      const c = cache(store);
      await c.get('f', async () => found('kept'));
      await c.get('q', async () => queued('waiting'));
      await c.invalidate(['f', 'q'], true);
      expect((await c.get('f', async () => found('reloaded'))).state).toBe('HIT');
      expect(JSON.parse((await c.get('q', async () => found('done'))).entry.body.toString())).toBe('done');
      await c.invalidate(['f']);
      expect(store.get('f')).toBeUndefined();
      const again = await c.get('f', async () => found('new'));
      expect([again.state, JSON.parse(again.entry.body.toString())]).toEqual(['MISS', 'new']);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loads again when the key is dropped while its load runs, so an older answer is not kept', async () => {
    const c = cache();
    const answers = ['before the drop', 'after the drop'];
    let calls = 0;
    const load = async () => {
      const v = answers[calls++]!;
      await sleep(20);
      return found(v);
    };
    const pending = c.get('k', load);
    await sleep(5);
    await c.invalidate(['k']);
    expect(JSON.parse((await pending).entry.body.toString())).toBe('after the drop');
    expect(calls).toBe(2);
    // queuedOnly: only a queued answer is loaded again.
    let n = 0;
    const p2 = c.get('k2', async () => (await sleep(20), n++ === 0 ? queued('q') : found('f')));
    await sleep(5);
    await c.invalidate(['k2'], true);
    expect(JSON.parse((await p2).entry.body.toString())).toBe('f');
  });

  it('put replaces what a key held, and a load under way does not overwrite it', async () => {
    const c = cache();
    const slow = c.get('k', async () => (await sleep(20), queued('old')));
    await sleep(5);
    await c.put('k', found('found by a held read'));
    await slow;
    const now = await c.get('k', async () => found('unused'));
    expect([now.state, JSON.parse(now.entry.body.toString())]).toEqual(['HIT', 'found by a held read']);
  });
});

describe('BatchLoader', () => {
  it('groups loads of one turn into chunks of at most 25', async () => {
    const chunks: string[][] = [];
    const loader = new BatchLoader(async (chunk) => {
      chunks.push(chunk);
      return new Map(
        chunk
          .filter((d) => !d.startsWith('x'))
          .map(
            (d) =>
              [
                d,
                {
                  domain: d,
                  found: true,
                  stance: 'selective',
                  use_cases: { training: 'allowed', search: 'allowed', inference: 'allowed' },
                  bots: { blocked: [], allowed: [] },
                },
              ] as const,
          ),
      );
    });
    const names = Array.from({ length: 60 }, (_, i) => `d${i}.test` as Domain);
    const results = await Promise.all([...names, 'x.test' as Domain].map((d) => loader.load(d)));
    expect(chunks.map((c) => c.length)).toEqual([25, 25, 11]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results[0]?.domain).toBe('d0.test');
  });

  it("keeps each client's misses in chunks of their own (the service budgets per client)", async () => {
    const chunks: [string | undefined, string[]][] = [];
    const loader = new BatchLoader(async (chunk, client) => (chunks.push([client, chunk]), new Map()));
    await Promise.all([
      loader.load('a.test' as Domain, 'one'),
      loader.load('b.test' as Domain, 'two'),
      loader.load('c.test' as Domain, 'one'),
    ]);
    expect(chunks).toEqual([
      ['one', ['a.test', 'c.test']],
      ['two', ['b.test']],
    ]);
  });

  it('rejects every load of a failed chunk', async () => {
    const loader = new BatchLoader(() => Promise.reject(new HttpError(502, 'upstream_error', 'x')));
    const r = await Promise.allSettled([loader.load('a.test' as Domain), loader.load('b.test' as Domain)]);
    expect(r.map((x) => x.status)).toEqual(['rejected', 'rejected']);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ManualClock } from '../../../proxy/lib/clock.js';
import { isHttpError } from '../../../proxy/lib/http-error.js';
import { Pacer } from '../../../proxy/upstream/pacer.js';
import { backoffDelay } from '../../../proxy/upstream/backoff.js';

/** A pacer on a manual clock whose waits move the clock, recording when each call starts. */
function pacer(limit: number, windowMs: number, maxWaitMs: number) {
  const clock = new ManualClock(0);
  const starts: number[] = [];
  const p = new Pacer({
    limit,
    windowMs,
    maxWaitMs,
    clock,
    sleep: async (ms) => clock.set(Math.max(clock.now(), clock.now() + ms)),
  });
  const call = async () => {
    await p.acquire();
    starts.push(clock.now());
  };
  return { p, clock, starts, call };
}

describe('Pacer', () => {
  it('starts at most `limit` calls in any sliding window, queueing the rest', async () => {
    const { starts, call } = pacer(3, 1_000, 60_000);
    for (let i = 0; i < 7; i++) await call();
    expect(starts).toEqual([0, 0, 0, 1_000, 1_000, 1_000, 2_000]);
  });

  it('never exceeds the limit in any window, whatever the arrival times (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 60 }), async (gaps) => {
        const { clock, starts, call } = pacer(5, 1_000, 1e9);
        for (const g of gaps) {
          clock.advance(g);
          await call();
        }
        for (let i = 0; i < starts.length; i++) {
          const inWindow = starts.filter((t) => t > starts[i]! - 1_000 && t <= starts[i]!).length;
          expect(inWindow).toBeLessThanOrEqual(5);
        }
      }),
    );
  });

  it('fails fast with 503 upstream_unavailable and retry_after when the slot is too far', async () => {
    const { p, call } = pacer(2, 60_000, 5_000);
    await call();
    await call();
    const e = await p.acquire().catch((x: unknown) => x);
    expect(isHttpError(e) && e.status === 503 && e.code === 'upstream_unavailable' && e.retryAfter === 60).toBe(true);
    expect(p.used()).toBe(2);
  });

  it('pauses after a 429 for retry_after seconds', async () => {
    const { p, clock, starts, call } = pacer(100, 60_000, 120_000);
    p.pause(30);
    expect(p.pausedUntil()).toBe(30_000);
    await call();
    expect(starts).toEqual([30_000]);
    clock.advance(1);
    expect(p.pausedUntil()).toBeNull();
  });

  it('gives the slot back when the caller gives up while waiting', async () => {
    const clock = new ManualClock(0);
    const p = new Pacer({
      limit: 1,
      windowMs: 1_000,
      maxWaitMs: 5_000,
      clock,
      sleep: (_ms, s) => new Promise((_r, j) => s?.addEventListener('abort', () => j(s.reason))),
    });
    await p.acquire();
    const ac = new AbortController();
    const waiting = p.acquire(ac.signal);
    expect(p.used()).toBe(2);
    ac.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(p.used()).toBe(1);
  });
});

describe('backoffDelay', () => {
  it('grows exponentially up to the cap, with full jitter', () => {
    const opts = { baseMs: 100, capMs: 1_000 };
    expect(backoffDelay(0, { ...opts, random: () => 0.999 })).toBe(99);
    expect(backoffDelay(2, { ...opts, random: () => 0.999 })).toBe(399);
    expect(backoffDelay(10, { ...opts, random: () => 0.999 })).toBe(999);
    expect(backoffDelay(3, { ...opts, random: () => 0 })).toBe(0);
  });
});

describe('Pacer spare calls (held reads)', () => {
  it('takes a slot only at once, within half the window, and never while paused', async () => {
    const { p, clock, call } = pacer(6, 1_000, 60_000);
    await call();
    await p.acquire(undefined, { spare: true });
    await p.acquire(undefined, { spare: true });
    // Three of six used: no more spare slots, though lookups still get theirs.
    await expect(p.acquire(undefined, { spare: true })).rejects.toMatchObject({
      status: 503,
      code: 'upstream_unavailable',
    });
    await call();
    clock.advance(1_001);
    await p.acquire(undefined, { spare: true });
    p.pause(5);
    await expect(p.acquire(undefined, { spare: true })).rejects.toMatchObject({ status: 503 });
    // A pacer of one call a window has none to spare.
    await expect(pacer(1, 1_000, 60_000).p.acquire(undefined, { spare: true })).rejects.toMatchObject({ status: 503 });
  });
});

// @vitest-environment node
/** The poller's schedule on WXT's fake browser: timers and the alarm while a poll is in flight. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { POLL_ALARM, pollDue, type Refresh } from '../../../extension/lib/poller.js';
import { pendings } from '../../../extension/lib/session-store.js';
import { normalizeDomain } from '../../../shared/domain.js';

beforeEach(() => fakeBrowser.reset());

describe('poller', () => {
  it('a wake-up while a slow poll is in flight waits for it, instead of firing again and again', async () => {
    const slow = normalizeDomain('slow.test');
    const later = normalizeDomain('later.test');
    const t0 = Date.now();
    await pendings.set({ domain: slow, attempt: 0, since: t0, nextAt: t0 - 1 });
    await pendings.set({ domain: later, attempt: 0, since: t0, nextAt: t0 + 60_000 });
    let release!: () => void;
    const answered = new Promise<void>((r) => (release = r));
    const refresh = vi.fn<Refresh>(async (d) => {
      if (d === slow) await answered;
      return { again: false };
    });
    const all = vi.spyOn(pendings, 'all');
    const first = pollDue(refresh);
    // A second wake-up (the alarm, or the timer of an earlier schedule) finds nothing else due.
    await pollDue(refresh);
    await new Promise((r) => setTimeout(r, 300));
    // Each wake-up reads the schedule twice (due domains, then re-arm); nothing more while waiting.
    expect(all.mock.calls.length).toBeLessThanOrEqual(4);
    release();
    await first;
    expect(refresh.mock.calls).toEqual([[slow]]);
    expect(await pendings.get(slow)).toBeNull();
    // Only later.test is left: the alarm wakes the worker for it.
    expect((await fakeBrowser.alarms.get(POLL_ALARM))?.scheduledTime).toBe(t0 + 60_000);
  });
});

import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../proxy/lib/clock.js';
import { LocalRecheckMarks, PENDING_MS } from '../../../../proxy/gateway/held/marks.js';

describe('LocalRecheckMarks', () => {
  it("gives each domain one turn a minute, moved by the upstream's own retry_after or freed", async () => {
    const clock = new ManualClock(0);
    const m = new LocalRecheckMarks(clock);
    expect(await m.take('a.test')).toBe(0);
    clock.advance(15_000);
    expect(await m.take('a.test')).toBe(45);
    expect(await m.take('b.test')).toBe(0);
    await m.turnIn('a.test', 10);
    expect(await m.take('a.test')).toBe(10);
    await m.turnIn('a.test', 0);
    expect(await m.take('a.test')).toBe(0);
    clock.advance(60_000);
    expect(await m.take('a.test')).toBe(0);
  });

  it('keeps a pending check with the ETag it replaces, until cleared or PENDING_MS', async () => {
    const clock = new ManualClock(0);
    const m = new LocalRecheckMarks(clock);
    await m.setPending('a.test', '"etag-1"');
    expect(await m.pending('a.test')).toBe('"etag-1"');
    await m.clearPending('a.test');
    expect(await m.pending('a.test')).toBeUndefined();
    await m.setPending('a.test', '"etag-2"');
    clock.advance(PENDING_MS);
    expect(await m.pending('a.test')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { describeProgress, duration, progressView } from '../../../proxy/audit/progress.js';
import type { AuditProgress } from '../../../proxy/audit/progress-meter.js';

const P: AuditProgress = {
  total: 10_000,
  done: 1_234,
  failed: 12,
  retrying: 3,
  queued: 8_754,
  inFlight: 16,
  perMinute: 412.4,
  leftMs: 21 * 60_000,
  nextRetryMs: null,
  phase: 'checking',
};

describe('the progress as words', () => {
  it('says done, failed, queued, the rate and the time left', () => {
    expect(describeProgress(P)).toBe(
      '1,234 of 10,000 done · 12 failed (3 to retry) · 8,754 queued · 412/min · about 21 min left',
    );
  });

  it('says when it waits for retries and when it stops', () => {
    expect(
      describeProgress({
        ...P,
        queued: 0,
        phase: 'waiting for retries',
        nextRetryMs: Date.UTC(2026, 0, 1, 3, 15),
        leftMs: null,
      }),
    ).toMatch(/waiting for retries, the next at 03:15 UTC$/);
    expect(describeProgress({ ...P, phase: 'stopping' })).toMatch(
      /stopping: 16 checks under way finish first \(Ctrl-C again to stop now\)$/,
    );
    expect(describeProgress({ ...P, perMinute: null, leftMs: null })).toBe(
      '1,234 of 10,000 done · 12 failed (3 to retry) · 8,754 queued',
    );
  });

  it.each([
    [400, 'under 1 s'],
    [45_000, '45 s'],
    [30 * 60_000, '30 min'],
    [5 * 3_600_000 + 7 * 60_000, '5 h 7 min'],
    [72 * 3_600_000, '3 days'],
  ])('%d ms reads %s', (ms, words) => expect(duration(ms)).toBe(words));

  it('prints a plain line every few seconds when not on a terminal', async () => {
    const written: string[] = [];
    const out = { isTTY: false, write: (s: string) => void written.push(s) } as unknown as NodeJS.WriteStream;
    const view = progressView(out, { everyMs: 30 });
    view.update(P);
    await new Promise((r) => setTimeout(r, 100));
    view.stop();
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect(written[0]).toBe(`audit: ${describeProgress(P)}\n`);
  });
});

import { describe, expect, it } from 'vitest';
import type { FailedDomain } from '../../../proxy/audit/output/write-outputs.js';
import {
  describeEarlierFailures,
  describeFailing,
  describeProgress,
  duration,
  progressView,
  when,
} from '../../../proxy/audit/progress.js';
import type { AuditProgress } from '../../../proxy/audit/progress-meter.js';

const P: AuditProgress = {
  total: 10_000,
  done: 1_234,
  failed: 12,
  retrying: 3,
  later: 0,
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

  it('tells the retries of this run from the ones left to a later run', () => {
    expect(describeProgress({ ...P, later: 9 })).toMatch(/ · 12 failed \(3 to retry, 9 later\) · /);
    expect(describeProgress({ ...P, retrying: 0, later: 12 })).toMatch(/ · 12 failed \(12 to retry later\) · /);
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

const NOW = Date.UTC(2026, 0, 1, 15, 0);
const MIN = 60_000;
const failed = (
  domain: string,
  retryMs: number | null,
  failure = 'robots.txt: server error (HTTP 503)',
): FailedDomain => ({
  domain,
  rank: null,
  failure,
  failedMs: NOW - MIN,
  retryMs,
});

describe('the words for failed checks', () => {
  it('tells a time to come on the clock, with the date when it is not today, and how far off', () => {
    expect(when(NOW + 65 * MIN, NOW)).toBe('16:05 UTC (in 65 min)');
    expect(when(NOW + 10 * 60 * MIN, NOW)).toBe('2026-01-02 01:00 UTC (in 10 h 0 min)');
    expect(when(NOW - MIN, NOW)).toBe('14:59 UTC');
  });

  it('lists the domains still failing with when each may be tried again, and what to do', () => {
    const text = describeFailing(
      [failed('a.test', NOW + 60 * MIN), failed('b.test', null, 'timed out'), failed('c.test', NOW - MIN)],
      NOW,
      { file: 'failed.csv' },
    );
    expect(text.split('\n')).toEqual([
      'Still failing: 3 domains, with when each may be tried again (all in failed.csv):',
      '  a.test: robots.txt: server error (HTTP 503); may be tried again from 16:00 UTC (in 60 min)',
      '  b.test: timed out; no retry left',
      '  c.test: robots.txt: server error (HTTP 503); retried at the next run',
      'Run the same command again from 16:00 UTC (in 60 min) to retry it, or add --wait-for-retries to wait for every retry.',
      '',
    ]);
    expect(describeFailing([], NOW, { file: 'failed.csv' })).toBe('');
    const many = describeFailing(
      Array.from({ length: 12 }, (_, i) => failed(`d${i}.test`, NOW + (i + 1) * MIN)),
      NOW,
      { file: 'failed.csv', max: 2 },
    );
    expect(many).toContain('  … and 10 more\n');
    expect(many).toContain('from 15:01 UTC (in 60 s) to retry those due by then');
  });

  it('says at the start of a run that goes on which retries are due now and when the others come', () => {
    const earlier = [
      failed('a.test', NOW - MIN),
      failed('b.test', NOW + 60 * MIN),
      failed('c.test', NOW + 6 * 60 * MIN),
      failed('d.test', null),
    ];
    expect(describeEarlierFailures(earlier, NOW, false)).toBe(
      "Checks that failed before: 1 due for a retry, made now; 2 not due yet, the first at 16:00 UTC (in 60 min), the last at 21:00 UTC (in 6 h 0 min); 1 with no retry left (the backoff's retries were all made). The run ends without those not due yet: run it again then, or add --wait-for-retries to wait for them.",
    );
    expect(describeEarlierFailures(earlier.slice(1, 2), NOW, true)).toBe(
      'Checks that failed before: 1 not due yet, at 16:00 UTC (in 60 min). The run waits for those not due yet (--wait-for-retries).',
    );
    expect(describeEarlierFailures(earlier.slice(0, 1), NOW, false)).toBe(
      'Checks that failed before: 1 due for a retry, made now.',
    );
    expect(describeEarlierFailures([], NOW, false)).toBeNull();
  });
});

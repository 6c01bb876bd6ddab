/**
 * Every reader of crawled content runs in time linear in its input (issue 33, "linear time"):
 * each worst case of test/bench/lib/reader-worst-cases.ts, at half its reader's size cap and at
 * the cap, must take at most about twice as long at 2x. Timed as the least of several tries,
 * the two sizes alternated, with a generous bound (3x) so a loaded two-core machine does not
 * fail it; a quadratic reader measures 4x and more (the Content-Signal case took 46 s before).
 * A ratio over the bound is measured once more before failing. The terms reader brings its own
 * cases (the terms issue).
 */
import { describe, expect, it } from 'vitest';
import { timeCase, WORST_CASES } from '../../bench/lib/reader-worst-cases.js';

const BOUND = 3;

describe('readers of crawled content are linear in their input', () => {
  it.each(WORST_CASES.map((c) => [`${c.reader}: ${c.input}`, c] as const))(
    '%s',
    (_, c) => {
      let t = timeCase(c, 5, 20);
      if (t.ms2x / t.ms1x >= BOUND) t = timeCase(c, 7, 40);
      const ratio = t.ms2x / Math.max(t.ms1x, 0.001);
      expect(ratio, `${t.ms1x.toFixed(2)} ms at 1x, ${t.ms2x.toFixed(2)} ms at 2x (${t.bytes} bytes)`).toBeLessThan(
        BOUND,
      );
    },
    120_000,
  );
});

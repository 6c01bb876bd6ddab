import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RateGate } from '../../../proxy/audit/rate-gate.js';

/** Hands over as much as the gate allows at each of the given moments; returns the times of each domain. */
function drive(perSecond: number, moments: number[]): number[] {
  const gate = new RateGate(perSecond);
  const out: number[] = [];
  for (const t of moments) {
    const n = gate.available(t);
    gate.take(n, t);
    for (let i = 0; i < n; i++) out.push(t);
  }
  return out;
}

describe('the rate cap', () => {
  it('never lets more than N through in any second, whenever it is asked, and makes up for nothing after a pause', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 300 }),
        (rate, raw) => {
          const times = drive(
            rate,
            [...raw].sort((a, b) => a - b),
          );
          for (const t of times) expect(times.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(rate);
        },
      ),
    );
  });

  it('keeps the pace when asked often, and says how long to wait', () => {
    const gate = new RateGate(4);
    expect(gate.available(0)).toBe(4);
    gate.take(4, 0);
    expect(gate.available(500)).toBe(0);
    expect(gate.waitMs(500)).toBe(501);
    expect(gate.available(1001)).toBe(4);
    const times = drive(
      4,
      Array.from({ length: 10_000 }, (_, i) => i),
    );
    expect(times.filter((t) => t < 10_000)).toHaveLength(40);
  });

  it('takes a fraction as one domain every so often', () => {
    const times = drive(
      0.5,
      Array.from({ length: 100 }, (_, i) => i * 100),
    );
    expect(times).toEqual([0, 2100, 4200, 6300, 8400]);
  });
});

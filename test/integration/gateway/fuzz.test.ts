/**
 * The short version of the fuzz script (test/fuzz/http-fuzz.ts, `npm run fuzz` for the long
 * one): a few hundred malformed requests to each server, started as real processes on
 * 127.0.0.1. Any 5xx, non-JSON error body, unanswered request or stopped server fails it.
 */
import { describe, expect, it } from 'vitest';
import { runFuzz } from '../../fuzz/http-fuzz.js';

describe('fuzz, short run', () => {
  it('answers every malformed request to the gateway and the service with a 4xx error object or a normal answer', async () => {
    const reports = await runFuzz({ count: 300, seed: 2026 });
    expect(reports.map((r) => [r.server, r.sent])).toEqual([
      ['gateway', 300],
      ['service', 300],
    ]);
    for (const r of reports) {
      // Most cases are refused; some must get through every check to the routes.
      expect(Object.keys(r.statuses).filter((s) => s.startsWith('2')).length).toBeGreaterThan(0);
      expect(r.failures.map((f) => `${f.server}: ${f.reason}: ${f.case}`)).toEqual([]);
    }
  }, 120_000);
});

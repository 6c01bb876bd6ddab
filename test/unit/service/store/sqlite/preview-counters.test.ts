/**
 * The maintained counters and per-hour crawl counts must always equal a full recount, whatever
 * the sequence of crawls and re-crawls (ranks, bots, standards and crawl times changing) and
 * whatever the time of the request.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { indexCrawl } from '../../../../../proxy/service/store/sqlite/preview-index.js';
import { readStats, scanStats } from '../../../../../proxy/service/store/sqlite/preview-stats.js';
import { CONFLICTS, DETAILS, SIGNAL_KEYS } from '../../../../../shared/values.js';
import { crawl, registryPerFile } from '../../../../helpers/crawls.js';

const reg = registryPerFile('preview-counters-');

const T0 = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

it('counters equal a full scan after any sequence of crawls, at any request time', () => {
  const step = fc.record({
    domain: fc.constantFrom('a.test', 'b.test', 'c.test', 'd.test', 'e.test'),
    at: fc.integer({ min: 0, max: 60 * DAY }),
    detail: fc.constantFrom(...DETAILS),
    score: fc.integer({ min: 0, max: 100 }),
    blocked: fc.subarray(['GPTBot', 'CCBot', 'ClaudeBot']),
    standards: fc.subarray([...SIGNAL_KEYS]),
    conflicts: fc.subarray([...CONFLICTS]),
    rank: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
  });
  let run = 0;
  fc.assert(
    fc.property(
      fc.array(step, { minLength: 1, maxLength: 25 }),
      fc.array(fc.integer({ min: 0, max: 100 * DAY }), { minLength: 1, maxLength: 5 }),
      (steps, nows) => {
        run += 1;
        reg.db.transaction(() => {
          for (const s of steps) {
            const { domain, at, ...spec } = s;
            indexCrawl(reg.db, crawl(`r${run}-${domain}`, new Date(T0 + at).toISOString(), spec));
          }
        })();
        for (const n of nows) expect(readStats(reg.db, T0 + n)).toEqual(scanStats(reg.db, T0 + n));
      },
    ),
    { numRuns: 30, seed: 11 },
  );
}, 60_000);

/**
 * The stance fixture sites served by a real fixture farm on 127.0.0.1, gathered by the real
 * crawler (through CRAWL_OVERRIDES) and classified: the fixture's expected values hold end to
 * end, not only for hand-built evidence. `unreachable.test` goes to a closed port.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classify } from '../../../../proxy/analysis/index.js';
import { createCrawler } from '../../../../proxy/crawler/index.js';
import { startFixtureFarm, type FixtureFarm } from '../../../fixtures/farm.js';
import { STANCE_SITES, UNREACHABLE_EXPECTED, sitesOf } from '../../../fixtures/stance-sites.js';

/** A port that was free a moment ago and has no listener now. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('stance fixture sites through the crawler', () => {
  let farm: FixtureFarm;
  let crawler: ReturnType<typeof createCrawler>;

  beforeAll(async () => {
    farm = await startFixtureFarm(sitesOf(STANCE_SITES));
    const overrides = `unreachable.test=http://127.0.0.1:${await closedPort()},${farm.overrides()}`;
    crawler = createCrawler({
      overrides,
      timeouts: { connectMs: 2_000, requestMs: 5_000, domainMs: 20_000 },
      lookup: async (h) => {
        throw new Error(`no DNS in tests (${h})`);
      },
    });
  }, 30_000);
  afterAll(async () => {
    await crawler?.close();
    await farm?.close();
  });

  it.each(Object.entries(STANCE_SITES))(
    '%s',
    async (host, s) => {
      const evidence = await crawler.crawl(host);
      const c = classify(evidence);
      expect({ stance: c.summary.stance, detail: c.summary.detail, use_cases: c.summary.use_cases }).toEqual({
        stance: s.stance,
        detail: s.detail,
        use_cases: s.use_cases,
      });
      // The crawler reads the terms only where robots.txt lets it fetch pages (`*` disallowing /, or a 503).
      const keptOut = evidence.homepage.kind !== 'response' && evidence.homepage.robots !== undefined;
      expect(c.summary.site.has_tos).toBe(!keptOut);
      expect(keptOut).toBe(
        host === 'wildcard.test' || host === 'wildcard-signals.test' || host === 'server-error.test',
      );
    },
    30_000,
  );

  it('unreachable.test', async () => {
    const c = classify(await crawler.crawl('unreachable.test'));
    expect({ stance: c.summary.stance, detail: c.summary.detail, use_cases: c.summary.use_cases }).toEqual({
      stance: UNREACHABLE_EXPECTED.stance,
      detail: UNREACHABLE_EXPECTED.detail,
      use_cases: UNREACHABLE_EXPECTED.use_cases,
    });
  }, 30_000);
});

/**
 * The crawler scans the homepage for its terms link on the analysis pool, not on this thread
 * (docs/security.md, hostile sites): the real crawler, against a real fixture server, finds the
 * link with no scan here; classify() scans the page once and reads every fact from that scan.
 * scanHtml is wrapped (in this thread only) to count its calls; everything else is the real code.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { classify } from '../../../proxy/analysis/index.js';
import { createCrawler } from '../../../proxy/crawler/index.js';
import { html, startFixtureFarm, text, type FixtureFarm } from '../../fixtures/farm.js';

const calls = vi.hoisted(() => ({ bodies: [] as string[] }));
vi.mock('../../../proxy/analysis/html/scan.js', async (original) => {
  const real = await original<typeof import('../../../proxy/analysis/html/scan.js')>();
  return {
    ...real,
    scanHtml: (body: string) => {
      calls.bodies.push(body);
      return real.scanHtml(body);
    },
  };
});

const HOME =
  '<html><head><meta name="robots" content="noai"><title>Once</title></head><body><a href="/legal/terms">Terms of Service</a></body></html>';

let farm: FixtureFarm;
beforeAll(async () => {
  farm = await startFixtureFarm({
    'once.test': {
      routes: {
        '/': html(HOME),
        '/legal/terms': html('<h1>Terms</h1><p>You may not scrape this site to train AI models.</p>'),
        '/robots.txt': text('User-agent: GPTBot\nDisallow: /\n'),
      },
    },
  });
});
afterAll(() => farm.close());

it('the crawl finds the terms link with no scan on this thread; classify() scans the homepage once', async () => {
  const crawler = createCrawler({ overrides: farm.overrides() });
  try {
    const evidence = await crawler.crawl('once.test');
    expect(evidence.tosUrl).toBe('http://once.test/legal/terms');
    expect(calls.bodies.filter((b) => b === HOME)).toHaveLength(0);
    const c = classify(evidence);
    expect(calls.bodies.filter((b) => b === HOME)).toHaveLength(1);
    // What classify() read from that one scan: the page's noai tag and the terms it led to.
    expect(c.summary.use_cases.training).toBe('blocked');
    expect(c.full.meta_tags).toEqual({ robots: 'noai' });
    expect(c.full.tos_ai_stance).toBe('prohibits');
    // Evidence read back from storage is a new object: scanned again, to the same records.
    const again = classify(JSON.parse(JSON.stringify(evidence)) as typeof evidence);
    expect(calls.bodies.filter((b) => b === HOME)).toHaveLength(2);
    expect(again).toEqual(c);
  } finally {
    await crawler.close();
  }
});

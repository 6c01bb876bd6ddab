/**
 * The companions of test/helpers/evidence-companions.ts are what the real crawler would gather:
 * each companion site of a sample of real robots.txt files is served by the fixture farm on
 * 127.0.0.1, crawled by the crawler, and its evidence compared with the helper's, request by
 * request (status, type, decoded body, size and cap, refusals with their rule, failures with
 * their message, the terms link). Timings and the server's own headers are left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Evidence, FetchResult } from '../../../proxy/analysis/evidence.js';
import { MAX_ROBOTS_BYTES } from '../../../shared/robots/index.js';
import { createCrawler } from '../../../proxy/crawler/index.js';
import { startFixtureFarm, type FixtureFarm } from '../../fixtures/farm.js';
import { companionsOf, type Companion } from '../../helpers/evidence-companions.js';
import { robotsCorpus, type CorpusFile } from '../../helpers/robots-corpus.js';

const REQUEST_MS = 300;

/** The parts of a result the crawler decides, without timings or the farm's own headers. */
function shape(r: FetchResult | null): unknown {
  if (r === null) return null;
  if (r.kind === 'response') {
    const { kind, url, finalUrl, status, contentType, body, bytes, truncated, redirects } = r;
    return {
      kind,
      url,
      finalUrl,
      status,
      contentType,
      body,
      bytes,
      truncated,
      redirects,
      type: r.headers['content-type'],
    };
  }
  if (r.kind === 'failed') return { kind: r.kind, url: r.url, reason: r.reason, message: r.message, robots: r.robots };
  return { kind: r.kind, url: r.url, reason: r.reason, robots: r.robots, rule: r.rule };
}

const KEYS = ['homepage', 'robots', 'llms', 'aiTxt', 'tdmrep', 'agents', 'markdown', 'tos'] as const;
const shapeOf = (e: Evidence) => ({
  domain: e.domain,
  origin: e.origin,
  tosUrl: e.tosUrl,
  ...Object.fromEntries(KEYS.map((k) => [k, shape(e[k])])),
});

/** A few files of each kind that matters to the crawler, from whatever the corpus holds here. */
function sample(files: CorpusFile[]): CorpusFile[] {
  const text = (f: CorpusFile) => f.bytes.toString('latin1');
  const picks: ((f: CorpusFile) => boolean)[] = [
    (f) => /^user-agent:\s*\*\s*[\r\n]+disallow:\s*\/\s*$/im.test(text(f)),
    (f) => f.bytes[0] === 0xef && f.bytes[1] === 0xbb && f.bytes[2] === 0xbf,
    (f) => text(f).startsWith('\u00c3\u00af\u00c2\u00bb\u00c2\u00bf'),
    (f) => f.bytes.length > MAX_ROBOTS_BYTES,
    (f) => f.bytes.length === 0,
    (f) => /^\s*</.test(text(f)),
    (f) => /\r(?!\n)/.test(text(f)),
    (f) => /disallow:\s*\/(terms|legal)/i.test(text(f)),
    (f) => /gptbot/i.test(text(f)),
    (f) => f.origin === 'real-files',
    (f) => f.origin === 'shared-2026-01',
  ];
  return picks.map((p) => files.find(p)).filter((f): f is CorpusFile => f !== undefined);
}

let farm: FixtureFarm;
beforeAll(async () => {
  farm = await startFixtureFarm();
});
afterAll(() => farm.close());

async function crawlBoth(c: Companion): Promise<void> {
  const pairs: [string, Companion['site'], Evidence][] = [[c.domain, c.site, c.evidence]];
  if (c.parent) pairs.push([c.parent.domain, c.parent.site, c.parent.evidence]);
  for (const [domain, site, helper] of pairs) {
    farm.set(domain, site);
    const crawler = createCrawler({ overrides: farm.overrides([domain]), timeouts: { requestMs: REQUEST_MS } });
    try {
      const real = await crawler.crawl(domain);
      expect(shapeOf(real), `${c.kind} ${domain}`).toEqual(shapeOf(helper));
    } finally {
      await crawler.close();
      farm.remove(domain);
    }
  }
}

describe('evidence companions against the real crawler', () => {
  const files = sample(robotsCorpus().files);

  it('samples a file of every kind the corpus offers', () => expect(files.length).toBeGreaterThanOrEqual(6));

  it.each(files.map((f) => [f.id, f] as const))(
    '%s: every companion is what the crawler gathers',
    async (_id, f) => {
      const companions = await companionsOf(f.bytes, f.site, { scheme: 'http:', requestMs: REQUEST_MS });
      expect(companions.map((c) => c.kind)).toEqual(
        expect.arrayContaining(['served', 'robots-403', 'robots-hang', 'terms-silent', 'terms-ai-banned']),
      );
      for (const c of companions) await crawlBoth(c);
    },
    30_000,
  );
});

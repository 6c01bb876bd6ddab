/**
 * Crawler benchmark. `npx tsx test/bench/crawl.bench.ts` (or `npm run bench -- crawl`).
 * 1. Domains analysed per second: 1,000 fixture sites (robots.txt bodies from the 204 real
 *    files of the corpus, homepages with terms links, some llms.txt) on one local farm,
 *    8 crawls in flight (the service's default CRAWL_CONCURRENCY): crawl only, then
 *    crawl + classify(), in the same run.
 * 2. One domain's crawl time against its critical path, each file with its own delay (50 to
 *    300 ms): the pages wait for robots.txt (RFC 9309: the crawler asks before it fetches a
 *    page), so the least a crawl can take is robots.txt, then the slower of (homepage, then
 *    terms) and the markdown homepage, or the slowest policy file if that is longer. Goal
 *    within 1.2x of that path, measured from single requests in the same run.
 * Figures are printed as plain lines; nothing is asserted here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import type { Evidence } from '../../proxy/analysis/evidence.js';
import { classify as classifyEvidence } from '../../proxy/analysis/index.js';
import { createCrawler } from '../../proxy/crawler/index.js';
import { html, json, startFixtureFarm, text, type FixtureSite } from '../fixtures/farm.js';

const DIR = fileURLToPath(new URL('../../../shared/corpora/real-robots/2026-01/', import.meta.url));
const robots = readdirSync(DIR)
  .filter((f) => f.endsWith('.robots.txt'))
  .sort()
  .map((f) => readFileSync(DIR + f, 'utf8'));

const SITES = 1_000;
const IN_FLIGHT = 8;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function site(i: number): FixtureSite {
  const routes: FixtureSite['routes'] = {
    '/': html(`<html><head><title>Site ${i}</title></head><body><a href="/about">About</a> <a href="/legal/terms">Terms of Service</a><p>${'content '.repeat(200)}</p></body></html>`),
    '/robots.txt': text(robots[i % robots.length]!),
    '/legal/terms': html(`<h1>Terms</h1><p>${i % 2 ? 'You may not scrape this site or use it to train AI models.' : 'Be nice.'}</p>`),
  };
  if (i % 3 === 0) routes['/llms.txt'] = text(`# Site ${i}\n> Docs for models\n- [Home](/)`);
  if (i % 7 === 0) routes['/.well-known/tdmrep.json'] = json([{ location: '/', 'tdm-reservation': 1 }]);
  return { routes };
}

type Classify = (e: Evidence) => unknown;

async function throughput(domains: string[], overrides: string, classify: Classify | null): Promise<{ perSecond: number; ms: number }> {
  const crawler = createCrawler({ overrides });
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < domains.length) {
      const e = await crawler.crawl(domains[next++]!);
      if (classify) classify(e);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const ms = performance.now() - started;
  await crawler.close();
  return { perSecond: (domains.length / ms) * 1000, ms };
}

/** The rival: the same eight requests per domain with plain undici (no guard, caps, redirects or time limits). */
async function plainThroughput(domains: string[], origin: string): Promise<{ perSecond: number; ms: number }> {
  const paths = ['/', '/robots.txt', '/llms.txt', '/ai.txt', '/.well-known/tdmrep.json', '/.well-known/agents.json', '/', '/legal/terms'];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < domains.length) {
      const host = domains[next++]!;
      const agent = new Agent();
      await Promise.all(
        paths.map(async (p) => {
          const res = await request(origin + p, { dispatcher: agent, headers: { host } });
          await res.body.text();
        }),
      );
      await agent.close();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const ms = performance.now() - started;
  return { perSecond: (domains.length / ms) * 1000, ms };
}

async function part1(): Promise<void> {
  const farm = await startFixtureFarm();
  const domains = Array.from({ length: SITES }, (_, i) => `site-${i}.test`);
  domains.forEach((d, i) => farm.set(d, site(i)));
  const overrides = farm.overrides();
  await throughput(domains.slice(0, 50), overrides, classifyEvidence); // warm-up: JIT, sockets
  const plain = await plainThroughput(domains, farm.origin);
  console.log(`plain undici:      ${SITES} domains, ${IN_FLIGHT} in flight: ${plain.perSecond.toFixed(0)} domains/s (${plain.ms.toFixed(0)} ms) (same 8 requests, no guard)`);
  const crawlOnly = await throughput(domains, overrides, null);
  console.log(`crawl only:        ${SITES} domains, ${IN_FLIGHT} in flight: ${crawlOnly.perSecond.toFixed(0)} domains/s (${crawlOnly.ms.toFixed(0)} ms)`);
  const both = await throughput(domains, overrides, classifyEvidence);
  console.log(`crawl + classify:  ${SITES} domains, ${IN_FLIGHT} in flight: ${both.perSecond.toFixed(0)} domains/s (${both.ms.toFixed(0)} ms)`);
  await farm.close();
}

/** Per-file delays (ms). The pages start once robots.txt is in: 300 + max(50 + 80, 120) = 430 ms of critical path. */
const DELAYS: Record<string, number> = {
  '/': 50,
  '/markdown': 120,
  '/robots.txt': 300,
  '/llms.txt': 100,
  '/ai.txt': 150,
  '/.well-known/tdmrep.json': 200,
  '/.well-known/agents.json': 250,
  '/terms': 80,
};

async function part2(): Promise<void> {
  const delayed = (path: string, body = path) => ({ ...text(body), delayMs: DELAYS[path]! });
  const farm = await startFixtureFarm({
    'timed.test': {
      routes: {
        '/': (req) =>
          req.headers.accept === 'text/markdown'
            ? delayed('/markdown')
            : { ...html('<a href="/terms">Terms</a>'), delayMs: DELAYS['/']! },
        '/terms': delayed('/terms'),
        ...Object.fromEntries(['/robots.txt', '/llms.txt', '/ai.txt', '/.well-known/tdmrep.json', '/.well-known/agents.json'].map((p) => [p, delayed(p)])),
      },
    },
  });
  const crawler = createCrawler({ overrides: farm.overrides() });
  /** One request alone, on a fresh connection as in a crawl. */
  const single = async (path: string, accept: string): Promise<number> => {
    const agent = new Agent();
    const t = performance.now();
    const res = await request(`${farm.origin}${path}`, { dispatcher: agent, headers: { host: 'timed.test', accept } });
    await res.body.text();
    const ms = performance.now() - t;
    await agent.close();
    return ms;
  };
  const crawls: number[] = [];
  const critical: number[] = [];
  const slowest: number[] = [];
  for (let run = 0; run < 15; run++) {
    const t = performance.now();
    await crawler.crawl('timed.test');
    crawls.push(performance.now() - t);
    const [home, markdown, robotsTxt, terms, ...policy] = await Promise.all([
      single('/', 'text/html'),
      single('/', 'text/markdown'),
      ...['/robots.txt', '/terms', '/llms.txt', '/ai.txt', '/.well-known/tdmrep.json', '/.well-known/agents.json'].map((p) => single(p, '*/*')),
    ]);
    critical.push(Math.max(robotsTxt! + Math.max(home! + terms!, markdown!), ...policy));
    slowest.push(Math.max(home!, markdown!, robotsTxt!, terms!, ...policy));
  }
  await crawler.close();
  await farm.close();
  const c = median(crawls);
  const p = median(critical);
  const s = median(slowest);
  console.log(
    `one domain:        crawl ${c.toFixed(0)} ms (median of 15), critical path ${p.toFixed(0)} ms (robots.txt, then the pages), ratio ${(c / p).toFixed(2)}x (goal <= 1.2x); ` +
      `slowest single request ${s.toFixed(0)} ms, all one after another ${Object.values(DELAYS).reduce((a, b) => a + b, 0)} ms`,
  );
}

await part1();
await part2();

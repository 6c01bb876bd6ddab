/**
 * The crawler honours robots.txt for the pages it fetches (RFC 9309): its own token's group,
 * else `*`, decides the homepage, its markdown form and the terms page, on every origin a
 * redirect reaches. The policy files are always fetched. Real fixture servers on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Evidence } from '../../../proxy/analysis/evidence.js';
import { createCrawler, CRAWLER_TOKEN, DEFAULT_CONTACT, type CrawlerOptions } from '../../../proxy/crawler/index.js';
import { loadServiceConfig } from '../../../proxy/service/config.js';
import { crawlerOptions } from '../../../proxy/service/service-options.js';
import {
  html,
  startFixtureFarm,
  text,
  type FixtureFarm,
  type FixtureSite,
  type RecordedRequest,
} from '../../fixtures/farm.js';
import { asResponse } from './helpers.js';

const HOME = html('<html><a href="/legal/terms">Terms of Service</a></html>');
const TERMS = html('<h1>Terms</h1> No scraping.');
const POLICY_PATHS = ['/robots.txt', '/llms.txt', '/ai.txt', '/.well-known/tdmrep.json', '/.well-known/agents.json'];

let farm: FixtureFarm;
beforeAll(async () => {
  farm = await startFixtureFarm();
});
afterAll(() => farm.close());

/** Crawls a site alone and returns its evidence and the requests it received. */
async function crawlSite(
  domain: string,
  site: FixtureSite,
  opts: CrawlerOptions = {},
): Promise<{ e: Evidence; got: RecordedRequest[] }> {
  farm.set(domain, site);
  const before = farm.requests.length;
  const crawler = createCrawler({ overrides: farm.overrides(), ...opts });
  try {
    const e = await crawler.crawl(domain);
    return { e, got: farm.requests.slice(before) };
  } finally {
    await crawler.close();
  }
}

const site = (robots: FixtureSite['routes'][string]): FixtureSite => ({
  routes: { '/': HOME, '/legal/terms': TERMS, '/robots.txt': robots },
});
const pathsOf = (got: RecordedRequest[], host: string) => got.filter((r) => r.host === host).map((r) => r.path);

describe("a site that disallows the crawler's token", () => {
  it('receives no homepage, markdown or terms request, only the policy files; the evidence says why', async () => {
    const { e, got } = await crawlSite(
      'optout.test',
      site(text(`User-agent: GPTBot\nDisallow: /\n\nUser-agent: ${CRAWLER_TOKEN}\nDisallow: /\n`)),
    );
    expect(pathsOf(got, 'optout.test').sort()).toEqual([...POLICY_PATHS].sort());
    for (const page of [e.homepage, e.markdown]) {
      expect(page).toMatchObject({
        kind: 'refused',
        robots: 'disallowed',
        url: 'http://optout.test/',
        // The deciding rule travels with the evidence, so the record can name the line.
        rule: { robotsUrl: 'http://optout.test/robots.txt', line: 5, pattern: '/', agent: CRAWLER_TOKEN },
      });
      expect((page as { reason: string }).reason).toBe(
        `the site asks not to: robots.txt of optout.test disallows / for ${CRAWLER_TOKEN} (line 5: "Disallow: /")`,
      );
    }
    expect(e.tosUrl).toBeNull();
    expect(e.tos).toBeNull();
    expect(asResponse(e.robots).status).toBe(200);
  });

  it('matches the token case-insensitively and with a version, as RFC 9309 2.2.1 asks', async () => {
    const { e, got } = await crawlSite('lower.test', site(text('User-agent: aipolicylens/1.0\nDisallow: /\n')));
    expect(pathsOf(got, 'lower.test')).not.toContain('/');
    expect(e.homepage).toMatchObject({ kind: 'refused', robots: 'disallowed' });
  });

  it('follows `*` when no group names the crawler, and says so', async () => {
    const { e, got } = await crawlSite('star.test', site(text('User-agent: *\nDisallow: /\n')));
    expect(pathsOf(got, 'star.test')).not.toContain('/');
    expect((e.homepage as { reason: string }).reason).toContain(
      `for every crawler (${CRAWLER_TOKEN} included) (line 2`,
    );
    expect(e.homepage).toMatchObject({ rule: { line: 2, pattern: '/', agent: '*' } });
  });

  it("prefers the crawler's own group to `*`: a named Allow opens what `*` closes", async () => {
    const { e } = await crawlSite(
      'named.test',
      site(text(`User-agent: *\nDisallow: /\n\nUser-agent: ${CRAWLER_TOKEN}\nAllow: /\n`)),
    );
    expect(asResponse(e.homepage).status).toBe(200);
    expect(asResponse(e.tos).status).toBe(200);
  });

  it("ignores other bots' groups", async () => {
    const { e } = await crawlSite('others.test', site(text('User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n')));
    expect(asResponse(e.homepage).status).toBe(200);
    expect(asResponse(e.markdown).status).toBe(200);
  });

  it('fetches the homepage but not a disallowed terms page', async () => {
    const { e, got } = await crawlSite('noterms.test', site(text(`User-agent: ${CRAWLER_TOKEN}\nDisallow: /legal/\n`)));
    expect(asResponse(e.homepage).status).toBe(200);
    expect(e.tosUrl).toBe('http://noterms.test/legal/terms');
    expect(e.tos).toMatchObject({ kind: 'refused', robots: 'disallowed', url: 'http://noterms.test/legal/terms' });
    expect(pathsOf(got, 'noterms.test')).not.toContain('/legal/terms');
  });

  it('asks the robots.txt of the origin a redirect leads to, once, before following it', async () => {
    farm.set('www.hop.test', {
      routes: { '/': HOME, '/robots.txt': text(`User-agent: ${CRAWLER_TOKEN}\nDisallow: /\n`) },
    });
    const { e, got } = await crawlSite('hop.test', {
      routes: { '/': { redirect: 'http://www.hop.test/', status: 301 } },
    });
    expect(e.homepage).toMatchObject({ kind: 'refused', robots: 'disallowed', url: 'http://hop.test/' });
    expect((e.homepage as { reason: string }).reason).toContain('robots.txt of www.hop.test disallows /');
    expect(e.homepage).toMatchObject({ rule: { robotsUrl: 'http://www.hop.test/robots.txt' } });
    expect(pathsOf(got, 'www.hop.test')).toEqual(['/robots.txt']);
  });
});

describe('robots.txt answers that are not rules (RFC 9309 2.3.1)', () => {
  it.each([
    ['404: no robots.txt, anything may be fetched', 404],
    ['403: unavailable, anything may be fetched', 403],
  ])('%s', async (_name, status) => {
    const { e } = await crawlSite(`s${status}.test`, site(text('nope', {}, status)));
    expect(asResponse(e.homepage).status).toBe(200);
    expect(asResponse(e.tos).status).toBe(200);
  });

  it.each([
    ['503: a server error means fetch nothing', 503, 'answered a server error (HTTP 503)'],
    ['429: asked to slow down, fetch nothing', 429, 'answered HTTP 429 (too many requests)'],
  ])('%s', async (_name, status, why) => {
    const domain = `s${status}.test`;
    const { e, got } = await crawlSite(domain, site(text('busy', {}, status)));
    expect(pathsOf(got, domain)).not.toContain('/');
    expect(e.homepage).toMatchObject({ kind: 'refused', robots: 'unreachable' });
    expect((e.homepage as { reason: string }).reason).toBe(
      `robots.txt of ${domain} ${why}; RFC 9309 (section 2.3.1.4) then asks crawlers to fetch nothing`,
    );
  });

  it('an HTML page served as robots.txt (a soft 404) holds no rules', async () => {
    const { e } = await crawlSite('soft.test', site(html('<html><body>Disallow: /</body></html>')));
    expect(asResponse(e.homepage).status).toBe(200);
  });

  it('a robots.txt slower than the domain limit leaves the pages timed out, not refused', async () => {
    const { e, got } = await crawlSite('late.test', site({ ...text('User-agent: *\nAllow: /\n'), delayMs: 2_000 }), {
      timeouts: { domainMs: 300 },
    });
    expect(e.homepage).toMatchObject({ kind: 'failed', reason: 'timeout' });
    expect(pathsOf(got, 'late.test')).not.toContain('/');
  });
});

describe('the User-Agent', () => {
  it('names the token and the contact on every request, robots.txt included', async () => {
    const { got } = await crawlSite('ua.test', site(text('')), { contact: 'mailto:crawler@example.org' });
    expect(got.length).toBe(8);
    for (const r of got) expect(r.headers['user-agent']).toBe(`${CRAWLER_TOKEN}/1.0 (+mailto:crawler@example.org)`);
  });

  it('takes CRAWLER_CONTACT from the service settings (the only reader of the environment), and refuses a bad one naming the variable', async () => {
    expect(() => loadServiceConfig({ CRAWLER_CONTACT: 'ftp://example.org/' })).toThrow(
      'CRAWLER_CONTACT: "ftp://example.org/" must be an http(s) URL or a mailto: address',
    );
    expect(() => createCrawler({ contact: 'ftp://example.org/' })).toThrow(
      'CRAWLER_CONTACT: "ftp://example.org/" must be an http(s) URL or a mailto: address',
    );
    const settings = loadServiceConfig({ CRAWLER_CONTACT: 'https://ops.example.org/crawler' });
    const { got } = await crawlSite('contact.test', site(text('')), { contact: crawlerOptions(settings).contact });
    expect(got.length).toBeGreaterThan(0);
    for (const r of got)
      expect(r.headers['user-agent']).toBe(`${CRAWLER_TOKEN}/1.0 (+https://ops.example.org/crawler)`);
  });

  it('does not read CRAWLER_CONTACT itself: without a contact it names the project page', async () => {
    const saved = process.env.CRAWLER_CONTACT;
    try {
      process.env.CRAWLER_CONTACT = 'ftp://example.org/';
      const { got } = await crawlSite('nocontact.test', site(text('')));
      for (const r of got) expect(r.headers['user-agent']).toBe(`${CRAWLER_TOKEN}/1.0 (+${DEFAULT_CONTACT})`);
    } finally {
      if (saved === undefined) delete process.env.CRAWLER_CONTACT;
      else process.env.CRAWLER_CONTACT = saved;
    }
  });
});

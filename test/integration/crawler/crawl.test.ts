/**
 * The crawler against real HTTP servers on 127.0.0.1, reached through CRAWL_OVERRIDES:
 * what is requested and how, parallelism, the https→http fallback, unreachable hosts, DNS
 * failures and the rank list.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrawler } from '../../../proxy/crawler/index.js';
import { ManualClock } from '../../../proxy/lib/clock.js';
import { html, json, startFixtureFarm, text, type FixtureFarm } from '../../fixtures/farm.js';
import { asResponse, FILE_KEYS, files, scriptedLookup } from './helpers.js';

let farm: FixtureFarm;
let dir: string;

beforeAll(async () => {
  farm = await startFixtureFarm({
    'full.test': {
      routes: {
        '/': (req) =>
          req.headers.accept === 'text/markdown'
            ? { status: 200, headers: { 'content-type': 'text/markdown' }, body: '# Home' }
            : html('<html><a href="/about">About</a> <a href="/legal/terms">Terms of Service</a></html>', {
                'tdm-reservation': '1',
              }),
        '/robots.txt': text('User-agent: GPTBot\nDisallow: /\n'),
        '/llms.txt': text('# Full\n> An llms.txt'),
        '/ai.txt': text('User-Agent: *\nDisallow: /'),
        '/.well-known/tdmrep.json': json([{ location: '/', 'tdm-reservation': 1 }]),
        '/.well-known/agents.json': json({ name: 'full' }),
        '/legal/terms': html('<h1>Terms</h1> No scraping.'),
      },
    },
    'bare.test': { routes: {} },
    'exact.wild.test': { routes: { '/robots.txt': text('exact') } },
  });
  dir = mkdtempSync(join(tmpdir(), 'crawler-'));
});

afterAll(async () => {
  await farm.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a full crawl', () => {
  it('fetches the seven files and the terms page, naming the domain in Host and every URL', async () => {
    const crawler = createCrawler({
      overrides: farm.overrides(),
      clock: new ManualClock(Date.UTC(2026, 0, 2, 3, 4, 5)),
    });
    const before = farm.requests.length;
    const e = await crawler.crawl('full.test');
    await crawler.close();

    expect(e.domain).toBe('full.test');
    expect(e.fetchedAt).toBe('2026-01-02T03:04:05.000Z');
    expect(e.origin).toBe('http://full.test');
    expect(asResponse(e.homepage).headers['tdm-reservation']).toBe('1');
    expect(asResponse(e.homepage).contentType).toBe('text/html');
    expect(asResponse(e.robots).body).toBe('User-agent: GPTBot\nDisallow: /\n');
    expect(asResponse(e.llms).body).toContain('llms.txt');
    expect(asResponse(e.aiTxt).status).toBe(200);
    expect(JSON.parse(asResponse(e.tdmrep).body)).toEqual([{ location: '/', 'tdm-reservation': 1 }]);
    expect(asResponse(e.agents).contentType).toBe('application/json');
    expect(asResponse(e.markdown)).toMatchObject({ contentType: 'text/markdown', body: '# Home' });
    expect(e.tosUrl).toBe('http://full.test/legal/terms');
    expect(asResponse(e.tos).body).toContain('No scraping');
    expect(e.rank).toBeNull();

    const seen = farm.requests.slice(before);
    expect(seen.map((r) => r.path).sort()).toEqual(
      [
        '/',
        '/',
        '/.well-known/agents.json',
        '/.well-known/tdmrep.json',
        '/ai.txt',
        '/legal/terms',
        '/llms.txt',
        '/robots.txt',
      ].sort(),
    );
    for (const r of seen) {
      expect(r.host).toBe('full.test');
      expect(r.headers['user-agent']).toMatch(/^AIPolicyLens\/[\d.]+ \(\+https:\/\/github\.com\//);
      expect(r.headers['accept-encoding']).toBe('gzip, deflate, br');
    }
    const accepts = seen.filter((r) => r.path === '/').map((r) => r.headers.accept);
    expect(accepts).toContain('text/markdown');
    expect(accepts.some((a) => String(a).startsWith('text/html'))).toBe(true);
  });

  it('keeps absent files as their HTTP answers and follows no terms link when there is none', async () => {
    const crawler = createCrawler({ overrides: farm.overrides() });
    const e = await crawler.crawl('bare.test');
    await crawler.close();
    for (const r of files(e)) expect(asResponse(r).status).toBe(404);
    expect(e.tosUrl).toBeNull();
    expect(e.tos).toBeNull();
  });

  it('tries the usual places when the homepage links no terms: one at a time, within robots.txt, skipping a soft 404, stopping at the first terms page', async () => {
    const asked: string[] = [];
    const route = (body: string) => (req: { url?: string }) => (asked.push(req.url!), html(body));
    farm.set('probe.test', {
      routes: {
        '/': html('<!doctype html><title>Probe</title><p>Welcome, no links here.</p>'),
        '/robots.txt': text('User-agent: *\nDisallow: /terms$\n'),
        '/terms': route('<h1>Terms</h1><p>Never requested: robots.txt closes it.</p>'),
        // A soft 404: answers 200, but is not terms.
        '/terms-of-service': route('<title>Page not found</title><h1>Oops</h1><p>Nothing here.</p>'),
        '/legal': route('<title>Legal notice</title><h1>Terms of use</h1><p>You may not scrape the Site.</p>'),
        '/tos': route('<h1>Terms</h1><p>Not reached: /legal was the terms.</p>'),
      },
    });
    const crawler = createCrawler({ overrides: farm.overrides() });
    const e = await crawler.crawl('probe.test');
    await crawler.close();
    expect(asked).toEqual(['/terms-of-service', '/legal']);
    expect(e.tosUrl).toBe('http://probe.test/legal');
    expect(asResponse(e.tos).body).toContain('You may not scrape');
  });

  it('does not try the usual places when the homepage is no readable page, nor when it links terms', async () => {
    const asked: string[] = [];
    farm.set('closed.test', {
      routes: { '/': { status: 403, headers: { 'content-type': 'text/html' }, body: '<p>Forbidden</p>' } },
      fallback: (req) => (asked.push(req.url!), html('<h1>Terms</h1>')),
    });
    const crawler = createCrawler({ overrides: farm.overrides() });
    const e = await crawler.crawl('closed.test');
    const full = await crawler.crawl('full.test');
    await crawler.close();
    expect(asked.filter((u) => ['/terms', '/terms-of-service', '/legal', '/tos'].includes(u))).toEqual([]);
    expect([e.tosUrl, e.tos]).toEqual([null, null]);
    expect(full.tosUrl).toBe('http://full.test/legal/terms');
  });

  it('starts the policy files together and the pages as soon as robots.txt is in (one crawl takes robots.txt, then the slowest page)', async () => {
    const arrivals: Record<string, number[]> = {};
    const slow = (body: string) => (req: { url?: string; headers: { accept?: string } }) => {
      const key = req.url === '/' ? (req.headers.accept === 'text/markdown' ? 'markdown' : 'homepage') : req.url!;
      (arrivals[key] ??= []).push(Date.now());
      return { ...text(body), delayMs: 600 };
    };
    farm.set('parallel.test', { routes: {}, fallback: slow('late') });
    const crawler = createCrawler({ overrides: farm.overrides() });
    const started = Date.now();
    const e = await crawler.crawl('parallel.test');
    const took = Date.now() - started;
    await crawler.close();
    const first = (k: string) => arrivals[k]![0]!;
    const policy = ['/robots.txt', '/llms.txt', '/ai.txt', '/.well-known/tdmrep.json', '/.well-known/agents.json'].map(
      first,
    );
    // The five policy files reached the server before the first could have been answered ...
    expect(Math.max(...policy) - Math.min(...policy)).toBeLessThan(600);
    // ... the two pages only after robots.txt was answered, together.
    for (const page of ['homepage', 'markdown']) expect(first(page) - first('/robots.txt')).toBeGreaterThanOrEqual(590);
    expect(Math.abs(first('homepage') - first('markdown'))).toBeLessThan(600);
    expect(took).toBeLessThan(2 * 600 + 500);
    for (const r of files(e)) expect(asResponse(r).body).toBe('late');
  });

  it('uses the override of an exact domain before a wildcard one', async () => {
    const other = await startFixtureFarm({
      'exact.wild.test': { routes: { '/robots.txt': text('from the exact override') } },
    });
    const crawler = createCrawler({ overrides: `*.wild.test=${farm.origin},exact.wild.test=${other.origin}` });
    const e = await crawler.crawl('exact.wild.test');
    await crawler.close();
    await other.close();
    expect(asResponse(e.robots).body).toBe('from the exact override');
  });

  it('takes the rank from the rank list, exact and lower-case', async () => {
    const path = join(dir, 'ranks.csv');
    writeFileSync(path, 'rank,domain\r\n1,google.com\r\n42,Full.Test\r\n7,sub.full.test\r\n');
    const crawler = createCrawler({ overrides: farm.overrides(), rankListPath: path });
    const [full, bare] = await Promise.all([crawler.crawl('full.test'), crawler.crawl('bare.test')]);
    await crawler.close();
    expect(full.rank).toBe(42);
    expect(bare.rank).toBeNull();
  });
});

describe('hosts that do not answer', () => {
  it('reports a closed port as failed connect for every file, with no origin', async () => {
    const crawler = createCrawler({ overrides: 'down.test=http://127.0.0.1:1' });
    const e = await crawler.crawl('down.test');
    await crawler.close();
    expect(e.origin).toBeNull();
    expect(e.tos).toBeNull();
    for (const r of files(e)) expect(r).toMatchObject({ kind: 'failed', reason: 'connect' });
  });

  it('fails a .invalid name as dns without asking any resolver', async () => {
    const dns = scriptedLookup({});
    const crawler = createCrawler({ lookup: dns.lookup });
    const e = await crawler.crawl('nothing.invalid');
    // The default resolver is not consulted either: special-use names never leave the process.
    const real = createCrawler();
    const e2 = await real.crawl('also-nothing.invalid');
    await Promise.all([crawler.close(), real.close()]);
    expect(dns.calls).toEqual([]);
    for (const r of [...files(e), ...files(e2)]) expect(r).toMatchObject({ kind: 'failed', reason: 'dns' });
    expect(e.origin).toBeNull();
  });

  it('fails a name the resolver does not know as dns, once, and does not retry over http', async () => {
    const dns = scriptedLookup({});
    const crawler = createCrawler({ lookup: dns.lookup });
    const e = await crawler.crawl('no-such-name.example.com');
    await crawler.close();
    expect(dns.calls).toEqual(['no-such-name.example.com']);
    for (const r of files(e))
      expect(r).toMatchObject({ kind: 'failed', reason: 'dns', url: expect.stringMatching(/^https:/) });
  });

  it('falls back from https to http only when https gives no HTTP answer at all (override keeps host and port)', async () => {
    farm.set('fallback.test', { routes: { '/robots.txt': text('plain http') } });
    const before = farm.requests.length;
    // The farm speaks plain HTTP, so the TLS handshake fails and the crawl retries on http.
    const crawler = createCrawler({ overrides: `fallback.test=https://127.0.0.1:${farm.port}` });
    const e = await crawler.crawl('fallback.test');
    await crawler.close();
    expect(e.origin).toBe('http://fallback.test');
    expect(asResponse(e.robots)).toMatchObject({ url: 'http://fallback.test/robots.txt', body: 'plain http' });
    expect(farm.requests.slice(before).filter((r) => r.host === 'fallback.test')).toHaveLength(7);
  });

  it('does not try https at all when the override names an http origin', async () => {
    const crawler = createCrawler({ overrides: farm.overrides(['bare.test']) });
    const e = await crawler.crawl('bare.test');
    await crawler.close();
    for (const r of files(e)) expect(asResponse(r).url).toMatch(/^http:\/\/bare\.test\//);
  });

  it('refuses input that is not a domain without fetching anything', async () => {
    const crawler = createCrawler({ overrides: farm.overrides() });
    for (const input of ['127.0.0.1', '2130706433', '0x7f.1', '[::1]', 'http://full.test/', '', 'nodots']) {
      const e = await crawler.crawl(input);
      for (const r of files(e)) expect(r.kind).toBe('refused');
    }
    await crawler.close();
  });

  it('close() cancels crawls in flight, which resolve with aborted results', async () => {
    farm.set('forever.test', { routes: {}, fallback: { ...text('late'), delayMs: 5_000 } });
    const crawler = createCrawler({ overrides: farm.overrides() });
    const pending = crawler.crawl('forever.test');
    setTimeout(() => void crawler.close(), 50);
    const e = await pending;
    for (const r of files(e)) expect(r).toMatchObject({ kind: 'failed', reason: 'aborted' });
  });

  it('never rejects: every file of every domain is a FetchResult', async () => {
    const crawler = createCrawler({ overrides: `${farm.overrides()},down.test=http://127.0.0.1:1` });
    const all = await Promise.all(['full.test', 'down.test', 'x.invalid', 'unknown.test'].map((d) => crawler.crawl(d)));
    await crawler.close();
    for (const e of all) for (const k of FILE_KEYS) expect(['response', 'failed', 'refused']).toContain(e[k].kind);
  });
});

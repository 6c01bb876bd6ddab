/**
 * Time limits and size caps, with short injected limits so the suite stays fast; and pages the
 * analysis judges (soft 404s, CDN challenges) arrive intact.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrawler, type CrawlerOptions } from '../../../proxy/crawler/index.js';
import { html, startFixtureFarm, text, type FixtureFarm, type FixtureSite } from '../../fixtures/farm.js';
import { asResponse, files } from './helpers.js';

let farm: FixtureFarm;
beforeAll(async () => {
  farm = await startFixtureFarm();
});
afterAll(() => farm.close());

async function crawlSite(domain: string, site: FixtureSite, opts: CrawlerOptions = {}, signal?: AbortSignal) {
  farm.set(domain, site);
  const crawler = createCrawler({ overrides: farm.overrides(), ...opts });
  try {
    return await crawler.crawl(domain, signal);
  } finally {
    await crawler.close();
  }
}

describe('time limits', () => {
  it('fails one slow request as timeout and keeps the others', async () => {
    const e = await crawlSite(
      'slow.test',
      { routes: { '/robots.txt': { ...text('late'), delayMs: 2_000 }, '/llms.txt': text('quick') } },
      {
        timeouts: { requestMs: 200 },
      },
    );
    expect(e.robots).toMatchObject({ kind: 'failed', reason: 'timeout' });
    expect((e.robots as { elapsedMs: number }).elapsedMs).toBeLessThan(2_000);
    expect(asResponse(e.llms).body).toBe('quick');
    expect(e.origin).toBe('http://slow.test');
  });

  it('times out a body that trickles in past the request limit', async () => {
    // Headers at once, then one byte every 50 ms: the limit covers the body, not just headers.
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const t = setInterval(() => res.write('x'), 50);
      res.on('close', () => clearInterval(t));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const crawler = createCrawler({ overrides: `trickle.test=http://127.0.0.1:${port}`, timeouts: { requestMs: 300 } });
    const e = await crawler.crawl('trickle.test');
    await crawler.close();
    server.closeAllConnections();
    server.close();
    for (const r of files(e))
      expect(r).toMatchObject({ kind: 'failed', reason: 'timeout', message: expect.stringContaining('300 ms') });
  });

  it('stops the whole domain at the domain limit, every file a timeout', async () => {
    const started = Date.now();
    const e = await crawlSite(
      'stuck.test',
      { routes: {}, fallback: { ...text('never'), delayMs: 3_000 } },
      {
        timeouts: { requestMs: 5_000, domainMs: 300 },
      },
    );
    for (const r of files(e))
      expect(r).toMatchObject({ kind: 'failed', reason: 'timeout', message: expect.stringContaining('300 ms') });
    expect(e.origin).toBeNull();
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('counts the terms page inside the domain limit', async () => {
    const e = await crawlSite(
      'slowtos.test',
      { routes: { '/': html('<a href="/terms">Terms</a>'), '/terms': { ...html('terms'), delayMs: 3_000 } } },
      { timeouts: { domainMs: 400 } },
    );
    expect(asResponse(e.homepage).status).toBe(200);
    expect(e.tos).toMatchObject({ kind: 'failed', reason: 'timeout' });
  });

  it('reports a cancelled crawl as aborted', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const e = await crawlSite(
      'cancel.test',
      { routes: {}, fallback: { ...text('never'), delayMs: 3_000 } },
      {},
      ac.signal,
    );
    for (const r of files(e)) expect(r).toMatchObject({ kind: 'failed', reason: 'aborted' });
  });

  it('fails a connection the server drops without answering; the pages wait for a robots.txt that never came (RFC 9309 2.3.1.4)', async () => {
    const before = farm.requests.length;
    const e = await crawlSite('drop.test', { routes: { '/robots.txt': { drop: true } } });
    expect(e.robots).toMatchObject({ kind: 'failed', reason: 'connect' });
    expect(asResponse(e.llms).status).toBe(404);
    for (const page of [e.homepage, e.markdown]) {
      expect(page).toMatchObject({
        kind: 'failed',
        reason: 'connect',
        message: expect.stringContaining('this page was not requested'),
      });
    }
    expect(farm.requests.slice(before).filter((r) => r.host === 'drop.test' && r.path === '/')).toEqual([]);
  });
});

describe('size caps', () => {
  const KiB = 1024;

  it('cuts robots.txt at 500 KiB by default and says so', async () => {
    const e = await crawlSite('bigrobots.test', { routes: { '/robots.txt': text('a'.repeat(700 * KiB)) } });
    const r = asResponse(e.robots);
    expect(r).toMatchObject({ truncated: true, bytes: 500 * KiB });
    expect(r.body).toHaveLength(500 * KiB);
  });

  it('cuts the homepage at 1 MiB and the other files at 256 KiB by default', async () => {
    const e = await crawlSite('big.test', {
      routes: { '/': html('<p>'.padEnd(1100 * KiB, 'b')), '/llms.txt': text('c'.repeat(300 * KiB)) },
    });
    expect(asResponse(e.homepage)).toMatchObject({ truncated: true, bytes: 1024 * KiB });
    expect(asResponse(e.llms)).toMatchObject({ truncated: true, bytes: 256 * KiB });
  });

  it('keeps a body of exactly the cap as complete', async () => {
    const e = await crawlSite(
      'exact.test',
      { routes: { '/robots.txt': text('d'.repeat(1000)) } },
      { caps: { robots: 1000 } },
    );
    expect(asResponse(e.robots)).toMatchObject({ truncated: false, bytes: 1000 });
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)('decodes %s bodies', async (coding, compress) => {
    const body = 'User-agent: GPTBot\nDisallow: /\n'.repeat(50);
    const e = await crawlSite(`enc-${coding}.test`, {
      routes: {
        '/robots.txt': {
          status: 200,
          headers: { 'content-type': 'text/plain', 'content-encoding': coding },
          body: compress(body),
        },
      },
    });
    const r = asResponse(e.robots);
    expect(r.body).toBe(body);
    expect(r.truncated).toBe(false);
    expect(r.bytes).toBeLessThan(body.length);
  });

  it.each([
    ['gzip', (b: Buffer) => gzipSync(b, { level: 1 })],
    ['br', (b: Buffer) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })],
  ] as const)('stops a %s bomb at the cap of decoded bytes', async (coding, compress) => {
    // 64 MiB of zeros compresses to a few tens of KiB.
    const bomb = compress(Buffer.alloc(64 * 1024 * KiB));
    expect(bomb.length).toBeLessThan(500 * KiB);
    const e = await crawlSite(`bomb-${coding}.test`, {
      routes: {
        '/robots.txt': {
          status: 200,
          headers: { 'content-type': 'text/plain', 'content-encoding': coding },
          body: bomb,
        },
      },
    });
    const r = asResponse(e.robots);
    expect(r.truncated).toBe(true);
    expect(r.body).toHaveLength(500 * KiB);
    expect(r.bytes).toBeLessThanOrEqual(500 * KiB);
  });

  it('stops reading compressed input past the cap even when it decodes to little', async () => {
    // Random bytes do not compress: the gzip body is larger than the cap.
    const noise = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 251));
    const e = await crawlSite(
      'noise.test',
      {
        routes: {
          '/llms.txt': {
            status: 200,
            headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' },
            body: gzipSync(noise, { level: 0 }),
          },
        },
      },
      { caps: { other: 1000 } },
    );
    const r = asResponse(e.llms);
    expect(r.truncated).toBe(true);
    expect(r.bytes).toBeLessThanOrEqual(1000);
  });

  it('keeps an unknown content-coding as received', async () => {
    const e = await crawlSite('zstd.test', {
      routes: {
        '/robots.txt': {
          status: 200,
          headers: { 'content-type': 'text/plain', 'content-encoding': 'zstd' },
          body: 'raw',
        },
      },
    });
    expect(asResponse(e.robots).body).toBe('raw');
  });

  it('fails a corrupt gzip body as a protocol error', async () => {
    const e = await crawlSite('corrupt.test', {
      routes: {
        '/robots.txt': {
          status: 200,
          headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' },
          body: 'not gzip at all',
        },
      },
    });
    expect(e.robots).toMatchObject({ kind: 'failed', reason: 'protocol' });
  });
});

describe('pages left to the analysis arrive intact', () => {
  const challenge =
    '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>';

  it('keeps a soft 404 (200 HTML at /robots.txt) with its status, type and body', async () => {
    const page = '<html><body><h1>Page not found</h1></body></html>';
    const e = await crawlSite('soft404.test', { routes: {}, fallback: html(page) });
    expect(asResponse(e.robots)).toMatchObject({ status: 200, contentType: 'text/html', body: page, truncated: false });
  });

  it('keeps a CDN challenge (403 with its headers) as a response', async () => {
    const e = await crawlSite('challenge.test', {
      routes: {},
      fallback: {
        status: 403,
        headers: { 'content-type': 'text/html; charset=UTF-8', 'cf-mitigated': 'challenge', server: 'cloudflare' },
        body: challenge,
      },
    });
    const r = asResponse(e.robots);
    expect(r).toMatchObject({ status: 403, body: challenge });
    expect(r.headers).toMatchObject({ 'cf-mitigated': 'challenge', server: 'cloudflare' });
  });

  it('joins repeated headers and decodes invalid UTF-8 with replacement characters', async () => {
    const e = await crawlSite('bytes.test', {
      routes: {
        '/robots.txt': {
          status: 200,
          headers: { 'content-type': 'text/plain' },
          body: Buffer.from([0x41, 0xff, 0x42]),
        },
      },
      fallback: (req) => ({
        status: 200,
        headers: { 'x-robots-tag': ['noai', 'noimageai'] as unknown as string },
        body: String(req.url),
      }),
    });
    expect(asResponse(e.robots).body).toBe('A\uFFFDB');
    expect(asResponse(e.homepage).headers['x-robots-tag']).toBe('noai, noimageai');
  });
});

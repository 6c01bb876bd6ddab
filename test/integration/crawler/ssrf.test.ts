/**
 * The SSRF guard: forbidden targets reached through names that resolve to them, numeric host
 * literals, IPv6 forms, redirects into them and DNS rebinding. The fixture farm listens on
 * 127.0.0.1, so a target that slipped through to loopback would show up in farm.requests as a
 * request for `/secret`: every test checks that it never does.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCrawler } from '../../../proxy/crawler/index.js';
import { startFixtureFarm, text, type FixtureFarm } from '../../fixtures/farm.js';
import { asResponse, files, scriptedLookup } from './helpers.js';

let farm: FixtureFarm;
let before = 0;

beforeAll(async () => {
  farm = await startFixtureFarm();
});
afterAll(() => farm.close());
afterEach(() => {
  // Whatever a test tried, nothing ever reached the farm's secret path.
  expect(farm.requests.slice(before).filter((r) => r.path === '/secret')).toEqual([]);
});

/** Forbidden answers a name may resolve to, one per range (at least 20 as the brief asks). */
const FORBIDDEN = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.0.10', 'private'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'this network'],
  ['224.0.0.251', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.2.10', 'documentation TEST-NET-1'],
  ['198.51.100.10', 'documentation TEST-NET-2'],
  ['203.0.113.10', 'documentation TEST-NET-3'],
  ['198.18.0.1', 'benchmarking'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['::1', 'IPv6 loopback'],
  ['::', 'IPv6 unspecified'],
  ['fe80::1', 'IPv6 link-local'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456::1', 'unique-local'],
  ['ff02::1', 'IPv6 multicast'],
  ['2001:db8::1', 'IPv6 documentation'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['2002:c0a8:1::1', '6to4 of private'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['fec0::1', 'site-local'],
] as const;

describe('names resolving to forbidden addresses are refused, never fetched', () => {
  it.each(FORBIDDEN)('%s (%s)', async (address) => {
    before = farm.requests.length;
    const dns = scriptedLookup({ 'target.example.com': [address] });
    const crawler = createCrawler({ lookup: dns.lookup });
    const e = await crawler.crawl('target.example.com');
    await crawler.close();
    for (const r of files(e))
      expect(r).toMatchObject({ kind: 'refused', url: expect.stringMatching(/^https:\/\/target\.example\.com\//) });
    expect(e.origin).toBeNull();
    expect(dns.calls).toEqual(['target.example.com']);
  });

  it('refuses a name when any one of its answers is forbidden', async () => {
    before = farm.requests.length;
    const dns = scriptedLookup({ 'mixed.example.com': ['8.8.8.8', '2606:4700::1', '127.0.0.1'] });
    const crawler = createCrawler({ lookup: dns.lookup });
    const e = await crawler.crawl('mixed.example.com');
    await crawler.close();
    expect(e.robots).toMatchObject({
      kind: 'refused',
      reason: expect.stringContaining('127.0.0.1 is a loopback address'),
    });
  });

  it.each(['localhost', 'app.localhost'])('refuses %s without resolving it', async (name) => {
    before = farm.requests.length;
    const dns = scriptedLookup({});
    farm.set('hop.test', { routes: { '/robots.txt': { redirect: `http://${name}:${farm.port}/secret` } } });
    const crawler = createCrawler({ overrides: farm.overrides(), lookup: dns.lookup });
    const e = await crawler.crawl('hop.test');
    await crawler.close();
    expect(e.robots).toMatchObject({ kind: 'refused', reason: expect.stringContaining('loopback') });
    expect(dns.calls).toEqual([]);
  });
});

describe('redirects into forbidden targets are refused', () => {
  /** Every spelling below reaches the farm (127.0.0.1) if the guard lets it through. */
  const literals = [
    '127.0.0.1',
    '2130706433', // decimal
    '0x7f000001', // hex
    '0x7f.0.0.1', // dotted hex
    '0177.0.0.1', // octal
    '017700000001', // whole octal
    '127.1', // short form
    '127.0.1',
    '0x7f.1',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[::1]',
    '[0:0:0:0:0:ffff:127.0.0.1]',
    'LOCALHOST',
    'loopback.example.com', // a public-looking name resolving to loopback
    'metadata.example.com', // a name resolving to the metadata address
  ];
  it.each(literals)('http://%s:PORT/secret', async (host) => {
    before = farm.requests.length;
    const dns = scriptedLookup({ 'loopback.example.com': ['127.0.0.1'], 'metadata.example.com': ['169.254.169.254'] });
    farm.set('bouncer.test', { routes: { '/robots.txt': { redirect: `http://${host}:${farm.port}/secret` } } });
    const crawler = createCrawler({ overrides: farm.overrides(), lookup: dns.lookup });
    const e = await crawler.crawl('bouncer.test');
    await crawler.close();
    expect(e.robots).toMatchObject({ kind: 'refused', reason: expect.stringMatching(/^redirect to /) });
    expect(asResponse(e.homepage).status).toBe(404); // the rest of the crawl is unaffected
  });

  it('refuses a forbidden target reached after several allowed hops', async () => {
    before = farm.requests.length;
    farm.set('deep.test', {
      routes: {
        '/robots.txt': { redirect: '/a' },
        '/a': { redirect: 'http://deep2.test/b' },
        '/b': { redirect: `http://2130706433:${farm.port}/secret` },
      },
    });
    farm.set('deep2.test', { routes: { '/b': { redirect: `http://[::ffff:127.0.0.1]:${farm.port}/secret` } } });
    const crawler = createCrawler({ overrides: farm.overrides() });
    const e = await crawler.crawl('deep.test');
    await crawler.close();
    expect(e.robots).toMatchObject({ kind: 'refused' });
  });

  it('does not follow a terms link to a bare address (not the same registrable domain)', async () => {
    before = farm.requests.length;
    farm.set('tos.test', {
      routes: {
        '/': {
          status: 200,
          headers: { 'content-type': 'text/html' },
          body: `<a href="http://127.0.0.1:${farm.port}/secret">Terms</a>`,
        },
      },
    });
    const crawler = createCrawler({ overrides: farm.overrides() });
    const e = await crawler.crawl('tos.test');
    await crawler.close();
    expect(e.tosUrl).toBeNull();
    expect(e.tos).toBeNull();
  });

  it('refuses a terms link on a sibling host that resolves to a forbidden address', async () => {
    before = farm.requests.length;
    const dns = scriptedLookup({ 'legal.shop.example.com': ['192.168.1.20'] });
    farm.set('shop.example.com', {
      routes: {
        '/': {
          status: 200,
          headers: { 'content-type': 'text/html' },
          body: '<a href="http://legal.shop.example.com/secret">Terms of use</a>',
        },
      },
    });
    const crawler = createCrawler({ overrides: farm.overrides(['shop.example.com']), lookup: dns.lookup });
    const e = await crawler.crawl('shop.example.com');
    await crawler.close();
    expect(e.tosUrl).toBe('http://legal.shop.example.com/secret');
    expect(e.tos).toMatchObject({ kind: 'refused', reason: expect.stringContaining('192.168.1.20') });
  });
});

describe('DNS rebinding', () => {
  it('resolves each host once per crawl and connects every request to that pinned answer', async () => {
    before = farm.requests.length;
    farm.set('pinned.test', { routes: { '/robots.txt': text('pinned') }, fallback: text('ok') });
    // The override target is a name: first answer the farm, then an unroutable address. Any
    // second resolution would send a request to 10.255.255.1 and fail.
    const dns = scriptedLookup({ 'farm-host.internal': [['127.0.0.1'], ['10.255.255.1']] });
    const crawler = createCrawler({
      overrides: `pinned.test=http://farm-host.internal:${farm.port}`,
      lookup: dns.lookup,
      timeouts: { connectMs: 300 },
    });
    const e = await crawler.crawl('pinned.test');
    await crawler.close();
    for (const r of files(e)) expect(r.kind).toBe('response');
    expect(asResponse(e.robots).body).toBe('pinned');
    expect(dns.calls).toEqual(['farm-host.internal']);
  });

  it('checks the answer it connects to: a name that first answers private is refused even if it would later answer public', async () => {
    before = farm.requests.length;
    const dns = scriptedLookup({ 'rebind.example.com': [['127.0.0.1'], ['93.184.216.34']] });
    farm.set('rb.test', { routes: { '/robots.txt': { redirect: `http://rebind.example.com:${farm.port}/secret` } } });
    const crawler = createCrawler({ overrides: farm.overrides(), lookup: dns.lookup });
    const e = await crawler.crawl('rb.test');
    await crawler.close();
    expect(e.robots).toMatchObject({ kind: 'refused' });
    expect(dns.calls).toEqual(['rebind.example.com']);
  });

  it('pins per crawl: a later crawl asks again, and its new forbidden answer is refused', async () => {
    before = farm.requests.length;
    const dns = scriptedLookup({ 'flip.example.com': [['127.0.0.2'], ['10.0.0.1']] });
    const crawler = createCrawler({ lookup: dns.lookup });
    const first = await crawler.crawl('flip.example.com');
    const second = await crawler.crawl('flip.example.com');
    await crawler.close();
    expect(first.robots).toMatchObject({ kind: 'refused', reason: expect.stringContaining('127.0.0.2') });
    expect(second.robots).toMatchObject({ kind: 'refused', reason: expect.stringContaining('10.0.0.1') });
    expect(dns.calls).toEqual(['flip.example.com', 'flip.example.com']);
  });
});

/** Redirects: followed up to 5 hops, each hop re-resolved and re-checked, http and https only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrawler } from '../../../proxy/crawler/index.js';
import { startFixtureFarm, text, type FixtureFarm, type FixtureSite } from '../../fixtures/farm.js';
import { asResponse, scriptedLookup } from './helpers.js';

let farm: FixtureFarm;

/** A site whose robots.txt redirects to `location`; `/hopN` redirects N more times. */
function redirecting(location: string, status = 302): FixtureSite {
  const routes: FixtureSite['routes'] = { '/robots.txt': { redirect: location, status }, '/final': text('arrived') };
  for (let n = 1; n <= 10; n++) routes[`/hop${n}`] = { redirect: n === 1 ? '/final' : `/hop${n - 1}` };
  return { routes };
}

async function robotsOf(domain: string, site: FixtureSite, dns = scriptedLookup({})) {
  farm.set(domain, site);
  const crawler = createCrawler({ overrides: farm.overrides(), lookup: dns.lookup });
  try {
    return (await crawler.crawl(domain)).robots;
  } finally {
    await crawler.close();
  }
}

beforeAll(async () => {
  farm = await startFixtureFarm({ 'other.test': { routes: { '/landing': text('other host') } } });
});
afterAll(() => farm.close());

describe('redirects', () => {
  it('follows a chain and reports the final URL and hop count', async () => {
    const r = asResponse(await robotsOf('chain.test', redirecting('/hop2', 301)));
    expect(r).toMatchObject({
      url: 'http://chain.test/robots.txt',
      finalUrl: 'http://chain.test/final',
      redirects: 3,
      body: 'arrived',
    });
  });

  it('follows exactly 5 redirects', async () => {
    const r = asResponse(await robotsOf('five.test', redirecting('/hop4')));
    expect(r.redirects).toBe(5);
    expect(r.body).toBe('arrived');
  });

  it('fails a sixth redirect as too_many_redirects', async () => {
    const r = await robotsOf('six.test', redirecting('/hop5'));
    expect(r).toMatchObject({ kind: 'failed', reason: 'too_many_redirects' });
  });

  it('fails a redirect loop as too_many_redirects', async () => {
    const r = await robotsOf('loop.test', { routes: { '/robots.txt': { redirect: '/robots.txt' } } });
    expect(r).toMatchObject({ kind: 'failed', reason: 'too_many_redirects' });
  });

  it.each([307, 308, 303])('follows a %i redirect with a GET', async (status) => {
    const r = asResponse(await robotsOf(`s${status}.test`, redirecting('/final', status)));
    expect(r.body).toBe('arrived');
  });

  it('follows a cross-host redirect to another overridden host, re-resolving it', async () => {
    const r = asResponse(await robotsOf('cross.test', redirecting('http://other.test/landing')));
    expect(r).toMatchObject({ finalUrl: 'http://other.test/landing', body: 'other host', redirects: 1 });
  });

  it.each([
    'ftp://cross.test/robots.txt',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/plain,hi',
    'gopher://x.test/',
  ])('fails a redirect to %s as bad_redirect', async (location) => {
    const r = await robotsOf(`scheme${location.length}.test`, redirecting(location));
    expect(r).toMatchObject({ kind: 'failed', reason: 'bad_redirect' });
  });

  it('fails an unparsable Location as bad_redirect', async () => {
    const r = await robotsOf('badloc.test', redirecting('http://exa mple.com:99999/'));
    expect(r).toMatchObject({ kind: 'failed', reason: 'bad_redirect' });
  });

  it('keeps a redirect without Location as the answer', async () => {
    const r = asResponse(
      await robotsOf('noloc.test', { routes: { '/robots.txt': { status: 302, body: 'no location' } } }),
    );
    expect(r).toMatchObject({ status: 302, redirects: 0 });
  });

  it('refuses a redirect to a name that resolves to a private address, without connecting', async () => {
    const dns = scriptedLookup({ 'intranet.example.com': ['10.0.0.7'] });
    const before = farm.requests.length;
    const r = await robotsOf('toprivate.test', redirecting(`http://intranet.example.com:${farm.port}/secret`), dns);
    expect(r).toMatchObject({ kind: 'refused', reason: expect.stringMatching(/redirect to .*private/) });
    expect(farm.requests.slice(before).some((q) => q.path === '/secret')).toBe(false);
  });
});

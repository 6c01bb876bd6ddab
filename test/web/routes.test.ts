import { describe, expect, it } from 'vitest';
import { domainFromInput, routeOf, siteHref } from '../../web/src/routes.js';

describe('routeOf', () => {
  it.each([
    ['/', { page: 'home' }],
    ['/overview', { page: 'overview' }],
    ['/overview/', { page: 'overview' }],
    ['/site/Example.COM', { page: 'site', domain: 'example.com' }],
    ['/site/b%C3%BCcher.test/', { page: 'site', domain: 'xn--bcher-kva.test' }],
    ['/site/xn--bcher-kva.test', { page: 'site', domain: 'xn--bcher-kva.test' }],
    ['/site/not%20a%20domain', { page: 'bad-domain', input: 'not a domain' }],
    ['/site/127.0.0.1', { page: 'bad-domain', input: '127.0.0.1' }],
    ['/site/%E0%A4%A', { page: 'bad-domain', input: '%E0%A4%A' }],
    ['/site/a.test/more', { page: 'not-found' }],
    ['/elsewhere', { page: 'not-found' }],
  ])('%s', (path, want) => expect(routeOf(path)).toEqual(want));
});

describe('domainFromInput', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  WWW.Example.com  ', 'www.example.com'],
    ['https://news.example.co.uk/2026/story?id=1#top', 'news.example.co.uk'],
    ['example.com/some/path', 'example.com'],
    ['bücher.test', 'xn--bcher-kva.test'],
    ['', null],
    ['not a domain', null],
    ['http://', null],
    ['localhost', null],
    ['http://192.168.1.1/admin', null],
  ])('%j → %j', (input, want) => expect(domainFromInput(input)).toBe(want));

  it('makes addresses that route back to the same domain', () => {
    expect(routeOf(siteHref('xn--bcher-kva.test'))).toEqual({ page: 'site', domain: 'xn--bcher-kva.test' });
  });
});

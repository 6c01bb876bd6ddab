/** CRAWL_OVERRIDES parsing and matching. */
import { describe, expect, it } from 'vitest';
import { matchOverride, parseCrawlOverrides } from '../../../proxy/crawler/overrides.js';

describe('parseCrawlOverrides', () => {
  it('parses pairs, wildcards, ports, IPv6 and skips empty entries', () => {
    const o = parseCrawlOverrides(
      ' a.test=http://127.0.0.1:8080 , *.farm.test=https://[::1]:8443/,, Local.Example.=http://localhost ',
    );
    expect(o).toEqual([
      {
        pattern: 'a.test',
        wildcard: false,
        origin: 'http://127.0.0.1:8080',
        protocol: 'http:',
        host: '127.0.0.1',
        port: 8080,
      },
      {
        pattern: 'farm.test',
        wildcard: true,
        origin: 'https://[::1]:8443',
        protocol: 'https:',
        host: '::1',
        port: 8443,
      },
      {
        pattern: 'local.example',
        wildcard: false,
        origin: 'http://localhost',
        protocol: 'http:',
        host: 'localhost',
        port: 80,
      },
    ]);
    expect(parseCrawlOverrides('')).toEqual([]);
  });

  it.each([
    ['a.test', /not a domain=origin pair/],
    ['=http://127.0.0.1', /not a host name/],
    ['a b.test=http://127.0.0.1', /not a host name/],
    ['127.0.0.1=http://127.0.0.1', /not a host name/],
    ['*.=http://127.0.0.1', /not a host name/],
    ['a.test=127.0.0.1:80', /must use http or https|not a URL/],
    ['a.test=ftp://127.0.0.1', /must use http or https/],
    ['a.test=http://127.0.0.1/path', /origin only/],
    ['a.test=http://u:p@127.0.0.1', /origin only/],
    ['a.test=http://127.0.0.1?x=1', /origin only/],
    ['a.test=not a url', /not a URL/],
    ['a.test=http://1.1.1.1,A.test=http://2.2.2.2', /overridden twice/],
  ])('rejects %j with a clear message', (value, message) => {
    expect(() => parseCrawlOverrides(value)).toThrow(message);
  });
});

describe('matchOverride', () => {
  const o = parseCrawlOverrides('*.test=http://127.0.0.1:1,*.b.test=http://127.0.0.1:2,a.b.test=http://127.0.0.1:3');
  it('prefers an exact name, then the longest wildcard suffix', () => {
    expect(matchOverride(o, 'a.b.test')?.port).toBe(3);
    expect(matchOverride(o, 'c.b.test')?.port).toBe(2);
    expect(matchOverride(o, 'x.test')?.port).toBe(1);
    expect(matchOverride(o, 'A.B.TEST.')?.port).toBe(3);
  });
  it('does not let a wildcard match its bare suffix or another name', () => {
    expect(matchOverride(o, 'test')).toBeNull();
    expect(matchOverride(o, 'nottest')).toBeNull();
    expect(matchOverride(o, 'example.com')).toBeNull();
  });
});

/**
 * Where a site names its RSL licence (proxy/analysis/signals/rsl-discovery.ts, docs/policy.md
 * section 15): robots.txt first (every crawler's line before a group's), then the homepage's
 * `<link rel="license" type="application/rsl+xml">`, then its `Link` header.
 */
import { describe, expect, it } from 'vitest';
import { scanHtml } from '../../../../proxy/analysis/html/scan.js';
import { findLicence, linkHeaderLinks } from '../../../../proxy/analysis/signals/rsl-discovery.js';
import { parseRobotsTxt } from '../../../../shared/robots/index.js';
import { realRobots } from '../../../fixtures/stance-sites.js';

const none = { robots: null, robotsUrl: null, scan: null, headers: null, pageUrl: null };
const ROBOTS_URL = 'https://example.com/robots.txt';

describe('findLicence', () => {
  it('reads a real robots.txt License line (stackoverflow.com, January 2026)', () => {
    const robots = parseRobotsTxt(realRobots('stackoverflow.com.robots.txt'));
    const ref = findLicence({ ...none, robots, robotsUrl: 'https://stackoverflow.com/robots.txt' });
    expect(ref).toMatchObject({ url: 'https://stackoverflow.com/license.xml', via: 'robots_txt' });
    expect(ref!.line).toBeGreaterThan(0);
  });

  it('prefers a line for every crawler over one in a named group, and resolves relative URLs', () => {
    const robots = parseRobotsTxt(
      'User-agent: GPTBot\nDisallow: /x\nLicense: /gpt.xml\n\nUser-agent: *\nLicense: /all.xml\n',
    );
    expect(findLicence({ ...none, robots, robotsUrl: ROBOTS_URL })).toEqual({
      url: 'https://example.com/all.xml',
      via: 'robots_txt',
      line: 6,
    });
    const named = parseRobotsTxt('User-agent: GPTBot\nDisallow: /x\nLicense: https://example.com/gpt.xml\n');
    expect(findLicence({ ...none, robots: named, robotsUrl: ROBOTS_URL })).toEqual({
      url: 'https://example.com/gpt.xml',
      via: 'robots_txt',
      line: 3,
      agents: ['gptbot'],
    });
  });

  it('ignores URLs that are not http(s)', () => {
    const robots = parseRobotsTxt('License: javascript:alert(1)\nLicense: ftp://example.com/l.xml\n');
    expect(findLicence({ ...none, robots, robotsUrl: ROBOTS_URL })).toBeNull();
  });

  it('reads the homepage link only with the RSL media type (a Creative Commons link is not a licence to read)', () => {
    const scan = scanHtml(
      '<head><link rel="license" href="https://creativecommons.org/licenses/by/4.0/">' +
        '<link rel="License alternate" type="application/rsl+xml; charset=utf-8" href="/rsl.xml"></head>',
    );
    expect(findLicence({ ...none, scan, pageUrl: 'https://example.com/' })).toEqual({
      url: 'https://example.com/rsl.xml',
      via: 'link',
      line: null,
    });
  });

  it('reads the Link header with rel=license and the RSL type; robots.txt wins over both', () => {
    const headers = {
      link: '<https://cdn.example.com/style.css>; rel=preload; as=style, </l.xml>; rel="license"; type="application/rsl+xml"',
    };
    expect(findLicence({ ...none, headers, pageUrl: 'https://example.com/a' })).toEqual({
      url: 'https://example.com/l.xml',
      via: 'header',
      line: null,
    });
    const robots = parseRobotsTxt('License: https://example.com/robots-named.xml\n');
    expect(findLicence({ ...none, robots, robotsUrl: ROBOTS_URL, headers, pageUrl: 'https://example.com/' })?.via).toBe(
      'robots_txt',
    );
  });
});

describe('linkHeaderLinks (RFC 8288 section 3)', () => {
  it('splits links at commas outside quotes and reads quoted and bare parameters', () => {
    expect(linkHeaderLinks('<a>; rel="x, y"; title=t, <b>;rel=license')).toEqual([
      { target: 'a', params: { rel: 'x, y', title: 't' } },
      { target: 'b', params: { rel: 'license' } },
    ]);
  });

  it('never throws on broken values', () => {
    for (const v of ['', '<', '<a', '<a>;', '<a>; rel="', ';;;,,,', '<a>; =x', 'x'.repeat(100_000)])
      expect(() => linkHeaderLinks(v)).not.toThrow();
  });
});

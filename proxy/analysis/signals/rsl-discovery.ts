/**
 * Where a site names its RSL licence (RSL 1.0 section 4, docs/policy.md section 15): a
 * robots.txt `License:` line, an HTML `<link rel="license" type="application/rsl+xml" href>`
 * on the homepage, or an HTTP `Link: <url>; rel="license"; type="application/rsl+xml"` header
 * of the homepage. One licence is read per site, in that order: robots.txt's first line for
 * every crawler (outside any group or in the `*` group), else the first in a group naming
 * crawlers, else the homepage's tag, else its header. Only http(s) URLs count; relative ones are
 * resolved against the file that names them. The crawler (which fetches the document) and the
 * analysis (which tells where it came from) ask the same function. A licence is fetched only on
 * the site's own registrable domain (as the terms page is, site/tos.ts): one elsewhere is named
 * and told as not fetched. Pure: no node:*.
 */
import { getDomain } from 'tldts';
import type { RobotsTxt } from '../../../shared/robots/index.js';
import type { HtmlScan } from '../html/scan.js';

export const RSL_MEDIA_TYPE = 'application/rsl+xml';

export type LicenceVia = 'robots_txt' | 'link' | 'header';

export interface LicenceRef {
  /** Absolute http(s) URL of the RSL document. */
  url: string;
  via: LicenceVia;
  /** robots.txt line of the `License:` field, else null. */
  line: number | null;
  /** For a `License:` inside a group naming crawlers: their tokens (it is read as the site's, with a warning). */
  agents?: string[];
}

const absolute = (href: string, base: string | null): string | null => {
  try {
    const u = base === null ? new URL(href) : new URL(href, base);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
};

function fromRobots(robots: RobotsTxt, base: string | null): LicenceRef | null {
  const global = [
    ...robots.outside,
    ...robots.groups.filter((g) => g.agents.some((a) => a.token === '*')).flatMap((g) => g.records),
  ]
    .filter((r) => r.name === 'license')
    .sort((a, b) => a.line - b.line);
  for (const r of global) {
    const url = absolute(r.value.trim(), base);
    if (url) return { url, via: 'robots_txt', line: r.line };
  }
  for (const g of robots.groups) {
    for (const r of g.records) {
      if (r.name !== 'license') continue;
      const url = absolute(r.value.trim(), base);
      if (url) return { url, via: 'robots_txt', line: r.line, agents: g.agents.map((a) => a.token) };
    }
  }
  return null;
}

/** `<link rel="license" type="application/rsl+xml" href>`, resolved against `<base>` or the page. */
function fromLinkTag(scan: HtmlScan, pageUrl: string | null): LicenceRef | null {
  const base = scan.base !== null && pageUrl !== null ? absolute(scan.base, pageUrl) : pageUrl;
  for (const l of scan.links) {
    if (!l.rel.includes('license') || l.type !== RSL_MEDIA_TYPE) continue;
    const url = absolute(l.href.trim(), base);
    if (url) return { url, via: 'link', line: null };
  }
  return null;
}

/**
 * The links of a `Link` header value (RFC 8288 section 3): `<target>` then `;`-separated
 * parameters, links separated by commas outside `<>` and quotes. Linear, never throws.
 */
export function linkHeaderLinks(value: string): { target: string; params: Record<string, string> }[] {
  const out: { target: string; params: Record<string, string> }[] = [];
  let i = 0;
  const n = Math.min(value.length, 16 * 1024);
  while (i < n && out.length < 50) {
    const lt = value.indexOf('<', i);
    if (lt < 0 || lt >= n) break;
    const gt = value.indexOf('>', lt + 1);
    if (gt < 0 || gt >= n) break;
    const target = value.slice(lt + 1, gt).trim();
    const params: Record<string, string> = {};
    i = gt + 1;
    while (i < n && value[i] !== ',') {
      const semi = value.indexOf(';', i);
      if (semi < 0 || semi >= n) break;
      const [end, name, v] = readParam(value, semi + 1, n);
      if (name !== '' && !(name in params)) params[name] = v;
      i = end;
    }
    out.push({ target, params });
    i++;
  }
  return out;
}

/** One `name="value"` or `name=value` parameter from `at`: [index after it, lower-case name, value]. */
function readParam(s: string, at: number, n: number): [number, string, string] {
  let i = at;
  while (i < n && s[i] !== '=' && s[i] !== ';' && s[i] !== ',') i++;
  const name = s.slice(at, i).trim().toLowerCase();
  if (s[i] !== '=') return [i, name, ''];
  i++;
  while (i < n && s[i] === ' ') i++;
  if (s[i] === '"') {
    const close = s.indexOf('"', i + 1);
    const end = close < 0 || close >= n ? n : close;
    return [Math.min(end + 1, n), name, s.slice(i + 1, end)];
  }
  const start = i;
  while (i < n && s[i] !== ';' && s[i] !== ',') i++;
  return [i, name, s.slice(start, i).trim()];
}

function fromHeader(headers: Readonly<Record<string, string>>, pageUrl: string | null): LicenceRef | null {
  const value = headers.link;
  if (value === undefined) return null;
  for (const l of linkHeaderLinks(value)) {
    const rels = (l.params.rel ?? '').toLowerCase().split(/\s+/);
    if (!rels.includes('license') || (l.params.type ?? '').trim().toLowerCase() !== RSL_MEDIA_TYPE) continue;
    const url = absolute(l.target, pageUrl);
    if (url) return { url, via: 'header', line: null };
  }
  return null;
}

export interface LicenceSources {
  /** Parsed robots.txt when it was read, and the URL it came from. */
  robots: RobotsTxt | null;
  robotsUrl: string | null;
  /** The homepage's scan (a 2xx HTML page) and headers (any answer), and its final URL. */
  scan: HtmlScan | null;
  headers: Readonly<Record<string, string>> | null;
  pageUrl: string | null;
}

/** The licence's host is on the crawled domain's registrable domain (tldts, Public Suffix List). */
export function onSite(url: string, domain: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (getDomain(host) ?? host) === (getDomain(domain) ?? domain.toLowerCase());
}

export function findLicence(s: LicenceSources): LicenceRef | null {
  return (
    (s.robots && fromRobots(s.robots, s.robotsUrl)) ??
    (s.scan && fromLinkTag(s.scan, s.pageUrl)) ??
    (s.headers && fromHeader(s.headers, s.pageUrl)) ??
    null
  );
}

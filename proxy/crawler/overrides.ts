/**
 * CRAWL_OVERRIDES (ARCHITECTURE "Processes"): `domain=origin` pairs, comma separated, where
 * `domain` is a host name or `*.suffix`. Requests for a matching host connect to the origin's
 * host and port instead, keeping the logical URL, so the Host header, TLS server name and every
 * URL in the evidence still name the domain. The override's scheme is the scheme crawled. It is
 * the only way a private address is ever reached (tests use it to reach fixture servers).
 */
import { isIpLiteral, stripBrackets } from './address-policy.js';

export interface CrawlOverride {
  /** `example.test`, or the suffix `test` of `*.test`; lower-case. */
  pattern: string;
  /** True for `*.suffix`: matches names ending in `.suffix`, not the suffix itself. */
  wildcard: boolean;
  /** The origin as given, normalised: `http://127.0.0.1:8080`. */
  origin: string;
  protocol: 'http:' | 'https:';
  /** Host name or IP literal (IPv6 without brackets) to connect to. */
  host: string;
  port: number;
}

const NAME = /^(?=.{1,253}$)([a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** Parses a CRAWL_OVERRIDES value; throws an Error naming the bad entry. Empty entries are skipped. */
export function parseCrawlOverrides(value: string): CrawlOverride[] {
  const out: CrawlOverride[] = [];
  const seen = new Set<string>();
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const eq = entry.indexOf('=');
    if (eq < 0) throw new Error(`"${entry}" is not a domain=origin pair`);
    const key = entry.slice(0, eq).trim().toLowerCase().replace(/\.$/, '');
    const target = entry.slice(eq + 1).trim();
    const wildcard = key.startsWith('*.');
    const pattern = wildcard ? key.slice(2) : key;
    if (!NAME.test(pattern) || isIpLiteral(pattern)) {
      throw new Error(`"${key}" in "${entry}" is not a host name or *.suffix`);
    }
    const id = (wildcard ? '*.' : '') + pattern;
    if (seen.has(id)) throw new Error(`"${id}" is overridden twice`);
    seen.add(id);
    out.push({ pattern, wildcard, ...parseOrigin(target, entry) });
  }
  return out;
}

function parseOrigin(target: string, entry: string): Omit<CrawlOverride, 'pattern' | 'wildcard'> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new Error(`"${target}" in "${entry}" is not a URL such as http://127.0.0.1:8080`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`"${target}" in "${entry}" must use http or https`);
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    throw new Error(`"${target}" in "${entry}" must be an origin only (scheme, host, optional port)`);
  }
  const protocol = url.protocol;
  const port = url.port ? Number(url.port) : protocol === 'https:' ? 443 : 80;
  return { origin: url.origin, protocol, host: stripBrackets(url.hostname), port };
}

/** The override for `host`: an exact pattern wins, then the longest matching wildcard suffix. */
export function matchOverride(overrides: readonly CrawlOverride[], host: string): CrawlOverride | null {
  const name = host.toLowerCase().replace(/\.$/, '');
  let best: CrawlOverride | null = null;
  for (const o of overrides) {
    if (!o.wildcard) {
      if (o.pattern === name) return o;
    } else if (name.endsWith(`.${o.pattern}`) && (!best || o.pattern.length > best.pattern.length)) {
      best = o;
    }
  }
  return best;
}

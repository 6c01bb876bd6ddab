/**
 * The web app's addresses, one per page, each shareable: `/`, `/site/{domain}` (the domain as
 * people write it, an IDN in Unicode or punycode) and `/overview`. The gateway serves the same
 * page for each (proxy/gateway/routes/web.ts); this module tells them apart.
 */
import { parseDomain, type Domain } from '~~/shared/domain.js';

export type Route =
  | { page: 'home' }
  | { page: 'overview' }
  | { page: 'site'; domain: Domain }
  /** `/site/…` with something that is not a domain name: said so on the page. */
  | { page: 'bad-domain'; input: string }
  | { page: 'not-found' };

export function routeOf(pathname: string): Route {
  if (pathname === '/' || pathname === '') return { page: 'home' };
  if (pathname === '/overview' || pathname === '/overview/') return { page: 'overview' };
  const m = /^\/site\/([^/]+)\/?$/.exec(pathname);
  if (!m) return { page: 'not-found' };
  let input: string;
  try {
    input = decodeURIComponent(m[1]!);
  } catch {
    return { page: 'bad-domain', input: m[1]! };
  }
  const parsed = parseDomain(input);
  return parsed.ok ? { page: 'site', domain: parsed.domain } : { page: 'bad-domain', input };
}

export const siteHref = (domain: string): string => `/site/${encodeURIComponent(domain)}`;

/**
 * What a person typed into the lookup box, as a domain: a bare name, or a whole address pasted
 * from the address bar (only its host name is kept). Null when no domain name is in it.
 */
export function domainFromInput(text: string): Domain | null {
  let host = text.trim();
  if (host === '') return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(host)) {
    try {
      host = new URL(host).hostname;
    } catch {
      return null;
    }
  } else {
    host = host.split(/[/?#]/)[0]!;
  }
  const parsed = parseDomain(host);
  return parsed.ok ? parsed.domain : null;
}

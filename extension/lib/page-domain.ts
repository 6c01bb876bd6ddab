/**
 * Which pages get a badge: top-level http(s) pages with a real host name. Browser pages
 * (chrome:, about:, file:, extension pages) and the extension stores, where extensions may not
 * act anyway, get none. Only the host name is taken from the URL: path and query never leave.
 */
import { parseDomain, type Domain } from '~~/shared/domain.js';

/** Store pages on which browsers forbid extensions to act (Chrome Web Store, AMO, Edge Add-ons). */
const STORE_PAGES: ReadonlyArray<{ host: string; path: string }> = [
  { host: 'chromewebstore.google.com', path: '/' },
  { host: 'chrome.google.com', path: '/webstore' },
  { host: 'addons.mozilla.org', path: '/' },
  { host: 'microsoftedge.microsoft.com', path: '/addons' },
];

export function pageDomain(url: string | undefined): Domain | null {
  if (!url) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (STORE_PAGES.some((s) => u.hostname === s.host && u.pathname.startsWith(s.path))) return null;
  // IP literals and single-label hosts (localhost) have no domain policy to look up.
  const parsed = parseDomain(u.hostname);
  return parsed.ok ? parsed.domain : null;
}

/**
 * The path and query of a page's URL, as robots.txt matching sees it (RFC 9309 section 2.2.2),
 * for judging "This page" in the browser; null for a URL that cannot be parsed. Never sent.
 */
export function pagePath(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return null;
  }
}

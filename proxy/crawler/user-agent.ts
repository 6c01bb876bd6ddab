/**
 * How the crawler names itself. The product token is fixed, so the README's advice to site
 * owners ("User-agent: AIPolicyLens" in robots.txt) holds for every deployment; what an
 * operator sets is the contact in the comment, the page or address where a site owner reaches
 * whoever runs this copy (CRAWLER_CONTACT). RFC 9110 section 10.1.5: product tokens first,
 * then a comment; the `+URL` form is the one major crawlers use.
 */

/** The product token, matched by robots.txt `User-agent:` lines (RFC 9309 section 2.2.1). */
export const CRAWLER_TOKEN = 'AIPolicyLens';

/** The crawler's own version: changes only when what it fetches or how it behaves changes. */
export const CRAWLER_VERSION = '1.0';

/** The project's page for site owners: what the crawler fetches, how often, how to opt out. */
export const DEFAULT_CONTACT = 'https://github.com/ai-policy-lens/ai-policy-lens#for-site-owners';

const MAX_CONTACT = 200;

/**
 * Checks a contact: an absolute http(s) URL or a `mailto:` address, printable ASCII without
 * spaces, parentheses or backslashes (they would end or escape the header comment,
 * RFC 9110 section 5.6.5). Returns the value; throws an Error worded for the operator.
 */
export function parseContact(value: string): string {
  const v = value.trim();
  if (v.length > MAX_CONTACT) throw new Error(`at most ${MAX_CONTACT} characters, got ${v.length}`);
  if (!/^[\x21-\x7e]+$/.test(v) || /[()\\]/.test(v)) {
    throw new Error(
      `"${v}" must be printable ASCII without spaces, parentheses or backslashes (it goes into the User-Agent header)`,
    );
  }
  if (/^mailto:/i.test(v)) {
    if (!/^mailto:[^@\s]+@[^@\s]+\.[^@\s]+$/i.test(v)) throw new Error(`"${v}" is not a mailto: address`);
    return v;
  }
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`"${v}" is not a URL; give an https:// page or a mailto: address where site owners reach you`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`"${v}" must be an http(s) URL or a mailto: address`);
  if (url.username || url.password) throw new Error(`"${v}" must not carry a user name or password`);
  return v;
}

/** `AIPolicyLens/1.0 (+https://…)`: the header every crawl request carries. */
export function userAgentFor(contact: string = DEFAULT_CONTACT): string {
  return `${CRAWLER_TOKEN}/${CRAWLER_VERSION} (+${contact})`;
}

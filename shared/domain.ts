/**
 * Domain names: the only way to get a `Domain` is normalizeDomain() (CONVENTIONS 5).
 * Uses the WHATWG URL parser for IDN → punycode (UTS-46), which exists in Node and browsers
 * alike, so this module imports neither node:* nor browser APIs.
 */
export type Domain = string & { readonly __brand: 'Domain' };

export class InvalidDomainError extends Error {
  readonly code = 'invalid_domain' as const;
  constructor(message: string) {
    super(message);
    this.name = 'InvalidDomainError';
  }
}

export type DomainParse = { ok: true; domain: Domain } | { ok: false; error: 'invalid_domain'; message: string };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4_LIKE = /^[0-9.]+$/;
/** Characters that give a URL its structure (scheme, port, path, query, user): never part of a host name. */
const URL_STRUCTURAL = /[/\\?#@:[\]%]/;

/**
 * Lower-case, trailing dot removed, IDN to punycode, a leading `www.` kept as given. Rejects
 * IP literals, ports, paths, schemes, single labels, labels over 63 octets, names over 253,
 * empty input, control or space characters.
 */
export function parseDomain(input: unknown): DomainParse {
  const fail = (message: string): DomainParse => ({ ok: false, error: 'invalid_domain', message });
  if (typeof input !== 'string') return fail('A domain must be a string.');
  if (input.length === 0) return fail('The domain is empty.');
  if (input.length > 1024) return fail('The domain is too long.');
  // Control characters, spaces and anything URL-structural are never part of a host name.
  if (/[\u0000-\u0020\u007f-\u009f\u00a0\u2000-\u200b\u2028\u2029\u3000\ufeff]/.test(input)) {
    return fail('A domain may not contain spaces or control characters.');
  }
  if (URL_STRUCTURAL.test(input))
    return fail('Give a bare host name such as example.com, without scheme, port, path or query.');
  let host = input.toLowerCase();
  // Check for empty labels before dropping the one permitted trailing dot (RFC 1034 3.1), so `example.com..` fails.
  if (host.startsWith('.') || host.includes('..')) return fail('The domain has an empty label.');
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host === '') return fail('The domain has an empty label.');
  if (IPV4_LIKE.test(host)) return fail('IP addresses are not domains.');
  let ascii: string;
  try {
    ascii = new URL(`http://${host}/`).hostname;
  } catch {
    return fail('Not a valid host name.');
  }
  if (ascii.endsWith('.')) ascii = ascii.slice(0, -1);
  // The URL parser turns numeric forms such as 0x7f.1 into IPv4; IPv6 needs brackets (refused above).
  if (IPV4_LIKE.test(ascii) || ascii.startsWith('[')) return fail('IP addresses are not domains.');
  if (ascii.length > 253) return fail('A domain may be at most 253 characters.');
  const labels = ascii.split('.');
  if (labels.length < 2) return fail('A domain needs at least two labels, such as example.com.');
  for (const label of labels) {
    if (label.length > 63) return fail('A label of a domain may be at most 63 characters.');
    if (!LABEL.test(label)) return fail(`"${label}" is not a valid label of a host name.`);
  }
  const tld = labels[labels.length - 1]!;
  if (/^[0-9]+$/.test(tld)) return fail('The last label of a domain cannot be numeric.');
  return { ok: true, domain: ascii as Domain };
}

/** parseDomain, throwing InvalidDomainError. */
export function normalizeDomain(input: unknown): Domain {
  const r = parseDomain(input);
  if (!r.ok) throw new InvalidDomainError(r.message);
  return r.domain;
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * Search text written the way stored names are: lower-case, with every label that has
 * non-ASCII letters in punycode (UTS-46), so `bücher` finds `xn--bcher-kva.de`. A label the
 * URL parser refuses, or one with URL structure in it (`ü@evil` would parse as the host
 * `evil`), is kept as typed (it then simply matches nothing).
 */
export function searchTextToAscii(text: string): string {
  const lower = text.toLowerCase();
  if (ASCII.test(lower)) return lower;
  return lower
    .split('.')
    .map((label) => {
      if (label === '' || ASCII.test(label) || URL_STRUCTURAL.test(label)) return label;
      try {
        return new URL(`http://${label}.x/`).hostname.slice(0, -2);
      } catch {
        return label;
      }
    })
    .join('.');
}

/**
 * Which IP addresses the crawler may connect to (the SSRF guard's core). Only globally routable
 * unicast is allowed; everything else is refused with a reason a person can read.
 * LIBRARIES.md "SSRF-safe fetch": ipaddr.js `range() === 'unicast'`, after unwrapping
 * IPv4-mapped (RFC 4291 2.5.5.2) and the IPv4-embedding forms (RFC 6052 NAT64, RFC 3056 6to4).
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Plain words for ipaddr.js range names, used in refusal reasons. */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address (RFC 6598)',
  private: 'a private address (RFC 1918)',
  reserved: 'a reserved or documentation address',
  uniqueLocal: 'a unique-local address (RFC 4193)',
  deprecatedSiteLocal: 'a site-local address',
  teredo: 'a Teredo address',
  benchmarking: 'a benchmarking address (RFC 2544)',
  discard: 'a discard-only address (RFC 6666)',
};

/** Strips the brackets URL.hostname keeps around IPv6 literals. */
export function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** True when `host` (brackets allowed) is an IP literal rather than a name. */
export function isIpLiteral(host: string): boolean {
  return isIP(stripBrackets(host)) !== 0;
}

/**
 * Null when the crawler may connect to `address`; otherwise why not ("127.0.0.1 is a loopback
 * address"). `address` must be a literal in canonical form (what URL and DNS give); anything
 * unparsable is refused.
 */
export function refusalReason(address: string): string | null {
  const literal = stripBrackets(address);
  // Zone indexes (fe80::1%eth0) pick an interface: never part of a public address.
  if (literal.includes('%') || isIP(literal) === 0) return `${address} is not a plain IP address`;
  const parsed = ipaddr.parse(literal);
  const embedded = embeddedIPv4(parsed);
  if (embedded) {
    const inner = refusalReason(embedded.toString());
    return inner === null ? null : `${literal} embeds ${inner}`;
  }
  const range = parsed.range();
  if (range === 'unicast') return null;
  return `${literal} is ${RANGE_WORDS[range] ?? `a special-purpose address (${range})`}`;
}

/**
 * The IPv4 address carried inside an IPv6 form that reaches it: IPv4-mapped and -compatible
 * (::ffff:a.b.c.d, ::a.b.c.d), the NAT64 well-known prefix 64:ff9b::/96 (RFC 6052 2.1) and
 * 6to4 2002:AABB:CCDD::/48 (RFC 3056 2). Teredo and the local-use NAT64 prefix are refused as
 * ranges instead: their embedded addresses are obfuscated or site-defined.
 */
function embeddedIPv4(addr: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | null {
  if (addr.kind() !== 'ipv6') return null;
  const v6 = addr as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  const p = v6.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0) return v4(p[6]!, p[7]!);
  if (p[0] === 0x2002) return v4(p[1]!, p[2]!);
  // ::a.b.c.d (IPv4-compatible, deprecated by RFC 4291 2.5.5.1) but not :: or ::1.
  if (p.slice(0, 6).every((w) => w === 0) && (p[6] !== 0 || p[7]! > 1)) return v4(p[6]!, p[7]!);
  return null;
}

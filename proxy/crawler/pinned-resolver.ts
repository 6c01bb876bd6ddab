/**
 * Name resolution for one crawl, checked and pinned: each host is resolved at most once, every
 * answer must pass the address policy, and the chosen address is the one every connection of
 * the crawl uses. Checking the same answer that is connected to is what defeats DNS rebinding
 * (a second, different answer is never asked for).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIpLiteral, refusalReason, stripBrackets } from './address-policy.js';
import { matchOverride, type CrawlOverride } from './overrides.js';

/** Resolves a host name to its addresses (injected by tests so they never touch real DNS). */
export type Lookup = (hostname: string) => Promise<string[]>;

export type Resolution =
  | { ok: true; address: string; /** Port to connect to instead of the URL's (overrides). */ port: number | null }
  | { ok: false; kind: 'refused'; reason: string }
  | { ok: false; kind: 'dns'; message: string };

export interface PinnedResolver {
  resolve(host: string): Promise<Resolution>;
}

/** getaddrinfo through libuv, all answers in the resolver's order. */
export const systemLookup: Lookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Special-use names that never resolve on the public internet (RFC 6761 6.4 `invalid`, 6.2
 * `test`, 6.5 `example`; RFC 6762 `local`; RFC 7686 `onion`; RFC 9476 `alt`; RFC 8375
 * `home.arpa`; ICANN's reserved `internal`). They fail as DNS errors without a query.
 */
const NO_PUBLIC_DNS = ['invalid', 'test', 'example', 'local', 'onion', 'alt', 'home.arpa', 'internal'];

export function createPinnedResolver(overrides: readonly CrawlOverride[], lookup: Lookup): PinnedResolver {
  const pins = new Map<string, Promise<Resolution>>();
  return {
    resolve(host) {
      const name = stripBrackets(host).toLowerCase().replace(/\.$/, '');
      let pin = pins.get(name);
      if (!pin) {
        pin = resolveOnce(name, overrides, lookup);
        pins.set(name, pin);
      }
      return pin;
    },
  };
}

async function resolveOnce(name: string, overrides: readonly CrawlOverride[], lookup: Lookup): Promise<Resolution> {
  if (isIpLiteral(name)) {
    const reason = refusalReason(name);
    return reason === null ? { ok: true, address: name, port: null } : { ok: false, kind: 'refused', reason };
  }
  const override = matchOverride(overrides, name);
  if (override) {
    // The operator chose this target: private addresses are allowed here and only here.
    if (isIpLiteral(override.host)) return { ok: true, address: override.host, port: override.port };
    const answer = await ask(override.host, lookup);
    return answer.ok ? { ok: true, address: prefer(answer.addresses), port: override.port } : answer;
  }
  if (name === 'localhost' || name.endsWith('.localhost')) {
    return { ok: false, kind: 'refused', reason: `${name} is a loopback name (RFC 6761 6.3)` };
  }
  if (!name.includes('.') || NO_PUBLIC_DNS.some((s) => name === s || name.endsWith(`.${s}`))) {
    return { ok: false, kind: 'dns', message: `${name} is not a public DNS name` };
  }
  const answer = await ask(name, lookup);
  if (!answer.ok) return answer;
  for (const address of answer.addresses) {
    const reason = refusalReason(address);
    if (reason !== null) return { ok: false, kind: 'refused', reason: `${name} resolves to ${reason}` };
  }
  return { ok: true, address: prefer(answer.addresses), port: null };
}

async function ask(
  name: string,
  lookup: Lookup,
): Promise<{ ok: true; addresses: string[] } | { ok: false; kind: 'dns'; message: string }> {
  try {
    const addresses = await lookup(name);
    if (addresses.length === 0) return { ok: false, kind: 'dns', message: `${name} has no address` };
    return { ok: true, addresses };
  } catch (e) {
    const code = (e as { code?: string }).code;
    return { ok: false, kind: 'dns', message: `${name} did not resolve${code ? ` (${code})` : ''}` };
  }
}

/** IPv4 first: many hosts publish AAAA records they do not serve, and there is no Happy Eyeballs here. */
function prefer(addresses: string[]): string {
  return addresses.find((a) => !a.includes(':')) ?? addresses[0]!;
}

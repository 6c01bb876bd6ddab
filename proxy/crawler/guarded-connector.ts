/**
 * The undici connector of one crawl (LIBRARIES.md "SSRF-safe fetch"): every connection goes
 * through the crawl's pinned resolver, so the address connected to is the address that was
 * checked, including after redirects to other hosts. Literals are checked here too, so even a
 * request that skipped the fetcher's own pre-check cannot reach a forbidden address.
 */
import { buildConnector } from 'undici';
import type { PinnedResolver } from './pinned-resolver.js';
import { isIpLiteral, stripBrackets } from './address-policy.js';

/** Raised inside the connector when the guard refuses a host; the fetcher maps it to `refused`. */
export class RefusedError extends Error {
  readonly code = 'ERR_CRAWL_REFUSED';
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RefusedError';
  }
}

/** Raised inside the connector when the host has no usable DNS answer. */
export class DnsError extends Error {
  readonly code = 'ERR_CRAWL_DNS';
}

export function createGuardedConnector(resolver: PinnedResolver, connectMs: number): buildConnector.connector {
  const connect = buildConnector({ timeout: connectMs });
  return (opts, callback) => {
    const host = stripBrackets(opts.hostname);
    resolver.resolve(host).then(
      (r) => {
        if (!r.ok) {
          callback(r.kind === 'refused' ? new RefusedError(r.reason) : new DnsError(r.message), null);
          return;
        }
        connect(
          {
            ...opts,
            hostname: r.address,
            port: r.port === null ? opts.port : String(r.port),
            // TLS names the host that was asked for (SNI and certificate check), never the address.
            servername: opts.servername || (isIpLiteral(host) ? undefined : host),
          },
          callback,
        );
      },
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), null),
    );
  };
}

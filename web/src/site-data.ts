/**
 * What a site's page shows, and how it stays current by itself: the lookup, held by the gateway
 * until the first check is done (RFC 7240 `Prefer: wait`, as the popup asks), then the details
 * the popup loads (extension/lib/popup-data.ts loadExtras: full record, announced record,
 * history, bots, the site a subdomain belongs to). An early answer, given while the terms page
 * is still read, is shown at once and replaced when the whole record is stored.
 *
 * Requests stay within what one person's popup makes: one held read at a time (each up to
 * HOLD_S seconds), a pause before asking again when the gateway does not hold, and none after
 * GIVE_UP_MS; the gateway's per-client limits apply to the page as to any client.
 */
import { useEffect, useState } from 'preact/hooks';
import type { GatewayFailure } from '~~/extension/lib/gateway-client.js';
import { t } from '~~/extension/lib/i18n.js';
import { loadExtras, type Extras } from '~~/extension/lib/extras.js';
import type { Domain } from '~~/shared/domain.js';
import type { DomainPolicyFound } from '~~/shared/schemas.js';
import { awaitStoredRecord, pageClient, type GatewayClient } from './api.js';
import { rememberLookup } from './recent.js';
import { readSite } from '~~/shared/reading/read-site.js';
import type { ToldStance } from '~~/shared/reading/claims.js';

export const HOLD_S = 10;
/** A first check that takes longer than this is left to a later visit (the page says so). */
export const GIVE_UP_MS = 120_000;

export type SiteState =
  | { kind: 'loading' }
  | { kind: 'queued'; gaveUp: boolean }
  | { kind: 'found'; policy: DomainPolicyFound; extras: Extras | null }
  | { kind: 'error'; message: string; retryInS?: number }
  | { kind: 'needs-token'; wrong: boolean };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** 1 s, 2 s, 4 s … at most 15 s between asks when the gateway answers at once. */
const pause = (attempt: number) => Math.min(15_000, 1000 * 2 ** attempt);

/** What a failure means for a person on this page (the extension's advice speaks of its options page). */
export function failureMessage(f: GatewayFailure): string {
  switch (f.kind) {
    case 'rate_limited':
      return t(
        'webBusy',
        'The gateway is busy and asks to wait $1 s. This page tries again by itself.',
        f.retryAfter ?? 60,
      );
    case 'unreachable':
    case 'timeout':
      return t('webUnreachable', 'The gateway did not answer. Reload the page in a moment.');
    case 'http_error':
      return f.code === 'invalid_domain'
        ? t('webInvalidDomain', 'The gateway says this is not a domain name it can look up: $1', f.message)
        : t('webGatewayError', 'The gateway reported an error: $1', f.message);
    default:
      return t('webGatewayRefused', 'The gateway refused the request: $1', f.message);
  }
}

type Set = (s: SiteState) => void;

/** The answer once the domain is checked, or null when the page stopped (left, gave up, failed: `set` told why). */
async function firstAnswer(
  client: GatewayClient,
  domain: Domain,
  set: Set,
  signal: AbortSignal,
): Promise<DomainPolicyFound | null> {
  const start = Date.now();
  for (let attempt = 0; !signal.aborted; attempt++) {
    // The first ask answers at once, so a domain being checked says so at once; later asks are held.
    const r = await client.domain(domain, attempt === 0 ? {} : { waitS: HOLD_S });
    if (signal.aborted) return null;
    if (!r.ok) {
      if (r.kind === 'unauthorized') return (set({ kind: 'needs-token', wrong: r.tokenSent === true }), null);
      if (r.kind !== 'rate_limited') return (set({ kind: 'error', message: failureMessage(r) }), null);
      set({ kind: 'error', message: failureMessage(r), retryInS: r.retryAfter });
      await sleep((r.retryAfter ?? 60) * 1000, signal);
      continue;
    }
    if (r.data.found) return r.data;
    if (Date.now() - start > GIVE_UP_MS) return (set({ kind: 'queued', gaveUp: true }), null);
    set({ kind: 'queued', gaveUp: false });
    if (attempt > 0 && !r.held) await sleep(pause(attempt - 1), signal);
  }
  return null;
}

/** An early answer's whole record: waits (held reads) until it is stored, then reads the lookup again. */
async function wholeAnswer(
  client: GatewayClient,
  domain: Domain,
  early: DomainPolicyFound,
  signal: AbortSignal,
): Promise<DomainPolicyFound> {
  for (let i = 0; i < 6 && !signal.aborted; i++) {
    if (await awaitStoredRecord(domain, HOLD_S)) {
      const r = await client.domain(domain);
      if (r.ok && r.data.found && !r.data.basis?.terms_pending) return r.data;
    }
    await sleep(pause(i), signal);
  }
  return early;
}

/**
 * The stance the recent lookups keep for a site: the one reading's, told as the site page tells it
 * once its extras (full record, the site it belongs to) are in; before that, the answer's own.
 */
export function lookupTold(policy: DomainPolicyFound, extras: Pick<Extras, 'full' | 'parent'> | null): ToldStance {
  return readSite({ policy, full: extras?.full ?? null, parent: extras?.parent ?? null }).told;
}

/** Follows `domain` from the first answer to the whole record with its details; `version` restarts it (after "Check again"). */
export function useSite(domain: Domain, version: number, replaced: DomainPolicyFound | null): SiteState {
  const [state, setState] = useState<SiteState>({ kind: 'loading' });
  useEffect(() => {
    const stop = new AbortController();
    const set: Set = (s) => !stop.signal.aborted && setState(s);
    const client = pageClient();
    void (async () => {
      let policy = replaced ?? (await firstAnswer(client, domain, set, stop.signal));
      if (!policy) return;
      rememberLookup(domain, lookupTold(policy, null));
      set({ kind: 'found', policy, extras: null });
      if (policy.basis?.terms_pending) {
        policy = await wholeAnswer(client, domain, policy, stop.signal);
        set({ kind: 'found', policy, extras: null });
      }
      const extras = await loadExtras(client, domain, policy);
      // The site a subdomain belongs to can change what the page tells (borrowing): the list says the same.
      rememberLookup(domain, lookupTold(policy, extras));
      set({ kind: 'found', policy, extras });
    })();
    return () => stop.abort();
  }, [domain, version, replaced]);
  return state;
}

/**
 * One domain's answer, as the badge and popup need it: from the session cache when fresh,
 * otherwise from the gateway. Concurrent lookups of one domain share one request.
 */
import type { Domain } from '~~/shared/domain.js';
import type { DomainPolicyFound } from '~~/shared/schemas.js';
import { createGatewayClient, failureAdvice, type GatewayClient } from './gateway-client.js';
import { needsParent, parentSite } from './parent-site.js';
import { answers, type TabState } from './session-store.js';
import { installIdItem, loadSettings } from './settings.js';

/**
 * Requests in flight in this worker, by domain. Only deduplication: if the worker stops, the
 * next event simply asks again (CONVENTIONS 2 keeps real state in storage.session).
 */
const inFlight = new Map<string, Promise<TabState>>();

/** A client for the gateway address and token in the settings. */
export async function settingsClient(): Promise<GatewayClient> {
  const [s, installId] = await Promise.all([loadSettings(), installIdItem.getValue()]);
  return createGatewayClient({ baseUrl: s.gatewayUrl, token: s.token, installId });
}

/**
 * How long one held lookup waits for a queued domain's analysis (RFC 7240 `Prefer: wait`): the
 * service honours up to 10 s. Well below the 30 s after which Chrome may stop an MV3 worker
 * that only waits on a fetch; the poller's alarm picks up what a stopped worker leaves.
 */
export const ANALYSIS_WAIT_S = 10;
/** Held lookups in a row before the poller's backoff takes over (a crawl takes at most 20 s). */
export const ANALYSIS_HOLDS = 3;

/**
 * Asks the gateway (no cache read); stores a found answer in the session cache. With `waitS`
 * the gateway holds the answer until the analysis is done (or the wait ends).
 */
export function fetchDomainState(domain: Domain, opts: { waitS?: number } = {}): Promise<TabState> {
  const key = `${domain}|${opts.waitS ?? 0}`;
  const running = inFlight.get(key);
  if (running) return running;
  const p = (async (): Promise<TabState> => {
    const client = await settingsClient();
    const r = await client.domain(domain, opts);
    const now = Date.now();
    if (!r.ok) return { kind: 'error', domain, failure: r, advice: failureAdvice(client.baseUrl, r) };
    if (!r.data.found)
      return r.held ? { kind: 'queued', domain, since: now, held: true } : { kind: 'queued', domain, since: now };
    await answers.put(r.data, now);
    return { kind: 'found', domain, policy: r.data, fetchedAt: now, parent: await parentAnswer(r.data, client) };
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, p);
  return p;
}

/**
 * The registrable parent's answer for a host without a robots.txt of its own (docs/policy.md
 * section 11: the badge shows the parent's policy, marked as the parent's). From the session
 * cache, else, given a client, asked once; null when not needed or not known yet.
 */
async function parentAnswer(policy: DomainPolicyFound, client?: GatewayClient): Promise<DomainPolicyFound | null> {
  const up = needsParent(policy) ? parentSite(policy) : null;
  if (!up) return null;
  const cached = await answers.get(up.domain);
  if (cached || !client) return cached?.policy ?? null;
  const r = await client.domain(up.domain);
  if (!r.ok || !r.data.found) return null;
  await answers.put(r.data, Date.now());
  return r.data;
}

/** The held lookup of `domain` in flight in this context, if any (the poller joins it rather than asking again). */
export const heldLookup = (domain: Domain): Promise<TabState> | undefined =>
  inFlight.get(`${domain}|${ANALYSIS_WAIT_S}`);

/** The cached answer as a state, and whether it may be used without asking again. */
export async function cachedDomainState(
  domain: Domain,
  now = Date.now(),
): Promise<{ state: TabState; fresh: boolean } | null> {
  const a = await answers.get(domain);
  if (!a) return null;
  return {
    state: { kind: 'found', domain, policy: a.policy, fetchedAt: a.fetchedAt, parent: await parentAnswer(a.policy) },
    fresh: answers.isFresh(a, now),
  };
}

/**
 * Whether to ask again by itself: a queued domain, an early answer whose terms are still being
 * read, and failures that may pass (the gateway may come back, or asked us to wait).
 */
export function pollAgain(state: TabState): { again: false } | { again: true; minDelayMs?: number } {
  if (state.kind === 'queued') return { again: true };
  // An early answer: the badge is final, the terms of service are still being read.
  if (state.kind === 'found' && state.policy.basis?.terms_pending === true) return { again: true };
  if (state.kind === 'error' && ['unreachable', 'timeout', 'rate_limited'].includes(state.failure.kind)) {
    return { again: true, minDelayMs: (state.failure.retryAfter ?? 0) * 1000 };
  }
  return { again: false };
}

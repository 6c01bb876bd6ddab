/**
 * Keeps every tab's badge in step with the page it shows. Listeners are registered by the
 * background entry point; all state goes to storage.session through session-store.
 */
import { browser } from 'wxt/browser';
import type { Domain } from '~~/shared/domain.js';
import { showBadge } from './badge.js';
import {
  ANALYSIS_HOLDS,
  ANALYSIS_WAIT_S,
  cachedDomainState,
  fetchDomainState,
  heldLookup,
  pollAgain,
} from './lookup.js';
import { pageDomain, pagePath } from './page-domain.js';
import { cancelPoll, schedulePoll, type Refresh } from './poller.js';
import { answers, tabStates, type TabState } from './session-store.js';

interface TabChange {
  status?: string;
  url?: string;
}

/** tabs.onUpdated: a new URL (committed navigation) or a (re)load of the same page. */
export async function onTabUpdated(tabId: number, change: TabChange, tab: { url?: string }): Promise<void> {
  if (change.url !== undefined || change.status === 'loading') {
    await checkTab(tabId, tab.url);
    return;
  }
  // Chrome clears a tab's badge when a navigation commits; if our answer raced ahead of the
  // commit, put it back once the page has loaded (cheap: storage.session only).
  if (change.status === 'complete') return reapply(tabId, tab.url);
}

export async function onTabRemoved(tabId: number): Promise<void> {
  await tabStates.remove(tabId);
}

/** Sets the badge of one tab for the page at `url`, from the cache when fresh, else from the gateway. */
export async function checkTab(
  tabId: number,
  url: string | undefined,
  opts: { force?: boolean } = {},
): Promise<TabState | null> {
  const domain = pageDomain(url);
  if (!domain) {
    await Promise.all([showBadge(tabId, null), tabStates.remove(tabId)]);
    return null;
  }
  const cached = await cachedDomainState(domain);
  if (cached) {
    await setTab(tabId, cached.state);
    if (cached.fresh && !opts.force) return cached.state;
  }
  const state = await fetchDomainState(domain);
  // The tab may have moved on (or closed) while we waited for the gateway.
  await setTab(tabId, state);
  await follow(domain, state);
  // A domain the gateway is analysing now: the badge shows `…` at once, and a held request
  // (Prefer: wait) brings the final answer the moment the crawl is done.
  if (state.kind === 'queued') void awaitAnalysis(domain);
  return state;
}

/** Asks the gateway again for a domain and updates every tab showing it (the poller's refresh). */
export const refreshDomain: Refresh = async (domain) => {
  const state = await (heldLookup(domain) ?? fetchDomainState(domain));
  await updateTabsOf(domain, state);
  return pollAgain(state);
};

/**
 * Holds a request until the gateway has analysed `domain` (or the wait ends; again while the
 * gateway holds them, up to ANALYSIS_HOLDS), then updates every tab showing it. Concurrent
 * callers share the request (fetchDomainState).
 */
export async function awaitAnalysis(domain: Domain): Promise<TabState> {
  let state = await fetchDomainState(domain, { waitS: ANALYSIS_WAIT_S });
  // A gateway that holds the answer (Preference-Applied) is asked again while the crawl runs; one
  // that answers at once is left to the poller's backoff.
  for (let i = 1; i < ANALYSIS_HOLDS && state.kind === 'queued' && state.held; i++)
    state = await fetchDomainState(domain, { waitS: ANALYSIS_WAIT_S });
  if (state.kind === 'queued') return state;
  await updateTabsOf(domain, state);
  await follow(domain, state);
  return state;
}

/** On install, and when the gateway address changes: forget old answers, redo every open tab. */
export async function recheckAllTabs(): Promise<void> {
  await answers.clear();
  const tabs = await browser.tabs.query({});
  await Promise.all(tabs.flatMap((t) => (t.id === undefined ? [] : [checkTab(t.id, t.url, { force: true })])));
}

/**
 * Shows `state` on a tab for the page it shows now, nothing when it moved to another site. A
 * found answer is kept per tab with the page's path (in storage.session only, never sent), so
 * the badge title can say where this page is treated differently from the site.
 */
async function setTab(tabId: number, state: TabState): Promise<void> {
  const url = await urlNow(tabId);
  if (pageDomain(url) !== state.domain) return;
  const path = state.kind === 'found' ? pagePath(url) : null;
  const shown: TabState = state.kind === 'found' && path !== null ? { ...state, path } : state;
  await Promise.all([showBadge(tabId, shown), tabStates.set(tabId, shown)]);
}

/**
 * The URL a tab shows now. Events carry the URL of their moment, and Chromium sends several for
 * one navigation (loading with the old URL, the new URL at commit) whose handlers may finish out
 * of order: the badge is always set for the URL read last.
 */
async function urlNow(tabId: number): Promise<string | undefined> {
  return (await browser.tabs.get(tabId).catch(() => undefined))?.url;
}

async function reapply(tabId: number, url: string | undefined): Promise<void> {
  const state = await tabStates.get(tabId);
  if (state && state.domain === pageDomain(url)) await setTab(tabId, state);
}

export async function updateTabsOf(domain: Domain, state: TabState): Promise<void> {
  const tabs = await browser.tabs.query({});
  await Promise.all(
    tabs.filter((t) => t.id !== undefined && pageDomain(t.url) === domain).map((t) => setTab(t.id!, state)),
  );
}

async function follow(domain: Domain, state: TabState): Promise<void> {
  const next = pollAgain(state);
  if (next.again) await schedulePoll(domain, refreshDomain, Date.now(), next.minDelayMs);
  else await cancelPoll(domain);
}

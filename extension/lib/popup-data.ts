/**
 * What the popup reads before its first paint: which tab it is about and the badge's stored
 * state for it. What it loads after (the full record, the announced record, the history, the
 * parent site) is lib/extras.ts', which the gateway's web page uses too.
 */
import { browser } from 'wxt/browser';
import type { Domain } from '~~/shared/domain.js';
import { pageDomain } from './page-domain.js';
import { tabStates, type TabState } from './session-store.js';

export { loadExtras, type Extras } from './extras.js';

export interface PopupTab {
  tabId: number;
  url: string | undefined;
}

/** `?tab=ID` when given: tests and the end-to-end suite open popup.html?tab=ID in a tab of its own. */
function tabParam(search: string): number | null {
  const param = new URLSearchParams(search).get('tab');
  return param !== null && /^\d+$/.test(param) ? Number(param) : null;
}

/** The tab the popup describes: the one given by id, else the active tab of the current window. */
async function resolvePopupTab(tabId: number | null): Promise<PopupTab | null> {
  const tab =
    tabId !== null
      ? await browser.tabs.get(tabId).catch(() => undefined)
      : (await browser.tabs.query({ active: true, currentWindow: true }))[0];
  return tab?.id !== undefined ? { tabId: tab.id, url: tab.url } : null;
}

export interface PopupStart {
  tab: PopupTab | null;
  domain: Domain | null;
  /** The badge's state for this tab from storage.session, when it is about the same domain. */
  stored: TabState | null;
}

/**
 * Everything the popup's first paint needs, read before it renders so the verdicts appear in the
 * first frame (no "Loading" frame in between). With `?tab=ID` the tab and its stored state are
 * read in parallel.
 */
export async function loadPopupStart(search: string): Promise<PopupStart> {
  const param = tabParam(search);
  const [tab, early] = await Promise.all([resolvePopupTab(param), param !== null ? tabStates.get(param) : null]);
  const domain = pageDomain(tab?.url);
  if (!tab || !domain) return { tab, domain: null, stored: null };
  const stored = param !== null ? early : await tabStates.get(tab.tabId);
  return { tab, domain, stored: stored && stored.domain === domain ? stored : null };
}

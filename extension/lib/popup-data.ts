/**
 * What the popup loads beyond the tab's badge state: which tab it is about, the gateway's
 * status (are preview features on?), the full record behind the details view, and, when
 * offered, the announced record and the policy history. Only the domain is sent.
 */
import { browser } from 'wxt/browser';
import type { Domain } from '~~/shared/domain.js';
import type { AnnouncedRecord, DomainPolicyFound, FullRecord, HistoryResponse } from '~~/shared/schemas.js';
import type { BotLists } from '~~/shared/reading/read-bots.js';
import { failureAdvice, type GatewayClient } from './gateway-client.js';
import type { GatewayStatus } from './guards.js';
import { pageDomain } from './page-domain.js';
import { parentApplies } from '~~/shared/reading/story-parent.js';
import { parentSite } from './parent-site.js';
import { tabStates, type TabState } from './session-store.js';

/** The lazily loaded views (their type only: nothing of them is in the first paint's script). */
type FullViews = typeof import('../components/with-full-record.js');

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

export interface Extras {
  status: GatewayStatus | null;
  full: FullRecord | null;
  announced: AnnouncedRecord | null;
  history: HistoryResponse | null;
  /** The Bots view's lists, from the full record (or the summary when the full record failed). */
  bots: BotLists;
  /** The views that need the full record, loaded with it (components/with-full-record.tsx). */
  views: FullViews;
  /** Why the full record could not be loaded, when it could not. */
  problem: string | null;
  /** The site a subdomain belongs to, with its answer when the gateway has one. */
  parent: { domain: Domain; www: boolean; policy: DomainPolicyFound | null } | null;
}

/**
 * Loads the full record and, when the gateway offers preview features, the announced record and
 * history. The bot catalogue is loaded here, lazily, so it stays out of the script the popup
 * needs for its first paint (test/bench/extension.bench.ts measures both).
 */
export async function loadExtras(client: GatewayClient, domain: Domain, summary: DomainPolicyFound): Promise<Extras> {
  const up = parentSite(summary);
  const [status, full, views, parentAnswer] = await Promise.all([
    client.status(),
    client.full(domain),
    import('../components/with-full-record.js'),
    // The parent is told beside every subdomain: its policy when the subdomain has no robots.txt, a note when they
    // differ.
    up ? client.domain(up.domain) : null,
  ]);
  const preview = status.ok && status.data.features.preview;
  const [announced, history] = preview
    ? await Promise.all([client.policy(domain), client.history(domain)])
    : [null, null];
  const record = full.ok && 'all_bots' in full.data ? full.data : null;
  const parent = parentAnswer?.ok && parentAnswer.data.found ? parentAnswer.data : null;
  // A subdomain without robots.txt is told its parent's policy (section 11): the parent's bots too.
  const bots = parentApplies(summary, parent) ? views.readBots(parent, null) : views.readBots(summary, record);
  return {
    status: status.ok ? status.data : null,
    full: record,
    bots,
    views,
    announced: announced?.ok && 'purposes' in announced.data ? announced.data : null,
    history: history?.ok && 'entries' in history.data ? history.data : null,
    problem: full.ok ? null : failureAdvice(client.baseUrl, full),
    parent: up && parentAnswer ? { ...up, policy: parent } : null,
  };
}

/**
 * Thin entry point (CONVENTIONS 1): listeners are registered synchronously, so a worker woken by
 * an event finds them, and the work is done by plain modules in lib/. Nothing runs at module
 * top level: WXT imports this file in Node at build time.
 */
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { installBrowserLanguage } from '../lib/browser-language.js';
import { onPollAlarm, resumePolling } from '../lib/poller.js';
import { settingsItem } from '../lib/settings.js';
import { onTabRemoved, onTabUpdated, recheckAllTabs, refreshDomain } from '../lib/tab-watcher.js';

export default defineBackground({
  // An ES module worker is built together with the popup and options (WXT groups ESM entry
  // points), so the code they share ships once. Module workers forbid import(): none is used here.
  type: 'module',
  main() {
    // Badge titles and advice in the browser's language (lib/i18n.ts).
    installBrowserLanguage();
    browser.tabs.onUpdated.addListener((tabId, change, tab) => void onTabUpdated(tabId, change, tab));
    browser.tabs.onRemoved.addListener((tabId) => void onTabRemoved(tabId));
    browser.alarms.onAlarm.addListener((alarm) => void onPollAlarm(alarm, refreshDomain));
    browser.runtime.onInstalled.addListener(() => void recheckAllTabs());
    // A new gateway address or token: old answers may not hold, so every open tab asks again.
    settingsItem.watch(() => void recheckAllTabs());
    // A restarted worker picks up domains still being polled (their schedule is in storage.session).
    void resumePolling(refreshDomain);
  },
});

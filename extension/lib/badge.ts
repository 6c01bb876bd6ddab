/**
 * The toolbar badge of one tab: text, colours and a title a screen reader can say, all from
 * the shared BADGE_VIEW table (shared/labels.ts). The text always carries the meaning, so
 * colour is never the only carrier (WCAG 2.2 SC 1.4.1).
 */
import { browser } from 'wxt/browser';
import { domainToUnicode } from './host-name.js';
import { BADGE_VIEW, badgeTitle } from '~~/shared/labels.js';
import { readingsOfUses } from '~~/shared/reading/story.js';
import { parentApplies } from '~~/shared/reading/story-parent.js';
import { t } from './i18n.js';
import { pageReading } from './page-reading.js';
import { siteHeadline } from './parent-site.js';
import { pathVerdicts } from './path-verdicts.js';
import type { TabState } from './session-store.js';

export interface BadgeShown {
  text: string;
  color: string;
  textColor: string;
  title: string;
}

/** The title told further: "AI policy of example.com: selective. This page: …". */
const more = (title: string, then: string): string => t('badgeTitleMore', '$1. $2', title, then);

/**
 * What the badge shows for a tab state; null for pages without a badge. A found record is told
 * as the popup tells it (shared/reading/story.ts headline): an unread robots.txt is `?` "unknown: …",
 * silence is the grey dash, a subdomain without robots.txt shows its parent's ("from
 * example.com"), and the title names what decided.
 */
export function badgeFor(state: TabState | null): BadgeShown | null {
  if (!state) return null;
  const host = domainToUnicode(state.domain);
  if (state.kind !== 'found') {
    const view = BADGE_VIEW[state.kind];
    const base = badgeTitle(host, state.kind);
    // An error title also says what to do (start the gateway, fix the options).
    return {
      text: view.text,
      color: view.color,
      textColor: view.textColor,
      title: state.kind === 'error' ? more(base, state.advice) : base,
    };
  }
  const head = siteHeadline(state.policy, state.parent);
  const view = BADGE_VIEW[head.badge];
  let title = badgeTitle(host, head.badge, head.phrase);
  // This page's path, judged here against the site's own rules (a parent's robots.txt judges none of its paths).
  const page = pageReading(readingsOfUses(state.policy), head, pathVerdicts(state.policy, state.path), null);
  if (page.sentence && !parentApplies(state.policy, state.parent)) title = more(title, page.sentence);
  if (state.policy.basis?.last_check)
    title = more(title, t('badgeEarlier', 'The last check failed; this is the result of an earlier one'));
  return { text: view.text, color: view.color, textColor: view.textColor, title };
}

/**
 * Firefox builds are MV2, where the toolbar button is `browserAction`; Chrome MV3 has `action`.
 * Both have the same badge methods.
 */
function actionApi(): typeof browser.action {
  const b = browser as unknown as { action?: typeof browser.action; browserAction?: typeof browser.action };
  return (b.action ?? b.browserAction)!;
}

export async function showBadge(tabId: number, state: TabState | null): Promise<void> {
  const action = actionApi();
  const shown = badgeFor(state);
  try {
    if (!shown) {
      await Promise.all([
        action.setBadgeText({ tabId, text: '' }),
        action.setTitle({ tabId, title: t('extName', 'AI Policy Lens') }),
      ]);
      return;
    }
    await Promise.all([
      action.setBadgeText({ tabId, text: shown.text }),
      action.setBadgeBackgroundColor({ tabId, color: shown.color }),
      // setBadgeTextColor: Chrome 110+, Firefox 63+; skipped where missing.
      action.setBadgeTextColor ? action.setBadgeTextColor({ tabId, color: shown.textColor }) : undefined,
      action.setTitle({ tabId, title: shown.title }),
    ]);
  } catch {
    // The tab closed between our lookup and now: there is nothing to show the badge on.
  }
}

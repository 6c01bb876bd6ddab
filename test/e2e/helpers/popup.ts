/**
 * Opening sites and the popup in the extension's Chromium, and reading what a person sees:
 * the visible text of each of the popup's tabs, and every text node that looks like an
 * internal identifier (issue 10 item 6; Details may show identifiers as code beside words).
 */
import type { Page } from 'playwright-core';
import type { SiteReading } from '../../fixtures/contradictions.js';
import { IDENTIFIER_PATTERN } from '../../fixtures/person-readings.js';
import { tabIdOf, waitForBadge, type Browser } from './browser.js';

export async function openSite(browser: Browser, url: string, badgeText: string, timeoutMs?: number) {
  const page = await browser.context.newPage();
  await page.goto(url);
  const tabId = await tabIdOf(browser.worker, url);
  const { reading } = await waitForBadge(browser.worker, tabId, badgeText, timeoutMs);
  return { page, tabId, reading };
}

/** The popup for a tab, opened as popup.html?tab=ID in a page of popup size. */
export async function openPopup(
  browser: Browser,
  tabId: number,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const popup = await browser.context.newPage();
  await popup.setViewportSize({ width: 380, height: 560 });
  await popup.emulateMedia({ colorScheme });
  await popup.goto(`chrome-extension://${browser.extensionId}/popup.html?tab=${tabId}`);
  return popup;
}

/** The popup's visible text with a tab selected (innerText: what is rendered, in reading order). */
export async function tabText(popup: Page, tab: string): Promise<string> {
  await popup.getByRole('tab', { name: tab }).click();
  return popup.evaluate(() => document.body.innerText);
}

/** Text nodes a person reads that match the identifier pattern; code elements are allowed in Details only. */
export async function identifiersShown(popup: Page, allowCode: boolean): Promise<string[]> {
  return popup.evaluate(
    ({ source, flags, allowCode }) => {
      const re = new RegExp(source, flags);
      const out: string[] = [];
      const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const el = n.parentElement;
        if (!el || el.closest('[hidden], script, style') || (allowCode && el.closest('code, pre'))) continue;
        if (re.test(n.textContent ?? '')) out.push(n.textContent!.trim());
      }
      // Titles are read by screen readers and shown on hover.
      for (const el of document.querySelectorAll('[title]'))
        if (re.test(el.getAttribute('title')!)) out.push(`title: ${el.getAttribute('title')}`);
      return out;
    },
    { source: IDENTIFIER_PATTERN.source, flags: IDENTIFIER_PATTERN.flags, allowCode },
  );
}

/**
 * Presses "Check again" (the popup's, and the web page's: the same component) as a person
 * would: when the answer is "checked a moment ago, you can check it again in N s" (a site is
 * checked at most once a minute), waits that long and presses again. Resolves once a check was
 * accepted and its answer is being awaited.
 */
export async function pressCheckAgain(page: Page): Promise<void> {
  const button = page.getByTestId('recheck');
  const message = page.getByTestId('recheck-message');
  await button.click();
  // A refusal comes back at once (one POST); an accepted check shows no message while it runs.
  const refused = await message.waitFor({ timeout: 3000 }).then(
    () => true,
    () => false,
  );
  const wait = refused ? (await message.textContent())?.match(/check it again in (\d+) s\./) : null;
  if (!wait) return;
  await new Promise((r) => setTimeout(r, (Number(wait[1]) + 1) * 1000));
  await button.click();
}

const USES = ['training', 'search', 'inference'] as const;

/**
 * Everything a person reads about the site in the popup, once the full record is in (the
 * Purposes tab appears with it): headline, verdicts, every tab's visible text, for
 * test/fixtures/contradictions.ts. Leaves the popup on Overview.
 */
export async function readPopup(popup: Page, host: string, title: string): Promise<SiteReading> {
  await popup.getByRole('tab', { name: 'Purposes' }).waitFor();
  const verdicts = () => Promise.all(USES.map(async (u) => (await popup.getByTestId(`verdict-${u}`).textContent())!));
  const tabs: SiteReading['tabs'] = {};
  let purposes: string[] | undefined;
  for (const tab of ['Overview', 'Bots', 'Details', 'Purposes'] as const) {
    tabs[tab] = await tabText(popup, tab);
    if (tab === 'Purposes') purposes = await verdicts();
  }
  await popup.getByRole('tab', { name: 'Overview' }).click();
  return {
    host,
    title,
    stance: (await popup.getByTestId('stance').textContent())!,
    headline: (await popup.getByTestId('headline').textContent())!,
    tabs,
    verdicts: await verdicts(),
    purposes,
  };
}

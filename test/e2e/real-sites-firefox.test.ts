/**
 * Issue 32 part 3 in real Firefox (Debian's ESR over WebDriver BiDi, helpers/firefox.ts): the
 * sites built from real files (test/fixtures/real-sites.ts) read with the Firefox build of the
 * add-on, as real-sites.test.ts reads them in Chromium: for each case the toolbar badge and its
 * whole title, the headline, the verdicts, what every tab (clicked as a person clicks it) must
 * and must not say, no identifier in words, no sentence contradicting the headline
 * (test/fixtures/contradictions.ts), and a screenshot of the popup's Overview compared with the
 * committed one (Firefox's own fonts and rendering: test/e2e/screenshots/firefox-real-<shot>.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_VIEW } from '../../shared/labels.js';
import { contradictions, type SiteReading } from '../fixtures/contradictions.js';
import { IDENTIFIER_PATTERN } from '../fixtures/person-readings.js';
import { REAL_SITES } from '../fixtures/real-sites.js';
import { until } from '../helpers/until.js';
import type { BadgeReading } from './helpers/browser.js';
import { buildExtension, rgba } from './helpers/browser.js';
import { firefoxMissing, launchFirefox, type Firefox } from './helpers/firefox.js';
import { matchPng } from './helpers/screenshots.js';
import { startStack, warm, type Stack } from './helpers/stack.js';

const missing = firefoxMissing();
if (missing) console.warn(`Skipping the real-sites Firefox suite: ${missing}.`);

const CASES = Object.entries(REAL_SITES).map(([host, c]) => ({ host, ...c }));
const TABS = ['Overview', 'Bots', 'Details', 'Purposes'] as const;
const USES = ['training', 'search', 'inference'] as const;

/**
 * Clicks a tab of the popup (a button with role "tab" and its name), waits until it is the
 * selected one and its panel is drawn, and gives the page's visible text (innerText, as
 * readPopup in Chromium), with the text nodes that look like identifiers (as identifiersShown:
 * code elements allowed in Details only, titles counted).
 */
function clickTab(name: string): string {
  return `(async () => {
    const tab = [...document.querySelectorAll('[role="tab"]')].find((b) => b.textContent.trim() === ${JSON.stringify(name)});
    if (!tab) throw new Error('no tab named ' + ${JSON.stringify(name)});
    tab.click();
    for (let i = 0; i < 100 && tab.getAttribute('aria-selected') !== 'true'; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 50));
    const re = new RegExp(${JSON.stringify(IDENTIFIER_PATTERN.source)}, ${JSON.stringify(IDENTIFIER_PATTERN.flags)});
    const allowCode = ${JSON.stringify(name === 'Details')};
    const identifiers = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('[hidden], script, style') || (allowCode && el.closest('code, pre'))) continue;
      if (re.test(n.textContent ?? '')) identifiers.push(n.textContent.trim());
    }
    for (const el of document.querySelectorAll('[title]'))
      if (re.test(el.getAttribute('title'))) identifiers.push('title: ' + el.getAttribute('title'));
    return JSON.stringify({ selected: tab.getAttribute('aria-selected') === 'true', text: document.body.innerText, identifiers });
  })()`;
}

describe.skipIf(missing !== null)('what a person reads on sites built from real files, in Firefox (issue 32)', () => {
  let stack: Stack;
  let firefox: Firefox;
  /** The options page, open in a background tab: an extension context for browser.* calls. */
  let options: string;
  const url = (host: string) => `http://${host}:${stack.farm.port}/`;

  beforeAll(async () => {
    buildExtension('firefox');
    stack = await startStack();
    for (const c of CASES) stack.farm.set(c.host, c.site);
    const warming = (async () => {
      // The site a subdomain belongs to is known first, as it is when people browse it before.
      await warm(stack.gatewayUrl, 'training.test', 60_000);
      await Promise.all(CASES.map((c) => warm(stack.gatewayUrl, c.host, 90_000)));
    })();
    firefox = await launchFirefox();
    options = await firefox.openExtensionPage('options.html');
    await firefox.evaluate(
      options,
      `browser.storage.local.set({ settings: { gatewayUrl: ${JSON.stringify(stack.gatewayUrl)}, token: '' } }).then(() => '1')`,
    );
    await warming;
  });
  afterAll(async () => {
    await firefox?.close();
    await stack?.close();
  });

  it.each(CASES)('$host ($from): badge title, every tab, one story, screenshot', async (c) => {
    await firefox.navigate(url(c.host));
    const view = BADGE_VIEW[c.badge];
    // The badge once it tells this site: its text, and a title naming the host (the page's own reading included).
    let last: BadgeReading | undefined;
    await until(
      async () => {
        last = await firefox.badge();
        return last.text === view.text && c.title.test(last.title) ? last : undefined;
      },
      30_000,
      100,
    ).catch(() => undefined);
    expect(last!.text).toBe(view.text);
    expect(last!.color).toEqual(rgba(view.color));
    expect(last!.title).toMatch(c.title);

    const tabId = await firefox.evaluate<number | null>(
      options,
      `browser.tabs.query({}).then((tabs) => JSON.stringify(tabs.find((t) => t.url === ${JSON.stringify(url(c.host))})?.id ?? null))`,
    );
    expect(tabId).not.toBeNull();
    const popup = await firefox.openExtensionPage(`popup.html?tab=${tabId}`);
    try {
      // In front, as the popup a person opens; the first tab's badge was read before.
      await firefox.activate(popup);
      await firefox.setViewport(380, 560, popup);
      // The full record is in once the Purposes tab appears (as readPopup waits for it).
      await until(
        () =>
          firefox
            .evaluate<boolean>(
              popup,
              `JSON.stringify([...document.querySelectorAll('[role="tab"]')].some((b) => b.textContent.trim() === 'Purposes'))`,
            )
            .then((v) => v || undefined),
        30_000,
        100,
      );
      const verdicts = () =>
        firefox.evaluate<string[]>(
          popup,
          `JSON.stringify(${JSON.stringify(USES)}.map((u) => document.querySelector('[data-testid="verdict-' + u + '"]')?.textContent ?? null))`,
        );
      const tabs: SiteReading['tabs'] = {};
      const identifiers: Record<string, string[]> = {};
      let purposes: string[] | undefined;
      for (const tab of TABS) {
        const shown = await firefox.evaluate<{ selected: boolean; text: string; identifiers: string[] }>(
          popup,
          clickTab(tab),
        );
        expect(shown.selected, tab).toBe(true);
        tabs[tab] = shown.text;
        identifiers[tab] = shown.identifiers;
        if (tab === 'Purposes') purposes = await verdicts();
      }
      await firefox.evaluate(popup, clickTab('Overview'));
      const testid = (id: string) =>
        firefox.evaluate<string>(popup, `JSON.stringify(document.querySelector('[data-testid="${id}"]').textContent)`);
      const read: SiteReading = {
        host: c.host,
        title: last!.title,
        stance: await testid('stance'),
        headline: await testid('headline'),
        tabs,
        verdicts: await verdicts(),
        purposes,
      };

      expect(read.stance).toBe(c.label);
      expect(read.verdicts).toEqual(c.verdicts);
      for (const [tab, wants] of Object.entries(c.shows)) {
        const shown = read.tabs[tab as keyof typeof read.tabs]!;
        // innerText is as rendered: headings are upper case (CSS), so compare without case.
        for (const want of wants) {
          if (typeof want === 'string') expect(shown.toLowerCase(), tab).toContain(want.toLowerCase());
          else expect(shown, tab).toMatch(want);
        }
      }
      for (const [tab, shown] of Object.entries(read.tabs)) {
        if (c.never) expect(shown, tab).not.toMatch(c.never);
      }
      expect(contradictions(read)).toEqual([]);
      expect(identifiers).toEqual({ Overview: [], Bots: [], Details: [], Purposes: [] });

      // Overview, as the popup opens; the crawl's relative time left out of the comparison.
      const boxes = await firefox.evaluate<Array<{ x: number; y: number; width: number; height: number }>>(
        popup,
        `JSON.stringify([...document.querySelectorAll('[data-testid="crawl-time"]')].map((e) => { const r = e.getBoundingClientRect(); return { x: r.x * devicePixelRatio, y: r.y * devicePixelRatio, width: r.width * devicePixelRatio, height: r.height * devicePixelRatio }; }))`,
      );
      matchPng(`firefox-real-${c.shot}`, await firefox.screenshot(popup), boxes);
    } finally {
      await firefox.closeTab(popup);
      await firefox.activate();
    }
  });
});

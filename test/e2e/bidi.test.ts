/**
 * A rule with bidi characters is shown as written, not as it renders (issue 33): the site page
 * on the gateway's web page, for the hostile fixture site whose robots.txt says
 * `Disallow: /private\u202Eevil\u202C/` (which a browser draws as `/private/live/`), shows the
 * override and its pop as `⟨U+202E⟩` and `⟨U+202C⟩` in Details and in "robots.txt as served",
 * and nowhere the characters themselves. The record keeps the rule as served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as PwBrowser } from 'playwright-core';
import { BIDI_RULE, HOSTILE_SITES } from '../fixtures/hostile-sites.js';
import { chromiumMissing } from './helpers/browser.js';
import { matchScreenshot } from './helpers/screenshots.js';
import { gatewayGet, startStack, warm, type Stack } from './helpers/stack.js';
import { buildWeb, launchChromium, seriousFindings, watchPage } from './helpers/web.js';

const missing = chromiumMissing();
if (missing) console.warn(`Skipping the bidi end-to-end test in Chromium: ${missing}.`);

const SITE = 'bidi.hostile.test';
const SHOWN = '/private\u27E8U+202E\u27E9evil\u27E8U+202C\u27E9/';
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F]/;

describe.skipIf(missing !== null)('a bidi rule on the site page in Chromium', () => {
  let stack: Stack;
  let browser: PwBrowser;
  const problems: string[] = [];

  beforeAll(async () => {
    buildWeb();
    stack = await startStack();
    stack.farm.set(SITE, HOSTILE_SITES[SITE]);
    await warm(stack.gatewayUrl, SITE, 60_000);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('shows the override and its pop as code points in Details and robots.txt as served; the record keeps them', async () => {
    // The record (JSON API) keeps the rule as served.
    const full = JSON.stringify(await gatewayGet(stack.gatewayUrl, `/v1/domain/${SITE}/full`));
    expect(full).toContain(BIDI_RULE);

    const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
    const page = await context.newPage();
    watchPage(page, problems);
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await page.goto(`${stack.gatewayUrl}/site/${SITE}`);
    await page.getByTestId('history').waitFor({ timeout: 30_000 });
    await page.getByText('Details: the lines and headers behind each verdict').click();
    await page.getByTestId('read').waitFor();
    await page.getByText('robots.txt as served').click();

    const raw = page.getByTestId('robots-raw');
    await raw.waitFor();
    expect(await raw.textContent()).toContain(`Disallow: ${SHOWN}`);
    expect(await raw.textContent()).not.toMatch(BIDI);
    const why = (await page.getByTestId('explanations').textContent()) ?? '';
    if (why.includes('Disallow')) expect(why).toContain(SHOWN);
    // Nowhere on the page: not in any sentence, list or line.
    expect(await page.locator('body').innerText()).not.toMatch(BIDI);
    expect(await page.locator('body').innerText()).toContain(SHOWN);

    await raw.scrollIntoViewIfNeeded();
    await matchScreenshot(page, 'web-site-bidi', { ignore: [page.getByTestId('crawl-time')] });
    expect(await seriousFindings(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

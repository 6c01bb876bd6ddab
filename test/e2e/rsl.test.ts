/**
 * Issue 35 shown done, in real Chromium against the real gateway and its embedded service
 * crawling the RSL fixture sites (test/fixtures/rsl-sites.ts, built from real licences and the
 * specification's examples, test/fixtures/rsl/SOURCES.md): for each site the badge and its whole
 * title, the headline, each use's words and what decided it, the licence read out beside the
 * usage signals (or, for the broken one, why it was not read), no identifier in words, no
 * sentence contradicting the headline, and a screenshot compared with the committed one
 * (docs/policy.md section 15).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_VIEW, STANCE_LABELS } from '../../shared/labels.js';
import { contradictions } from '../fixtures/contradictions.js';
import { RSL_SITES } from '../fixtures/rsl-sites.js';
import { buildExtension, chromiumMissing, launchWithExtension, setGateway, type Browser } from './helpers/browser.js';
import { identifiersShown, openPopup, openSite, readPopup } from './helpers/popup.js';
import { matchScreenshot } from './helpers/screenshots.js';
import { startStack, warm, type Stack } from './helpers/stack.js';

const missing = chromiumMissing();
if (missing) console.warn(`Skipping the RSL end-to-end suite: ${missing}.`);

const CASES = Object.entries(RSL_SITES).map(([host, s]) => ({ host, ...s }));

describe.skipIf(missing !== null)('RSL licences in the popup (issue 35)', () => {
  let stack: Stack;
  let browser: Browser;
  const url = (host: string) => `http://${host}:${stack.farm.port}/`;

  beforeAll(async () => {
    buildExtension();
    stack = await startStack();
    for (const c of CASES) stack.farm.set(c.host, c.site);
    browser = await launchWithExtension();
    await setGateway(browser.worker, stack.gatewayUrl);
    await Promise.all(CASES.map((c) => warm(stack.gatewayUrl, c.host, 90_000)));
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it.each(CASES)('$host ($note): badge title, verdicts, the licence told, screenshot', async (c) => {
    const { page, tabId, reading } = await openSite(browser, url(c.host), BADGE_VIEW[c.stance].text);
    expect(reading.title).toBe(`AI policy of ${c.host}: ${c.reads.phrase}`);
    const popup = await openPopup(browser, tabId);
    const read = await readPopup(popup, c.host, reading.title);
    expect(read.stance).toBe(STANCE_LABELS[c.stance].label);
    expect(read.verdicts).toEqual(c.reads.rows.map(([words]) => words));
    const overview = read.tabs.Overview!;
    // Each use's reason, as rendered beside its verdict, and the licence read out.
    for (const [, because] of c.reads.rows) if (because) expect(overview).toContain(because);
    expect(overview).toContain(c.reads.licence);
    if (c.licence.state === 'read') expect(overview).not.toContain('(not read)');
    else {
      expect(overview).toContain('RSL licence (not read)');
      // Nothing is claimed of a licence that was not read.
      expect(read.headline).not.toMatch(/none restricts/);
      expect(read.headline).toContain('RSL licence could not be read');
    }
    expect(contradictions(read)).toEqual([]);
    for (const tab of ['Overview', 'Bots', 'Details', 'Purposes'] as const) {
      await popup.getByRole('tab', { name: tab }).click();
      expect(await identifiersShown(popup, tab === 'Details')).toEqual([]);
    }
    await popup.getByRole('tab', { name: 'Overview' }).click();
    await matchScreenshot(popup, c.host.replace(/\.test$/, ''), {
      ignore: [popup.getByTestId('crawl-time')],
    });
    await popup.close();
    await page.close();
  });
});

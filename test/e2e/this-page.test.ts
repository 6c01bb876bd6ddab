/**
 * Issue 11 part 2 in real Chromium: the verdict for the page in the address bar, judged in the
 * browser (the path never leaves it); the page's own noai tag read when the popup is opened by
 * its toolbar button; a subdomain shown with the site it belongs to; and the fixture server's
 * log showing that only the root and the policy files were ever requested by the crawler.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_VIEW } from '../../shared/labels.js';
import { contradictions } from '../fixtures/contradictions.js';
import { text } from '../fixtures/farm.js';
import { homepage, SILENT_TERMS } from '../fixtures/stance-sites.js';
import {
  buildExtension,
  chromiumMissing,
  clickToolbarButton,
  launchWithExtension,
  readBadge,
  setGateway,
  type Browser,
} from './helpers/browser.js';
import { openPopup, openSite, readPopup } from './helpers/popup.js';
import { matchScreenshot } from './helpers/screenshots.js';
import { startStack, warm, type Stack } from './helpers/stack.js';

const missing = chromiumMissing();
if (missing) console.warn(`Skipping the this-page end-to-end suite: ${missing}.`);

/** The training bots may not read /articles/; the rest of the site is open. */
const PATHS = 'paths.test';
const PATHS_ROBOTS =
  '# Our journalism is not training data.\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: Google-Extended\nUser-agent: CCBot\nDisallow: /articles/\n\nSitemap: https://paths.test/sitemap.xml\n';
/** No AI rules, but one page carries its own noai tag. */
const TAGGED = 'gallery.test';
/** No AI rules in robots.txt; tdmrep.json reserves the news pages only (shared/url-check judges the path in the browser). */
const RESERVED = 'reserved.test';
/** A www host without a robots.txt of its own, belonging to a site that blocks all AI. */
const WWW = 'www.blocks-all.test';
/** A subdomain with a robots.txt of its own, without AI rules; the gateway names the site it belongs to. */
const SUB = 'cooking.blocks-all.test';
/** The crawler may fetch these and nothing else: the root, the policy files and the terms page. */
const POLICY_PATHS = new Set([
  '/',
  '/robots.txt',
  '/llms.txt',
  '/ai.txt',
  '/.well-known/tdmrep.json',
  '/.well-known/agents.json',
  '/terms',
]);

describe.skipIf(missing !== null)('the verdict for this page (issue 11 part 2)', () => {
  let stack: Stack;
  let browser: Browser;
  const url = (host: string, path = '/') => `http://${host}:${stack.farm.port}${path}`;

  beforeAll(async () => {
    buildExtension();
    stack = await startStack();
    stack.farm.set(PATHS, {
      routes: { '/': homepage('Daily Paths'), '/terms': SILENT_TERMS, '/robots.txt': text(PATHS_ROBOTS) },
      fallback: homepage('A story', { body: '<article><p>Today in the garden.</p></article>' }),
    });
    stack.farm.set(TAGGED, {
      routes: {
        '/': homepage('Open Gallery'),
        '/terms': SILENT_TERMS,
        '/robots.txt': text('User-agent: *\nDisallow: /cart/\n'),
      },
      fallback: homepage('A painting', { head: '<meta name="robots" content="noai, noimageai">' }),
    });
    stack.farm.set(RESERVED, {
      routes: {
        '/': homepage('Reserved Press'),
        '/terms': SILENT_TERMS,
        '/robots.txt': text('User-agent: *\nDisallow: /cart/\n'),
        '/.well-known/tdmrep.json': {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify([{ location: '/news/', 'tdm-reservation': 1 }]),
        },
      },
      fallback: homepage('A story'),
    });
    stack.farm.set(WWW, { routes: { '/': homepage('Blocks All News'), '/terms': SILENT_TERMS } });
    stack.farm.set(SUB, {
      routes: {
        '/': homepage('Cooking'),
        '/terms': SILENT_TERMS,
        '/robots.txt': text('User-agent: *\nDisallow: /search\n'),
      },
    });
    browser = await launchWithExtension();
    await setGateway(browser.worker, stack.gatewayUrl);
    await Promise.all(
      [PATHS, TAGGED, RESERVED, WWW, SUB, 'blocks-all.test'].map((h) => warm(stack.gatewayUrl, h, 60_000)),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('a page under a disallowed path: "This page" blocked, while the root is not', async () => {
    const article = url(PATHS, '/articles/2026/garden-story?ref=home');
    const { page, tabId, reading } = await openSite(browser, article, BADGE_VIEW.selective.text);
    expect(reading.title).toMatch(
      /This page: AI training blocked, by robots\.txt \(line \d+\); the site as a whole: selective$/,
    );
    const popup = await openPopup(browser, tabId);
    await popup.getByTestId('this-page').waitFor();
    expect(await popup.getByTestId('page-verdict-training').textContent()).toBe('Blocked');
    expect(await popup.getByTestId('verdict-training').textContent()).toBe('Partly blocked');
    await popup.getByRole('tab', { name: 'Purposes' }).waitFor();
    await matchScreenshot(popup, 'this-page-disallowed-path');
    await popup.close();
    // The root of the same site: training is not restricted there.
    await page.goto(url(PATHS));
    const root = await openPopup(browser, tabId);
    await root.getByTestId('this-page').waitFor();
    expect(await root.getByTestId('page-verdict-training').textContent()).toBe('Not restricted');
    await root.close();
    await page.close();
    // The path never reached the gateway.
    expect(stack.gatewayRequests.filter((r) => /articles|garden|ref=/.test(r))).toEqual([]);
  });

  it('the badge title follows the page within the same tab: a link, a history.pushState, back to the root (issue 32, class 8)', async () => {
    const { page, tabId } = await openSite(browser, url(PATHS), BADGE_VIEW.selective.text);
    /** The badge title once it matches, or the last one seen after 10 s. */
    const titleOnce = async (want: RegExp): Promise<string> => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const { title } = await readBadge(browser.worker, tabId);
        if (want.test(title) || Date.now() > deadline) return title;
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const blocked = /This page: AI training blocked, by robots\.txt \(line \d+\); the site as a whole: selective$/;
    const root = /This page: AI training not restricted; the site as a whole: selective$/;
    expect(await titleOnce(root)).toMatch(root);
    // A link to an article, in the same tab.
    await page.evaluate(
      (href) => {
        const a = Object.assign(document.createElement('a'), { href, textContent: 'story' });
        document.body.append(a);
        a.click();
      },
      url(PATHS, '/articles/2026/garden-story'),
    );
    await page.waitForURL(/\/articles\//);
    expect(await titleOnce(blocked)).toMatch(blocked);
    // A single-page site moving back to the root without a load.
    await page.evaluate(() => history.pushState({}, '', '/'));
    expect(await titleOnce(root)).toMatch(root);
    // And forward to an article again without a load.
    await page.evaluate(() => history.pushState({}, '', '/articles/2026/another'));
    expect(await titleOnce(blocked)).toMatch(blocked);
    await page.close();
  });

  it('a page with its own noai tag is shown as such when the popup is opened', async () => {
    const painting = url(TAGGED, '/paintings/42');
    const { page, tabId } = await openSite(browser, painting, BADGE_VIEW.no_policy.text);
    await clickToolbarButton(browser, painting);
    const popup = await openPopup(browser, tabId);
    await popup.getByTestId('this-page').waitFor();
    expect(await popup.getByTestId('page-verdict-training').textContent()).toBe('Blocked');
    expect(await popup.getByTestId('this-page').textContent()).toContain('by this page\u2019s noai tag');
    expect(await popup.getByTestId('verdict-training').textContent()).toBe('Not restricted');
    await popup.getByRole('tab', { name: 'Purposes' }).waitFor();
    await matchScreenshot(popup, 'this-page-noai-tag');
    await popup.close();
    await page.close();
  });

  it('a page under a path tdmrep.json reserves: "This page" blocked by TDMRep, the same answer POST /v1/check gives', async () => {
    const story = url(RESERVED, '/news/2026/story');
    const { page, tabId, reading } = await openSite(browser, story, BADGE_VIEW.no_policy.text);
    expect(reading.title).toMatch(
      /This page: AI training blocked, by the site\u2019s TDMRep reservation; the site as a whole: /,
    );
    const popup = await openPopup(browser, tabId);
    await popup.getByTestId('this-page').waitFor();
    expect(await popup.getByTestId('page-verdict-training').textContent()).toBe('Blocked');
    expect(await popup.getByTestId('verdict-training').textContent()).toBe('Not restricted');
    await popup.close();
    await page.close();
    const api = await fetch(`${stack.gatewayUrl}/v1/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ai-policy-lens': '1' },
      body: JSON.stringify({
        use: 'training',
        urls: [`https://${RESERVED}/news/2026/story`, `https://${RESERVED}/about`],
      }),
    });
    const { results } = (await api.json()) as { results: { verdict: string; decided_by: { source: string } | null }[] };
    expect(results.map((r) => [r.verdict, r.decided_by?.source ?? null])).toEqual([
      ['blocked', 'tdmrep'],
      ['allowed', null],
    ]);
  });

  it("a www host without robots.txt of its own shows the policy of the site it belongs to, marked as that site's (docs/policy.md section 11)", async () => {
    const { page, tabId, reading } = await openSite(browser, url(WWW), BADGE_VIEW.blocks_all_ai.text);
    expect(reading.title).toBe(
      `AI policy of ${WWW}: blocks all AI, from blocks-all.test; ${WWW} has no robots.txt of its own`,
    );
    const popup = await openPopup(browser, tabId);
    expect(await popup.getByTestId('stance').textContent()).toBe('Blocks all AI');
    expect(await popup.getByTestId('headline').textContent()).toBe(
      `From blocks-all.test: The site refuses AI training, AI search and AI answers alike. ${WWW} has no robots.txt of its own.`,
    );
    await popup.getByRole('tab', { name: 'Purposes' }).waitFor();
    expect(contradictions(await readPopup(popup, WWW, reading.title))).toEqual([]);
    await matchScreenshot(popup, 'this-page-www');
    await popup.close();
    await page.close();
  });

  it('a subdomain with a robots.txt of its own shows its own policy, the site it belongs to in a note when it differs', async () => {
    const { page, tabId } = await openSite(browser, url(SUB, '/recipes/soup'), BADGE_VIEW.no_policy.text);
    const popup = await openPopup(browser, tabId);
    await popup.getByTestId('parent-site').waitFor();
    expect(await popup.getByTestId('parent-site').textContent()).toBe(
      `blocks-all.test, the site ${SUB} belongs to: blocks all AI.`,
    );
    expect(await popup.getByTestId('stance').textContent()).toBe('No AI rules');
    await popup.getByRole('tab', { name: 'Purposes' }).waitFor();
    await matchScreenshot(popup, 'this-page-subdomain');
    await popup.close();
    await page.close();
  });

  it('the crawler asked the sites for the root and the policy files only', () => {
    const crawled = stack.farm.requests.filter(
      (r) =>
        [PATHS, TAGGED, RESERVED, WWW, SUB].includes(r.host) &&
        String(r.headers['user-agent']).startsWith('AIPolicyLens/'),
    );
    expect(crawled.length).toBeGreaterThan(10);
    expect([...new Set(crawled.map((r) => r.path))].filter((p) => !POLICY_PATHS.has(p))).toEqual([]);
  });
});

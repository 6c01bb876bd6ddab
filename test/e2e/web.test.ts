/**
 * The gateway's web app end to end in real Chromium (no extension): the gateway as `npm start`
 * runs it, serving the web app built as `npm start` builds it, over the fixture farm. A person
 * looks a site up from the box, sees it queued and being read update by themselves, reads the
 * popup's story on the site's page, presses Check again and sees the history grow, reads the
 * registry as charts, on a phone and in dark mode, with the keyboard alone. axe-core finds no
 * serious or critical problem on any page, and the page's CSP is never violated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Browser as PwBrowser, BrowserContext } from 'playwright-core';
import { BADGE_VIEW } from '../../shared/labels.js';
import { startFaultUpstream } from '../fixtures/fault-upstream.js';
import { html, text } from '../fixtures/farm.js';
import { PERSON_READINGS } from '../fixtures/person-readings.js';
import { homepage, SILENT_TERMS } from '../fixtures/stance-sites.js';
import { chromiumMissing } from './helpers/browser.js';
import { pressCheckAgain } from './helpers/popup.js';
import { matchScreenshot } from './helpers/screenshots.js';
import { gatewayGet, startStack, warm, type Stack } from './helpers/stack.js';
import { buildWeb, launchChromium, seriousFindings, watchPage } from './helpers/web.js';

const missing = chromiumMissing();
if (missing) console.warn(`Skipping the web app's end-to-end suite in Chromium: ${missing}.`);

const BLOCK_KEY_TRAINING =
  'User-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: Google-Extended\nUser-agent: CCBot\nDisallow: /\n';
/** Its robots.txt answers after 3 s: the page shows it queued, then found, with no reload. */
const SLOW = 'slow-web.test';
/** Its terms page answers seconds after the rest: an early answer, then the whole record. */
const LATE_TERMS = 'late-terms-web.test';
/** Checked first with no AI rules, then, after Check again, blocking AI training: a history of two. */
const CHANGING = 'changing.test';
/** Terms that forbid training AI, one with a robots.txt that blocks the AI bots, one whose robots.txt blocks none. */
const FORBIDDING_TERMS = html(
  '<!doctype html><html><head><title>Terms</title></head><body><h1>Terms of Service</h1><p>You may not use our content to train machine learning models.</p></body></html>',
);
const TERMS_SITES = {
  'terms-and-robots.test': BLOCK_KEY_TRAINING,
  'terms-only.test': 'User-agent: *\nDisallow: /private/\n',
};
const DESKTOP = { width: 1280, height: 1000 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(missing !== null)('the web app in Chromium', () => {
  let stack: Stack;
  let browser: PwBrowser;
  let context: BrowserContext;
  const problems: string[] = [];
  const url = (path: string) => stack.gatewayUrl + path;

  async function open(
    path: string,
    opts: { scheme?: 'light' | 'dark'; size?: { width: number; height: number } } = {},
  ): Promise<Page> {
    const page = await context.newPage();
    watchPage(page, problems);
    await page.setViewportSize(opts.size ?? DESKTOP);
    await page.emulateMedia({ colorScheme: opts.scheme ?? 'light', reducedMotion: 'reduce' });
    await page.goto(url(path));
    return page;
  }

  /** A found site's page once its details (bots, history) are in. */
  async function sitePage(domain: string, opts: Parameters<typeof open>[1] = {}): Promise<Page> {
    const page = await open(`/site/${domain}`, opts);
    await page.getByTestId('history').waitFor({ timeout: 30_000 });
    return page;
  }

  beforeAll(async () => {
    buildWeb();
    stack = await startStack();
    stack.farm.set(SLOW, {
      routes: { '/': homepage('Slow Site'), '/robots.txt': { ...text(BLOCK_KEY_TRAINING), delayMs: 3000 } },
    });
    stack.farm.set(LATE_TERMS, {
      routes: {
        '/': homepage('Late Terms'),
        '/robots.txt': text(BLOCK_KEY_TRAINING),
        '/terms': { ...SILENT_TERMS, delayMs: 3000 },
      },
    });
    stack.farm.set(CHANGING, {
      routes: { '/': homepage('Changing Site'), '/robots.txt': text('User-agent: *\nDisallow: /private/\n') },
    });
    for (const [host, robots] of Object.entries(TERMS_SITES))
      stack.farm.set(host, {
        routes: { '/': homepage(host), '/robots.txt': text(robots), '/terms': FORBIDDING_TERMS },
      });
    // First, so that its minute before another check may be asked is over by the time the test asks.
    await warm(stack.gatewayUrl, CHANGING, 60_000);
    const sites = [
      'blocks-all.test',
      'training.test',
      'selective.test',
      'allows.test',
      'no-rules.test',
      'llms.test',
      ...Object.keys(TERMS_SITES),
    ];
    await Promise.all(sites.map((h) => warm(stack.gatewayUrl, h, 60_000)));
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('looks a site up from the box: queued, then found by itself, no reload', async () => {
    const page = await open('/');
    await page.getByLabel('Domain or address of a website').fill(`https://${SLOW}/some/page?q=1`);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.waitForURL(url(`/site/${SLOW}`));
    const queued = page.getByTestId('queued');
    await queued.waitFor();
    expect(await queued.textContent()).toContain(`Checking ${SLOW}…`);
    expect(await queued.getAttribute('aria-live')).toBe('polite');
    await matchScreenshot(page, 'web-queued');
    await page.getByTestId('stance').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('stance').textContent()).toBe('Blocks AI training');
    expect(await queued.count()).toBe(0);
    // Only the host name reached the gateway, never the page's path or query.
    const paths = stack.farm.requests.filter((r) => r.host === SLOW).map((r) => r.path);
    expect(paths.filter((p) => p.startsWith('/some'))).toEqual([]);
    await page.close();
  });

  it('shows an early answer while the terms are read, then the whole record, by itself', async () => {
    const page = await open(`/site/${LATE_TERMS}`);
    const pending = page.getByTestId('terms-pending');
    await pending.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('stance').textContent()).toBe('Blocks AI training');
    expect(await page.getByTestId('facts').textContent()).toContain('Being read…');
    await matchScreenshot(page, 'web-being-read', { ignore: [page.getByTestId('crawl-time')] });
    await pending.waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId('history').waitFor();
    expect(await page.getByTestId('facts').textContent()).toContain('Terms of serviceFound');
    await page.close();
  });

  it("tells the popup's story for each stance: headline, verdicts, standards, bots, history, details", async () => {
    for (const domain of ['blocks-all.test', 'training.test', 'selective.test', 'allows.test', 'no-rules.test']) {
      const want = PERSON_READINGS[domain]!;
      const page = await sitePage(domain);
      expect(await page.getByTestId('stance').textContent(), domain).toBe(want.label);
      const verdicts = await Promise.all(
        ['training', 'search', 'inference'].map((u) => page.getByTestId(`verdict-${u}`).textContent()),
      );
      expect(verdicts, domain).toEqual(want.verdicts);
      expect(await page.title()).toBe(`${domain} – AI Policy Lens`);
      expect(await page.getByTestId('history').locator('li').first().textContent()).toContain('First check.');
      await page.getByText('Details: the lines and headers behind each verdict').click();
      await page.getByTestId('read').waitFor();
      if (domain === 'blocks-all.test' || domain === 'selective.test') {
        await page.getByText('Details: the lines and headers behind each verdict').click();
        await matchScreenshot(page, `web-site-${want.badge}`, { ignore: [page.getByTestId('crawl-time')] });
      }
      await page.close();
    }
  });

  it('Check again: the new result replaces the old one, and the history and its timeline grow', async () => {
    stack.farm.set(CHANGING, { routes: { '/': homepage('Changing Site'), '/robots.txt': text(BLOCK_KEY_TRAINING) } });
    const page = await sitePage(CHANGING);
    expect(await page.getByTestId('stance').textContent()).toBe('No AI rules');
    await pressCheckAgain(page);
    await page.getByText('Blocks AI training', { exact: true }).first().waitFor({ timeout: 60_000 });
    await page.getByTestId('history').locator(':scope > li').nth(1).waitFor({ timeout: 30_000 });
    const entries = await page.getByTestId('history').locator(':scope > li').allTextContents();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toContain('started blocking GPTBot');
    expect(entries[1]).toContain('First check.');
    // The timeline: one stretch per stance held, oldest first, each with the badge's text.
    expect(await page.getByTestId('timeline').locator('.timeline-stretch').allTextContents()).toEqual([
      BADGE_VIEW.no_policy.text,
      BADGE_VIEW.blocks_training.text,
    ]);
    await page.getByTestId('timeline').scrollIntoViewIfNeeded();
    await matchScreenshot(page, 'web-history', { ignore: [page.getByTestId('crawl-time')] });
    await page.close();
  });

  it('draws the registry as charts, each with its figures as a table, from the statistics', async () => {
    const stats = (await gatewayGet(stack.gatewayUrl, '/preview/v1/stats')) as {
      total_domains: number;
      by_told: Record<string, number>;
    };
    const page = await open('/overview');
    await page.locator('canvas[data-drawn="true"]').nth(4).waitFor({ timeout: 30_000 });
    expect(await page.locator('canvas').count()).toBe(5);
    expect(await page.getByTestId('overview-total').textContent()).toContain(
      `Sites in the registry: ${stats.total_domains}, as of`,
    );
    // Each canvas is an image named by its summary; its figures are in the table under it.
    const stanceChart = page.getByTestId('chart-stances');
    expect(await stanceChart.locator('canvas').getAttribute('role')).toBe('img');
    expect(await stanceChart.locator('canvas').getAttribute('aria-label')).toMatch(
      new RegExp(`Share of sites in the registry by stance \\(${stats.total_domains} in all\\)`),
    );
    const rows = await stanceChart.locator('tbody tr').allTextContents();
    expect(rows).toContain(
      `Blocks all AI${stats.by_told.blocks_all_ai!}${Math.round((stats.by_told.blocks_all_ai! / stats.total_domains) * 1000) / 10}%`,
    );
    // The change of CHANGING's stance today is in the last 30 days.
    expect(await page.getByTestId('chart-changes').locator('.chart-summary').textContent()).toMatch(
      /^Stance changes in the last 30 days: [1-9]\d*\. The most common: from No AI rules to Blocks AI training/,
    );
    // Terms that forbid AI against robots.txt: one site blocks the AI bots too, one blocks none.
    expect(await page.getByTestId('chart-terms').locator('.chart-summary').textContent()).toMatch(
      /^Of the sites whose terms of service forbid AI \(2\), robots\.txt blocks AI bots on 1 and blocks none on 1\./,
    );
    expect(await page.getByTestId('chart-terms').locator('tbody tr').first().textContent()).toBe(
      'Terms prohibit AI110',
    );
    expect(await page.getByTestId('chart-key-bots').locator('tbody tr').first().textContent()).toMatch(
      /^GPTBotAI training/,
    );
    await matchScreenshot(page, 'web-overview', {
      ignore: [page.getByTestId('overview-total'), page.getByTestId('chart-changes').locator('.chart-box')],
    });
    await page.close();
  });

  it('follows the system’s dark mode, colours and charts included', async () => {
    const site = await sitePage('selective.test', { scheme: 'dark' });
    expect(await site.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(17, 24, 39)');
    await matchScreenshot(site, 'web-site-dark', { ignore: [site.getByTestId('crawl-time')] });
    await site.close();
    const overview = await open('/overview', { scheme: 'dark' });
    await overview.locator('canvas[data-drawn="true"]').nth(4).waitFor({ timeout: 30_000 });
    await matchScreenshot(overview, 'web-overview-dark', {
      ignore: [overview.getByTestId('overview-total'), overview.getByTestId('chart-changes').locator('.chart-box')],
    });
    await overview.close();
  });

  it('stays usable on a phone: one column, nothing wider than the screen', async () => {
    for (const path of ['/', '/site/training.test', '/overview']) {
      const page = await open(path, { size: PHONE });
      if (path === '/overview') await page.locator('canvas[data-drawn="true"]').nth(4).waitFor({ timeout: 30_000 });
      else if (path !== '/') await page.getByTestId('history').waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
      if (path !== '/')
        await matchScreenshot(page, `web-phone-${path === '/overview' ? 'overview' : 'site'}`, {
          ignore: [page.getByTestId(path === '/overview' ? 'overview-total' : 'crawl-time')],
        });
      await page.close();
    }
  });

  it('works with the keyboard alone, with a visible focus', async () => {
    const page = await open('/');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the content');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('lookup-domain');
    await page.keyboard.type('not a domain');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('lookup-help').textContent()).toMatch(/^That is not a domain name/);
    expect(await page.locator('#lookup-domain').getAttribute('aria-invalid')).toBe('true');
    await page.locator('#lookup-domain').fill('');
    await page.keyboard.type('allows.test');
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/site/allows.test'));
    await page.getByTestId('history').waitFor({ timeout: 30_000 });
    // Every control is reached with Tab: the details' summary opens with Enter.
    const reached = new Set<string>();
    for (let i = 0; i < 60 && !reached.has('SUMMARY'); i++) {
      await page.keyboard.press('Tab');
      reached.add(
        await page.evaluate(
          () =>
            `${document.activeElement?.tagName}${document.activeElement?.getAttribute('data-testid') === 'recheck' ? ':recheck' : ''}`,
        ),
      );
    }
    expect([...reached]).toEqual(expect.arrayContaining(['A', 'BUTTON:recheck', 'SUMMARY']));
    await page.keyboard.press('Enter');
    await page.getByTestId('read').waitFor();
    await page.goto(url('/'));
    expect(await page.getByTestId('recent').locator('li').first().textContent()).toBe(
      `allows.test – ${PERSON_READINGS['allows.test']!.label}`,
    );
    await matchScreenshot(page, 'web-home');
    await page.close();
  });

  it('tells dates in the browser’s language', async () => {
    const german = await browser.newContext({ locale: 'de-DE', timezoneId: 'UTC' });
    const page = await german.newPage();
    await page.goto(url('/site/training.test'));
    await page.getByTestId('history').waitFor({ timeout: 30_000 });
    const date = await page.getByTestId('history').locator('time').first().textContent();
    expect(date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(await page.getByTestId('crawl-time').textContent()).toMatch(/vor \d+ (Sekunden?|Minuten?)|jetzt/);
    await german.close();
  });

  it('on a gateway with a proxy token, asks for it once, then shows the site and the overview', async () => {
    const TOKEN = 'e2e-web-token-0123456789abcdef';
    const locked = await startStack({ proxyToken: TOKEN });
    const own = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
    try {
      const page = await own.newPage();
      watchPage(page, problems);
      await page.goto(`${locked.gatewayUrl}/site/allows.test`);
      await page.getByTestId('token-form').waitFor();
      expect(await page.getByTestId('token-form').textContent()).toContain('This gateway needs its access token.');
      await page.getByLabel('Access token').fill('wrong-token-0123456789');
      await page.getByRole('button', { name: 'Use this token' }).click();
      await page.getByText('This gateway refused the access token.').waitFor();
      await page.getByLabel('Access token').fill(TOKEN);
      await page.getByRole('button', { name: 'Use this token' }).click();
      await page.getByTestId('stance').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('stance').textContent()).toBe(PERSON_READINGS['allows.test']!.label);
      // Kept for this gateway: the overview needs no second ask.
      await page.goto(`${locked.gatewayUrl}/overview`);
      await page.locator('canvas[data-drawn="true"]').nth(4).waitFor({ timeout: 30_000 });
    } finally {
      await own.close();
      await locked.close();
    }
  });

  it('in remote mode over an upstream without the announced surface, says plainly there are no statistics', async () => {
    const KEY = 'sk-e2e-web-remote-0123456789abcdef0123';
    const up = await startFaultUpstream({ apiKey: KEY, preview: false });
    const remote = await startStack({ env: { UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: KEY } });
    try {
      const page = await context.newPage();
      watchPage(page, problems);
      await page.goto(`${remote.gatewayUrl}/overview`);
      const note = page.getByTestId('no-stats');
      await note.waitFor({ timeout: 30_000 });
      expect(await note.textContent()).toMatch(
        /^No statistics from this gateway’s lookup service\.The service it asks publishes no statistics/,
      );
      expect(await page.locator('canvas').count()).toBe(0);
      await page.close();
    } finally {
      await remote.close();
      await up.close();
    }
  });

  it('axe-core finds nothing serious or critical on any page, in light or dark', async () => {
    const findings: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      for (const path of ['/', '/site/selective.test', '/overview', '/site/not%20a%20domain']) {
        const page = await open(path, { scheme });
        if (path === '/overview') await page.locator('canvas[data-drawn="true"]').nth(4).waitFor({ timeout: 30_000 });
        if (path === '/site/selective.test') {
          await page.getByTestId('history').waitFor({ timeout: 30_000 });
          await page.getByText('Details: the lines and headers behind each verdict').click();
        }
        if (path === '/overview')
          for (const s of await page.locator('details.chart-table > summary').all()) await s.click();
        findings.push(...(await seriousFindings(page)).map((f) => `${scheme} ${path}: ${f}`));
        await page.close();
      }
    }
    expect(findings).toEqual([]);
  });

  it('never breaks its Content-Security-Policy, and no script fails', () => {
    expect(problems).toEqual([]);
  });
});

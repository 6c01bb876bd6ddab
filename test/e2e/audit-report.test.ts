/**
 * The audit's report.html opened from disk in real Chromium with every network request refused:
 * it draws its five charts (Chart.js inlined), logs no error, asks for nothing, and its per-bot
 * table says what bots.csv says and what the fixture files say read by hand. Screenshots of the
 * summary and the bot table are compared with the committed ones.
 */
import { visibleText } from '../../shared/visible-text.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteRow } from '../../proxy/audit/site-row.js';
import { startFixtureFarm, text, type FixtureFarm } from '../fixtures/farm.js';
import { auditInProcess, writeList } from '../integration/audit/harness.js';
import { namedAndBlockedByHand, realSite, realSites } from '../integration/audit/real-sites.js';
import { CHROMIUM, chromiumMissing } from './helpers/browser.js';
import { matchScreenshot } from './helpers/screenshots.js';

const missing = chromiumMissing();
if (missing) console.warn(`Skipping the audit report end-to-end suite: ${missing}.`);

const sites = realSites(60);
let farm: FixtureFarm;
let root: string;
let browser: Browser;
let page: Page;
const requests: string[] = [];
const problems: string[] = [];

describe.skipIf(missing !== null)('the audit report in Chromium', () => {
  beforeAll(async () => {
    farm = await startFixtureFarm(Object.fromEntries(sites.map((s) => [s.domain, realSite(s.robots)])));
    farm.set('down.test', { routes: { '/robots.txt': text('down', {}, 503) } });
    root = mkdtempSync(join(tmpdir(), 'audit-report-'));
    writeList(join(root, 'list.txt'), [...sites.map((s) => s.domain), 'down.test']);
    const run = await auditInProcess(
      { list: join(root, 'list.txt'), out: join(root, 'out') },
      { overrides: farm.overrides(), retryDelaysMs: [100, 100, 100] },
    );
    await run.close();
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
    page = await browser.newPage({ viewport: { width: 1100, height: 1200 } });
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith('file:')) return route.continue();
      requests.push(route.request().url());
      return route.abort();
    });
    page.on(
      'console',
      (m) => void (m.type() === 'error' || m.type() === 'warning' ? problems.push(m.text()) : undefined),
    );
    page.on('pageerror', (e) => void problems.push(e.message));
    await page.goto(`file://${join(root, 'out', 'report.html')}`);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await farm?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('draws every chart offline, with no error and no request', async () => {
    const drawn = await page.evaluate(() =>
      [...document.querySelectorAll('canvas')].map((c) => {
        const chart = (window as unknown as { Chart: { getChart(c: HTMLCanvasElement): unknown } }).Chart.getChart(c);
        const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let inked = 0;
        for (let i = 3; i < px.length; i += 4) if (px[i]! > 0) inked++;
        return { id: c.id, chart: chart !== undefined, inked, label: c.getAttribute('aria-label') ?? '' };
      }),
    );
    expect(drawn.map((d) => d.id)).toEqual([
      'chart-stances',
      'chart-verdicts',
      'chart-bots',
      'chart-standards',
      'chart-terms',
    ]);
    for (const d of drawn) {
      expect(d.chart, d.id).toBe(true);
      expect(d.inked, d.id).toBeGreaterThan(1000);
      expect(d.label, d.id).toMatch(/The table below gives the figures\.$/);
    }
    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('shows the per-bot table that bots.csv and the fixture files give', async () => {
    const csv = parse<Record<string, string>>(readFileSync(join(root, 'out', 'bots.csv')), { columns: true });
    const rowsOf = (i: number) =>
      page
        .locator('#bots table')
        .nth(i)
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent ?? '')));
    const table = await rowsOf(0);
    expect(table.length).toBeGreaterThan(10);
    // Tools with no AI use are a table of their own, never among the AI bots (issue 32, class 9).
    const tools = await rowsOf(1);
    for (const [token, , blockingByName] of tools) {
      // The report shows a name's invisible and control characters as markers; bots.csv keeps it raw.
      const line = csv.find((l) => visibleText(l.token!) === token)!;
      expect(line.kind, token).toBe('tool');
      expect(blockingByName).toBe(line.sites_blocking_by_name);
    }
    for (const cells of table) {
      const line = csv.find((l) => l.token === cells[0])!;
      expect(line.kind, cells[0]).toBe('ai_bot');
      expect([cells[0], cells[4], cells[5], cells[6], cells[7]]).toEqual([
        line.token,
        line.sites_naming,
        line.sites_blocking,
        line.sites_blocking_by_name,
        line.sites_partly_blocking,
      ]);
    }
    const rows = readFileSync(join(root, 'out', 'sites.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as SiteRow);
    const read = sites
      .filter((s) => rows.find((r) => r.domain === s.domain)!.robots_txt_status === 'ok')
      .map((s) => s.robots);
    for (const token of ['GPTBot', 'ClaudeBot', 'CCBot', 'Google-Extended', 'PerplexityBot']) {
      const hand = namedAndBlockedByHand(read, token);
      const cells = table.find((c) => c[0] === token)!;
      expect({ token, naming: cells[4], byName: cells[6] }).toEqual({
        token,
        naming: String(hand.naming),
        byName: String(hand.blockedByName),
      });
    }
    expect(await page.locator('#summary li').allTextContents()).toContain('1 failed checks');
    expect(await page.locator('#conflicts').textContent()).toContain('robots.txt: server error (HTTP 503)');
  });

  it('looks as committed: the summary and the bot table', async () => {
    await matchScreenshot(page, 'audit-report-summary', { ignore: [page.locator('.sub')] });
    await page.locator('#bots').scrollIntoViewIfNeeded();
    await page.evaluate(() => document.getElementById('bots')!.scrollIntoView());
    await matchScreenshot(page, 'audit-report-bots');
  });
});

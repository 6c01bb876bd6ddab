/**
 * For the web app's end-to-end suites (test/e2e/web*.test.ts): the app built as `npm start`
 * builds it (dist/web, only when its sources changed), a plain Chromium without the extension,
 * axe-core's findings through Playwright, and the page's Content-Security-Policy reports.
 */
import { execFileSync } from 'node:child_process';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM } from './browser.js';
import { ROOT } from './stack.js';

/** `node scripts/server-build.mjs ensure-web`: the gateway run from the sources serves dist/web. */
export function buildWeb(): void {
  execFileSync(process.execPath, ['scripts/server-build.mjs', 'ensure-web'], { cwd: ROOT, stdio: 'pipe' });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP *.test 127.0.0.1',
    ],
  });
}

/** axe-core's serious and critical findings on the page as it is now (WCAG 2.x A and AA rules, and best practices), one line each. */
export async function seriousFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
}

/** Collects every Content-Security-Policy violation and script error the page reports. */
export function watchPage(page: Page, into: string[]): void {
  page.on('console', (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) into.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => into.push(`${page.url()}: ${e.message}`));
}

/**
 * Real Chromium with the built extension loaded (playwright-core, /usr/bin/chromium). The
 * extension id comes from its service worker's URL; the badge is read in the worker with
 * chrome.action.get*({ tabId }).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';
import type { browser } from 'wxt/browser';
import { ROOT } from './stack.js';

// The functions passed to worker.evaluate() run in the extension's service worker, where `chrome` exists.
declare const chrome: typeof browser;

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const EXTENSION_DIR = join(ROOT, '.output', 'chrome-mv3');

/** Why the browser suites cannot run here, or null when they can. Throws in CI: CI must run them. */
export function chromiumMissing(): string | null {
  if (existsSync(CHROMIUM)) return null;
  const reason = `Chromium not found at ${CHROMIUM} (install it with: apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (process.env.CI) throw new Error(`${reason}; CI must run the end-to-end suite.`);
  return reason;
}

/**
 * The release build. NODE_ENV is set because vitest runs with NODE_ENV=test, which Vite would
 * inherit and build a different bundle (module-preload polyfill and helpers in the popup) than
 * `npm run build` ships, and than the benchmark then measures from .output.
 */
export function buildExtension(target: 'chrome' | 'firefox' = 'chrome'): void {
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'wxt', 'bin', 'wxt.mjs'), 'build', '-b', target], {
    cwd: ROOT,
    stdio: 'pipe',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

export interface Browser {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  close(): Promise<void>;
}

export interface BadgeReading {
  text: string;
  color: number[];
  title: string;
}

export async function launchWithExtension(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'lens-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 380, height: 560 },
    args: [
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
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
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    worker,
    extensionId,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Points the extension at a gateway, as the options page would (the stored setting). */
export async function setGateway(worker: Worker, gatewayUrl: string, token = ''): Promise<void> {
  await worker.evaluate(([url, t]) => chrome.storage.local.set({ settings: { gatewayUrl: url, token: t } }), [
    gatewayUrl,
    token,
  ] as const);
}

export async function tabIdOf(worker: Worker, url: string): Promise<number> {
  const id = await worker.evaluate(
    async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id ?? null,
    url,
  );
  if (id === null) throw new Error(`no tab shows ${url}`);
  return id;
}

export async function readBadge(worker: Worker, tabId: number): Promise<BadgeReading> {
  return worker.evaluate(
    async (id) => ({
      text: await chrome.action.getBadgeText({ tabId: id }),
      color: [...(await chrome.action.getBadgeBackgroundColor({ tabId: id }))],
      title: await chrome.action.getTitle({ tabId: id }),
    }),
    tabId,
  );
}

/** Waits until the badge text of a tab is `text`, recording every distinct text seen on the way. */
export async function waitForBadge(
  worker: Worker,
  tabId: number,
  text: string,
  timeoutMs = 30_000,
): Promise<{ reading: BadgeReading; seen: string[] }> {
  const seen: string[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reading = await readBadge(worker, tabId);
    if (seen.at(-1) !== reading.text) seen.push(reading.text);
    if (reading.text === text) return { reading, seen };
    if (Date.now() > deadline)
      throw new Error(`badge of tab ${tabId} is "${reading.text}" (seen ${JSON.stringify(seen)}), expected "${text}"`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const rgba = (hex: string): number[] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(255);

/**
 * Clicks the extension's toolbar button for a tab, as a person would: Chromium's DevTools
 * protocol `Extensions.triggerAction` on the tab's target. This opens the real popup and grants
 * `activeTab` for the page (a popup opened as popup.html?tab=ID in a page of its own has no such
 * grant), so the popup can read the page's own meta tags.
 */
export async function clickToolbarButton(b: Browser, url: string): Promise<void> {
  const browser = b.context.browser();
  if (!browser) throw new Error('no browser-level DevTools session');
  const session = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await session.send('Target.getTargets', { filter: [{ type: 'tab' }] });
    const tab = targetInfos.find((t) => t.type === 'tab' && t.url === url);
    if (!tab) throw new Error(`no tab target shows ${url}`);
    await session.send('Extensions.triggerAction', { id: b.extensionId, targetId: tab.targetId });
  } finally {
    await session.detach();
  }
}

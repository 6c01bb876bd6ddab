/**
 * The toolbar badge as people see it (docs/policy.md section 11, "the badge fits"): headed
 * Chromium and headed Firefox on a virtual X display (Xvfb), the built extension loaded and
 * pinned to the toolbar, one fixture site per badge state browsed through the real gateway, and
 * the toolbar of each photographed from the X server (xwd; a page screenshot has no browser
 * chrome). Writes test/e2e/screenshots/toolbar-chromium.png and toolbar-firefox.png, one row
 * per state, to be read by a person: every badge text must show whole.
 *
 *   npx tsx test/tools/toolbar-badges.ts          (needs Xvfb and xwd: apt-get install xvfb x11-apps)
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import { BADGE_VIEW, type BadgeState } from '../../shared/labels.js';
import { buildExtension, CHROMIUM, EXTENSION_DIR, setGateway, tabIdOf, waitForBadge } from '../e2e/helpers/browser.js';
import { launchFirefox } from '../e2e/helpers/firefox.js';
import { SHOTS } from '../e2e/helpers/screenshots.js';
import { freePort, startStack, warm } from '../e2e/helpers/stack.js';
import { homepage } from '../fixtures/stance-sites.js';
import { text } from '../fixtures/farm.js';
import { REAL_SITES } from '../fixtures/real-sites.js';
import { readXwd } from './xwd.js';

/** One site per badge state; `queued` is a site whose crawl is still running, `error` a gateway that is not there. */
const ROWS: Array<[BadgeState, string]> = [
  ['blocks_all_ai', 'blocks-all.test'],
  ['blocks_training', 'training.test'],
  ['selective', 'selective.test'],
  ['allows_all', 'allows.test'],
  ['no_policy', 'no-rules.test'],
  ['terms', 'terms-ai.test'],
  ['unknown', 'robots-blocked.test'],
  ['queued', 'first-visit.test'],
  ['error', 'no-gateway.test'],
];
const WIDTH = 640;
const DISPLAY = ':93';

function startXvfb(): () => void {
  const x = spawn('Xvfb', [DISPLAY, '-screen', '0', `${WIDTH}x480x24`, '-nolisten', 'tcp'], { stdio: 'ignore' });
  process.env.DISPLAY = DISPLAY;
  return () => x.kill();
}

/** The top `height` pixels of the X screen, from y = `top`. */
function grab(top: number, height: number): PNG {
  const shot = readXwd(execFileSync('xwd', ['-root', '-silent', '-display', DISPLAY], { maxBuffer: 64 << 20 }));
  const out = new PNG({ width: shot.width, height });
  shot.data.copy(out.data, 0, top * shot.width * 4, (top + height) * shot.width * 4);
  return out;
}

function stack(rows: PNG[], file: string): void {
  const width = rows[0]!.width;
  const out = new PNG({ width, height: rows.reduce((h, r) => h + r.height, 0) });
  let y = 0;
  for (const r of rows) {
    r.data.copy(out.data, y * width * 4);
    y += r.height;
  }
  writeFileSync(join(SHOTS, file), PNG.sync.write(out));
  console.log(`wrote test/e2e/screenshots/${file}`);
}

const settle = () => new Promise((r) => setTimeout(r, 600));

async function chromiumRows(url: (h: string) => string, gateway: string, closed: string): Promise<PNG[]> {
  const profile = mkdtempSync(join(tmpdir(), 'lens-toolbar-'));
  const args = [
    `--disable-extensions-except=${EXTENSION_DIR}`,
    `--load-extension=${EXTENSION_DIR}`,
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-sync',
    '--disable-component-update',
    `--window-size=${WIDTH},480`,
    '--window-position=0,0',
    '--host-resolver-rules=MAP *.test 127.0.0.1',
  ];
  const launch = () =>
    chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: false, args, viewport: null });
  // First run: learn the extension's id; then pin its button to the toolbar, as a person does.
  let context = await launch();
  const id = new URL((context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))).url()).host;
  await context.close();
  const prefsFile = join(profile, 'Default', 'Preferences');
  const prefs = JSON.parse(readFileSync(prefsFile, 'utf8')) as { extensions?: Record<string, unknown> };
  prefs.extensions = { ...prefs.extensions, pinned_extensions: [id] };
  writeFileSync(prefsFile, JSON.stringify(prefs));
  context = await launch();
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const page = context.pages()[0] ?? (await context.newPage());
  const rows: PNG[] = [];
  for (const [state, host] of ROWS) {
    await setGateway(worker, state === 'error' ? closed : gateway);
    await page.goto(url(host));
    await waitForBadge(worker, await tabIdOf(worker, url(host)), BADGE_VIEW[state].text, 60_000);
    await settle();
    rows.push(grab(40, 46));
  }
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  return rows;
}

async function firefoxRows(url: (h: string) => string, gateway: string, closed: string): Promise<PNG[]> {
  const firefox = await launchFirefox({ headed: true, width: WIDTH });
  const options = await firefox.openExtensionPage('options.html');
  const point = (to: string) =>
    firefox.evaluate(
      options,
      `browser.storage.local.set({ settings: { gatewayUrl: ${JSON.stringify(to)}, token: '' } }).then(() => '1')`,
    );
  await firefox.pinButton();
  const bar = await firefox.toolbarBox();
  await firefox.evaluate('chrome', `(gBrowser.selectedTab = gBrowser.tabs[0], '1')`);
  const rows: PNG[] = [];
  for (const [state, host] of ROWS) {
    await point(state === 'error' ? closed : gateway);
    await firefox.navigate(url(host));
    for (
      const deadline = Date.now() + 60_000;
      (await firefox.badge()).text !== BADGE_VIEW[state].text;
      await settle()
    ) {
      if (Date.now() > deadline) throw new Error(`Firefox badge of ${host} never showed ${BADGE_VIEW[state].text}`);
    }
    await settle();
    rows.push(grab(bar.top, bar.height));
  }
  await firefox.close();
  return rows;
}

async function main(): Promise<void> {
  const stopX = startXvfb();
  const s = await startStack();
  try {
    buildExtension('chrome');
    buildExtension('firefox');
    s.farm.set('terms-ai.test', REAL_SITES['terms-ai.test']!.site);
    // Its robots.txt answers after 30 s: the first check is still running while the badge is photographed.
    const slow = {
      routes: {
        '/': homepage('First Visit'),
        '/robots.txt': { ...text('User-agent: *\nDisallow:\n'), delayMs: 30_000 },
      },
    };
    s.farm.set('first-visit.test', slow);
    s.farm.set('first-visit-2.test', slow);
    s.farm.set('no-gateway.test', { routes: { '/': homepage('No Gateway') } });
    await Promise.all(
      ROWS.filter(([st]) => st !== 'queued' && st !== 'error').map(([, h]) => warm(s.gatewayUrl, h, 60_000)),
    );
    const closed = `http://127.0.0.1:${await freePort()}`;
    const url = (h: string) => `http://${h}:${s.farm.port}/`;
    if (!process.argv.includes('--firefox-only'))
      stack(await chromiumRows(url, s.gatewayUrl, closed), 'toolbar-chromium.png');
    // A site not seen yet for Firefox's first visit.
    stack(
      await firefoxRows((h) => url(h === 'first-visit.test' ? 'first-visit-2.test' : h), s.gatewayUrl, closed),
      'toolbar-firefox.png',
    );
  } finally {
    await s.close();
    stopX();
  }
}

await main();

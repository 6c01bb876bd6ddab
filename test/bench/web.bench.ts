/**
 * `npm run bench -- web`: the gateway's web page for a site (`/site/{domain}`) next to the
 * extension's popup, in the same Chromium against the same gateway, for a domain the gateway has
 * cached.
 *  1. Page weight: what `/site/{domain}` loads before its verdicts (the page, its script and
 *     styles) and after them (the bot catalogue with the details; the API's JSON answers), as the
 *     browser received it (resource timing: the gateway sends it uncompressed) and gzip -9 (what a
 *     TLS proxy in front that compresses would send); the overview's extra script (Chart.js) apart.
 *     Compared with the popup's own bundle (read from the extension's files, not over a network).
 *  2. Time to first paint: navigation start → the browser's first contentful paint, and → the
 *     verdicts painted (VerdictList's mark, the same component in both), for the page and the
 *     popup, LENS_BENCH_RUNS times each (default 30).
 * Uses the extension build in .output/chrome-mv3 (LENS_BUILD=1 to build it) and builds the web
 * app when its sources changed (as npm start does).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  buildExtension,
  chromiumMissing,
  EXTENSION_DIR,
  launchWithExtension,
  setGateway,
  tabIdOf,
  waitForBadge,
} from '../e2e/helpers/browser.js';
import { ROOT, startStack, warm } from '../e2e/helpers/stack.js';
import { buildWeb } from '../e2e/helpers/web.js';
import { BADGE_VIEW } from '../../shared/labels.js';
import { fmt, median, NAME_SHIM, paintTimes, type PaintRun } from './lib/paint.js';

const RUNS = Number(process.env.LENS_BENCH_RUNS ?? 30);
const WEB = join(ROOT, 'dist', 'web');
const HOST = 'training.test';
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;

/** The web app's files by role: what the page loads first, what it loads for the details, and the overview's own. */
function webFiles() {
  const html = readFileSync(join(WEB, 'index.html'));
  const assets = readdirSync(join(WEB, 'assets'));
  const file = (name: string) => readFileSync(join(WEB, 'assets', name));
  const first = [...html.toString().matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((m) => m[1]!);
  return {
    first: [html, ...first.map(file)],
    details: assets.filter((a) => a.startsWith('bot-groups-')).map(file),
    overview: assets.filter((a) => a.startsWith('overview-page-')).map(file),
  };
}

function popupFiles() {
  const html = readFileSync(join(EXTENSION_DIR, 'popup.html'));
  const entries = [...html.toString().matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  const walk = (rel: string) => {
    if (seen.has(rel)) return;
    seen.add(rel);
    if (!rel.endsWith('.js')) return;
    for (const m of readFileSync(join(EXTENSION_DIR, rel), 'utf8').matchAll(
      /(?:from|import)\s*["'`]\.{1,2}\/([^"'`]+\.js)["'`]/g,
    ))
      walk(join(rel, '..', m[1]!).replace(/^\.\//, ''));
  };
  for (const e of entries) walk(e);
  return [html, ...[...seen].map((f) => readFileSync(join(EXTENSION_DIR, f)))];
}

const sum = (bs: Buffer[], f: (b: Buffer) => number) => bs.reduce((n, b) => n + f(b), 0);

function sizes(): void {
  const w = webFiles();
  const p = popupFiles();
  console.log('page weight (raw / gzip -9):');
  console.log(
    `  /site/{domain} before the verdicts (page, script, styles, icon): ${kb(sum(w.first, (b) => b.length))} / ${kb(sum(w.first, gz))}  (${w.first.length} files)`,
  );
  console.log(
    `  /site/{domain} details (bot catalogue, loaded after the verdicts): ${kb(sum(w.details, (b) => b.length))} / ${kb(sum(w.details, gz))}`,
  );
  console.log(
    `  /overview adds (its charts, Chart.js 4 with only the bar chart registered): ${kb(sum(w.overview, (b) => b.length))} / ${kb(sum(w.overview, gz))}`,
  );
  console.log(
    `  the popup's first paint, for comparison (popup.html and its scripts and styles): ${kb(sum(p, (b) => b.length))} / ${kb(sum(p, gz))}  (${p.length} files)`,
  );
}

const describe = (runs: PaintRun[]) => {
  const fcp = runs.flatMap((r) => (r.fcp === null ? [] : [r.fcp]));
  return {
    painted: fmt(runs.map((r) => r.mark)),
    fcp: fcp.length ? fmt(fcp) : 'not reported',
    medianPainted: median(runs.map((r) => r.mark)),
  };
};

async function main(): Promise<void> {
  buildWeb();
  if (process.env.LENS_BUILD === '1' || !existsSync(join(EXTENSION_DIR, 'manifest.json'))) buildExtension();
  sizes();
  const missing = chromiumMissing();
  if (missing) return void console.log(`browser figures skipped: ${missing}`);
  const stack = await startStack();
  const b = await launchWithExtension();
  try {
    await setGateway(b.worker, stack.gatewayUrl);
    await warm(stack.gatewayUrl, HOST);
    // The popup describes a tab showing the site, its answer already in storage.session (as when a person opens it).
    const tab = await b.context.newPage();
    const siteUrl = `http://${HOST}:${stack.farm.port}/`;
    await tab.goto(siteUrl);
    const tabId = await tabIdOf(b.worker, siteUrl);
    await waitForBadge(b.worker, tabId, BADGE_VIEW.blocks_training.text);

    const page = await b.context.newPage();
    await page.addInitScript(NAME_SHIM);
    const webUrl = `${stack.gatewayUrl}/site/${HOST}`;
    // What the page transferred, every resource and answer included, on a load with an empty cache.
    const fresh = await b.context.browser()!.newContext();
    const probe = await fresh.newPage();
    await probe.addInitScript(NAME_SHIM);
    await probe.goto(webUrl);
    await probe.getByTestId('history').waitFor({ timeout: 30_000 });
    const transfer = await probe.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const api = res.filter(
        (r) =>
          new URL(r.name).pathname.startsWith('/v1/') || r.name.includes('/preview/') || r.name.endsWith('/status'),
      );
      const files = res.filter((r) => !api.includes(r));
      const total = (xs: PerformanceResourceTiming[]) => xs.reduce((n, r) => n + r.transferSize, 0);
      return { page: nav.transferSize, files: total(files), nFiles: files.length, api: total(api), nApi: api.length };
    });
    await fresh.close();
    console.log(
      `  /site/${HOST} as received, one load with an empty cache: page ${kb(transfer.page)}, ${transfer.nFiles} files ${kb(transfer.files)}, ${transfer.nApi} API answers ${kb(transfer.api)}; ${kb(transfer.page + transfer.files + transfer.api)} in all`,
    );

    const web = describe(await paintTimes(page, webUrl, RUNS));
    const popup = describe(await paintTimes(page, `chrome-extension://${b.extensionId}/popup.html?tab=${tabId}`, RUNS));
    console.log(`time to first paint, ${HOST} cached by the gateway (from navigation start):`);
    console.log(`  /site/${HOST} first contentful paint:  ${web.fcp}`);
    console.log(
      `  /site/${HOST} verdicts painted:        ${web.painted}   (the page asks the gateway for the answer after its script runs)`,
    );
    console.log(`  popup first contentful paint:           ${popup.fcp}`);
    console.log(
      `  popup verdicts painted:                 ${popup.painted}   (the popup reads the answer from storage.session)`,
    );
    console.log(`  page / popup, verdicts painted (medians): ${(web.medianPainted / popup.medianPainted).toFixed(2)}x`);
  } finally {
    await b.close();
    await stack.close();
  }
}

await main();

#!/usr/bin/env node
/**
 * The browser extension's build at start (prestart, after the servers' build): `npm start`
 * leaves a fresh clone with an extension ready to load, and says where it is and how to load it.
 *
 *   node scripts/extension-build.mjs ensure   build each browser's extension (wxt build) only when
 *                                             its output is missing or older than its sources, by
 *                                             modification time: the newest file under extension/
 *                                             and shared/, wxt.config.ts and package.json against
 *                                             the output's manifest.json; then print the folders
 *                                             and the browser pages to load them from
 *   node scripts/extension-build.mjs build    build both, whatever their age
 *
 * A failed build or a tree without WXT (a production install, npm ci --omit=dev, runs only the
 * servers) does not stop the gateway from starting: it is said on stderr and the start goes on.
 * Plain JavaScript, as server-build.mjs, so it runs where only the production dependencies are.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What the extension's build reads: the folders walked and the single files. */
export const SOURCES = ['extension', 'shared', 'wxt.config.ts', 'package.json'];

/** Each browser's build: WXT's target, its output folder and where a person loads it. */
export const TARGETS = [
  {
    browser: 'chrome',
    name: 'Chrome or Chromium',
    out: '.output/chrome-mv3',
    load: 'open chrome://extensions, turn on Developer mode, choose Load unpacked and pick the folder',
  },
  {
    browser: 'firefox',
    name: 'Firefox',
    out: '.output/firefox-mv2',
    load: 'open about:debugging#/runtime/this-firefox, choose Load Temporary Add-on and pick manifest.json in the folder',
  },
];

/**
 * The newest modification time (ms) of any file under `paths` (folders walked, files taken as
 * they are; a missing path is skipped), with the file that has it; null when there is none.
 * Folders such as node_modules or dot-folders are not sources and are skipped.
 */
export function newestSource(root, paths = SOURCES) {
  let newest = null;
  const visit = (path) => {
    const st = statSync(path);
    if (st.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry.startsWith('.')) continue;
        visit(join(path, entry));
      }
    } else if (newest === null || st.mtimeMs > newest.mtimeMs) {
      newest = { file: relative(root, path), mtimeMs: st.mtimeMs };
    }
  };
  for (const p of paths) if (existsSync(join(root, p))) visit(join(root, p));
  return newest;
}

/**
 * Why the build in `outDir` (relative to `root`) must be made again, or null when it is up to
 * date: missing, or a source modified after its manifest.json was written.
 */
export function staleness(root, outDir, paths = SOURCES) {
  const manifest = join(root, outDir, 'manifest.json');
  if (!existsSync(manifest)) return { reason: 'missing' };
  const built = statSync(manifest).mtimeMs;
  const newest = newestSource(root, paths);
  if (newest !== null && newest.mtimeMs > built) return { reason: 'stale', file: newest.file };
  return null;
}

/** The lines telling a person which folder to load into which browser, and how. */
export function loadInstructions(root, targets = TARGETS) {
  const lines = ['', 'The extension, ready to load into your browser:'];
  for (const t of targets) {
    lines.push(`  ${t.name}: ${join(root, t.out)}`);
    lines.push(`    ${t.load}.`);
  }
  lines.push("  Then pin AI Policy Lens to the toolbar: its badge shows each site's AI policy.", '');
  return lines.join('\n');
}

function wxtPath(root) {
  return join(root, 'node_modules', 'wxt', 'bin', 'wxt.mjs');
}

/** Builds one target with WXT; true when it worked. The release build whatever the caller's NODE_ENV. */
function buildTarget(root, target) {
  const r = spawnSync(process.execPath, [wxtPath(root), 'build', '-b', target.browser], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return r.status === 0;
}

/**
 * Builds what is missing or stale (or everything with `force`), then prints where to load it.
 * Never fails the start: the gateway serves without the extension.
 */
export function ensure(root = ROOT, { force = false, log = (s) => process.stderr.write(s + '\n') } = {}) {
  if (!existsSync(join(root, 'wxt.config.ts')) || !existsSync(join(root, 'extension')))
    return { built: [], skipped: 'no extension sources here' };
  if (!existsSync(wxtPath(root))) {
    log(
      'The browser extension is not built here: WXT, a development dependency, is not installed (npm install builds it).',
    );
    return { built: [], skipped: 'no WXT' };
  }
  const built = [];
  const failed = [];
  for (const target of TARGETS) {
    const why = force ? { reason: 'asked' } : staleness(root, target.out);
    if (why === null) continue;
    log(
      why.reason === 'missing'
        ? `Building the extension for ${target.name} into ${target.out} (first start) ...`
        : why.reason === 'stale'
          ? `The extension's sources changed (${why.file}): rebuilding ${target.out} ...`
          : `Building the extension for ${target.name} into ${target.out} ...`,
    );
    if (buildTarget(root, target)) built.push(target.browser);
    else failed.push(target.browser);
  }
  if (failed.length > 0)
    log(`The extension build failed for ${failed.join(' and ')} (see above); the gateway starts anyway.`);
  const ready = TARGETS.filter((t) => existsSync(join(root, t.out, 'manifest.json')) && !failed.includes(t.browser));
  if (ready.length > 0) log(loadInstructions(root, ready));
  return { built, failed };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const command = process.argv[2];
  if (command === 'ensure') ensure();
  else if (command === 'build') ensure(ROOT, { force: true });
  else {
    process.stderr.write(`extension build: unknown command "${command ?? ''}": use ensure or build\n`);
    process.exit(1);
  }
}

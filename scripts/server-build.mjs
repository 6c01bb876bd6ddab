#!/usr/bin/env node
/**
 * The servers' production build: TypeScript compiled by tsc (tsconfig.server.json) into dist/,
 * plus what the compiled code reads beside itself, and the gateway's web app (web/, built by
 * Vite into dist/web/, which the gateway serves). Plain JavaScript on purpose: it runs with
 * only the production dependencies installed (npm ci --omit=dev).
 *
 *   node scripts/server-build.mjs build    compile, copy the files the servers read, build the
 *                                          web app, stamp each
 *   node scripts/server-build.mjs ensure   (prestart) build each part only when it is missing
 *                                          or older than its sources, by content, not by mtime
 *   node scripts/server-build.mjs ensure-web   the web app alone, the same way (the end-to-end
 *                                          suites run the servers from the sources)
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const STAMP = join(DIST, '.source-hash');
const SOURCES = ['proxy', 'shared'];
/** Files the compiled servers read at run time, relative to their own module (copied as they are). */
const ASSETS = ['proxy/service/openapi.json'];
/** The web app: its own sources, the extension's components and model it shows, and the shared code. */
const WEB_DIST = join(DIST, 'web');
const WEB_STAMP = join(WEB_DIST, '.source-hash');
const WEB_SOURCES = ['web', 'extension/components', 'extension/lib', 'extension/assets', 'shared'];

/** Every source file under `dirs` whose name matches `pattern`, sorted, so the hash is the same on every machine. */
function sourceFiles(dirs = SOURCES, pattern = /\.(ts|json)$/) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (pattern.test(entry.name)) out.push(relative(ROOT, path));
    }
  };
  for (const dir of dirs) if (existsSync(join(ROOT, dir))) walk(join(ROOT, dir));
  return out.sort();
}

const webFiles = () => sourceFiles(WEB_SOURCES, /\.(tsx?|css|html|svg|json)$/);
/** A tree with the web app's sources (a copy of only the servers' sources has none: nothing to build). */
const hasWebSources = () => existsSync(join(ROOT, 'web', 'index.html'));

/** Hash of what the build reads: the sources, the build config and the package's version (the web app: its locked dependencies). */
function sourceHash(files, config = ['tsconfig.server.json']) {
  const hash = createHash('sha256');
  for (const f of [...files, ...config]) {
    hash
      .update(f)
      .update('\0')
      .update(readFileSync(join(ROOT, f)))
      .update('\0');
  }
  hash.update(packageJson().version);
  return hash.digest('hex');
}

function packageJson() {
  return JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
}

function build() {
  let tsc;
  try {
    tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  } catch {
    fail(
      'TypeScript is not installed (a production install leaves it out). Build where the dev dependencies are (npm ci && npm run build), then copy the tree with dist/.',
    );
  }
  const files = sourceFiles();
  // From scratch: a module deleted from the sources must not live on in dist/.
  rmSync(DIST, { recursive: true, force: true });
  const r = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.server.json')], { stdio: 'inherit' });
  if (r.status !== 0) fail('tsc failed (see above).');
  for (const asset of ASSETS) {
    mkdirSync(dirname(join(DIST, asset)), { recursive: true });
    copyFileSync(join(ROOT, asset), join(DIST, asset));
  }
  // proxy/service/version.ts reads ../../package.json from its own folder: inside dist/ that is this file.
  const { name, version } = packageJson();
  writeFileSync(
    join(DIST, 'package.json'),
    JSON.stringify({ name: `${name}-server`, version, private: true, type: 'module' }, null, 2) + '\n',
  );
  writeFileSync(STAMP, sourceHash(files) + '\n');
  if (hasWebSources()) buildWeb();
}

/** The web app into dist/web with Vite (a dev dependency, as TypeScript). */
function buildWeb() {
  let vite;
  try {
    vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  } catch {
    fail(
      'Vite is not installed (a production install leaves it out). Build where the dev dependencies are (npm ci && npm run build), then copy the tree with dist/.',
    );
  }
  const files = webFiles();
  const r = spawnSync(process.execPath, [vite, 'build', '--config', join(ROOT, 'web', 'vite.config.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
    // The release build whatever the caller's NODE_ENV (vitest runs with test).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) fail('the web app build failed (see above).');
  writeFileSync(WEB_STAMP, sourceHash(files, ['package-lock.json']) + '\n');
}

function ensure() {
  const files = sourceFiles();
  if (files.length === 0) {
    // A deployed copy of dist/ without the sources: nothing to compare with.
    if (existsSync(STAMP)) return;
    fail('dist/ is missing and there are no sources to build it from.');
  }
  const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : null;
  if (built !== sourceHash(files)) {
    process.stderr.write(
      built === null
        ? 'Building the servers into dist/ (first start) ...\n'
        : 'The sources changed since the last build: rebuilding dist/ ...\n',
    );
    return build();
  }
  ensureWeb();
}

function ensureWeb() {
  if (!hasWebSources()) return;
  const web = webFiles();
  const webBuilt = existsSync(WEB_STAMP) ? readFileSync(WEB_STAMP, 'utf8').trim() : null;
  if (webBuilt === sourceHash(web, ['package-lock.json'])) return;
  process.stderr.write(
    webBuilt === null
      ? 'Building the web app into dist/web/ ...\n'
      : 'The web app changed since the last build: rebuilding dist/web/ ...\n',
  );
  buildWeb();
}

function fail(message) {
  process.stderr.write(`server build: ${message}\n`);
  process.exit(1);
}

const command = process.argv[2];
if (command === 'build') build();
else if (command === 'ensure') ensure();
else if (command === 'ensure-web') ensureWeb();
else fail(`unknown command "${command ?? ''}": use build, ensure or ensure-web`);

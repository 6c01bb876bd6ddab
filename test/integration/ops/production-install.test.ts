/**
 * A production install, as a self-hoster makes it (issue 13): after a build, the tree is
 * copied to a fresh folder, `npm ci --omit=dev` installs only the production dependencies
 * (offline, from npm's local cache: tests never touch the internet), and `npm start` and
 * `npm run service` answer their health checks from the compiled output, with neither tsx
 * nor TypeScript installed.
 *
 * better-sqlite3's native addon is the one thing not rebuilt here: compiling it takes over a
 * minute on this machine, and its build needs no dev dependency of ours. So dependencies'
 * install scripts are skipped, the addon this checkout already built is copied in, and the
 * package's own postinstall, the script that used to need WXT, is run as npm would run it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureFarm, text } from '../../fixtures/farm.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const ADDON = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
/** What a fresh clone has after `npm run build` (the extension's output is not needed; its sources are, for the web page's). */
const TREE = [
  'package.json',
  'package-lock.json',
  'tsconfig.server.json',
  'scripts',
  'proxy',
  'shared',
  'web',
  'extension',
  'dist',
];

let dir: string;
const children: ChildProcess[] = [];

function run(cmd: string, args: string[], cwd: string): { status: number | null; out: string } {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
    timeout: 170_000,
  });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

/** `run` without blocking this process, which serves the fixture sites the command crawls. */
function runAsync(
  cmd: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, npm_config_update_notifier: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    child.on('exit', (status) => resolve({ status, out }));
  });
}

/** Starts an npm script on port 0 and resolves with the URL from its `listening` line. */
function startScript(script: string, dataDir: string): Promise<string> {
  const child = spawn('npm', ['run', '--silent', script], {
    cwd: dir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`npm run ${script} did not say listening:\n${out}`)), 60_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*"msg":"listening"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm run ${script} exited with ${code}:\n${out}`)));
  });
}

beforeAll(() => {
  // The build a fresh clone gets from `npm run build` (or the first `npm start`).
  const built = run(process.execPath, ['scripts/server-build.mjs', 'ensure'], ROOT);
  expect(built.status, built.out).toBe(0);
  dir = mkdtempSync(join(tmpdir(), 'lens-ops-prod-'));
  for (const entry of TREE) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  const ci = run('npm', ['ci', '--omit=dev', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], dir);
  if (ci.status !== 0 && /ENOTCACHED/.test(ci.out) && process.env.CI !== 'true') {
    throw new Error(
      `npm's cache lacks a production dependency, so the offline install cannot run here (npm ci once online fills it):\n${ci.out}`,
    );
  }
  expect(ci.status, ci.out).toBe(0);
  cpSync(join(ROOT, ADDON), join(dir, ADDON));
  const postinstall = run('npm', ['run', 'postinstall'], dir);
  expect(postinstall.status, postinstall.out).toBe(0);
}, 240_000);

afterAll(async () => {
  for (const c of children) {
    if (c.exitCode === null && c.pid) process.kill(-c.pid, 'SIGTERM');
  }
  await Promise.all(children.filter((c) => c.exitCode === null).map((c) => new Promise((r) => c.once('exit', r))));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('npm ci --omit=dev && npm start, on a copy of the built tree', () => {
  it('installs no dev dependency: no tsx, TypeScript, WXT or vitest', () => {
    for (const dev of ['tsx', 'typescript', 'wxt', 'vitest'])
      expect(existsSync(join(dir, 'node_modules', dev)), dev).toBe(false);
    expect(existsSync(join(dir, 'node_modules', 'pino-pretty'))).toBe(true);
  });

  it('npm start serves the gateway from dist/: GET /healthz answers 200, and the web page from dist/web', async () => {
    const url = await startScript('start', join(dir, 'data-gateway'));
    const res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(200);
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect((await fetch(`${url}${script}`)).status).toBe(200);
  });

  it('npm run service serves the lookup service from dist/: GET /health answers 200 with the version', async () => {
    const url = await startScript('service', join(dir, 'data-service'));
    const res = await fetch(`${url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: VERSION });
  });

  it('npm run audit runs from dist/ and writes its report with Chart.js from the production install', async () => {
    const farm = await startFixtureFarm({
      'one.test': { routes: { '/robots.txt': text('User-agent: GPTBot\nDisallow: /\n') } },
    });
    try {
      writeFileSync(join(dir, 'list.txt'), 'one.test\n');
      const r = await runAsync('npm', ['run', 'audit', '--', 'list.txt', '--out', 'audit-out'], dir, {
        CRAWL_OVERRIDES: farm.overrides(),
      });
      expect(r.status, r.out).toBe(0);
      expect(r.out).toContain('Done: 1 checked, 0 failed, 0 not checked yet.');
      const report = readFileSync(join(dir, 'audit-out', 'report.html'), 'utf8');
      expect(report).toContain('Chart.js v4');
      expect(readFileSync(join(dir, 'audit-out', 'sites.csv'), 'utf8')).toContain(
        'one.test,,ok,selective,,selective,selective,partial',
      );
    } finally {
      await farm.close();
    }
  });

  it('a changed source without TypeScript installed stops with a plain message, not a stale server', () => {
    cpSync(join(dir, 'shared', 'api.ts'), join(dir, 'shared', 'zz-added.ts'));
    const r = run('npm', ['start'], dir);
    rmSync(join(dir, 'shared', 'zz-added.ts'));
    expect(r.status).not.toBe(0);
    expect(r.out).toContain('The sources changed since the last build');
    expect(r.out).toContain('TypeScript is not installed');
  });
});

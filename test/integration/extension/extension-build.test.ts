/**
 * The API key is a server-side secret (seed "Authentication" 5): build the extension with a
 * key in every environment variable a bundler might inline, into a temp folder (a config that
 * extends wxt.config.ts with another outDir, so the extension engineer's .output/ is left
 * alone), and scan every output file for the key and for the variable's name.
 *
 * The same builds, and the web page's (web/vite.config.ts, into the temp folder too), are the
 * ones `npm start` runs: what they print is read for warnings, which a newcomer would take
 * for errors.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../gateway/helpers.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const KEY = `sk-extension-leak-check-${randomBytes(12).toString('hex')}`;
const dir = tempDir('gw-ext-build-');
const outDir = join(dir.path, 'out');
/** What each build printed (stdout and stderr), by build. */
const printed = new Map<string, string>();

/** Lines that read as a warning or an error, colour codes and spinners taken out. */
const alarming = (output: string): string[] =>
  output
    .replace(/\x1b\[[0-9;]*[A-Za-z]/g, '')
    .split(/\r?\n|\r/)
    .filter((l) => /\b(warn(ing)?s?|errors?|deprecated)\b|\(!\)/i.test(l));

function files(root: string): string[] {
  return readdirSync(root).flatMap((n) => {
    const p = join(root, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

beforeAll(() => {
  const config = join(dir.path, 'wxt.config.ts');
  writeFileSync(
    config,
    `import base from ${JSON.stringify(join(ROOT, 'wxt.config.ts'))};\nexport default { ...base, outDir: ${JSON.stringify(outDir)} };\n`,
  );
  // As `npm start` runs them (scripts/extension-build.mjs): NODE_ENV=production, and not under a
  // test runner, whose variables make WXT's logger print warnings only.
  const started = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|TEST$)/.test(k)));
  const env = {
    ...started,
    NODE_ENV: 'production',
    UPSTREAM_API_KEY: KEY,
    VITE_UPSTREAM_API_KEY: KEY,
    WXT_UPSTREAM_API_KEY: KEY,
    UPSTREAM_BASE_URL: 'https://upstream.invalid',
  };
  for (const browser of ['chrome', 'firefox']) {
    const r = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/wxt/bin/wxt.mjs'), 'build', '-b', browser, '-c', config],
      { cwd: ROOT, env, encoding: 'utf8', timeout: 110_000 },
    );
    if (r.status !== 0) throw new Error(`wxt build -b ${browser} failed: ${r.stderr || r.stdout}`);
    printed.set(`wxt build -b ${browser}`, r.stdout + r.stderr);
  }
  // The web page, as scripts/server-build.mjs builds it, into the temp folder (not dist/).
  const web = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      join(ROOT, 'web/vite.config.ts'),
      '--outDir',
      join(dir.path, 'web'),
      '--emptyOutDir',
    ],
    { cwd: ROOT, env: { ...started, NODE_ENV: 'production' }, encoding: 'utf8', timeout: 110_000 },
  );
  if (web.status !== 0) throw new Error(`vite build (web) failed: ${web.stderr || web.stdout}`);
  printed.set('vite build (web)', web.stdout + web.stderr);
}, 240_000);
afterAll(() => dir.remove());

describe('extension build', () => {
  it('prints no warning, for either browser or the web page', () => {
    expect([...printed.keys()]).toEqual(['wxt build -b chrome', 'wxt build -b firefox', 'vite build (web)']);
    // WXT's build says what it built: the check reads real output.
    expect(printed.get('wxt build -b chrome')).toMatch(/Built extension/);
    expect(Object.fromEntries([...printed].map(([build, output]) => [build, alarming(output)]))).toEqual({
      'wxt build -b chrome': [],
      'wxt build -b firefox': [],
      'vite build (web)': [],
    });
  });

  it('contains neither the upstream key nor the name of its variable', () => {
    const all = files(outDir);
    expect(all.some((f) => f.endsWith('manifest.json'))).toBe(true);
    expect(all.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(0);
    const leaks = all.filter((f) => {
      const text = readFileSync(f, 'latin1');
      return text.includes(KEY) || text.includes('UPSTREAM_API_KEY') || text.includes('upstream.invalid');
    });
    expect(leaks).toEqual([]);
  });

  it("declares Firefox's data consent: the host names of visited pages go to the gateway", () => {
    const manifest = JSON.parse(readFileSync(join(outDir, 'firefox-mv2', 'manifest.json'), 'utf8')) as {
      browser_specific_settings: { gecko: { id: string; data_collection_permissions: unknown } };
    };
    expect(manifest.browser_specific_settings.gecko.data_collection_permissions).toEqual({
      required: ['browsingActivity'],
    });
    expect(manifest.browser_specific_settings.gecko.id).toBe('ai-policy-lens@ai-policy-lens.invalid');
  });
});

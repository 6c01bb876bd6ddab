/**
 * Ready for the stores (issue 13): `npm run zip`'s packages, built into a temp folder, pass
 * Mozilla's linter (`web-ext lint`, addons-linter, offline) without errors, and carry the icon
 * in every size both stores ask for (Chrome Web Store 128 px; addons.mozilla.org 48 and 96),
 * in the manifest and on the toolbar action, and the messages of `_locales`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/stack.js';

const dir = mkdtempSync(join(tmpdir(), 'lens-zip-'));
const outDir = join(dir, 'out');
const unpacked = (browser: string) => join(dir, browser);

function run(cmd: string, args: string[], cwd = ROOT) {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    timeout: 170_000,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

beforeAll(() => {
  const config = join(dir, 'wxt.config.ts');
  writeFileSync(
    config,
    `import base from ${JSON.stringify(join(ROOT, 'wxt.config.ts'))};\nexport default { ...base, outDir: ${JSON.stringify(outDir)} };\n`,
  );
  for (const browser of ['chrome', 'firefox']) {
    run(process.execPath, [join(ROOT, 'node_modules/wxt/bin/wxt.mjs'), 'zip', '-b', browser, '-c', config]);
    const zip = readdirSync(outDir).find((f) => f.endsWith(`-${browser}.zip`));
    if (!zip) throw new Error(`no ${browser} zip in ${readdirSync(outDir).join(', ')}`);
    mkdirSync(unpacked(browser));
    run('unzip', ['-q', join(outDir, zip), '-d', unpacked(browser)]);
  }
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The parts of a built manifest these tests read (MV3 `action`, MV2 `browser_action`). */
type Icons = Record<number, string | undefined>;
type Manifest = {
  name: string;
  default_locale?: string;
  icons: Icons;
  action?: { default_icon: Icons };
  browser_action?: { default_icon: Icons };
};
type Messages = Record<string, { message: string } | undefined>;

const manifestOf = (browser: string) =>
  JSON.parse(readFileSync(join(unpacked(browser), 'manifest.json'), 'utf8')) as Manifest;
const pngSize = (file: string) => {
  const png = PNG.sync.read(readFileSync(file));
  return [png.width, png.height];
};

describe('store packages', () => {
  it('the Firefox package passes web-ext lint with no errors', () => {
    const out = run(process.execPath, [
      join(ROOT, 'node_modules/web-ext/bin/web-ext.js'),
      'lint',
      '--source-dir',
      unpacked('firefox'),
      '--output',
      'json',
      '--no-config-discovery',
    ]);
    const report = JSON.parse(out.slice(out.indexOf('{'))) as { errors: unknown[]; summary: { errors: number } };
    expect(report.errors).toEqual([]);
    expect(report.summary.errors).toBe(0);
  });

  it.each(['chrome', 'firefox'])('%s: icons of 16 to 128 px, in the manifest and on the toolbar button', (browser) => {
    const m = manifestOf(browser);
    const action = m.action ?? m.browser_action;
    for (const size of [16, 32, 48, 96, 128]) {
      expect(m.icons[size]).toBe(`icons/${size}.png`);
      expect(action?.default_icon[size]).toBe(`icons/${size}.png`);
      expect(pngSize(join(unpacked(browser), m.icons[size]!))).toEqual([size, size]);
    }
  });

  it.each(['chrome', 'firefox'])('%s: name and texts come from _locales (English complete)', (browser) => {
    const m = manifestOf(browser);
    expect(m.default_locale).toBe('en');
    expect(m.name).toBe('__MSG_extName__');
    const en = JSON.parse(readFileSync(join(unpacked(browser), '_locales', 'en', 'messages.json'), 'utf8')) as Messages;
    expect(en.extName?.message).toBe('AI Policy Lens');
    for (const ref of JSON.stringify(m).match(/__MSG_(\w+)__/g) ?? [])
      expect(en[ref.slice(6, -2)]?.message, ref).toBeTruthy();
  });
});

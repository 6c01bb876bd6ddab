/**
 * ARCHITECTURE: shared/ and proxy/analysis/ are pure. They import neither `node:*` (nor a Node
 * built-in by its bare name), nor network or storage code, nor the browser API, so the
 * extension can import shared/ and the analysis could move there unchanged.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, importsOf, sources } from './helpers/imports.js';

const FORBIDDEN_PACKAGES = [
  'undici',
  'better-sqlite3',
  'express',
  'pino',
  'wxt',
  'webextension-polyfill',
  '@wxt-dev/webextension-polyfill',
];

describe.each(['shared', 'proxy/analysis'])('%s is pure', (dir) => {
  const files = sources(dir);
  it('has sources', () => expect(files.length).toBeGreaterThan(3));
  it.each(files)('%s', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const s of importsOf(text)) {
      expect(s.startsWith('node:'), `${file} imports ${s}`).toBe(false);
      expect(builtinModules.includes(s), `${file} imports ${s}`).toBe(false);
      expect(FORBIDDEN_PACKAGES.includes(s), `${file} imports ${s}`).toBe(false);
      // Relative imports stay inside the pure part (analysis may use shared/, shared only itself).
      if (s.startsWith('.')) {
        const target = relative(ROOT, join(ROOT, file, '..', s));
        const allowed = dir === 'shared' ? ['shared/'] : ['shared/', 'proxy/analysis/'];
        expect(
          allowed.some((a) => target.startsWith(a)),
          `${file} imports ${target}`,
        ).toBe(true);
      }
    }
    expect(text).not.toMatch(/\b(?:process\.|Buffer\.|require\(|chrome\.|browser\.runtime)/);
  });
});

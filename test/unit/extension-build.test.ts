/**
 * `npm start` builds the extension when its output is missing or older than its sources
 * (scripts/extension-build.mjs, run by prestart), and says which folder to load and where.
 * Real files in a temp folder with their modification times set; WXT is replaced by a small
 * script in the temp tree's node_modules that writes the manifest a build would and logs its
 * call, so what is checked is the script's decision, not WXT's build.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensure, loadInstructions, newestSource, staleness } from '../../scripts/extension-build.mjs';

let root: string;
const T0 = new Date('2026-11-01T00:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

function put(path: string, when: Date, content = 'x'): void {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
  utimesSync(full, when, when);
}

/** A stand-in for WXT's command line: writes the output's manifest.json, logs the browser. */
const FAKE_WXT = `
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
const b = process.argv[process.argv.indexOf('-b') + 1];
const out = b === 'firefox' ? '.output/firefox-mv2' : '.output/chrome-mv3';
if (process.env.FAKE_WXT_FAIL === b) process.exit(1);
mkdirSync(out, { recursive: true });
writeFileSync(out + '/manifest.json', '{}');
appendFileSync('wxt-calls.log', process.argv.slice(2).join(' ') + ' NODE_ENV=' + process.env.NODE_ENV + '\\n');
`;

function calls(): string[] {
  try {
    return readFileSync(join(root, 'wxt-calls.log'), 'utf8').trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lens-ext-build-'));
  put('wxt.config.ts', at(0));
  put('package.json', at(0), '{}');
  put('extension/entrypoints/popup/main.tsx', at(1));
  put('shared/labels.ts', at(2));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('newestSource', () => {
  it('finds the newest file under extension/, shared/ and the single files', () => {
    expect(newestSource(root)).toEqual({ file: 'shared/labels.ts', mtimeMs: at(2).getTime() });
    put('wxt.config.ts', at(5));
    expect(newestSource(root)?.file).toBe('wxt.config.ts');
  });

  it('skips node_modules and dot-folders, which are not sources', () => {
    put('extension/node_modules/x/index.js', at(50));
    put('extension/.cache/y', at(60));
    expect(newestSource(root)?.file).toBe('shared/labels.ts');
  });

  it('is null with no source at all', () => {
    expect(newestSource(root, ['nothing-here'])).toBeNull();
  });
});

describe('staleness', () => {
  it('is "missing" without a built manifest', () => {
    expect(staleness(root, '.output/chrome-mv3')).toEqual({ reason: 'missing' });
  });

  it('is null when the manifest is newer than every source', () => {
    put('.output/chrome-mv3/manifest.json', at(10));
    expect(staleness(root, '.output/chrome-mv3')).toBeNull();
  });

  it('names the source modified after the build', () => {
    put('.output/chrome-mv3/manifest.json', at(10));
    put('extension/lib/badge.ts', at(11));
    expect(staleness(root, '.output/chrome-mv3')).toEqual({ reason: 'stale', file: 'extension/lib/badge.ts' });
  });

  it('a changed shared file or wxt.config.ts makes the build stale too', () => {
    put('.output/chrome-mv3/manifest.json', at(10));
    put('shared/say.ts', at(12));
    expect(staleness(root, '.output/chrome-mv3')?.file).toBe('shared/say.ts');
    put('.output/chrome-mv3/manifest.json', at(20));
    put('wxt.config.ts', at(21));
    expect(staleness(root, '.output/chrome-mv3')?.file).toBe('wxt.config.ts');
  });
});

describe('loadInstructions', () => {
  it('names each folder and the browser page to load it from', () => {
    const text = loadInstructions('/repo');
    expect(text).toContain('/repo/.output/chrome-mv3');
    expect(text).toContain('chrome://extensions');
    expect(text).toContain('Load unpacked');
    expect(text).toContain('/repo/.output/firefox-mv2');
    expect(text).toContain('about:debugging#/runtime/this-firefox');
    expect(text).toContain('Load Temporary Add-on');
  });
});

describe('ensure', () => {
  const run = (opts: { force?: boolean } = {}) => {
    const lines: string[] = [];
    const result = ensure(root, { ...opts, log: (s: string) => lines.push(s) });
    return { result, out: lines.join('\n') };
  };

  it('without WXT installed (a production install) builds nothing, says so and does not fail', () => {
    const { result, out } = run();
    expect(result).toMatchObject({ built: [], skipped: 'no WXT' });
    expect(out).toContain('not built here');
  });

  describe('with WXT', () => {
    beforeEach(() => put('node_modules/wxt/bin/wxt.mjs', at(0), FAKE_WXT));

    it('a fresh clone: builds both browsers in release mode, then prints where to load them', () => {
      const { result, out } = run();
      expect(result).toEqual({ built: ['chrome', 'firefox'], failed: [] });
      expect(calls()).toEqual(['build -b chrome NODE_ENV=production', 'build -b firefox NODE_ENV=production']);
      expect(out).toContain('(first start)');
      expect(out).toContain(join(root, '.output/chrome-mv3'));
      expect(out).toContain('chrome://extensions');
      expect(out).toContain('about:debugging#/runtime/this-firefox');
    });

    it('up to date: builds nothing and still prints where to load them', () => {
      run();
      const { result, out } = run();
      expect(result.built).toEqual([]);
      expect(calls()).toHaveLength(2);
      expect(out).toContain('chrome://extensions');
    });

    it('a source edited after the build: rebuilds, naming the file', () => {
      run();
      const later = new Date(Date.now() + 60_000);
      put('extension/lib/view-model.ts', later);
      const { result, out } = run();
      expect(result.built).toEqual(['chrome', 'firefox']);
      expect(out).toContain('extension/lib/view-model.ts');
      expect(calls()).toHaveLength(4);
    });

    it('one output deleted: rebuilds only that one', () => {
      run();
      rmSync(join(root, '.output/firefox-mv2'), { recursive: true });
      expect(run().result.built).toEqual(['firefox']);
    });

    it('a failed build is said and does not stop the start; the failed browser is not offered', () => {
      process.env.FAKE_WXT_FAIL = 'firefox';
      try {
        const { result, out } = run();
        expect(result).toEqual({ built: ['chrome'], failed: ['firefox'] });
        expect(out).toContain('failed for firefox');
        expect(out).toContain('chrome-mv3');
        expect(out).not.toContain('about:debugging');
      } finally {
        delete process.env.FAKE_WXT_FAIL;
      }
    });
  });
});

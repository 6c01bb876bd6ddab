/**
 * Tests mirror the code (issue 15 item 7): a file under test/unit/ sits in the folder of the
 * source it tests with proxy/ dropped (test/unit/analysis/classify/ for proxy/analysis/classify/,
 * test/unit/shared/robots/ for shared/robots/), a file under test/extension/ in the folder of
 * extension/ it tests; code several tests share goes into a helpers/ folder of their nearest
 * common folder. Tests of more than one part of the code sit at the top of their suite.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sources } from './helpers/imports.js';

type Suite = 'unit' | 'extension';

const isDir = (p: string): boolean => existsSync(join(ROOT, p)) && statSync(join(ROOT, p)).isDirectory();

/**
 * The source folder that `dir` (a folder under test/<suite>/, `''` for the top) mirrors, or
 * null when there is none. A trailing helpers/ folder stands for the folder that holds it.
 */
function counterpart(suite: Suite, dir: string): string | null {
  const parts = dir.split('/').filter(Boolean);
  if (parts.at(-1) === 'helpers') parts.pop();
  if (suite === 'extension') return isDir(join('extension', ...parts)) ? join('extension', ...parts) : null;
  if (parts.length === 0) return '.';
  const source = parts[0] === 'shared' ? join(...parts) : join('proxy', ...parts);
  return isDir(source) ? source : null;
}

describe('counterpart', () => {
  it.each([
    ['unit', '', '.'],
    ['unit', 'analysis/classify', 'proxy/analysis/classify'],
    ['unit', 'analysis/helpers', 'proxy/analysis'],
    ['unit', 'service/store/sqlite', 'proxy/service/store/sqlite'],
    ['unit', 'shared/robots', 'shared/robots'],
    ['unit', 'classify', null],
    ['unit', 'preview', null],
    ['unit', 'proxy/crawler', null],
    ['unit', 'shared/preview', null],
    ['unit', 'helpers/more', null],
    ['extension', '', 'extension'],
    ['extension', 'entrypoints/popup', 'extension/entrypoints/popup'],
    ['extension', 'helpers', 'extension'],
    ['extension', 'popup', null],
  ] as const)('%s %j → %s', (suite, dir, want) => {
    expect(counterpart(suite, dir)).toBe(want);
  });
});

describe.each(['unit', 'extension'] as const)('test/%s/ mirrors the code', (suite) => {
  const base = join('test', suite);
  const files = sources(base).map((f) => relative(base, f));

  it('has tests', () => expect(files.filter((f) => /\.test\.tsx?$/.test(f)).length).toBeGreaterThan(5));

  it('every file sits in a folder with a counterpart in the code (or in a helpers/ folder of one)', () => {
    const misplaced = files.filter((f) => counterpart(suite, dirname(f) === '.' ? '' : dirname(f)) === null);
    expect(misplaced).toEqual([]);
  });
});

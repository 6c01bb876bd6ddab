/**
 * Screenshots compared with the committed ones (issue 15 item 7), so a changed popup is seen
 * in review: a run never rewrites a tracked screenshot unless asked (`UPDATE_SCREENSHOTS=1`).
 * A difference beyond the tolerance fails the test and leaves the new picture and a diff image
 * in test/e2e/screenshots/.diff/ (ignored by git) to look at. A screenshot not committed yet is
 * written (the first run of a new case), except under CI, where it is a failure.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { ROOT } from './stack.js';

export const SHOTS = join(ROOT, 'test', 'e2e', 'screenshots');
const DIFFS = join(SHOTS, '.diff');

/**
 * Share of pixels allowed to differ (after pixelmatch's per-pixel anti-aliasing-aware threshold):
 * dates in the history change from day to day (a few glyphs, under 0.1 %); a changed word, line
 * or colour is well above it.
 */
export const MAX_DIFF_RATIO = 0.003;

/**
 * `ignore`: elements whose pixels are left out of the comparison (relative times such as
 * "13 seconds ago" that differ from run to run); the file keeps them as shown.
 */
export async function matchScreenshot(page: Page, name: string, opts: { ignore?: Locator[] } = {}): Promise<void> {
  const shot = await page.screenshot();
  const boxes = (await Promise.all((opts.ignore ?? []).map((l) => l.boundingBox()))).filter((b) => b !== null);
  matchPng(name, shot, boxes);
}

/** The same comparison for a PNG taken otherwise (Firefox over WebDriver BiDi), `boxes` in its pixels. */
export function matchPng(
  name: string,
  shot: Buffer,
  boxes: Array<{ x: number; y: number; width: number; height: number }> = [],
): void {
  const file = join(SHOTS, `${name}.png`);
  if (process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(file)) {
    if (!existsSync(file) && process.env.CI && process.env.UPDATE_SCREENSHOTS !== '1')
      throw new Error(`${name}.png is not committed: run the suite with UPDATE_SCREENSHOTS=1 and commit it`);
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(file, shot);
    return;
  }
  const want = PNG.sync.read(readFileSync(file));
  const got = PNG.sync.read(shot);
  const problem = (detail: string) => {
    mkdirSync(DIFFS, { recursive: true });
    writeFileSync(join(DIFFS, `${name}.actual.png`), shot);
    return new Error(
      `${name}.png differs from the committed screenshot (${detail}); see test/e2e/screenshots/.diff/, and run with UPDATE_SCREENSHOTS=1 if the change is meant`,
    );
  };
  if (want.width !== got.width || want.height !== got.height)
    throw problem(`size ${got.width}x${got.height}, committed ${want.width}x${want.height}`);
  // Ignored areas: the committed pixels copied over the new ones, so they cannot differ.
  for (const b of boxes) {
    for (let y = Math.max(0, Math.floor(b.y)); y < Math.min(want.height, Math.ceil(b.y + b.height)); y++) {
      const from = (y * want.width + Math.max(0, Math.floor(b.x))) * 4;
      const to = (y * want.width + Math.min(want.width, Math.ceil(b.x + b.width))) * 4;
      want.data.copy(got.data, from, from, to);
    }
  }
  const diff = new PNG({ width: want.width, height: want.height });
  const changed = pixelmatch(want.data, got.data, diff.data, want.width, want.height, { threshold: 0.1 });
  const ratio = changed / (want.width * want.height);
  if (ratio > MAX_DIFF_RATIO) {
    const err = problem(`${changed} pixels, ${(ratio * 100).toFixed(2)} %`);
    writeFileSync(join(DIFFS, `${name}.diff.png`), PNG.sync.write(diff));
    throw err;
  }
}

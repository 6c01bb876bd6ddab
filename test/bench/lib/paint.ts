/**
 * Paint timing of a page that shows the verdicts with the extension's VerdictList, which marks
 * `lens:verdicts-painted` right after the frame that first draws them (layout effect → rAF →
 * message): the popup, and the gateway's web page for a site. Loads `url` in `page` `runs`
 * times and reads, per load, that mark, the browser's first-contentful-paint, the popup's own
 * marks (`lens:script`, `lens:data`; NaN where a page sets none) and when the HTML was in.
 */
import type { Page } from 'playwright-core';

/**
 * tsx compiles the benches with esbuild's keepNames, which wraps named functions in __name();
 * functions sent to evaluate() run in the browser, where that helper must exist too
 * (page.addInitScript(NAME_SHIM), or evaluate it in a worker).
 */
export const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((f) => f)';

export interface PaintRun {
  /** Verdicts painted, ms from navigation start. */
  mark: number;
  /** The browser's first-contentful-paint, or null when it did not come within 200 ms of the mark. */
  fcp: number | null;
  script: number;
  data: number;
  html: number;
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
export const p90 = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))]!;
export const fmt = (xs: number[]): string =>
  `median ${median(xs).toFixed(1)} ms, p90 ${p90(xs).toFixed(1)} ms, min ${Math.min(...xs).toFixed(1)} ms (n=${xs.length})`;

export async function paintTimes(page: Page, url: string, runs: number): Promise<PaintRun[]> {
  const out: PaintRun[] = [];
  for (let i = 0; i < runs; i++) {
    await page.goto(url);
    out.push(
      await page.evaluate(
        () =>
          new Promise<PaintRun>((resolve) => {
            const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
            const check = () => {
              const m = performance.getEntriesByName('lens:verdicts-painted')[0];
              // The browser's own paint entry arrives a little after the paint; wait for it briefly.
              const f = performance.getEntriesByName('first-contentful-paint')[0];
              if (m && (f || performance.now() - m.startTime > 200)) {
                const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
                resolve({
                  mark: m.startTime,
                  fcp: f ? f.startTime : null,
                  script: at('lens:script'),
                  data: at('lens:data'),
                  html: nav?.responseEnd ?? NaN,
                });
              } else setTimeout(check, 5);
            };
            check();
          }),
      ),
    );
  }
  return out;
}

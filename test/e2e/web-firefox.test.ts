/**
 * The gateway's web app in real Firefox (Debian's ESR over WebDriver BiDi, helpers/firefox.ts,
 * with no add-on): the same gateway and fixture farm as the Chromium suite (web.test.ts), and
 * the same story: a lookup typed into the box, a site queued and being read that update by
 * themselves, the site's page with its history and timeline, the overview's charts drawn with
 * their tables, dark mode from the system's preference, and axe-core (run in the page) finding
 * nothing serious or critical. Screenshots are Firefox's own (its fonts and rendering).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, text } from '../fixtures/farm.js';
import { BADGE_VIEW } from '../../shared/labels.js';
import { PERSON_READINGS } from '../fixtures/person-readings.js';
import { homepage, SILENT_TERMS } from '../fixtures/stance-sites.js';
import { firefoxMissing, launchFirefox, type Firefox } from './helpers/firefox.js';
import { matchPng } from './helpers/screenshots.js';
import { startStack, warm, type Stack } from './helpers/stack.js';
import { buildWeb } from './helpers/web.js';
import { until as poll } from '../helpers/until.js';

const missing = firefoxMissing();
if (missing) console.warn(`Skipping the web app's Firefox suite: ${missing}.`);

const BLOCK_KEY_TRAINING =
  'User-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: Google-Extended\nUser-agent: CCBot\nDisallow: /\n';
const SLOW = 'slow-fx.test';
const LATE_TERMS = 'late-terms-fx.test';
const ENTER = '\uE007';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

describe.skipIf(missing !== null)('the web app in Firefox', () => {
  let stack: Stack;
  let fx: Firefox;
  const url = (path: string) => stack.gatewayUrl + path;
  /** Evaluates an expression in the page and gives its value (JSON-encoded there). */
  const read = <T>(expression: string) => fx.evaluate<T>(fx.tab, `JSON.stringify(${expression})`);
  const textOf = (testid: string) =>
    read<string | null>(`document.querySelector('[data-testid="${testid}"]')?.textContent ?? null`);

  /** `get`'s value once `done` holds (`what` names it when it does not in time). */
  const until = <T>(get: () => Promise<T>, done: (v: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> =>
    poll(
      async () => {
        const v = await get();
        return done(v) ? v : undefined;
      },
      timeoutMs,
      100,
    ).catch((e: Error) => Promise.reject(new Error(`${what}: ${e.message}`)));

  beforeAll(async () => {
    buildWeb();
    stack = await startStack();
    stack.farm.set(SLOW, {
      routes: { '/': homepage('Slow Site'), '/robots.txt': { ...text(BLOCK_KEY_TRAINING), delayMs: 3000 } },
    });
    stack.farm.set(LATE_TERMS, {
      routes: {
        '/': homepage('Late Terms'),
        '/robots.txt': text(BLOCK_KEY_TRAINING),
        '/terms': { ...SILENT_TERMS, delayMs: 3000 },
      },
    });
    stack.farm.set('forbids.test', {
      routes: {
        '/': homepage('Forbids'),
        '/robots.txt': text(BLOCK_KEY_TRAINING),
        '/terms': html(
          '<!doctype html><title>Terms</title><p>You may not use our content to train machine learning models.</p>',
        ),
      },
    });
    await Promise.all(
      ['blocks-all.test', 'training.test', 'selective.test', 'allows.test', 'forbids.test'].map((h) =>
        warm(stack.gatewayUrl, h, 60_000),
      ),
    );
    fx = await launchFirefox({ extension: false });
    await fx.setViewport(1280, 1000);
  });
  afterAll(async () => {
    await fx?.close();
    await stack?.close();
  });

  it('looks a site up from the box, typed with the keyboard', async () => {
    await fx.navigate(url('/'));
    await read(`(document.getElementById('lookup-domain').focus(), true)`);
    await fx.type(`selective.test${ENTER}`);
    await until(
      () => read<string>('location.pathname'),
      (p) => p === '/site/selective.test',
      'address',
    );
    expect(
      await until(
        () => textOf('stance'),
        (s) => s !== null,
        'stance',
      ),
    ).toBe(PERSON_READINGS['selective.test']!.label);
    const verdicts = await read<string[]>(
      `['training','search','inference'].map((u) => document.querySelector('[data-testid="verdict-' + u + '"]').textContent)`,
    );
    expect(verdicts).toEqual(PERSON_READINGS['selective.test']!.verdicts);
  });

  it('shows a site queued, then found by itself', async () => {
    await fx.navigate(url(`/site/${SLOW}`));
    expect(
      await until(
        () => textOf('queued'),
        (s) => s !== null,
        'queued',
      ),
    ).toContain(`Checking ${SLOW}…`);
    expect(
      await until(
        () => textOf('stance'),
        (s) => s !== null,
        'found',
        60_000,
      ),
    ).toBe('Blocks AI training');
    expect(await textOf('queued')).toBeNull();
  });

  it('shows an early answer while the terms are read, then the whole record', async () => {
    await fx.navigate(url(`/site/${LATE_TERMS}`));
    await until(
      () => textOf('terms-pending'),
      (s) => s !== null,
      'terms being read',
    );
    expect(await textOf('facts')).toContain('Being read…');
    await until(
      () => textOf('terms-pending'),
      (s) => s === null,
      'terms read',
    );
    expect(
      await until(
        () => textOf('facts'),
        (s) => s?.includes('Terms of serviceFound') === true,
        'terms found',
      ),
    ).toContain('Found');
  });

  it("shows the history with its timeline, as the site's page", async () => {
    await fx.navigate(url('/site/selective.test'));
    await until(
      () => textOf('history'),
      (s) => s !== null,
      'history',
    );
    expect(await textOf('history')).toContain('First check.');
    expect(
      await read<string[]>(`[...document.querySelectorAll('.timeline-stretch')].map((e) => e.textContent)`),
    ).toEqual([BADGE_VIEW[PERSON_READINGS['selective.test']!.badge].text]);
    matchPng('web-firefox-site', await fx.screenshot(), await boxesOf('crawl-time'));
  });

  it('draws the overview’s charts, with their tables', async () => {
    await fx.navigate(url('/overview'));
    await until(
      () => read<number>(`document.querySelectorAll('canvas[data-drawn="true"]').length`),
      (n) => n === 5,
      'charts drawn',
    );
    expect(
      await read<string>(`document.querySelector('[data-testid="chart-terms"] .chart-summary').textContent`),
    ).toMatch(
      /^Of the sites whose terms of service forbid AI \(1\), robots\.txt blocks AI bots on 1 and blocks none on 0\./,
    );
    expect(
      await read<string[]>(
        `[...document.querySelectorAll('[data-testid="chart-stances"] tbody th')].map((e) => e.textContent)`,
      ),
    ).toEqual([
      'Blocks all AI',
      'Blocks AI training',
      'Selective',
      'Allows AI',
      'No AI rules',
      'Terms prohibit AI',
      'Terms restrict AI',
      'Unknown',
    ]);
    matchPng(
      'web-firefox-overview',
      await fx.screenshot(),
      await boxesOf('overview-total', '[data-testid="chart-changes"] .chart-box'),
    );
  });

  it('follows the system’s dark mode', async () => {
    // What Firefox's own setting "website appearance: dark" sets; the page asks prefers-color-scheme.
    await fx.evaluate(
      'chrome',
      `(Services.prefs.setIntPref('layout.css.prefers-color-scheme.content-override', 0), '1')`,
    );
    try {
      await fx.navigate(url('/site/selective.test'));
      await until(
        () => textOf('history'),
        (s) => s !== null,
        'history',
      );
      expect(await read<string>('getComputedStyle(document.body).backgroundColor')).toBe('rgb(17, 24, 39)');
      matchPng('web-firefox-site-dark', await fx.screenshot(), await boxesOf('crawl-time'));
    } finally {
      await fx.evaluate(
        'chrome',
        `(Services.prefs.clearUserPref('layout.css.prefers-color-scheme.content-override'), '1')`,
      );
    }
  });

  it('axe-core, run in Firefox, finds nothing serious or critical', async () => {
    const findings: string[] = [];
    for (const path of ['/', '/site/selective.test', '/overview']) {
      await fx.navigate(url(path));
      if (path === '/overview')
        await until(
          () => read<number>(`document.querySelectorAll('canvas[data-drawn="true"]').length`),
          (n) => n === 5,
          'charts drawn',
        );
      if (path !== '/overview' && path !== '/')
        await until(
          () => textOf('history'),
          (s) => s !== null,
          'history',
        );
      const r = await fx.evaluate<{ passes: number; serious: string[] }>(
        fx.tab,
        `(() => { ${AXE}; return axe.run(document).then((r) => JSON.stringify({ passes: r.passes.length, serious: r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join('; ')) })); })()`,
      );
      // It ran its rules (colour contrast, names, landmarks …), not nothing.
      expect(r.passes, path).toBeGreaterThan(10);
      findings.push(...r.serious.map((f) => `${path}: ${f}`));
    }
    expect(findings).toEqual([]);
  });

  /** The page boxes of what a screenshot leaves out (relative times, the statistics' time), in its pixels. */
  function boxesOf(...selectors: string[]) {
    const css = selectors.map((s) => (s.startsWith('[') ? s : `[data-testid="${s}"]`));
    return read<Array<{ x: number; y: number; width: number; height: number }>>(
      `${JSON.stringify(css)}.map((s) => document.querySelector(s)).filter(Boolean).map((e) => { const r = e.getBoundingClientRect(); return { x: r.x * devicePixelRatio, y: r.y * devicePixelRatio, width: r.width * devicePixelRatio, height: r.height * devicePixelRatio }; })`,
    );
  }
});

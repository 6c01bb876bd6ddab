/**
 * The Firefox build in real Firefox (Debian's ESR over WebDriver BiDi, see helpers/firefox.ts):
 * installed as a temporary add-on, pointed at the gateway through its own storage, then a
 * site is browsed. Checks the toolbar badge per tab, that only the host name reached the
 * gateway, the popup's stance, and the options page's connection test. The Chromium suite
 * (extension.test.ts) covers every stance and state; this one shows the same build logic
 * works in Firefox's MV2 background page and its browser.* APIs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_VIEW, STANCE_LABELS } from '../../shared/labels.js';
import { PERSON_READINGS } from '../fixtures/person-readings.js';
import { buildExtension, rgba } from './helpers/browser.js';
import { firefoxMissing, launchFirefox, type Firefox } from './helpers/firefox.js';
import { startStack, warm, type Stack } from './helpers/stack.js';

const missing = firefoxMissing();
if (missing) console.warn(`Skipping the Firefox end-to-end suite: ${missing}.`);

const TOKEN = 'e2e-firefox-token-0123456789abcdef';
const HOST = 'training.test';

/** Polls `read` until `done` holds; returns the last value. */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(missing !== null)('extension in Firefox', () => {
  let stack: Stack;
  let firefox: Firefox;
  /** The options page, open in a background tab: an extension context for browser.* calls. */
  let options: string;
  const siteUrl = (host: string) => `http://${host}:${stack.farm.port}/`;

  beforeAll(async () => {
    buildExtension('firefox');
    stack = await startStack({ proxyToken: TOKEN, tap: true });
    await warm(stack.gatewayUrl, HOST, 30_000, TOKEN);
    firefox = await launchFirefox();
    options = await firefox.openExtensionPage('options.html');
    // As the options page saves it: the stored setting the background reads.
    await firefox.evaluate(
      options,
      `browser.storage.local.set({ settings: { gatewayUrl: ${JSON.stringify(stack.gatewayUrl)}, token: ${JSON.stringify(TOKEN)} } }).then(() => '1')`,
    );
  });
  afterAll(async () => {
    await firefox?.close();
    await stack?.close();
  });

  it('shows the stance badge of the site in the tab; only its host name reached the gateway', async () => {
    await firefox.navigate(`${siteUrl(HOST)}news/today?session=abc`);
    const view = BADGE_VIEW.blocks_training;
    const reading = await until(
      () => firefox.badge(),
      (b) => b.text === view.text,
      'badge',
    );
    expect({ text: reading.text, color: reading.color }).toEqual({ text: view.text, color: rgba(view.color) });
    expect(reading.title).toMatch(PERSON_READINGS[HOST]!.title);
    const toGateway = stack.gatewayRequests.filter((r) => r.includes(HOST));
    expect(toGateway).toContain(`GET /v1/domain/${HOST}`);
    expect(toGateway.filter((r) => /news|today|session|\?/.test(r))).toEqual([]);
  });

  it('the popup for that tab shows its stance', async () => {
    const tabId = await firefox.evaluate<number | null>(
      options,
      `browser.tabs.query({}).then((tabs) => JSON.stringify(tabs.find((t) => (t.url ?? '').startsWith(${JSON.stringify(siteUrl(HOST))}))?.id ?? null))`,
    );
    expect(tabId).not.toBeNull();
    const popup = await firefox.openExtensionPage(`popup.html?tab=${tabId}`);
    const stance = await until(
      () =>
        firefox.evaluate<string | null>(
          popup,
          `JSON.stringify(document.querySelector('[data-testid="stance"]')?.textContent ?? null)`,
        ),
      (s) => s !== null,
      'popup stance',
    );
    expect(stance).toBe(STANCE_LABELS.blocks_training.label);
  });

  it('the options page tests the connection and says what the gateway is, in words', async () => {
    const page = await firefox.openExtensionPage('options.html');
    // The stored address and token fill the form; then the button is pressed as a user would.
    await until(
      () => firefox.evaluate<string>(page, `JSON.stringify(document.getElementById('address')?.value ?? '')`),
      (v) => v === stack.gatewayUrl,
      'stored address in the form',
    );
    await firefox.evaluate(
      page,
      `([...document.querySelectorAll('button')].find((b) => b.textContent.includes('Test connection')).click(), '1')`,
    );
    const message = await until(
      () =>
        firefox.evaluate<string>(
          page,
          `JSON.stringify(document.querySelector('[data-testid="options-message"]')?.textContent ?? '')`,
        ),
      (m) => m.startsWith('Connected') || m.startsWith('Cannot') || m.includes('permission'),
      'connection test',
    );
    expect(message).toMatch(
      /^Connected to the gateway, version \S+\. It checks sites itself\. The popup shows a Purposes tab with the history of each site\.$/,
    );
  });
});

/**
 * Debian's Firefox ESR driven over WebDriver BiDi (its own remote protocol; Playwright's
 * Firefox is a patched build that is not available here). The built add-on is installed
 * temporarily (`webExtension.install`), every host name resolves to 127.0.0.1
 * (`network.dns.forceResolve`, as Chromium's --host-resolver-rules), and the add-on's
 * internal UUID is fixed by a preference so its pages have a known moz-extension:// address.
 * Extension pages cannot be navigated to over BiDi; they are opened as tabs from the browser
 * window's own (chrome) scope, which `--remote-allow-system-access` opens to BiDi, and the
 * toolbar button's badge is read there, from the add-on's browserAction state per tab.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'undici';
import type { BadgeReading } from './browser.js';
import { ROOT } from './stack.js';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const FIREFOX_EXTENSION_DIR = join(ROOT, '.output', 'firefox-mv2');
const ADDON_ID = 'ai-policy-lens@ai-policy-lens.invalid';
const ADDON_UUID = '5c1e2a9b-7d3f-4e8a-9b6c-0a1d2e3f4a5b';
export const EXTENSION_ORIGIN = `moz-extension://${ADDON_UUID}`;

/** Why the Firefox suite cannot run here, or null. In CI a missing Firefox is a failure. */
export function firefoxMissing(): string | null {
  if (existsSync(FIREFOX)) return null;
  const reason = `Firefox not found at ${FIREFOX} (install it with: apt-get install -y firefox-esr, or set FIREFOX_PATH)`;
  if (process.env.CI) throw new Error(`${reason}; CI must run the Firefox suite.`);
  return reason;
}

interface BiDiResult {
  type: 'success' | 'error';
  result?: Record<string, unknown>;
  error?: string;
  message?: string;
}

export interface Firefox {
  /** The first tab's browsing context (content). */
  readonly tab: string;
  /** Navigates the first tab and waits for the page to load. */
  navigate(url: string): Promise<void>;
  /** Opens an extension page (e.g. `popup.html?tab=3`) in a background tab; returns its context. */
  openExtensionPage(path: string): Promise<string>;
  /** Evaluates an expression that yields JSON text in a context (a page, or the browser window with `chrome`). */
  evaluate<T>(context: string, expression: string): Promise<T>;
  /** The add-on's badge (text, colour, title) for the selected tab. */
  badge(): Promise<BadgeReading>;
  /** A tab's viewport (the first tab's unless another context is given), in CSS pixels. */
  setViewport(width: number, height: number, context?: string): Promise<void>;
  /** A PNG of a tab's viewport (the first tab's unless another context is given, e.g. a background extension page). */
  screenshot(context?: string): Promise<Buffer>;
  /**
   * Brings a tab to the front (the first tab's unless another context is given), as a person
   * looks at it: a background tab's timers are throttled to one a second and it is not painted.
   */
  activate(context?: string): Promise<void>;
  /** Closes a tab opened by openExtensionPage. */
  closeTab(context: string): Promise<void>;
  /** Presses keys in the first tab, as a person types: each character, or a WebDriver key such as '\uE007' (Enter). */
  type(keys: string): Promise<void>;
  /** Puts the add-on's button on the toolbar (Firefox keeps new ones in the Extensions menu), as a person pins it. */
  pinButton(): Promise<void>;
  /** Where the toolbar is on the screen, in pixels (a headed window). */
  toolbarBox(): Promise<{ top: number; height: number }>;
  close(): Promise<void>;
}

export interface FirefoxOptions {
  /** Install the built add-on (default true); false for a browser that only opens web pages. */
  extension?: boolean;
  /** More preferences for the profile (e.g. `ui.systemUsesDarkTheme`). */
  prefs?: Record<string, string | boolean | number>;
  /** A real window on $DISPLAY (test/tools/toolbar-badges.ts photographs its toolbar), `width` pixels wide. */
  headed?: boolean;
  width?: number;
}

export async function launchFirefox(opts: FirefoxOptions = {}): Promise<Firefox> {
  const profile = mkdtempSync(join(tmpdir(), 'lens-firefox-'));
  const prefs: Record<string, string | boolean | number> = {
    'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: ADDON_UUID }),
    'network.dns.forceResolve': '127.0.0.1',
    'network.proxy.type': 0,
    'browser.shell.checkDefaultBrowser': false,
    'browser.startup.homepage_override.mstone': 'ignore',
    'datareporting.policy.dataSubmissionEnabled': false,
    'toolkit.telemetry.reportingpolicy.firstRun': false,
    'app.update.disabledForTesting': true,
    'extensions.update.enabled': false,
    ...opts.prefs,
  };
  writeFileSync(
    join(profile, 'user.js'),
    Object.entries(prefs)
      .map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});\n`)
      .join(''),
  );
  const window = opts.headed ? ['--width', String(opts.width ?? 800), '--height', '480'] : ['--headless'];
  const child: ChildProcess = spawn(
    FIREFOX,
    [...window, '--no-remote', '--profile', profile, '--remote-debugging-port', '0', '--remote-allow-system-access'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const endpoint = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Firefox did not offer WebDriver BiDi within 60 s: ${output}`)),
      60_000,
    );
    const read = (b: Buffer) => {
      output += b.toString();
      const m = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`Firefox exited (${code}): ${output}`)));
  });

  const ws = new WebSocket(`${endpoint}/session`);
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve(), { once: true });
    ws.addEventListener('error', () => reject(new Error(`cannot connect to ${endpoint}`)), { once: true });
  });
  let nextId = 0;
  const pending = new Map<number, (r: BiDiResult) => void>();
  ws.addEventListener('message', (e) => {
    const msg = JSON.parse(String(e.data)) as BiDiResult & { id?: number };
    if (msg.id === undefined) return; // an event: none is subscribed to
    pending.get(msg.id)?.(msg);
    pending.delete(msg.id);
  });
  const send = async (method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> => {
    const id = ++nextId;
    const reply = await new Promise<BiDiResult>((resolve) => {
      pending.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
    if (reply.type !== 'success') throw new Error(`${method}: ${reply.error}: ${reply.message}`);
    return reply.result!;
  };

  await send('session.new', { capabilities: {} });
  if (opts.extension !== false)
    await send('webExtension.install', { extensionData: { type: 'path', path: FIREFOX_EXTENSION_DIR } });
  const contextsOf = async (scope?: 'chrome') =>
    (await send('browsingContext.getTree', scope ? { 'moz:scope': scope } : {})).contexts as {
      context: string;
      url: string;
    }[];
  const tab = (await contextsOf())[0]!.context;
  const chrome = (await contextsOf('chrome'))[0]!.context;

  const evaluate = async <T>(context: string, expression: string): Promise<T> => {
    const r = (await send('script.evaluate', {
      expression,
      target: { context: context === 'chrome' ? chrome : context },
      awaitPromise: true,
    })) as {
      type: string;
      result?: { type: string; value?: unknown };
      exceptionDetails?: { text: string };
    };
    if (r.type !== 'success') throw new Error(`evaluation failed: ${r.exceptionDetails?.text}`);
    if (r.result?.type !== 'string') throw new Error(`evaluation gave ${JSON.stringify(r.result)}, not JSON text`);
    return JSON.parse(r.result.value as string) as T;
  };

  return {
    tab,
    async navigate(url) {
      await send('browsingContext.navigate', { context: tab, url, wait: 'complete' });
    },
    async openExtensionPage(path) {
      const url = `${EXTENSION_ORIGIN}/${path}`;
      await evaluate(
        'chrome',
        `(gBrowser.addTab(${JSON.stringify(url)}, { triggeringPrincipal: Services.scriptSecurityManager.getSystemPrincipal() }), '1')`,
      );
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
        const found = (await contextsOf()).find((c) => c.url === url);
        // The context exists before the page's extension APIs do: wait for them too (a busy machine shows the gap).
        if (
          found &&
          (await evaluate<boolean>(
            found.context,
            `JSON.stringify(typeof browser !== 'undefined' && !!browser.storage)`,
          ).catch(() => false))
        )
          return found.context;
      }
      throw new Error(`${url} did not open`);
    },
    evaluate,
    badge: () =>
      evaluate<BadgeReading>(
        'chrome',
        `(() => {
          const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
          const action = ExtensionParent.apiManager.global.browserActionFor(ExtensionParent.GlobalManager.getExtension(${JSON.stringify(ADDON_ID)})).action;
          const tab = gBrowser.selectedTab;
          return JSON.stringify({ text: action.getProperty(tab, 'badgeText'), color: action.getProperty(tab, 'badgeBackgroundColor'), title: action.getProperty(tab, 'title') });
        })()`,
      ),
    async setViewport(width, height, context = tab) {
      await send('browsingContext.setViewport', { context, viewport: { width, height } });
    },
    async screenshot(context = tab) {
      const r = await send('browsingContext.captureScreenshot', { context });
      return Buffer.from(r.data as string, 'base64');
    },
    async activate(context = tab) {
      await send('browsingContext.activate', { context });
    },
    async closeTab(context) {
      await send('browsingContext.close', { context });
    },
    async type(keys) {
      const actions = [...keys].flatMap((k) => [
        { type: 'keyDown', value: k },
        { type: 'keyUp', value: k },
      ]);
      await send('input.performActions', { context: tab, actions: [{ type: 'key', id: 'keyboard', actions }] });
    },
    async pinButton() {
      // CustomizableUI names the button after the add-on id (lower case, other characters `_`).
      const widget = `${ADDON_ID.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}-browser-action`;
      // The browser window has CustomizableUI as a global (its module moved between versions).
      await evaluate('chrome', `(CustomizableUI.addWidgetToArea(${JSON.stringify(widget)}, 'nav-bar'), '1')`);
    },
    toolbarBox: () =>
      evaluate<{ top: number; height: number }>(
        'chrome',
        `(() => { const r = document.getElementById('nav-bar').getBoundingClientRect(); return JSON.stringify({ top: Math.round(r.top + window.mozInnerScreenY), height: Math.round(r.height) }); })()`,
      ),
    async close() {
      ws.close();
      child.kill();
      await new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

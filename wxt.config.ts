import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import type { Plugin } from 'vite';
import { msgRef } from './extension/lib/manifest-messages.js';

/**
 * The English written at each t(key, english) call (extension/lib/i18n.ts) and say(key, english)
 * call (shared/say.ts: labels and the story, which the CLI tells in English) is the fallback for
 * unit tests; the built extension reads every message from _locales/en (complete, a test checks
 * it), so the build leaves the fallback out: several KB less to load in the popup and the worker.
 */
function stripEnglishFallbacks(): Plugin {
  return {
    name: 'lens:strip-english-fallbacks',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/(extension|shared)\/.*\.tsx?$/.test(id) || !/\b(t|say)\('/.test(code)) return null;
      return { code: code.replace(/\b(t|say)\(\s*('[A-Za-z0-9_]+')\s*,\s*'(?:[^'\\]|\\.)*'/g, "$1($2, ''"), map: null };
    },
  };
}

// WXT builds the extension from extension/ (srcDir); shared code is imported as ~~/shared/...
export default defineConfig({
  srcDir: 'extension',
  outDir: '.output',
  // Copied as is into the build: _locales/<language>/messages.json.
  publicDir: 'extension/public',
  // Every module imports what it uses (browser from wxt/browser, storage from wxt/utils/storage,
  // components by path), so WXT's auto-imports are off: they scanned components/ and lib/ for
  // globals and warned "Duplicated imports" for each name a module re-exports (with-full-record.tsx).
  imports: false,
  modules: ['@wxt-dev/auto-icons'],
  // One drawn source icon, rendered to every size the stores ask for: Chrome Web Store 128
  // (and 48, 32, 16 for the browser), addons.mozilla.org 48 and 96 (grey in development builds).
  autoIcons: { baseIconPath: 'assets/icon.svg', sizes: [128, 96, 48, 32, 16] },
  webExt: { disabled: true },
  vite: () => ({
    plugins: [preact(), stripEnglishFallbacks()],
    // LENS_SOURCEMAP=1 for bundle-size analysis; releases ship without maps.
    build: { sourcemap: process.env.LENS_SOURCEMAP === '1' },
  }),
  manifest: ({ browser, manifestVersion }) => ({
    // Texts from _locales (extension/public/_locales/<language>/messages.json), English by default.
    name: msgRef('extName'),
    description: msgRef('extDescription'),
    default_locale: 'en',
    // tabs: read the page URL to take its host name; alarms: keep polling queued domains
    // after the MV3 worker stops; storage: settings and per-tab results (storage.session).
    // activeTab + scripting: when the popup is opened (a click, or the shortcut), read the page's
    // own <meta name="robots"> AI tokens and TDMRep meta for "This page"; no broad host permission.
    permissions: ['storage', 'tabs', 'alarms', 'activeTab', 'scripting'],
    // Only the default gateway hosts. Match patterns ignore the port (Chrome "Match patterns").
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
    // A custom gateway address is asked for at runtime (permissions.request in the options).
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    // The toolbar icon is set in popup/index.html (manifest.default_icon), which WXT keeps for MV2 too.
    action: { default_title: msgRef('actionTitle') },
    // Opens the popup from the keyboard (and, like a click, grants activeTab for the page).
    commands: {
      [manifestVersion === 2 ? '_execute_browser_action' : '_execute_action']: {
        suggested_key: { default: 'Alt+Shift+L' },
        description: msgRef('commandShow'),
      },
    },
    // Firefox (MV2): an add-on id (storage needs one), 115+ for storage.session, and the optional
    // hosts under MV2's name for them (WXT drops optional_host_permissions for MV2). Firefox's
    // data consent (required of new add-ons since November 2025): the host names of the pages
    // visited go to the gateway, which is outside the extension (and may be another machine),
    // so "browsingActivity" is declared, and nothing else is sent anywhere.
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'ai-policy-lens@ai-policy-lens.invalid',
              strict_min_version: '115.0',
              data_collection_permissions: { required: ['browsingActivity'] },
            },
          },
          optional_permissions: ['http://*/*', 'https://*/*'] as never[],
        }
      : {}),
  }),
});

/**
 * The gateway's web app (see web/README.md): built by Vite with Preact, as the extension is
 * by WXT, into dist/web/, which the gateway serves (proxy/gateway/routes/web.ts). Run by
 * `node scripts/server-build.mjs` (npm run build:server, and npm start when it is missing or
 * stale); `npx vite build --config web/vite.config.ts` alone works too.
 *
 * The extension's components and view model are imported as they are: `~~/` is the repository
 * root, as in WXT. Unlike the extension, the English written at each t() call stays in the
 * bundle: it is what the page says (there is no _locales lookup in a web page).
 */
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  publicDir: false,
  // A build is a build: Vite would otherwise take NODE_ENV=test from vitest and bundle differently.
  mode: 'production',
  resolve: { alias: { '~~': ROOT.replace(/\/$/, '') } },
  plugins: [preact()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // The preload polyfill would be inline-free but is dead weight for the browsers this page supports.
    modulePreload: { polyfill: false },
    sourcemap: process.env.LENS_SOURCEMAP === '1',
    reportCompressedSize: false,
    rollupOptions: {
      // popup-data.ts (whose loadExtras the site page reuses) also holds the popup's
      // storage.session reads; the storage library's top level only builds an object, so it
      // may go when nothing here reads it (Rollup keeps any top-level call unless told).
      treeshake: { moduleSideEffects: (id) => !id.includes('/@wxt-dev/storage/') },
    },
  },
  logLevel: 'warn',
});

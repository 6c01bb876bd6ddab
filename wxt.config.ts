import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

// WXT builds the extension from extension/ (srcDir); shared code is imported as ~~/shared/...
export default defineConfig({
  srcDir: 'extension',
  outDir: '.output',
  modules: ['@wxt-dev/webextension-polyfill'],
  webExt: { disabled: true },
  vite: () => ({
    plugins: [preact()],
  }),
  manifest: {
    name: 'AI Policy Lens',
    description: 'Shows what the website you are on says about AI training, AI search and chatbot use.',
    permissions: ['storage', 'tabs'],
    host_permissions: ['http://127.0.0.1:8787/*', 'http://localhost:8787/*'],
    optional_host_permissions: ['http://*/*', 'https://*/*'],
  },
});

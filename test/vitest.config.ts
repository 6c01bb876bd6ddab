import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing';

// Four projects: pure unit tests, extension logic and components (WXT's fake browser; the web app's too),
// integration tests with real servers on 127.0.0.1, and the end-to-end suite in Chromium.
// Lives in test/ so the top level holds only what the product is; paths are from the repository root.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [WxtVitest()],
        test: {
          name: 'extension',
          // The gateway's web app (web/) runs the extension's components in a page: the same environment.
          include: ['test/extension/**/*.test.{ts,tsx}', 'test/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        // `~~` as WXT resolves it, so a test can run the extension's own modules against the servers.
        resolve: { alias: { '~~': fileURLToPath(new URL('..', import.meta.url)) } },
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

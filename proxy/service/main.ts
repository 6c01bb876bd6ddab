/**
 * `npm run service`: the standalone lookup service (signup, keys, limits, /v1, /preview/v1)
 * on HOST:PORT (127.0.0.1:8788). Logs one `listening` line with the address (port 0 picks a
 * free port; the restart test reads it), and stops gracefully on SIGINT/SIGTERM: the server
 * closes, running crawls are aborted and stay queued for the next start.
 */
import type { AddressInfo } from 'node:net';
import { createCrawler } from '../crawler/index.js';
import { loadOrExit } from '../lib/env.js';
import { createLogger } from '../lib/logger.js';
import { closeServer, onSignals } from '../lib/shutdown.js';
import { loadServiceConfig } from './config.js';
import { createServiceApp } from './http/app.js';
import { jsonClientErrors } from './http/client-error.js';
import { createLookupService } from './lookup-service.js';

const config = loadOrExit(() => loadServiceConfig(process.env));
const log = createLogger('service', config.logLevel);

let crawler: ReturnType<typeof createCrawler>;
try {
  crawler = createCrawler({ overrides: config.crawlOverrides, rankListPath: config.rankListPath });
} catch (e) {
  // Bad CRAWL_OVERRIDES or RANKLIST_CSV: a configuration error, named, not a stack trace.
  process.stderr.write(`Configuration error: ${(e as Error).message}\n`);
  process.exit(2);
}

const service = createLookupService({
  dataDir: config.dataDir,
  crawler,
  crawlConcurrency: config.crawlConcurrency,
  refreshDays: config.refreshDays,
  logger: log,
});
const app = createServiceApp({ service, db: service.db, logger: log, trustProxy: config.trustProxy });

// Express 5 calls this with the error when listening fails (EADDRINUSE, EACCES).
const server = app.listen(config.port, config.host, (err?: Error) => {
  if (err) {
    log.fatal({ err }, `cannot listen on ${config.host}:${config.port}`);
    process.exit(1);
  }
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  log.info({ url: `http://${host}:${port}`, dataDir: config.dataDir }, 'listening');
});
jsonClientErrors(server);

onSignals(
  () =>
    closeServer(server, {
      onClosed: async () => {
        await service.close();
        await crawler.close();
      },
    }),
  (msg) => log.info(msg),
);

/**
 * `npm run service`: the standalone lookup service (signup, keys, limits, /v1, /preview/v1)
 * on HOST:PORT (127.0.0.1:8788). Logs one `listening` line with the address (port 0 picks a
 * free port; the restart test reads it), and stops gracefully on SIGINT/SIGTERM: the server
 * closes, running crawls are aborted and stay queued for the next start.
 *
 * With SQLite (the default) it also crawls. With DATABASE_URL it answers the API only and
 * leaves the crawl jobs to `npm run worker` processes (worker.ts), unless SERVICE_CRAWLS=1;
 * any number of replicas can run behind a load balancer.
 */
import type { AddressInfo } from 'node:net';
import { createCrawler } from '../crawler/index.js';
import { ensureWritableDir, loadOrExit } from '../lib/env.js';
import { createLogger } from '../lib/logger.js';
import { closeServer, onSignals } from '../lib/shutdown.js';
import { loadServiceConfig } from './config.js';
import { createServiceApp } from './http/app.js';
import { createJsonServer } from '../lib/http/server.js';
import { createLookupService } from './lookup-service.js';
import { openConfiguredStore } from './open-store.js';
import { crawlerOptions, serviceOptions } from './service-options.js';

const config = loadOrExit(() => {
  const c = loadServiceConfig(process.env);
  if (c.databaseUrl === undefined) ensureWritableDir('DATA_DIR', c.dataDir);
  return c;
});
const log = createLogger('service', config.logLevel);

// A bad CRAWL_OVERRIDES or RANKLIST_CSV is a ConfigError naming the variable.
const crawler = loadOrExit(() => createCrawler(crawlerOptions(config)));

// A database written by a newer program is refused here, in one line (SchemaTooNewError, exit 2).
const store = await openConfiguredStore(config, log, 'service');
const crawls = config.databaseUrl === undefined || config.serviceCrawls;
const service = createLookupService(serviceOptions(config, { store, crawler, workers: crawls, logger: log }));
const app = createServiceApp({
  service,
  store: service.store,
  logger: log,
  trustProxy: config.trustProxy,
  allowedHosts: config.allowedHosts,
});

// Every refusal, including those Node's parser makes before Express runs, is the seed's error object.
const server = createJsonServer(app);
server.once('error', (err) => {
  log.fatal({ err }, `cannot listen on ${config.host}:${config.port}`);
  process.exit(1);
});
server.listen(config.port, config.host, () => {
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const storage = config.databaseUrl === undefined ? { dataDir: config.dataDir } : { store: 'postgres' };
  log.info({ url: `http://${host}:${port}`, ...storage, crawls }, 'listening');
});

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

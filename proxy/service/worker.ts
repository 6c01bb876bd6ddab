/**
 * `npm run worker`: crawl workers for a service on PostgreSQL (DATABASE_URL), any number of
 * them on any machine. Each runs CRAWL_CONCURRENCY crawl jobs at once from pg-boss, in priority
 * order (someone's lookup, then batch items, then refreshes and retries), and stores each crawl
 * in the shared registry; `npm run service` replicas answer the API. Every worker also sweeps
 * for stale records hourly (the queue's one job per domain keeps that to one refresh each).
 *
 * SIGINT/SIGTERM: no new jobs; running crawls finish (up to 25 s) or are aborted, and pg-boss
 * runs those again. A worker killed outright loses nothing either: its jobs expire after
 * CRAWL_JOB_EXPIRE_SECONDS and another worker runs them.
 */
import { createCrawler } from '../crawler/index.js';
import { ConfigError, loadOrExit } from '../lib/env.js';
import { createLogger } from '../lib/logger.js';
import { onSignals } from '../lib/shutdown.js';
import { loadServiceConfig } from './config.js';
import { createLookupService } from './lookup-service.js';
import { openConfiguredStore } from './open-store.js';
import { crawlerOptions, serviceOptions } from './service-options.js';

const config = loadOrExit(() => {
  const c = loadServiceConfig(process.env);
  if (c.databaseUrl === undefined) {
    throw new ConfigError(
      'DATABASE_URL',
      'npm run worker needs PostgreSQL (postgres://...); with SQLite, npm run service crawls in its own process',
    );
  }
  return c;
});
const log = createLogger('worker', config.logLevel);
const crawler = loadOrExit(() => createCrawler(crawlerOptions(config)));
const store = await openConfiguredStore(config, log, 'worker');

const service = createLookupService(serviceOptions(config, { store, crawler, logger: log }));

onSignals(
  async () => {
    await service.close();
    await crawler.close();
  },
  (msg) => log.info(msg),
);

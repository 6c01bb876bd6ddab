/** What both command-line programs (`npm run lookup`, `npm run check`) start from: the service's settings and a crawler. */
import { createCrawler } from '../crawler/index.js';
import { loadServiceConfig, logLevelOf, type ServiceConfig } from './config.js';
import { crawlerOptions } from './service-options.js';

export interface CliSetup {
  config: ServiceConfig;
  /** LOG_LEVEL, default `warn`: a command's output is its answer, not the service's chatter. */
  logLevel: string;
  crawler: ReturnType<typeof createCrawler>;
}

/** The settings of the environment and a crawler; a bad setting goes to `fail` (exit 2) with a message naming it. */
export function cliSetup(fail: (message: string) => never): CliSetup {
  try {
    const config = loadServiceConfig(process.env);
    return { config, logLevel: logLevelOf(process.env, 'warn'), crawler: createCrawler(crawlerOptions(config)) };
  } catch (e) {
    // A ConfigError naming the variable: the environment, a bad CRAWL_OVERRIDES entry or RANKLIST_CSV line.
    fail(`Configuration error: ${(e as Error).message}`);
  }
}

/** What both command-line programs (`npm run lookup`, `npm run check`) start from: the service's settings and a crawler. */
import { createCrawler } from '../crawler/index.js';
import { loadServiceConfig, type ServiceConfig } from './config.js';

/** The settings of the environment and a crawler; a bad setting goes to `fail` (exit 2) with a message naming it. */
export function cliSetup(fail: (message: string) => never): { config: ServiceConfig; crawler: ReturnType<typeof createCrawler> } {
  try {
    const config = loadServiceConfig(process.env);
    return { config, crawler: createCrawler({ overrides: config.crawlOverrides, rankListPath: config.rankListPath }) };
  } catch (e) {
    // A ConfigError naming the variable: the environment, a bad CRAWL_OVERRIDES entry or RANKLIST_CSV line.
    fail(`Configuration error: ${(e as Error).message}`);
  }
}

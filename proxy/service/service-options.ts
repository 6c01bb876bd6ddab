/**
 * The one options builder of every program that runs the lookup service: `npm run service`
 * (main.ts), `npm run worker` (worker.ts), `npm run lookup` (cli.ts), `npm run check`
 * (check-cli.ts), `npm run audit` (proxy/audit/main.ts) and the gateway's embedded mode
 * (proxy/gateway/start.ts). Settings come from the service's config loader (config.ts); a
 * program that differs says so by overriding a setting (`{ ...config, dataDir }`), not by
 * building the options anew. The storage backend is chosen here: the store given (PostgreSQL
 * from open-store.ts, or one a program opened itself), else DATA_DIR/registry.sqlite.
 */
import type { EvidenceSource } from '../analysis/evidence.js';
import type { AnalysisPool } from '../analysis-pool/index.js';
import type { CrawlerOptions } from '../crawler/index.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { ServiceConfig } from './config.js';
import type { EmbeddedOptions } from './lookup-service.js';
import type { RegistryStore } from './store/registry-store.js';
import { openSqliteStore } from './store/sqlite/open.js';

/** The settings a lookup service and its crawler are built from. */
export type ServiceSettings = Pick<
  ServiceConfig,
  | 'dataDir'
  | 'crawlOverrides'
  | 'rankListPath'
  | 'crawlerContact'
  | 'crawlConcurrency'
  | 'refreshDays'
  | 'queueLimits'
  | 'auditRetentionDays'
  | 'purgeUnusedDays'
  | 'analysis'
>;

/** What the program brings besides its settings. */
export interface ServiceParts {
  /** The crawler; its analysis pool (createCrawler's `analysis`) is the service's too. */
  crawler: EvidenceSource & { analysis?: AnalysisPool };
  logger?: Logger;
  /** Default: DATA_DIR/registry.sqlite (created when missing). */
  store?: RegistryStore;
  clock?: Clock;
  /** Run crawl jobs in this process (default true; see EmbeddedOptions.workers). */
  workers?: boolean;
}

/**
 * The crawler's options: CRAWL_OVERRIDES, RANKLIST_CSV, CRAWLER_CONTACT, and its analysis pool
 * (ANALYSIS_BUDGET_MS, ANALYSIS_THREADS), which the service shares; `clock` the service's own,
 * so a record's time agrees with it; `analysis` a pool given instead (tests).
 */
export function crawlerOptions(s: ServiceSettings, clock?: Clock, analysis?: AnalysisPool): CrawlerOptions {
  return {
    overrides: s.crawlOverrides,
    rankListPath: s.rankListPath,
    contact: s.crawlerContact,
    clock,
    analysis: analysis ?? { budgetMs: s.analysis.budgetMs, threads: s.analysis.threads },
  };
}

/** The lookup service's options. */
export function serviceOptions(s: ServiceSettings, parts: ServiceParts): EmbeddedOptions {
  return {
    store: parts.store ?? openSqliteStore(s.dataDir),
    crawler: parts.crawler,
    analysis: parts.crawler.analysis,
    workers: parts.workers,
    logger: parts.logger,
    clock: parts.clock,
    crawlConcurrency: s.crawlConcurrency,
    refreshDays: s.refreshDays,
    queueLimits: s.queueLimits,
    // Every process that crawls runs the retention passes: with the service's settings, not the defaults.
    auditRetentionDays: s.auditRetentionDays,
    purgeUnusedDays: s.purgeUnusedDays,
  };
}

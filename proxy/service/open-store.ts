/**
 * The store a service process runs on, from its configuration: PostgreSQL when DATABASE_URL is
 * set (`role` names the process in pg_stat_activity), else DATA_DIR/registry.sqlite. A database
 * that cannot be reached or has a newer schema stops the process with one plain log line.
 */
import type { Logger } from '../lib/logger.js';
import type { ServiceConfig } from './config.js';
import { openPgStore } from './store/pg/open.js';
import type { RegistryStore } from './store/registry-store.js';
import { openSqliteStore } from './store/sqlite/open.js';

export async function openConfiguredStore(config: ServiceConfig, log: Logger, role: 'service' | 'worker'): Promise<RegistryStore> {
  if (config.databaseUrl === undefined) return openSqliteStore(config.dataDir);
  try {
    return await openPgStore(config.databaseUrl, { log, role, ...config.postgres });
  } catch (err) {
    const e = err as Error & { code?: string };
    // The message names the cause (refused connection, unknown database, newer schema), never the URL and its password.
    log.fatal({ code: e.code }, `cannot open the PostgreSQL database (DATABASE_URL): ${e.message}`);
    process.exit(1);
  }
}

/**
 * The store a service process runs on, from its configuration: PostgreSQL when DATABASE_URL is
 * set (`role` names the process in pg_stat_activity), else DATA_DIR/registry.sqlite. A database
 * newer than the program stops the process with one line and exit code 2 (as a bad setting);
 * a PostgreSQL that cannot be reached, with one log line naming the cause and exit code 1.
 */
import { ConfigError } from '../lib/env.js';
import type { Logger } from '../lib/logger.js';
import type { ServiceConfig } from './config.js';
import { openPgStore } from './store/pg/open.js';
import type { RegistryStore } from './store/registry-store.js';
import { openSqliteStore } from './store/sqlite/open.js';

export async function openConfiguredStore(
  config: ServiceConfig,
  log: Logger,
  role: 'service' | 'worker',
): Promise<RegistryStore> {
  try {
    if (config.databaseUrl === undefined) return openSqliteStore(config.dataDir);
    return await openPgStore(config.databaseUrl, { log, role, ...config.postgres });
  } catch (err) {
    // A database written by a newer program (SchemaTooNewError) is a configuration error: one line, exit 2.
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(2);
    }
    if (config.databaseUrl === undefined) throw err;
    const e = err as Error & { code?: string };
    // The message names the cause (refused connection, unknown database, newer schema), never the URL and its password.
    log.fatal({ code: e.code }, `cannot open the PostgreSQL database (DATABASE_URL): ${e.message}`);
    process.exit(1);
  }
}

/**
 * `npm start`: the gateway on HOST:PORT (127.0.0.1:8787). Embedded mode (local analysis, no
 * account) unless UPSTREAM_BASE_URL and UPSTREAM_API_KEY are set. Logs one `listening` line
 * with its address and mode, never the key; stops gracefully on SIGINT/SIGTERM.
 */
import { ConfigError, ensureWritableDir, loadOrExit } from '../lib/env.js';
import { createLogger } from '../lib/logger.js';
import { onSignals } from '../lib/shutdown.js';
import { loadGatewayConfig } from './program-config.js';
import { startGateway } from './start.js';

const config = loadOrExit(() => {
  const c = loadGatewayConfig(process.env);
  ensureWritableDir('DATA_DIR', c.dataDir);
  return c;
});
const log = createLogger('gateway', config.logLevel);

startGateway(config, { logger: log }).then(
  (gw) => {
    log.info(
      { url: gw.url, mode: gw.source.mode, upstream: config.upstream?.baseUrl ?? null, dataDir: config.dataDir },
      'listening',
    );
    onSignals(
      () => gw.close(),
      (msg) => log.info(msg),
    );
  },
  (err: unknown) => {
    const e = err as NodeJS.ErrnoException;
    if (e?.code === 'EADDRINUSE' || e?.code === 'EACCES') {
      log.fatal(`cannot listen on ${config.host}:${config.port}: ${e.code}`);
    } else if (e instanceof ConfigError) {
      // Bad CRAWL_OVERRIDES or RANKLIST_CSV, found when the embedded crawler is built.
      process.stderr.write(`Configuration error: ${e.message}\n`);
      process.exit(2);
    } else log.fatal({ err }, 'gateway failed to start');
    process.exit(1);
  },
);

/**
 * Wires a gateway from its config: the source (embedded service, or remote client holding
 * the key), the cache's second level (a SQLite file, or Redis shared with other replicas when
 * REDIS_URL is set, with the rate limits, single-flight and pacing), the app, and a listening
 * server. main.ts and the integration tests both start gateways through this.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnalysisPool } from '../analysis-pool/index.js';
import { createCrawler } from '../crawler/index.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { closeServer } from '../lib/shutdown.js';
import { STALE_AFTER_DAYS } from '../../shared/values.js';
import { createLookupService, crawlerOptions, serviceOptions } from '../service/index.js';
import { EmbeddedSource } from '../upstream/embedded-source.js';
import type { PolicySource } from '../upstream/policy-source.js';
import { RemoteSource, type RemoteSourceOptions } from '../upstream/remote-source.js';
import { createGatewayApp, type GatewayApp, type GatewayDeps } from './app.js';
import { CacheStore } from './cache-store.js';
import type { GatewayConfig } from './program-config.js';
import { createJsonServer } from '../lib/http/server.js';
import type { RecordStoredEvents } from './held/index.js';
import { connectSharedState, type SharedState } from './replicas/index.js';

export interface RunningGateway {
  readonly url: string;
  readonly server: Server;
  readonly app: GatewayApp;
  readonly source: PolicySource;
  /** Graceful stop: server, then source (and the embedded service), then the cache file or Redis. */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  clock?: Clock;
  ttl?: GatewayDeps['ttl'];
  /** Extra remote-source settings (tests: pacing window, backoff). */
  remote?: Partial<RemoteSourceOptions>;
  /** The web app's folder (tests); default the build's. */
  webDir?: string | null;
  /** Embedded mode: an analysis pool to read on (tests; kept open at close); default one from ANALYSIS_* settings. */
  analysis?: AnalysisPool;
}

/** The source, and in embedded mode the service's "record stored" event. */
interface CreatedSource {
  source: PolicySource;
  onRecordStored?: RecordStoredEvents;
}

export function createSource(
  config: GatewayConfig,
  opts: StartOptions,
  onAttempt?: RemoteSourceOptions['onAttempt'],
): CreatedSource {
  if (config.upstream) {
    const u = config.upstream;
    const source = new RemoteSource({
      baseUrl: u.baseUrl,
      previewBaseUrl: u.previewBaseUrl,
      apiKey: u.apiKey,
      timeoutMs: u.timeoutMs,
      perMinute: u.perMinute,
      maxQueueMs: u.maxQueueMs,
      clock: opts.clock,
      logger: opts.logger,
      onAttempt,
      ...opts.remote,
    });
    return { source };
  }
  const s = config.service!;
  // One injected clock for the service and its crawler: a record's time agrees with the service's.
  const crawler = createCrawler(crawlerOptions(s, opts.clock, opts.analysis));
  const service = createLookupService(serviceOptions(s, { crawler, logger: opts.logger, clock: opts.clock }));
  const source = new EmbeddedSource(service);
  const close = source.close.bind(source);
  source.close = async () => {
    await close();
    await crawler.close();
  };
  return { source, onRecordStored: (listener) => service.store.records.onRecordStored(listener) };
}

export async function startGateway(config: GatewayConfig, opts: StartOptions = {}): Promise<RunningGateway> {
  const clock = opts.clock ?? systemClock;
  const shared: SharedState | null = config.redisUrl
    ? await connectSharedState(config.redisUrl, clock, opts.logger)
    : null;
  // The source reports each upstream call to the app's metrics, which are built after it (they read the source).
  const report: { to?: GatewayApp } = {};
  const remote: Partial<RemoteSourceOptions> = { ...opts.remote };
  if (shared && config.upstream) {
    remote.pacer = shared.pacer({
      limit: config.upstream.perMinute,
      windowMs: remote.windowMs ?? 61_000,
      maxWaitMs: config.upstream.maxQueueMs,
    });
  }
  const { source, onRecordStored } = createSource(config, { ...opts, remote }, (e) =>
    report.to?.metrics.upstream(e.outcome),
  );
  // With Redis the replicas' shared level replaces this process's file.
  const file = shared ? null : new CacheStore(config.dataDir);
  file?.prune(clock.now() - STALE_AFTER_DAYS * 86_400_000);
  const app = createGatewayApp({
    source,
    settings: config,
    store: shared?.store ?? file,
    flight: shared?.flight,
    bus: shared?.bus,
    recheckMarks: shared?.recheckMarks,
    onRecordStored,
    rateLimitStore: shared?.rateLimitStore,
    slotStore: file,
    dependencies: shared ? () => ({ redis: shared.redisUp() ? 'up' : 'down' }) : undefined,
    clock,
    logger: opts.logger,
    ttl: opts.ttl,
    webDir: opts.webDir,
  });
  report.to = app;
  // Requests Node's parser refuses (malformed, oversized headers, no Host) get the seed's error object too.
  const server = createJsonServer(app.app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const pruner = setInterval(() => file?.prune(clock.now() - STALE_AFTER_DAYS * 86_400_000), 3_600_000);
  pruner.unref();
  return {
    url: `http://${host}:${port}`,
    server,
    app,
    source,
    close: () =>
      closeServer(server, {
        onClosed: async () => {
          clearInterval(pruner);
          app?.close();
          await source.close();
          file?.close();
          await shared?.close();
        },
      }),
  };
}

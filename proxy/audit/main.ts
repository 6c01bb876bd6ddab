/**
 * `npm run audit -- LIST [--out DIR] [--refresh-days N] [--rate N] [--retry-pause S]
 * [--wait-for-retries]`: a researcher's run over a list of domains (options.ts has the usage).
 *
 * Without DATABASE_URL it runs the lookup service embedded, its registry in DIR/registry.sqlite,
 * crawling in this process (CRAWL_CONCURRENCY at once). With DATABASE_URL it uses that
 * registry and its queue, and `npm run worker` processes crawl; this process hands the list
 * over and reads the results. CRAWL_OVERRIDES, CRAWLER_CONTACT and the queue's settings apply
 * as for the service.
 *
 * Ctrl-C: nothing more is handed over; checks under way finish (a second Ctrl-C ends at once),
 * the results so far are written, exit code 130. Running it again resumes. Exit codes: 0 done,
 * 130 stopped, 2 bad input or settings, 1 anything else.
 */
import { destination } from 'pino';
import { createCrawler, userAgentFor } from '../crawler/index.js';
import { ConfigError } from '../lib/env.js';
import { createLogger, type Logger } from '../lib/logger.js';
import { loadServiceConfig, logLevelOf, type ServiceConfig } from '../service/config.js';
import { createLookupService, type EmbeddedLookupService } from '../service/lookup-service.js';
import { openConfiguredStore } from '../service/open-store.js';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '../service/retention.js';
import { crawlerOptions, serviceOptions } from '../service/service-options.js';
import { auditRetryDelays, prepareAudit, runAudit, type AuditSession, type PreparedAudit } from './audit.js';
import { USAGE, UsageError, parseAuditArgs, type AuditOptions } from './options.js';
import { OUTPUT_FILES } from './output/write-outputs.js';
import { describeFailing, progressView, type ProgressView } from './progress.js';
import { ListChangedError } from './state.js';

function fail(message: string, usage = true): never {
  process.stderr.write(`${message}\n${usage ? `\n${USAGE}` : ''}`);
  process.exit(2);
}

/** A bad setting (the environment, CRAWL_OVERRIDES, RANKLIST_CSV): its message and exit code 2. */
function configured<T>(make: () => T): T {
  try {
    return make();
  } catch (e) {
    if (e instanceof ConfigError) fail(`Configuration error: ${e.message}`, false);
    throw e;
  }
}

/** The command line and the list, the run's state opened; bad input exits with 2. */
function prepare(argv: string[], config: ServiceConfig): { opts: AuditOptions; prepared: PreparedAudit } | 'help' {
  let opts: AuditOptions | 'help' | undefined;
  try {
    opts = parseAuditArgs(argv, config.refreshDays);
    if (opts === 'help') return 'help';
    const prepared = prepareAudit(opts, Date.now());
    const { list } = prepared;
    for (const l of list.invalid.slice(0, 10))
      process.stderr.write(`${opts.list}:${l.line}: not a domain (${l.reason}): ${l.text}\n`);
    if (list.invalid.length > 10)
      process.stderr.write(`… and ${list.invalid.length - 10} more lines, all listed in ${OUTPUT_FILES.invalid}\n`);
    return { opts, prepared };
  } catch (e) {
    if (e instanceof UsageError) fail(e.message);
    if (e instanceof ListChangedError)
      fail(`${opts !== 'help' && opts ? opts.out : 'The folder'}: ${e.message}.`, false);
    throw e;
  }
}

interface AuditService {
  service: EmbeddedLookupService;
  crawler: ReturnType<typeof createCrawler>;
  /** The registry is in PostgreSQL and `npm run worker` processes crawl. */
  pg: boolean;
}

/**
 * The lookup service the audit runs on: on PostgreSQL that registry and its queue, crawled by
 * workers; else one embedded, its registry in DIR/registry.sqlite, crawling here. Its own
 * registry is the run's result: the retention passes keep their defaults and purge nothing, and
 * a failed check's first retry comes after --retry-pause (auditRetryDelays).
 */
async function auditService(config: ServiceConfig, opts: AuditOptions, log: Logger): Promise<AuditService> {
  const crawler = configured(() => createCrawler(crawlerOptions(config)));
  const pg = config.databaseUrl !== undefined;
  const store = pg ? await openConfiguredStore(config, log, 'service') : undefined;
  const settings = {
    ...config,
    dataDir: opts.out,
    refreshDays: opts.refreshDays,
    auditRetentionDays: DEFAULT_AUDIT_RETENTION_DAYS,
    purgeUnusedDays: null,
  };
  const service = createLookupService({
    ...serviceOptions(settings, { store, crawler, workers: !pg, logger: log }),
    ...(pg ? {} : { retryDelaysMs: auditRetryDelays(opts.retryPauseMs) }),
  });
  return { service, crawler, pg };
}

/** Ctrl-C under `npm run audit` arrives twice: from the terminal and forwarded by npm. A second one counts (stop at once) only when it comes a second or more after the first. */
function stopOnInterrupt(session: AuditSession, view: ProgressView): void {
  let firstInterrupt = 0;
  const onInterrupt = () => {
    const now = Date.now();
    if (firstInterrupt === 0) {
      firstInterrupt = now;
      view.note(
        'Stopping: nothing more is handed to the crawler; the results so far are being written. Ctrl-C again to stop at once.',
      );
      session.stop();
    } else if (now - firstInterrupt >= 1_000) session.stopNow();
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
}

async function main(argv: string[]): Promise<number> {
  const config = configured(() => loadServiceConfig(process.env));
  const ready = prepare(argv, config);
  if (ready === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  const { opts, prepared } = ready;
  const { list } = prepared;
  // Logs go to stderr, warnings and worse by default: stdout is the progress.
  const log = createLogger('audit', logLevelOf(process.env, 'warn'), { destination: destination(2), pretty: false });
  const { service, crawler, pg } = await auditService(config, opts, log);
  const view = progressView(process.stdout);
  view.note(
    `${prepared.resumed ? 'Resuming' : 'Auditing'} ${list.entries.length.toLocaleString('en-US')} domains into ${opts.out}` +
      (pg ? ' on the PostgreSQL registry (DATABASE_URL); `npm run worker` processes do the crawling.' : '.'),
  );
  const session = runAudit(prepared, opts, {
    service,
    crawlsHere: !pg,
    window: pg ? Math.max(64, Math.ceil(opts.rate * 10)) : 2 * config.crawlConcurrency,
    registry: pg ? 'PostgreSQL (DATABASE_URL)' : `${opts.out}/registry.sqlite`,
    userAgent: userAgentFor(config.crawlerContact),
    log,
    view: pg ? withWorkerHint(view) : view,
  });
  stopOnInterrupt(session, view);
  try {
    const { outcome, tally, failed } = await session.done;
    view.stop();
    const left = tally.status.pending;
    process.stdout.write(
      `\n${outcome === 'complete' ? 'Done' : 'Stopped'}: ${tally.status.ok.toLocaleString('en-US')} checked, ${tally.status.failed.toLocaleString('en-US')} failed, ${left.toLocaleString('en-US')} not checked yet.\n` +
        describeFailing(failed, Date.now(), { file: OUTPUT_FILES.failed }) +
        `Results in ${opts.out}: ${OUTPUT_FILES.sitesCsv}, ${OUTPUT_FILES.sitesJsonl}, ${OUTPUT_FILES.botsCsv}, ${OUTPUT_FILES.report}, ${OUTPUT_FILES.failed}\n` +
        (outcome === 'stopped' || left > 0 ? 'Run the same command again to resume.\n' : ''),
    );
    return outcome === 'complete' ? 0 : 130;
  } finally {
    await service.close();
    await crawler.close();
    prepared.state.close();
  }
}

/** On PostgreSQL the audit crawls nothing itself: when nothing is stored for a minute while checks wait, say what may be missing. */
function withWorkerHint(view: ProgressView): ProgressView {
  let settled = -1;
  let since = Date.now();
  let told = false;
  return {
    ...view,
    update(p) {
      view.update(p);
      if (p.done + p.failed !== settled || p.inFlight === 0) {
        settled = p.done + p.failed;
        since = Date.now();
      } else if (!told && Date.now() - since > 60_000) {
        told = true;
        view.note(
          'Nothing was stored for a minute while checks wait in the queue: is `npm run worker` running with the same DATABASE_URL?',
        );
      }
    },
  };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`audit failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);

/**
 * Runs an audit in the test's process exactly as `npm run audit` does (prepareAudit, then
 * runAudit over the embedded service with its registry in the run's folder, retrying on
 * auditRetryDelays), with the real crawler reaching fixture sites through CRAWL_OVERRIDES. Only
 * the retry delays are shortened, so a failed check's backoff is seen in seconds: the pause
 * (the one retry within the run) is the first of `retryDelaysMs` unless given.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createCrawler } from '../../../proxy/crawler/index.js';
import { userAgentFor } from '../../../proxy/crawler/user-agent.js';
import { createLogger } from '../../../proxy/lib/logger.js';
import { auditRetryDelays, prepareAudit, runAudit, type AuditResult } from '../../../proxy/audit/audit.js';
import { DEFAULT_RETRY_PAUSE_S, type AuditOptions } from '../../../proxy/audit/options.js';
import type { AuditProgress } from '../../../proxy/audit/progress-meter.js';
import { RETRY_DELAYS_MS } from '../../../proxy/service/api.js';
import { createLookupService, type EmbeddedLookupService } from '../../../proxy/service/lookup-service.js';
import { openSqliteStore } from '../../../proxy/service/store/sqlite/open.js';
import { text, type FixtureSite } from '../../fixtures/farm.js';

const ROOT = new URL('../../../', import.meta.url).pathname;

export interface InProcessAudit {
  result: AuditResult;
  service: EmbeddedLookupService;
  progress: AuditProgress[];
  /** What the run told above its progress (view.note), in order. */
  notes: string[];
  /** Each hand-over to the queue: when (performance.now()) and the domains handed over. */
  handovers: Array<{ at: number; domains: readonly string[] }>;
  close(): Promise<void>;
}

export async function auditInProcess(
  opts: Partial<AuditOptions> & Pick<AuditOptions, 'list' | 'out'>,
  env: { overrides: string; retryDelaysMs?: number[]; concurrency?: number },
): Promise<InProcessAudit> {
  const full: AuditOptions = {
    refreshDays: 7,
    rate: 50,
    waitRetries: false,
    retryPauseMs: env.retryDelaysMs?.[0] ?? DEFAULT_RETRY_PAUSE_S * 1000,
    ...opts,
  };
  const prepared = prepareAudit(full, Date.now());
  const crawler = createCrawler({ overrides: env.overrides });
  const log = createLogger('audit-test', 'silent');
  const service = createLookupService({
    store: openSqliteStore(full.out),
    crawler,
    logger: log,
    crawlConcurrency: env.concurrency ?? 4,
    retryDelaysMs: auditRetryDelays(full.retryPauseMs, env.retryDelaysMs ?? RETRY_DELAYS_MS),
  });
  const progress: AuditProgress[] = [];
  const notes: string[] = [];
  const handovers: InProcessAudit['handovers'] = [];
  const session = runAudit(prepared, full, {
    service: {
      ...service,
      queueChecks: (domains) => (handovers.push({ at: performance.now(), domains }), service.queueChecks(domains)),
    },
    crawlsHere: true,
    window: 2 * (env.concurrency ?? 4),
    registry: `${full.out}/registry.sqlite`,
    userAgent: userAgentFor(undefined),
    log,
    view: { update: (p) => void progress.push(p), note: (text) => void notes.push(text), stop: () => undefined },
    pollMs: 200,
  });
  const result = await session.done;
  return {
    result,
    service,
    progress,
    notes,
    handovers,
    async close() {
      await service.close();
      await crawler.close();
      prepared.state.close();
    },
  };
}

/** A site whose robots.txt fails its first `failures` requests (a 503, or a reset connection), then answers with a GPTBot rule. */
export function failingSite(failures: number, how: 'http-503' | 'reset' = 'http-503'): FixtureSite {
  let calls = 0;
  return {
    routes: {
      '/robots.txt': () =>
        ++calls <= failures
          ? how === 'reset'
            ? { drop: true }
            : text('busy', {}, 503)
          : text('User-agent: GPTBot\nDisallow: /\n'),
    },
  };
}

export function writeList(path: string, domains: readonly string[], ranked = true): void {
  writeFileSync(path, domains.map((d, i) => (ranked ? `${i + 1},${d}` : d)).join('\n') + '\n');
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** `npm run audit` as a child process (its TypeScript entry through tsx); `onStdout` may send it a signal. */
export function runCli(
  args: string[],
  env: Record<string, string>,
  onStart?: (child: ReturnType<typeof spawn>) => void,
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'proxy/audit/main.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
    onStart?.(child);
  });
}

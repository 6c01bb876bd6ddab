/**
 * Service configuration, parsed once at start from the environment (ARCHITECTURE "Processes").
 * The gateway embeds the service with the same names, so it calls this too.
 */
import { resolve } from 'node:path';
import { ConfigError, int, listenHost, optionalStr, str, type Env } from '../lib/env.js';
import { DEFAULT_QUEUE_LIMITS, type QueueLimits } from './api.js';
import { DEFAULT_AUDIT_RETENTION_DAYS } from './retention.js';
import { allowedHostsOf } from '../lib/http/host-guard.js';
import { parseContact } from '../crawler/user-agent.js';
import { logLevelOf } from '../lib/log-level.js';
import { DEFAULT_BUDGET_MS, defaultThreads } from '../analysis-pool/index.js';

export interface ServiceConfig {
  host: string;
  port: number;
  /** Folder of registry.sqlite (absolute). */
  dataDir: string;
  /** CRAWL_OVERRIDES as given (`domain=origin` pairs); parsed by the crawler. */
  crawlOverrides: string | undefined;
  crawlConcurrency: number;
  refreshDays: number;
  /** CRAWL_QUEUE_MAX and CRAWL_NEW_PER_MINUTE: the crawl queue's cap and each client's budget of new domains. */
  queueLimits: QueueLimits;
  /** AUDIT_RETENTION_DAYS: audit entries older than this are pruned (retention.ts). */
  auditRetentionDays: number;
  /** PURGE_UNUSED_DAYS: domains no one looked up for this long are purged; null (unset) never. */
  purgeUnusedDays: number | null;
  /** RANKLIST_CSV path, when a rank list is configured. */
  rankListPath: string | undefined;
  /** CRAWLER_CONTACT: the page or mailto: address the crawler's User-Agent names; undefined: the project's page. */
  crawlerContact: string | undefined;
  /** Express `trust proxy` as a hop count (LIBRARIES "inbound limits": never `true`). */
  trustProxy: number;
  /** Host names besides the listening address, localhost and [::1] (proxy/lib/http/host-guard.ts). */
  allowedHosts: string[];
  logLevel: string;
  /** DATABASE_URL: PostgreSQL instead of DATA_DIR/registry.sqlite, and crawl jobs on pg-boss there. */
  databaseUrl: string | undefined;
  /** With PostgreSQL, also run crawl workers in `npm run service` (SERVICE_CRAWLS=1); SQLite always does. */
  serviceCrawls: boolean;
  /** PostgreSQL settings, used only with DATABASE_URL. */
  postgres: PostgresSettings;
  /** The analysis pool (proxy/analysis-pool/): where crawled documents are read, and for how long each. */
  analysis: AnalysisSettings;
}

export interface AnalysisSettings {
  /** ANALYSIS_BUDGET_MS: the time one document may take to read; past it, it is recorded as not read. */
  budgetMs: number;
  /** ANALYSIS_THREADS: worker threads reading documents (default one per spare core, at most 2). */
  threads: number;
}

export interface PostgresSettings {
  /** DATABASE_POOL_MAX: connections one process may hold. */
  poolMax: number;
  /** CRAWL_JOB_EXPIRE_SECONDS: a running job not finished within this is taken as lost (its worker died) and run again. */
  jobExpireSeconds: number;
  /** CRAWL_JOB_CHECK_SECONDS: how often lost jobs are looked for (pg-boss maintenance, by one process at a time). */
  jobCheckSeconds: number;
  /** CRAWL_JOB_POLL_SECONDS: how often idle workers look for jobs come due (new jobs wake them at once). */
  jobPollSeconds: number;
}

/** LOG_LEVEL (proxy/lib/log-level.ts): the service's programs read it with the gateway's rule. */
export { logLevelOf };

export function loadServiceConfig(env: Env = process.env): ServiceConfig {
  const logLevel = logLevelOf(env);
  const host = listenHost(env);
  const rankListPath = optionalStr(env, 'RANKLIST_CSV');
  return {
    host,
    port: int(env, 'PORT', 8788, 0, 65535),
    dataDir: resolve(str(env, 'DATA_DIR', './data')),
    crawlOverrides: optionalStr(env, 'CRAWL_OVERRIDES'),
    crawlConcurrency: int(env, 'CRAWL_CONCURRENCY', 8, 1, 256),
    refreshDays: int(env, 'REFRESH_DAYS', 7, 1, 3650),
    queueLimits: {
      maxQueued: int(env, 'CRAWL_QUEUE_MAX', DEFAULT_QUEUE_LIMITS.maxQueued, 10, 10_000_000),
      newPerClientPerMinute: int(env, 'CRAWL_NEW_PER_MINUTE', DEFAULT_QUEUE_LIMITS.newPerClientPerMinute, 1, 1_000_000),
    },
    auditRetentionDays: int(env, 'AUDIT_RETENTION_DAYS', DEFAULT_AUDIT_RETENTION_DAYS, 1, 36_500),
    purgeUnusedDays:
      optionalStr(env, 'PURGE_UNUSED_DAYS') === undefined ? null : int(env, 'PURGE_UNUSED_DAYS', 0, 1, 36_500),
    rankListPath: rankListPath === undefined ? undefined : resolve(rankListPath),
    crawlerContact: crawlerContactOf(env),
    trustProxy: int(env, 'TRUST_PROXY', 0, 0, 16),
    allowedHosts: allowedHostsOf(env),
    logLevel,
    databaseUrl: databaseUrlOf(env),
    serviceCrawls: flag(env, 'SERVICE_CRAWLS', false),
    postgres: {
      poolMax: int(env, 'DATABASE_POOL_MAX', 10, 2, 1000),
      jobExpireSeconds: int(env, 'CRAWL_JOB_EXPIRE_SECONDS', 60, 2, 86_400),
      jobCheckSeconds: int(env, 'CRAWL_JOB_CHECK_SECONDS', 30, 1, 3_600),
      jobPollSeconds: int(env, 'CRAWL_JOB_POLL_SECONDS', 2, 1, 600),
    },
    analysis: {
      budgetMs: int(env, 'ANALYSIS_BUDGET_MS', DEFAULT_BUDGET_MS, 10, 600_000),
      threads: int(env, 'ANALYSIS_THREADS', defaultThreads(), 1, 64),
    },
  };
}

/** CRAWLER_CONTACT, checked as the User-Agent takes it (an http(s) URL or a mailto: address). */
function crawlerContactOf(env: Env): string | undefined {
  const value = optionalStr(env, 'CRAWLER_CONTACT');
  if (value === undefined) return undefined;
  try {
    return parseContact(value);
  } catch (e) {
    throw new ConfigError('CRAWLER_CONTACT', (e as Error).message);
  }
}

/** DATABASE_URL, a postgres:// or postgresql:// URL; the message never repeats it (it may hold a password). */
function databaseUrlOf(env: Env): string | undefined {
  const url = optionalStr(env, 'DATABASE_URL');
  if (url === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('DATABASE_URL', 'expected a URL such as postgres://user@host:5432/database');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new ConfigError('DATABASE_URL', `expected a postgres:// or postgresql:// URL, got a ${parsed.protocol} one`);
  }
  if (parsed.pathname.length <= 1)
    throw new ConfigError('DATABASE_URL', 'name the database in the path (postgres://host:5432/lens)');
  return url;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const v = str(env, name, fallback ? '1' : '0').toLowerCase();
  if (['1', 'true', 'yes'].includes(v)) return true;
  if (['0', 'false', 'no'].includes(v)) return false;
  throw new ConfigError(name, `expected 1 or 0, got "${v}"`);
}

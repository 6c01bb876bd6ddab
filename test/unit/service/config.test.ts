import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../proxy/lib/env.js';
import { defaultThreads } from '../../../proxy/analysis-pool/index.js';
import { loadServiceConfig } from '../../../proxy/service/config.js';

describe('loadServiceConfig', () => {
  it('has the documented defaults', () => {
    expect(loadServiceConfig({})).toEqual({
      host: '127.0.0.1',
      port: 8788,
      dataDir: resolve('./data'),
      crawlOverrides: undefined,
      crawlConcurrency: 8,
      refreshDays: 7,
      queueLimits: { maxQueued: 10_000, newPerClientPerMinute: 60 },
      auditRetentionDays: 180,
      purgeUnusedDays: null,
      rankListPath: undefined,
      crawlerContact: undefined,
      trustProxy: 0,
      allowedHosts: [],
      logLevel: 'info',
      databaseUrl: undefined,
      serviceCrawls: false,
      postgres: { poolMax: 10, jobExpireSeconds: 60, jobCheckSeconds: 30, jobPollSeconds: 2 },
      analysis: { budgetMs: 2000, threads: defaultThreads() },
    });
  });

  it('reads the analysis budget and threads, each within its bounds', () => {
    expect(loadServiceConfig({ ANALYSIS_BUDGET_MS: '200', ANALYSIS_THREADS: '3' }).analysis).toEqual({
      budgetMs: 200,
      threads: 3,
    });
    expect(() => loadServiceConfig({ ANALYSIS_BUDGET_MS: '5' })).toThrow(/^ANALYSIS_BUDGET_MS: /);
    expect(() => loadServiceConfig({ ANALYSIS_BUDGET_MS: 'soon' })).toThrow(/^ANALYSIS_BUDGET_MS: /);
    expect(() => loadServiceConfig({ ANALYSIS_THREADS: '0' })).toThrow(/^ANALYSIS_THREADS: /);
  });

  it('reads the PostgreSQL settings; the URL is checked but never repeated in a message (it may hold a password)', () => {
    const c = loadServiceConfig({
      DATABASE_URL: 'postgres://lens:secret@db.internal:5432/lens',
      SERVICE_CRAWLS: '1',
      DATABASE_POOL_MAX: '20',
      CRAWL_JOB_EXPIRE_SECONDS: '90',
      CRAWL_JOB_CHECK_SECONDS: '10',
      CRAWL_JOB_POLL_SECONDS: '5',
    });
    expect(c).toMatchObject({
      databaseUrl: 'postgres://lens:secret@db.internal:5432/lens',
      serviceCrawls: true,
      postgres: { poolMax: 20, jobExpireSeconds: 90, jobCheckSeconds: 10, jobPollSeconds: 5 },
    });
    expect(() => loadServiceConfig({ DATABASE_URL: 'mysql://u:secret@h/db' })).toThrow(
      /^DATABASE_URL: expected a postgres:\/\/ or postgresql:\/\/ URL, got a mysql: one$/,
    );
    expect(() => loadServiceConfig({ DATABASE_URL: 'postgres://u:secret@h:5432' })).toThrow(
      /^DATABASE_URL: name the database/,
    );
    expect(() => loadServiceConfig({ DATABASE_URL: 'not a url secret' })).toThrow(/^DATABASE_URL: expected a URL/);
  });

  it('reads every variable', () => {
    const c = loadServiceConfig({
      HOST: '0.0.0.0',
      PORT: '0',
      DATA_DIR: '/tmp/x',
      CRAWL_OVERRIDES: '*.test=http://127.0.0.1:9',
      CRAWL_CONCURRENCY: '2',
      REFRESH_DAYS: '30',
      CRAWL_QUEUE_MAX: '500',
      CRAWL_NEW_PER_MINUTE: '5',
      RANKLIST_CSV: '/tmp/ranks.csv',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'SILENT',
      AUDIT_RETENTION_DAYS: '30',
      PURGE_UNUSED_DAYS: '90',
      CRAWLER_CONTACT: ' mailto:crawler@example.org ',
    });
    expect(c).toMatchObject({
      auditRetentionDays: 30,
      purgeUnusedDays: 90,
      crawlerContact: 'mailto:crawler@example.org',
    });
    expect(c).toMatchObject({
      host: '0.0.0.0',
      port: 0,
      dataDir: '/tmp/x',
      crawlConcurrency: 2,
      refreshDays: 30,
      queueLimits: { maxQueued: 500, newPerClientPerMinute: 5 },
      trustProxy: 1,
      logLevel: 'silent',
    });
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', 'http'],
    ['CRAWL_CONCURRENCY', '0'],
    ['REFRESH_DAYS', '-1'],
    ['CRAWL_QUEUE_MAX', '0'],
    ['CRAWL_NEW_PER_MINUTE', 'many'],
    ['TRUST_PROXY', 'true'],
    ['LOG_LEVEL', 'loud'],
    ['HOST', 'a b'],
    ['SERVICE_CRAWLS', 'maybe'],
    ['DATABASE_POOL_MAX', '1'],
    ['CRAWL_JOB_EXPIRE_SECONDS', '1'],
    ['AUDIT_RETENTION_DAYS', '0'],
    ['PURGE_UNUSED_DAYS', '0'],
    ['PURGE_UNUSED_DAYS', 'never'],
    ['CRAWLER_CONTACT', 'ftp://example.org/'],
  ])('%s=%s stops with a message naming the variable', (name, value) => {
    expect(() => loadServiceConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadServiceConfig({ [name]: value })).toThrow(new RegExp(`^${name}:`));
  });
});

/**
 * The PostgreSQL store (`DATABASE_URL`): the schema migrated at start, every part of the
 * storage port over one connection pool, the crawl jobs on pg-boss in the same database (its
 * own schema, `pgboss`, which it creates and migrates itself), and one listening connection for
 * the events every replica hears. Any number of processes open it at once.
 */
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from '../../../lib/logger.js';
import { BOSS_QUERY_TIMEOUT_MS, bossDb } from '../../queue/pgboss-db.js';
import { BOSS_SCHEMA } from '../../queue/pgboss-job.js';
import { PgBossJobs } from '../../queue/pgboss-jobs.js';
import type { RegistryStore } from '../registry-store.js';
import { createPool, statement } from './db.js';
import { PgKeys } from './keys.js';
import { PgMaintenance } from './maintenance.js';
import { migratePg } from './migrations.js';
import { PgEvents } from './notify.js';
import { PgPreview } from './preview-store.js';
import { PgRecords } from './records.js';
import { PgUsage } from './usage.js';
import { StoreAvailability } from '../availability.js';
import { pgOutageCause } from './outage.js';
import { pgProbe } from './probe.js';

export interface PgStoreOptions {
  log: Logger;
  /** Connections this process may hold (DATABASE_POOL_MAX), default 10. */
  poolMax?: number;
  /** CRAWL_JOB_EXPIRE_SECONDS: a running job not finished within this is run again (its worker is taken as dead). */
  jobExpireSeconds?: number;
  /** CRAWL_JOB_CHECK_SECONDS: how often some process looks for expired jobs (pg-boss maintenance). */
  jobCheckSeconds?: number;
  /** CRAWL_JOB_POLL_SECONDS: how often idle workers look for due jobs. */
  jobPollSeconds?: number;
  /** Shown in pg_stat_activity. */
  role?: string;
}

export interface PgStore extends RegistryStore {
  readonly queue: PgBossJobs;
  /** The pool, for tests and benchmarks that look under the port. */
  readonly pool: pg.Pool;
}

export async function openPgStore(url: string, opts: PgStoreOptions): Promise<PgStore> {
  const applicationName = `ai-policy-lens-${opts.role ?? 'service'}`;
  // Migrations may run long (an index on a large table): on a connection of their own, without the pool's statement
  // limit.
  const migrations = createPool(url, { max: 1, applicationName, queryTimeoutMs: 0 });
  try {
    await migratePg(migrations);
  } finally {
    await migrations.end();
  }
  const pool = createPool(url, { max: opts.poolMax, applicationName });
  let closed = false;
  // Whether the database answers: one log line when it stops and one when it is back, whatever fails in between.
  const probe = pgProbe(url);
  const availability = new StoreAvailability({
    database: 'PostgreSQL',
    probe: () => probe.probe(),
    isOutage: pgOutageCause,
    log: opts.log,
  });
  const quiet = (err: Error, say: () => void) => void (availability.report(err) === null && say());
  const events = new PgEvents(url, (err) =>
    quiet(err, () => opts.log.warn({ err }, 'PostgreSQL event connection lost; reconnecting')),
  );
  // pg-boss runs its statements on our pool (queue/pgboss-db.ts: never an error it would leave unhandled).
  const boss = new PgBoss({
    db: bossDb({
      pool,
      closed: () => closed,
      unended: (err) =>
        quiet(err, () => opts.log.warn({ err }, 'pg-boss could not end a job; it runs again once it expires')),
    }),
    schema: BOSS_SCHEMA,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: opts.jobCheckSeconds ?? 30,
    // Finished jobs leave the job table after an hour (kept in pg-boss's archive for 7 days).
    archiveCompletedAfterSeconds: 3_600,
  });
  boss.on('error', (err) => quiet(err, () => opts.log.warn({ err }, 'pg-boss')));
  const queue = new PgBossJobs(pool, boss, events, {
    expireSeconds: opts.jobExpireSeconds ?? 60,
    pollSeconds: opts.jobPollSeconds ?? 2,
    outage: (err) => availability.report(err),
  });
  try {
    await events.ready;
    await startBoss(pool, boss, queue);
  } catch (err) {
    closed = true;
    availability.close();
    probe.close();
    await events.close();
    await pool.end();
    throw err;
  }
  return {
    pool,
    availability,
    records: new PgRecords(pool, queue, events),
    queue,
    keys: new PgKeys(pool),
    usage: new PgUsage(pool),
    preview: new PgPreview(pool),
    maintenance: new PgMaintenance(pool),
    async close() {
      if (closed) return;
      await boss.stop({ graceful: false, close: false });
      closed = true;
      availability.close();
      probe.close();
      await events.close();
      await pool.end();
    },
  };
}

/** pg-boss's own schema install races when processes start together on a new database ("duplicate key ... pg_namespace"): one at a time. */
const BOSS_START_LOCK = 0x626f7373;

async function startBoss(pool: pg.Pool, boss: PgBoss, queue: PgBossJobs): Promise<void> {
  const lock = await pool.connect();
  try {
    // Waits for another process's start (pg-boss's install may take a while): past the pool's statement limit.
    await lock.query(statement('SELECT pg_advisory_lock($1)', [BOSS_START_LOCK], BOSS_QUERY_TIMEOUT_MS));
    await boss.start();
    await queue.createQueue();
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [BOSS_START_LOCK]).catch(() => undefined);
    lock.release();
  }
}

/**
 * pg-boss's statements on the store's pool (so they can join the store's transactions). Two
 * rules its own pool adapter (pg-boss src/db.js) does not need, because it does not see them:
 *
 * - After the store closed, a statement gets no result instead of an error from a closed pool.
 * - pg-boss ends a worker's job with complete() or fail() without awaiting either (pg-boss 10
 *   src/manager.js, work()): when the database is down at that moment, the rejection would go
 *   unhandled and end the process. Their failure is passed to `unended` and answered with no
 *   result; the job stays active until it expires, and pg-boss runs it again (as when a worker
 *   is killed mid-crawl). A crawl that was stored ended its job in the storing transaction.
 */
import { createRequire } from 'node:module';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { statement } from '../store/pg/db.js';
import { BOSS_SCHEMA } from './pgboss-job.js';

/** pg-boss's SQL for its statements (pg-boss 10 src/plans.js; the package has no `exports` map, so the path resolves). */
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};
/** The statements pg-boss sends without awaiting them. */
export const UNAWAITED = new Set([plans.completeJobs(BOSS_SCHEMA), plans.failJobsById(BOSS_SCHEMA)]);

/** pg-boss's own statements: maintenance over many finished jobs, its schema install at start. */
export const BOSS_QUERY_TIMEOUT_MS = 120_000;

export interface BossDbOptions {
  pool: pg.Pool;
  closed: () => boolean;
  /** A job's complete() or fail() failed: told, never thrown. */
  unended: (err: Error) => void;
}

export function bossDb(o: BossDbOptions): PgBoss.Db {
  const none = undefined as unknown as { rows: [] };
  return {
    async executeSql(text, values) {
      if (o.closed()) return none;
      try {
        return await o.pool.query(statement(text, values, BOSS_QUERY_TIMEOUT_MS));
      } catch (err) {
        if (!UNAWAITED.has(text)) throw err;
        o.unended(err as Error);
        return none;
      }
    },
  };
}

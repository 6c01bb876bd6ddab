/**
 * The PostgreSQL connection pool and the two ways the store talks through it: one statement on
 * any pooled connection, or a transaction on one connection. A transaction that loses a
 * deadlock or a serialization conflict to another replica is run again from the start
 * (PostgreSQL's advice for SQLSTATE 40P01 and 40001); anything else is thrown.
 */
import pg from 'pg';
import { CONNECT_TIMEOUT_MS, QUERY_TIMEOUT_MS, pgOutageCause } from './outage.js';

/** What a statement runs on: the pool, or the client of a transaction. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** int8 (count(*), epoch ms columns) as a JS number: every value stored here is below 2^53. */
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): ((v: string) => unknown) =>
    oid === INT8_OID
      ? (v: string) => Number(v)
      : (pg.types.getTypeParser(oid, format) as (v: string) => unknown)) as typeof pg.types.getTypeParser,
};

export interface PoolOptions {
  /** Connections this process may hold (DATABASE_POOL_MAX). */
  max?: number;
  /** Shown in pg_stat_activity: which role of the service holds a connection. */
  applicationName?: string;
  /**
   * Each statement's client-side limit (QUERY_TIMEOUT_MS by default): a frozen database fails
   * the statement instead of holding the request. 0 for none (migrations, which may be long).
   */
  queryTimeoutMs?: number;
}

export function createPool(url: string, opts: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    application_name: opts.applicationName ?? 'ai-policy-lens',
    types,
    // The default for counting and crawls, as SQLite's WAL with synchronous=NORMAL
    // (store/sqlite/open.ts): a commit is acknowledged before its WAL record reaches the disk,
    // so a killed service process loses nothing, and a crash of the database (its server
    // killed, its machine lost) can lose the last fraction of a second of commits (never
    // consistency). Without it every per-key usage count and every stored crawl waits for an
    // fsync: one key's requests counted 10 at once, measured on this machine through the store
    // alone, about 750 a second with it and 2,800 without. What the service promises a client
    // once (a new key, a purge) commits through durableTransaction() instead.
    options: '-c synchronous_commit=off',
    // A connection that cannot be had in a few seconds is an outage (availability.ts), not a queue to wait in.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(opts.queryTimeoutMs === 0 ? {} : { query_timeout: opts.queryTimeoutMs ?? QUERY_TIMEOUT_MS }),
  });
  // An idle connection the server closed (a restart, a failover) is dropped from the pool; the
  // next query opens a new one. Without a listener the error would end the process.
  pool.on('error', () => undefined);
  return pool;
}

/** A statement with its own client-side limit (pg reads `query_timeout` from a query's config, lib/client.js; @types/pg lacks it). */
export const statement = (text: string, values: unknown[] | undefined, timeoutMs: number): pg.QueryConfig =>
  ({ text, values, query_timeout: timeoutMs }) as pg.QueryConfig;

const RETRYABLE = new Set(['40P01', '40001']);
const MAX_TRIES = 5;

/**
 * Runs `fn` in one transaction (READ COMMITTED), again from the start after a deadlock or
 * serialization failure. A connection lost or timed out is dropped from the pool, not rolled
 * back: a ROLLBACK would wait behind the statement that hangs.
 */
export async function transaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const out = await fn(client);
      await client.query('COMMIT');
      return out;
    } catch (err) {
      if (pgOutageCause(err) !== null) broken = err as Error;
      else await client.query('ROLLBACK').catch(() => undefined);
      if (!broken && attempt < MAX_TRIES && RETRYABLE.has((err as { code?: string }).code ?? '')) continue;
      throw err;
    } finally {
      client.release(broken);
    }
  }
}

/**
 * A transaction whose commit is on the disk before it resolves (`synchronous_commit = on` for
 * it alone): for writes whose loss would break a promise made to a client, such as an API key
 * shown once. It waits for one WAL flush (a few milliseconds on a disk, more on a busy one).
 */
export function durableTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return transaction(pool, async (client) => {
    await client.query('SET LOCAL synchronous_commit = on');
    return fn(client);
  });
}

/** Rows of one statement. */
export async function rows<R extends pg.QueryResultRow>(
  db: Queryable,
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  return (await db.query<R>(sql, params)).rows;
}

/** The first row of one statement, or undefined. */
export async function row<R extends pg.QueryResultRow>(
  db: Queryable,
  sql: string,
  params: unknown[] = [],
): Promise<R | undefined> {
  return (await db.query<R>(sql, params)).rows[0];
}

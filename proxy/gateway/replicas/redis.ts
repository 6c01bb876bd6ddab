/**
 * The gateway's Redis connections when REDIS_URL is set: one for commands and one
 * for pub/sub (a subscribed ioredis connection takes no other commands). Every key starts
 * with KEY_PREFIX, so a Redis shared with other programs keeps them apart.
 *
 * A command waits at most COMMAND_TIMEOUT_MS and is not retried on a lost connection: the
 * callers (cache, single-flight, pacing, rate limit) each fall back to local behaviour when
 * Redis does not answer, and a request is never held for Redis. A frozen Redis is found by a
 * ping every WATCH_MS and its connection dropped. The outage is logged once, and its end once;
 * /healthz names it (`dependencies.redis`).
 */
import { Redis } from 'ioredis';
import { ConfigError } from '../../lib/env.js';
import type { Logger } from '../../lib/logger.js';

export const KEY_PREFIX = 'lens:gw:';
const COMMAND_TIMEOUT_MS = 1_000;
/**
 * How often the command connection is pinged. A Redis that is frozen (its socket open, nothing
 * answering) would cost every request a command timeout per Redis call: after one ping without
 * an answer the connection is dropped, and while ioredis connects again every command fails at
 * once (no offline queue), so requests go on locally without waiting.
 */
const WATCH_MS = 1_000;

export interface SharedRedis {
  readonly client: Redis;
  readonly subscriber: Redis;
  /** Whether Redis answers now (false from the first failure until a connection is ready again). */
  up(): boolean;
  close(): Promise<void>;
}

/** Connects both connections and checks Redis answers; rejects with a message that names REDIS_URL (never its password). */
export async function connectRedis(url: string, logger?: Logger): Promise<SharedRedis> {
  // No offline queue: while Redis is away a command fails at once and the caller goes on alone.
  const options = {
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    enableOfflineQueue: false,
  };
  const client = new Redis(url, options);
  const subscriber = new Redis(url, { ...options, commandTimeout: undefined });
  // ioredis reconnects by itself; the outage is said once, not per retry or per connection.
  let down = false;
  const lost = (err: string) => {
    if (!down) logger?.warn({ err }, 'Redis connection failed; serving from this replica alone until it is back');
    down = true;
  };
  for (const c of [client, subscriber]) {
    c.on('error', (e: Error) => lost(e.message));
    c.on('reconnecting', () => lost('connection lost'));
    c.on('ready', () => {
      if (down) logger?.info('Redis connection back; sharing again');
      down = false;
    });
  }
  try {
    await Promise.all([client.connect(), subscriber.connect()]);
    await client.ping();
  } catch (e) {
    client.disconnect();
    subscriber.disconnect();
    throw new ConfigError('REDIS_URL', `cannot reach Redis (${e instanceof Error ? e.message : String(e)})`);
  }
  const watchdog = setInterval(() => {
    if (client.status !== 'ready') return;
    client.ping().catch(() => {
      if (client.status !== 'ready') return;
      lost(`no answer within ${COMMAND_TIMEOUT_MS / 1000} s`);
      client.disconnect(true);
    });
  }, WATCH_MS);
  watchdog.unref();
  return {
    client,
    subscriber,
    up: () => !down,
    async close() {
      clearInterval(watchdog);
      await Promise.allSettled([client.quit(), subscriber.quit()]);
    },
  };
}

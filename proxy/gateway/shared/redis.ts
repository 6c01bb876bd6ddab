/**
 * The gateway's Redis connections when REDIS_URL is set (issue 14): one for commands and one
 * for pub/sub (a subscribed ioredis connection takes no other commands). Every key starts
 * with KEY_PREFIX, so a Redis shared with other programs keeps them apart.
 *
 * A command waits at most COMMAND_TIMEOUT_MS and is not retried on a lost connection: the
 * callers (cache, single-flight, pacing, rate limit) each fall back to local behaviour when
 * Redis does not answer, and a request is never held for Redis.
 */
import { Redis } from 'ioredis';
import { ConfigError } from '../../lib/env.js';
import type { Logger } from '../../lib/logger.js';

export const KEY_PREFIX = 'lens:gw:';
const COMMAND_TIMEOUT_MS = 1_000;

export interface SharedRedis {
  readonly client: Redis;
  readonly subscriber: Redis;
  close(): Promise<void>;
}

/** Connects both connections and checks Redis answers; rejects with a message that names REDIS_URL (never its password). */
export async function connectRedis(url: string, logger?: Logger): Promise<SharedRedis> {
  const options = { commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1, lazyConnect: true };
  const client = new Redis(url, options);
  const subscriber = new Redis(url, { ...options, commandTimeout: undefined });
  let warned = false;
  for (const c of [client, subscriber]) {
    c.on('error', (e: Error) => {
      // ioredis reconnects by itself; say it once per outage, not per retry.
      if (!warned) logger?.warn({ err: e.message }, 'Redis connection failed; serving from this replica alone until it is back');
      warned = true;
    });
    c.on('ready', () => (warned = false));
  }
  try {
    await Promise.all([client.connect(), subscriber.connect()]);
    await client.ping();
  } catch (e) {
    client.disconnect();
    subscriber.disconnect();
    throw new ConfigError('REDIS_URL', `cannot reach Redis (${e instanceof Error ? e.message : String(e)})`);
  }
  return {
    client,
    subscriber,
    async close() {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
    },
  };
}

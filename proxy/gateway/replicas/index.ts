/**
 * What gateway replicas share through Redis when REDIS_URL is set (docs/self-hosting.md,
 * "Scaling out"): the answer cache (second level) and the drops from it, the
 * single-flight of upstream calls and held reads, the "Check again" marks, the rate-limit
 * counters (rate-limit-redis) and the upstream key's pacing budget. Without
 * REDIS_URL none of this is built and each gateway keeps its own, as before.
 */
import type { Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { PacingBudget } from '../../upstream/pacer.js';
import type { RecheckMarks } from '../held/marks.js';
import { RedisRecheckMarks } from '../held/redis-marks.js';
import type { Flight, InvalidationBus, SecondLevel } from '../response-cache.js';
import { RedisBus } from './redis-bus.js';
import { RedisFlight } from './flight.js';
import { KEY_PREFIX, connectRedis } from './redis.js';
import { RedisPacer } from './redis-pacer.js';
import { RedisCacheStore } from './redis-store.js';

export interface SharedState {
  store: SecondLevel;
  flight: Flight;
  bus: InvalidationBus;
  recheckMarks: RecheckMarks;
  rateLimitStore: Store;
  /** Whether Redis answers now (/healthz). */
  redisUp(): boolean;
  /** The pacing budget for the remote source, with the upstream settings. */
  pacer(settings: { limit: number; windowMs: number; maxWaitMs: number }): PacingBudget;
  close(): Promise<void>;
}

export async function connectSharedState(url: string, clock: Clock, logger?: Logger): Promise<SharedState> {
  const redis = await connectRedis(url, logger);
  const client = redis.client;
  return {
    store: new RedisCacheStore(client),
    flight: new RedisFlight(redis, logger),
    bus: new RedisBus(redis, logger),
    recheckMarks: new RedisRecheckMarks(client, clock, logger),
    // rate-limit-redis's documented ioredis wiring.
    rateLimitStore: new RedisStore({
      sendCommand: (command: string, ...args: string[]) => client.call(command, ...args) as Promise<RedisReply>,
      prefix: `${KEY_PREFIX}rl:`,
    }),
    pacer: (settings) => new RedisPacer(client, { ...settings, clock, logger }),
    redisUp: () => redis.up(),
    close: () => redis.close(),
  };
}

/**
 * The upstream key's pacing budget shared by every replica: the same rule as the
 * local Pacer (proxy/upstream/pacer.ts: at most `limit` calls start in any sliding window, a
 * call queues for its slot up to `maxWaitMs`, a 429 pauses everyone), with the start times in
 * one Redis sorted set and the reservation made atomically by a Lua script, so N replicas
 * together stay within the key's 200 a minute. Replicas' clocks are assumed to agree within
 * the window's margin (the default window is the seed's minute plus a second).
 *
 * If Redis cannot be reached, the replica paces itself with its own Pacer meanwhile.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { onceEvery } from '../../lib/throttle.js';
import {
  Pacer,
  sleep,
  slotRule,
  slotTooFar,
  type AcquireOptions,
  type PacerOptions,
  type PacingBudget,
} from '../../upstream/pacer.js';
import { KEY_PREFIX } from './redis.js';

const STARTS = `${KEY_PREFIX}pace:starts`;
const PAUSED = `${KEY_PREFIX}pace:paused`;

/**
 * KEYS: starts (zset member → start ms), paused-until (ms). ARGV: now, limit, window, max wait,
 * member. Returns {at, 0, paused-until} for a granted slot, {-1, wait, paused-until} when the
 * slot is too far away.
 */
const RESERVE = `
local now, limit, window, maxWait = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local at = math.max(now, tonumber(redis.call('GET', KEYS[2]) or '0'))
local n = redis.call('ZCARD', KEYS[1])
if n >= limit then
  local kth = redis.call('ZRANGE', KEYS[1], n - limit, n - limit, 'WITHSCORES')
  at = math.max(at, tonumber(kth[2]) + window)
end
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if at - now > maxWait then return {-1, at - now, paused} end
redis.call('ZADD', KEYS[1], at, ARGV[5])
redis.call('PEXPIRE', KEYS[1], at - now + window)
return {at, 0, paused}`;

/** KEYS: paused-until. ARGV: until (ms), ttl (ms). Keeps the later of the two. */
const PAUSE = `
local cur = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > cur then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
return 0`;

export class RedisPacer implements PacingBudget {
  private readonly local: Pacer;
  private pausedUntilMs = 0;
  /** At most once a minute: while Redis is away every call would say the same. */
  private readonly warn = onceEvery(
    60_000,
    (e: unknown) =>
      this.opts.logger?.warn(
        { err: String(e) },
        'shared pacing unavailable (Redis); pacing this replica alone meanwhile',
      ),
    () => this.opts.clock.now(),
  );

  constructor(
    private readonly redis: Redis,
    private readonly opts: Omit<PacerOptions, 'sleep'> & { logger?: Logger },
  ) {
    this.local = new Pacer(opts);
  }

  private get clock(): Clock {
    return this.opts.clock;
  }

  async acquire(signal?: AbortSignal, opts?: AcquireOptions): Promise<void> {
    const now = this.clock.now();
    const member = randomUUID();
    const { limit, maxWaitMs } = slotRule(this.opts.limit, this.opts.maxWaitMs, opts);
    if (limit < 1) throw slotTooFar(this.opts.windowMs);
    let reply: [number, number, number];
    try {
      reply = (await this.redis.eval(
        RESERVE,
        2,
        STARTS,
        PAUSED,
        now,
        limit,
        this.opts.windowMs,
        maxWaitMs,
        member,
      )) as [number, number, number];
    } catch (e) {
      this.warn(e);
      return this.local.acquire(signal, opts);
    }
    const [at, wait, paused] = reply;
    this.pausedUntilMs = Math.max(this.pausedUntilMs, paused);
    if (at < 0) throw slotTooFar(wait);
    if (at > now) {
      try {
        await sleep(at - now, signal);
      } catch (e) {
        // Give the slot back so an aborted caller does not spend budget it never used.
        await this.redis.zrem(STARTS, member).catch(() => undefined);
        throw e;
      }
    }
  }

  pause(retryAfterSec: number): void {
    const until = this.clock.now() + retryAfterSec * 1000;
    this.pausedUntilMs = Math.max(this.pausedUntilMs, until);
    this.local.pause(retryAfterSec);
    this.redis.eval(PAUSE, 1, PAUSED, until, retryAfterSec * 1000 + 1_000).catch((e: unknown) => this.warn(e));
  }

  /** As last seen by this replica (another replica's pause is learnt at the next reservation). */
  pausedUntil(): number | null {
    return this.pausedUntilMs > this.clock.now() ? this.pausedUntilMs : null;
  }

  async used(): Promise<number> {
    try {
      return await this.redis.zcount(STARTS, `(${this.clock.now() - this.opts.windowMs}`, '+inf');
    } catch {
      return this.local.used();
    }
  }
}

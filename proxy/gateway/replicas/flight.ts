/**
 * Single-flight across gateway replicas: for one cache key, one replica calls the
 * upstream and the others wait for its answer in the shared cache, so the upstream sees one
 * call per domain however many replicas were asked (LIBRARIES "scale-out").
 *
 * The replica that sets `lens:gw:lock:{key}` (SET NX PX) leads: it loads, stores the answer,
 * deletes its lock (only its own: compare-and-delete) and publishes the key on
 * `lens:gw:filled`. The others wait for that message, or look every POLL_MS in case it was
 * missed, then read the shared cache. When the lock is gone without an answer (the leader's
 * call failed, or it died and the lock expired after LOCK_MS) the next one leads. If Redis
 * cannot be reached, each replica loads for itself.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../lib/logger.js';
import { onceEvery } from '../../lib/throttle.js';
import type { Flight } from '../response-cache.js';
import { KEY_PREFIX, type SharedRedis } from './redis.js';

/** Longer than the slowest upstream call: 3 attempts of 5 s, backoff, and a 5 s wait for a pacing slot. */
const LOCK_MS = 30_000;
const POLL_MS = 100;
const CHANNEL = `${KEY_PREFIX}filled`;

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

export class RedisFlight implements Flight {
  private readonly waiting = new Map<string, Set<() => void>>();
  private readonly ready: Promise<unknown>;
  /** At most once a minute: while Redis is away every miss would say the same. */
  private readonly warn = onceEvery(60_000, (e: unknown, msg: string) => this.logger?.warn({ err: String(e) }, msg));

  constructor(
    private readonly redis: SharedRedis,
    private readonly logger?: Logger,
  ) {
    this.redis.subscriber.on('message', (channel: string, key: string) => {
      if (channel !== CHANNEL) return;
      for (const wake of this.waiting.get(key) ?? []) wake();
    });
    this.ready = this.redis.subscriber
      .subscribe(CHANNEL)
      .catch((e: unknown) => this.logger?.warn({ err: String(e) }, 'Redis subscribe failed; replicas will poll'));
  }

  async once<T>(key: string, lead: () => Promise<T>, follow: () => Promise<T | undefined>): Promise<T> {
    await this.ready;
    const lock = `${KEY_PREFIX}lock:${key}`;
    const giveUpAt = Date.now() + 2 * LOCK_MS;
    for (;;) {
      const token = randomUUID();
      let mine: boolean;
      try {
        mine = (await this.redis.client.set(lock, token, 'PX', LOCK_MS, 'NX')) === 'OK';
      } catch (e) {
        this.warn(e, 'Redis lock failed; loading without cross-replica single-flight');
        return lead();
      }
      if (mine) {
        try {
          return await lead();
        } finally {
          await this.redis.client
            .eval(RELEASE, 1, lock, token)
            .then(() => this.redis.client.publish(CHANNEL, key))
            .catch((e: unknown) => this.warn(e, 'Redis unlock failed; the lock expires by itself'));
        }
      }
      const answer = await this.waitFor(key, lock, follow);
      if (answer !== undefined) return answer;
      if (Date.now() > giveUpAt) return lead();
    }
  }

  /** The leader's answer once it is in the shared cache, or undefined when the lock went away without one. */
  private async waitFor<T>(key: string, lock: string, follow: () => Promise<T | undefined>): Promise<T | undefined> {
    for (;;) {
      await this.message(key);
      const answer = await follow();
      if (answer !== undefined) return answer;
      const held = await this.redis.client.exists(lock).catch(() => 0);
      if (!held) return follow();
    }
  }

  /** Resolves on the next "filled" message for `key`, or after POLL_MS. */
  private message(key: string): Promise<void> {
    return new Promise((resolve) => {
      const set = this.waiting.get(key) ?? new Set();
      this.waiting.set(key, set);
      const wake = () => {
        clearTimeout(timer);
        set.delete(wake);
        if (set.size === 0) this.waiting.delete(key);
        resolve();
      };
      const timer = setTimeout(wake, POLL_MS);
      set.add(wake);
    });
  }
}

/**
 * Drops from the cache, told to every replica: when one replica learns that a
 * queued domain is found, or a check of a domain was asked for, the others drop the answers
 * they hold in memory for it, so no replica serves a queued answer after the record exists.
 * One message on `lens:gw:dropped`: the sender's id, whether only queued answers go, and the
 * keys. A replica ignores its own messages (it dropped its copies before publishing).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../lib/logger.js';
import { onceEvery } from '../../lib/throttle.js';
import type { InvalidationBus } from '../response-cache.js';
import { KEY_PREFIX, type SharedRedis } from './redis.js';

const CHANNEL = `${KEY_PREFIX}dropped`;

interface Message {
  from: string;
  queuedOnly: boolean;
  keys: string[];
}

export class RedisBus implements InvalidationBus {
  private readonly id = randomUUID();
  private readonly warn = onceEvery(60_000, (e: unknown) =>
    this.logger?.warn({ err: String(e) }, 'Redis publish failed; other replicas keep their copies until they expire'),
  );

  constructor(
    private readonly redis: SharedRedis,
    private readonly logger?: Logger,
  ) {
    redis.subscriber
      .subscribe(CHANNEL)
      .catch((e: unknown) => this.logger?.warn({ err: String(e) }, 'Redis subscribe failed; drops are not shared'));
  }

  publish(keys: readonly string[], queuedOnly: boolean): void {
    const m: Message = { from: this.id, queuedOnly, keys: [...keys] };
    this.redis.client.publish(CHANNEL, JSON.stringify(m)).catch((e: unknown) => this.warn(e));
  }

  subscribe(drop: (keys: string[], queuedOnly: boolean) => void): void {
    this.redis.subscriber.on('message', (channel: string, text: string) => {
      if (channel !== CHANNEL) return;
      const m = parse(text);
      if (m && m.from !== this.id) drop(m.keys, m.queuedOnly);
    });
  }
}

/** Messages come from our own replicas, but Redis may be shared: only the expected shape is used. */
function parse(text: string): Message | undefined {
  try {
    const m = JSON.parse(text) as Partial<Message>;
    const ok =
      typeof m.from === 'string' &&
      typeof m.queuedOnly === 'boolean' &&
      Array.isArray(m.keys) &&
      m.keys.every((k) => typeof k === 'string');
    return ok ? (m as Message) : undefined;
  } catch {
    return undefined;
  }
}

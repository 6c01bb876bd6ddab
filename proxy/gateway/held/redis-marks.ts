/**
 * RecheckMarks (marks.ts) shared by every replica through Redis: a domain's turn is
 * `lens:gw:rk:turn:{domain}` (SET NX PX: one replica takes it), a pending check is
 * `lens:gw:rk:pending:{domain}` holding the ETag it replaces. Both expire by themselves. If
 * Redis cannot be reached, the replica keeps its own marks meanwhile.
 */
import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { onceEvery } from '../../lib/throttle.js';
import { LocalRecheckMarks, PENDING_MS, RECHECK_TURN_MS, secondsUntil, type RecheckMarks } from './marks.js';
import { KEY_PREFIX } from '../replicas/redis.js';

const turnKey = (d: string) => `${KEY_PREFIX}rk:turn:${d}`;
const pendingKey = (d: string) => `${KEY_PREFIX}rk:pending:${d}`;

export class RedisRecheckMarks implements RecheckMarks {
  private readonly local: LocalRecheckMarks;
  private readonly warn = onceEvery(60_000, (e: unknown) =>
    this.logger?.warn(
      { err: String(e) },
      'shared recheck marks unavailable (Redis); this replica keeps its own meanwhile',
    ),
  );

  constructor(
    private readonly redis: Redis,
    clock: Clock,
    private readonly logger?: Logger,
  ) {
    this.local = new LocalRecheckMarks(clock);
  }

  private async shared<T>(run: () => Promise<T>, alone: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (e) {
      this.warn(e);
      return alone();
    }
  }

  take(domain: string): Promise<number> {
    return this.shared(
      async () => {
        if ((await this.redis.set(turnKey(domain), '1', 'PX', RECHECK_TURN_MS, 'NX')) === 'OK') return 0;
        return secondsUntil(Math.max(0, await this.redis.pttl(turnKey(domain))));
      },
      () => this.local.take(domain),
    );
  }

  turnIn(domain: string, seconds: number): Promise<void> {
    return this.shared(
      async () => {
        if (seconds <= 0) await this.redis.del(turnKey(domain));
        else await this.redis.set(turnKey(domain), '1', 'PX', seconds * 1000);
      },
      () => this.local.turnIn(domain, seconds),
    );
  }

  setPending(domain: string, before: string): Promise<void> {
    return this.shared(
      async () => void (await this.redis.set(pendingKey(domain), before, 'PX', PENDING_MS)),
      () => this.local.setPending(domain, before),
    );
  }

  pending(domain: string): Promise<string | undefined> {
    return this.shared(
      async () => (await this.redis.get(pendingKey(domain))) ?? undefined,
      () => this.local.pending(domain),
    );
  }

  clearPending(domain: string): Promise<void> {
    return this.shared(
      async () => void (await this.redis.del(pendingKey(domain))),
      () => this.local.clearPending(domain),
    );
  }
}

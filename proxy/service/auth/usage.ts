/** The seed's per-key limits, counted by the store (limits/usage-count.ts is the rule). */
import type { LimitType } from '../../../shared/values.js';
import { KEY_LIMITS, type UsageState } from '../limits/usage-count.js';
import type { UsageStore } from '../store/registry-store.js';

export { KEY_LIMITS };

/** The limits of every key, over the store that counts them. */
export class KeyUsage {
  constructor(
    private readonly store: UsageStore,
    readonly limits: Readonly<Record<LimitType, number>> = KEY_LIMITS,
  ) {}

  consume(keyId: number, nowMs: number, weight = 1): Promise<UsageState> {
    return this.store.consume(keyId, nowMs, this.limits, weight);
  }
}

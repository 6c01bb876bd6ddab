/**
 * A client's budget of new domains in the current minute (`CRAWL_NEW_PER_MINUTE`): the
 * arithmetic both queues share. Each backend reads the stored row, spends inside its admission
 * transaction, then writes `saved` back when anything was spent.
 */
import { windowAt } from '../limits/windows.js';
import type { EnqueueRequest } from '../store/registry-store.js';

export interface StoredBudget {
  minute_start: number;
  used: number;
}

export class MinuteBudget {
  private spent = 0;
  private readonly minuteStart: number;
  private readonly usedBefore: number;

  constructor(
    private readonly budget: NonNullable<EnqueueRequest['budget']>,
    stored: StoredBudget | undefined,
    nowMs: number,
  ) {
    this.minuteStart = windowAt('minute', nowMs).start;
    this.usedBefore = stored?.minute_start === this.minuteStart ? stored.used : 0;
  }

  get left(): number {
    return this.budget.perMinute - this.usedBefore - this.spent;
  }
  spend(): void {
    this.spent++;
  }
  /** The row to write back, or null when nothing was spent. */
  get saved(): { client: string; minuteStart: number; used: number } | null {
    return this.spent === 0
      ? null
      : { client: this.budget.client, minuteStart: this.minuteStart, used: this.usedBefore + this.spent };
  }
}

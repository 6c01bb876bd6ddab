/**
 * When people last looked each domain up (the purge of domains no one uses). Marked on
 * reads of a stored record, never on the service's own refreshes. Kept cheap twice over: this
 * process asks the store once per domain per UTC day (the domains marked today are remembered,
 * at most MAX_REMEMBERED of them), and the store writes a mark at most once a day anyway. A
 * failed mark is logged, never the reader's problem.
 */
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { MaintenanceStore } from './store/registry-store.js';

const DAY_MS = 86_400_000;
/** Past this many domains in one day the memory starts over: a few repeated marks, no unbounded set. */
const MAX_REMEMBERED = 100_000;

export class LookupMarks {
  private day = -1;
  private readonly today = new Set<string>();

  constructor(
    private readonly store: MaintenanceStore,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Someone read these domains' records now. */
  mark(domains: Iterable<string>): void {
    const nowMs = this.clock.now();
    const day = Math.floor(nowMs / DAY_MS);
    if (day !== this.day) {
      this.day = day;
      this.today.clear();
    }
    const fresh: string[] = [];
    for (const d of domains) {
      if (this.today.has(d)) continue;
      if (this.today.size >= MAX_REMEMBERED) this.today.clear();
      this.today.add(d);
      fresh.push(d);
    }
    if (fresh.length === 0) return;
    this.store.markLookedUp(fresh, nowMs).catch((err: unknown) => {
      for (const d of fresh) this.today.delete(d);
      this.log.warn({ err, domains: fresh.length }, 'could not note when domains were looked up');
    });
  }
}

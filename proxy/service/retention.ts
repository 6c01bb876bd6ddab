/**
 * Retention: audit entries older than AUDIT_RETENTION_DAYS
 * are pruned, keeping each domain's latest, its current record's and every one its history
 * names (MaintenanceStore.pruneAudits); when PURGE_UNUSED_DAYS is set, domains no one looked
 * up for that long are forgotten. The service runs a pass at start and every 6 hours; the
 * maintenance command line runs the same passes on demand. A pass goes in small steps and
 * gives the event loop a turn between them, so the server answers throughout.
 */
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { PeriodicPass } from './periodic-pass.js';
import type { MaintenanceStore, PruneCursor } from './store/registry-store.js';

export const DAY_MS = 86_400_000;
export const RETENTION_EVERY_MS = 6 * 3_600_000;
export const DEFAULT_AUDIT_RETENTION_DAYS = 180;
const STEP = 500;

export interface RetentionSettings {
  /** AUDIT_RETENTION_DAYS. */
  auditDays: number;
  /** PURGE_UNUSED_DAYS, or null: domains are kept however long no one looks them up. */
  purgeUnusedDays: number | null;
}

interface PassOptions {
  /** Checked between steps: a closing service stops the pass there. */
  stopped?: () => boolean;
  /** Someone is told the result: it is on the disk before the pass resolves (MaintenanceStore.sync). */
  durable?: boolean;
}

/** A turn of the event loop between two steps of a background pass: requests are answered meanwhile. */
export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Prunes audit entries crawled before `cutoffMs`; returns how many went. */
export async function pruneAudits(store: MaintenanceStore, cutoffMs: number, opts: PassOptions = {}): Promise<number> {
  let after: PruneCursor = null;
  let deleted = 0;
  do {
    const step = await store.pruneAudits({ cutoffMs, max: STEP, after });
    deleted += step.deleted;
    after = step.next;
    await turn();
  } while (after !== null && !opts.stopped?.());
  return deleted;
}

/** Forgets every domain not looked up since `cutoffMs`; returns their names. */
export async function purgeUnused(
  store: MaintenanceStore,
  cutoffMs: number,
  opts: PassOptions = {},
): Promise<string[]> {
  const purged: string[] = [];
  while (!opts.stopped?.()) {
    const batch = await store.unusedDomains(cutoffMs, STEP);
    const before = purged.length;
    // A domain looked up after it was listed is kept (unusedSince is checked in the purge's transaction).
    for (const d of batch) {
      if (await store.purgeDomain(d, { unusedSince: cutoffMs })) purged.push(d);
    }
    if (purged.length === before) break;
    await turn();
  }
  // Each step committed like counting; a pass someone is told about is on the disk before it resolves.
  if (opts.durable && purged.length > 0) await store.sync();
  return purged;
}

/** The service's periodic pass. */
export class Retention extends PeriodicPass {
  constructor(
    private readonly store: MaintenanceStore,
    private readonly settings: RetentionSettings,
    private readonly clock: Clock,
    log: Logger,
  ) {
    super(log, 'retention pass failed');
  }

  /** A pass now, then one every `everyMs`. */
  override start(everyMs = RETENTION_EVERY_MS): void {
    super.start(everyMs);
  }

  protected async once(): Promise<void> {
    const opts = { stopped: () => this.stopped };
    const { auditDays, purgeUnusedDays } = this.settings;
    const pruned = await pruneAudits(this.store, this.clock.now() - auditDays * DAY_MS, opts);
    if (pruned > 0) this.log.info({ pruned, olderThanDays: auditDays }, 'old audit entries pruned');
    if (purgeUnusedDays === null || this.stopped) return;
    const purged = await purgeUnused(this.store, this.clock.now() - purgeUnusedDays * DAY_MS, opts);
    if (purged.length > 0)
      this.log.info({ purged: purged.length, unusedForDays: purgeUnusedDays }, 'domains no one looked up were purged');
  }
}

/**
 * Which identities on one address get a budget of their own (security.ts identifyClient). On
 * loopback every local program shares the address; the extension names itself with its install
 * id, which any program can imitate by making ids up. So an address has MAX_SLOTS slots: an
 * identity seen before keeps its slot for as long as it is used (forgotten after IDLE_MS
 * without a request), a new one takes a free slot, and once all are held a new identity shares
 * the address's own budget. A program that makes ids up fills the free slots, never one the
 * extension already holds: the extension is told apart from its first request on, and its rate
 * budget, crawl budget and turn in the crawl queue stay its own.
 *
 * The slots are kept in the gateway's cache file (DATA_DIR), so a restart does not hand a
 * program the extension's slot; with Redis each replica keeps its own in memory. Identities are
 * stored as hashes, never as sent.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** Identities told apart per address. */
export const MAX_SLOTS = 8;
/** An identity not seen for this long gives its slot up. */
export const IDLE_MS = 30 * 86_400_000;
/** Last-seen times are written back at most this often per identity. */
const TOUCH_MS = 3_600_000;

export interface SlotRow {
  address: string;
  /** Hash of the identity. */
  identity: string;
  lastSeenMs: number;
}

/** Where slots outlive a restart (the gateway's cache file). */
export interface SlotStore {
  loadSlots(sinceMs: number): SlotRow[];
  saveSlot(row: SlotRow): void;
  dropSlot(address: string, identity: string): void;
}

const hashOf = (identity: string) => createHash('sha256').update(identity).digest('base64url').slice(0, 22);

export class IdentitySlots {
  /** address → identity hash → last seen. */
  private readonly byAddress = new LRUCache<string, Map<string, number>>({ max: 10_000 });

  constructor(
    private readonly store: SlotStore | null = null,
    private readonly now: () => number = Date.now,
  ) {
    for (const r of store?.loadSlots(this.now() - IDLE_MS) ?? []) this.slotsOf(r.address).set(r.identity, r.lastSeenMs);
  }

  private slotsOf(address: string): Map<string, number> {
    let slots = this.byAddress.get(address);
    if (!slots) this.byAddress.set(address, (slots = new Map()));
    return slots;
  }

  /** Whether `identity` has (or now takes) a slot on `address`. */
  admit(address: string, identity: string): boolean {
    const now = this.now();
    const id = hashOf(identity);
    const slots = this.slotsOf(address);
    const seen = slots.get(id);
    if (seen !== undefined && now - seen < IDLE_MS) {
      if (now - seen >= TOUCH_MS) this.keep(slots, address, id, now);
      return true;
    }
    for (const [other, at] of slots) {
      if (now - at >= IDLE_MS) {
        slots.delete(other);
        this.store?.dropSlot(address, other);
      }
    }
    if (slots.size >= MAX_SLOTS) return false;
    this.keep(slots, address, id, now);
    return true;
  }

  private keep(slots: Map<string, number>, address: string, id: string, now: number): void {
    slots.set(id, now);
    this.store?.saveSlot({ address, identity: id, lastSeenMs: now });
  }
}

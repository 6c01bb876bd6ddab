import { describe, expect, it } from 'vitest';
import { IDLE_MS, IdentitySlots, MAX_SLOTS, type SlotRow, type SlotStore } from '../../../proxy/gateway/identities.js';

class MemoryStore implements SlotStore {
  rows = new Map<string, SlotRow>();
  loadSlots(sinceMs: number): SlotRow[] {
    return [...this.rows.values()].filter((r) => r.lastSeenMs >= sinceMs);
  }
  saveSlot(row: SlotRow): void {
    this.rows.set(`${row.address} ${row.identity}`, row);
  }
  dropSlot(address: string, identity: string): void {
    this.rows.delete(`${address} ${identity}`);
  }
}

describe('identity slots per address', () => {
  it('keeps a slot while it is used; new identities take free slots only; an idle one gives its slot up', () => {
    let t = 1_000_000;
    const store = new MemoryStore();
    const slots = new IdentitySlots(store, () => t);
    expect(slots.admit('127.0.0.1', 'install:extension')).toBe(true);
    for (let i = 1; i < MAX_SLOTS; i++) expect(slots.admit('127.0.0.1', `install:made-up-${i}`)).toBe(true);
    expect(slots.admit('127.0.0.1', 'install:one-more')).toBe(false);
    expect(slots.admit('127.0.0.1', 'install:extension')).toBe(true);
    // Another address has slots of its own.
    expect(slots.admit('10.0.0.2', 'install:one-more')).toBe(true);
    // Stored as hashes, never as sent.
    expect(JSON.stringify([...store.rows.values()])).not.toContain('extension');

    // A restart reads them back.
    const again = new IdentitySlots(store, () => t);
    expect(again.admit('127.0.0.1', 'install:one-more')).toBe(false);
    expect(again.admit('127.0.0.1', 'install:extension')).toBe(true);

    // The extension keeps using its slot; the made-up ones go idle and give theirs up.
    t += IDLE_MS - 1_000;
    expect(again.admit('127.0.0.1', 'install:extension')).toBe(true);
    t += 2_000;
    expect(again.admit('127.0.0.1', 'install:newcomer')).toBe(true);
    expect(again.admit('127.0.0.1', 'install:extension')).toBe(true);
    expect(store.loadSlots(t - IDLE_MS).filter((r) => r.address === '127.0.0.1')).toHaveLength(2);
  });
});

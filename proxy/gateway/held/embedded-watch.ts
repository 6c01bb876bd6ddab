/**
 * RecordWatch (watch.ts) in embedded mode, told by the service's "record stored" event: every
 * stored crawl of a domain (a new record, or a failed check kept beside the earlier one) drops
 * the domain's cached answers at once, so neither a queued answer nor the record before a check
 * is served after it. A read that waits uses the service's whenAnalysed; after an accepted
 * "Check again" it waits for the next stored crawl of that domain instead, since the domain
 * already has a record.
 */
import { LRUCache } from 'lru-cache';
import type { AnalysisControl, RecheckResult } from '../../../shared/api.js';
import type { Domain } from '../../../shared/domain.js';
import { keysOf, type DomainRead } from '../domain-keys.js';
import type { Loaded, ResponseCache } from '../response-cache.js';
import { PENDING_MS } from './marks.js';
import type { RecordStoredEvents, RecordWatch } from './watch.js';

const MAX_DOMAINS = 10_000;

export class EmbeddedWatch implements RecordWatch {
  private readonly waiting = new Map<string, Set<(stored: boolean) => void>>();
  /** Domains with an accepted check whose crawl is not stored yet. */
  private readonly pending = new LRUCache<string, true>({ max: MAX_DOMAINS, ttl: PENDING_MS });
  /** Stored crawls so far, and the count at each domain's latest: tells a crawl stored during a recheck call. */
  private stores = 0;
  private readonly storedAt = new LRUCache<string, number>({ max: MAX_DOMAINS });
  private readonly unsubscribe: () => void;

  constructor(
    private readonly control: AnalysisControl,
    private readonly cache: ResponseCache,
    events: RecordStoredEvents | undefined,
  ) {
    this.unsubscribe = events?.((domain) => this.stored(domain)) ?? (() => undefined);
  }

  private stored(domain: string): void {
    this.stores++;
    this.storedAt.set(domain, this.stores);
    this.pending.delete(domain);
    // Synchronously, before whenAnalysed's waiters resume: they read the cache next.
    void this.cache.invalidate(keysOf(domain));
    for (const finish of [...(this.waiting.get(domain) ?? [])]) finish(true);
  }

  async rechecking(domain: Domain): Promise<boolean> {
    return this.pending.has(domain);
  }

  wait(domain: Domain, ms: number, signal: AbortSignal, kind: DomainRead): Promise<boolean> {
    if (this.pending.has(domain)) return this.nextStored(domain, ms, signal);
    // Only the lookup has an early answer (before the terms are read); the other documents wait for the stored record.
    return this.control.whenAnalysed(domain, ms, signal, kind === 'lookup' ? undefined : { stored: true });
  }

  async recheck(domain: Domain, client: string): Promise<RecheckResult> {
    const before = this.stores;
    const result = await this.control.recheck(domain, { client });
    // A crawl stored while the call returned is the check's own: nothing left to wait for.
    if (result.accepted && (this.storedAt.get(domain) ?? 0) <= before) this.pending.set(domain, true);
    return result;
  }

  async loaded(_kind: DomainRead, _domain: Domain, loaded: Loaded): Promise<Loaded> {
    return loaded;
  }

  /** Resolves true on the next stored crawl of `domain`, false after `ms` or on abort. */
  private nextStored(domain: string, ms: number, signal: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      const set = this.waiting.get(domain) ?? new Set<(stored: boolean) => void>();
      this.waiting.set(domain, set);
      const finish = (stored: boolean) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', abort);
        set.delete(finish);
        if (set.size === 0 && this.waiting.get(domain) === set) this.waiting.delete(domain);
        resolve(stored);
      };
      const abort = () => finish(false);
      const timer = setTimeout(() => finish(false), ms);
      set.add(finish);
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
    });
  }

  close(): void {
    this.unsubscribe();
    for (const set of [...this.waiting.values()]) for (const finish of [...set]) finish(false);
  }
}

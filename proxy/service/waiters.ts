/**
 * `whenAnalysed` (shared/api.ts AnalysisControl): waits for a domain's record on the store's
 * "record stored" event, never by polling, so an RFC 7240 `Prefer: wait=N` lookup answers the
 * moment the crawl is stored.
 */
import type { RecordStore } from './store/registry-store.js';

export class RecordWaiters {
  private readonly waiting = new Map<string, Set<(stored: boolean) => void>>();
  private readonly unsubscribe: () => void;

  constructor(private readonly records: RecordStore) {
    this.unsubscribe = records.onRecordStored((domain) => {
      for (const finish of this.waiting.get(domain) ?? []) finish(true);
    });
  }

  /** True the moment `domain` has a record (at once when it already does); false on timeout or abort. */
  async whenAnalysed(domain: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return false;
    let done!: (stored: boolean) => void;
    const settled = new Promise<boolean>((resolve) => (done = resolve));
    // Listen before looking, so a record stored between the look and the wait is not missed.
    const set = this.waiting.get(domain) ?? new Set<(stored: boolean) => void>();
    this.waiting.set(domain, set);
    const abort = () => finish(false);
    const timer = setTimeout(() => finish(false), Math.max(0, timeoutMs));
    const finish = (stored: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      set.delete(finish);
      if (set.size === 0 && this.waiting.get(domain) === set) this.waiting.delete(domain);
      done(stored);
    };
    set.add(finish);
    signal?.addEventListener('abort', abort, { once: true });
    if (await this.records.summary(domain)) finish(true);
    return settled;
  }

  close(): void {
    this.unsubscribe();
    for (const set of [...this.waiting.values()]) for (const finish of [...set]) finish(false);
  }
}

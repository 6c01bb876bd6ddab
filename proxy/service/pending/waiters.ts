/**
 * `whenAnalysed` (shared/api.ts AnalysisControl): waits for a domain's answer on the store's
 * "record stored" event, or on the service's early answer while the crawl reads the terms page,
 * never by polling, so an RFC 7240 `Prefer: wait=N` lookup answers the
 * moment the domain can be answered.
 */
import type { RecordStore } from '../store/registry-store.js';

interface Waiter {
  finish(answered: boolean): void;
  /** Only a stored record ends this wait (documents other than the lookup have no early form). */
  stored: boolean;
}

export class RecordWaiters {
  private readonly waiting = new Map<string, Set<Waiter>>();
  private readonly unsubscribe: () => void;

  /** `early`: whether the service has an early answer for a domain whose crawl is not stored yet. */
  constructor(
    private readonly records: RecordStore,
    private readonly early: (domain: string) => boolean = () => false,
  ) {
    this.unsubscribe = records.onRecordStored((domain) => this.answered(domain, false));
  }

  /** `domain` can be answered now: its record was stored, or (`early`) its early answer is ready. */
  answered(domain: string, early: boolean): void {
    for (const w of [...(this.waiting.get(domain) ?? [])]) if (!early || !w.stored) w.finish(true);
  }

  /**
   * True the moment `domain` can be answered (at once when it already can): its record is stored,
   * or, unless `opts.stored`, its early answer is ready; false on timeout or abort.
   */
  async whenAnalysed(
    domain: string,
    timeoutMs: number,
    signal?: AbortSignal,
    opts: { stored?: boolean } = {},
  ): Promise<boolean> {
    if (signal?.aborted) return false;
    let done!: (answered: boolean) => void;
    const settled = new Promise<boolean>((resolve) => (done = resolve));
    // Listen before looking, so a record stored between the look and the wait is not missed.
    const set = this.waiting.get(domain) ?? new Set<Waiter>();
    this.waiting.set(domain, set);
    const abort = () => waiter.finish(false);
    const timer = setTimeout(() => waiter.finish(false), Math.max(0, timeoutMs));
    const waiter: Waiter = {
      stored: opts.stored === true,
      finish: (answered) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        set.delete(waiter);
        if (set.size === 0 && this.waiting.get(domain) === set) this.waiting.delete(domain);
        done(answered);
      },
    };
    set.add(waiter);
    signal?.addEventListener('abort', abort, { once: true });
    if ((!waiter.stored && this.early(domain)) || (await this.records.summary(domain))) waiter.finish(true);
    return settled;
  }

  close(): void {
    this.unsubscribe();
    for (const set of [...this.waiting.values()]) for (const w of [...set]) w.finish(false);
  }
}

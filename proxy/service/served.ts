/**
 * What every read does besides reading. A served record counts as looked up (the purge of
 * unused domains reads that, looked-up.ts), and one not checked for REFRESH_DAYS is served and
 * re-crawled in the background, once. A domain with no record is queued (admission.ts) and
 * answered `found: false, queued: true`.
 */
import type { ReadOptions } from '../../shared/api.js';
import type { Domain } from '../../shared/domain.js';
import type { DomainPolicyUnknown } from '../../shared/schemas.js';
import type { Clock } from '../lib/clock.js';
import type { Admission } from './admission.js';
import type { LookupMarks } from './looked-up.js';
import type { RecordRead } from './store/registry-store.js';

export interface ServingOptions {
  admission: Admission;
  marks: LookupMarks;
  clock: Clock;
  /** REFRESH_DAYS in milliseconds. */
  refreshMs: number;
}

export class Serving {
  constructor(private readonly o: ServingOptions) {}

  /** A stored record about to be served (none: undefined, as given). */
  async served<T>(domain: Domain, rec: RecordRead<T> | undefined): Promise<RecordRead<T> | undefined> {
    if (!rec) return rec;
    this.lookedUp(domain);
    if (this.o.clock.now() - rec.checkedMs > this.o.refreshMs) await this.o.admission.refresh(domain);
    return rec;
  }

  /** Someone read what is stored of `domain` (the announced surface's documents, read apart from the record). */
  lookedUp(domain: Domain): void {
    this.o.marks.mark([domain]);
  }

  /** A domain with no record: queued for a lookup, and the answer that says so. */
  async unknown(domain: Domain, o?: ReadOptions): Promise<DomainPolicyUnknown> {
    await this.o.admission.interactive(domain, o?.client);
    return { domain, found: false, queued: true };
  }
}

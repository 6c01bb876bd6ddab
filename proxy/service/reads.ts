/**
 * The service's reads (shared/api.ts PolicyReads and the announced surface): each reads the
 * store, serves a found record with `basis.last_check` (served.ts: looked up, refreshed when
 * due), and queues an unknown domain. Only the lookup has an early answer while a first crawl
 * reads the terms (pending/).
 */
import { toBatchResult } from '../../shared/batch-result.js';
import type { Domain } from '../../shared/domain.js';
import type { DomainPolicy, DomainPolicyFound } from '../../shared/schemas.js';
import type { Clock } from '../lib/clock.js';
import type { Admission } from './admission.js';
import type { LookupService } from './api.js';
import { withLastCheck } from './last-check.js';
import type { PendingAnswers } from './pending/index.js';
import type { Serving } from './served.js';
import type { PreviewStore, RecordStore } from './store/registry-store.js';

export interface ReadDeps {
  records: RecordStore;
  preview: PreviewStore;
  serving: Serving;
  pending: PendingAnswers;
  admission: Admission;
  clock: Clock;
}

export type RegistryReads = Pick<
  LookupService,
  'lookup' | 'full' | 'search' | 'batch' | 'lookups' | 'policy' | 'score'
>;
export type PreviewReads = Pick<LookupService, 'history' | 'signals' | 'previewSearch' | 'stats'>;

/** The reference surface's reads: the lookup, the full record, search, batches, and the announced policy and score. */
export function registryReads(d: ReadDeps): RegistryReads {
  const { records, serving, pending } = d;
  const announced = async (domain: Domain) => (await serving.served(domain, await records.announced(domain)))?.value;
  const reads: RegistryReads = {
    async lookup(domain, o) {
      const rec = await serving.served(domain, await records.summary(domain));
      return rec
        ? withLastCheck(rec.value, rec.lastCheck)
        : (pending.earlyAnswer(domain) ?? serving.unknown(domain, o));
    },
    async full(domain, o) {
      const rec = await serving.served(domain, await records.full(domain));
      return rec ? withLastCheck(rec.value, rec.lastCheck) : serving.unknown(domain, o);
    },
    search: (params) => records.search(params),
    async batch(domains, o) {
      const wanted = [...new Set(domains)];
      const { found } = await reads.lookups(wanted, o);
      // Unknown domains stay in not_found whether queued or over the client's budget.
      return toBatchResult(
        wanted.map((dm): DomainPolicy => found.get(dm) ?? { domain: dm, found: false, queued: true }),
      );
    },
    async lookups(domains, o) {
      const wanted = [...new Set(domains)];
      const rows = await records.summaries(wanted);
      const found = new Map<string, DomainPolicyFound>();
      for (const dm of wanted) {
        const rec = rows.get(dm);
        const answer = rec
          ? withLastCheck((await serving.served(dm, rec))!.value, rec.lastCheck)
          : pending.earlyAnswer(dm);
        if (answer) found.set(dm, answer);
      }
      const queued = await d.admission.batch(
        wanted.filter((dm) => !found.has(dm)),
        o?.client,
      );
      return { found, queued };
    },
    async policy(domain, o) {
      return (await announced(domain)) ?? serving.unknown(domain, o);
    },
    async score(domain, o) {
      const rec = await announced(domain);
      return rec ? { domain, score: rec.score, last_crawled: rec.last_crawled } : serving.unknown(domain, o);
    },
  };
  return reads;
}

/** The announced surface's reads (/preview/v1): a domain's history and raw signals, search and statistics. */
export function previewReads(d: ReadDeps): PreviewReads {
  const { records, preview, serving } = d;
  return {
    async history(domain, o) {
      const history = await preview.history(domain);
      if (!history) return serving.unknown(domain, o);
      serving.lookedUp(domain);
      return history;
    },
    async signals(domain, o) {
      const raw = await preview.signals(domain);
      if (raw) {
        serving.lookedUp(domain);
        return raw;
      }
      return (await records.summary(domain)) ? null : serving.unknown(domain, o);
    },
    previewSearch: (params) => preview.search(params),
    stats: () => preview.stats(d.clock.now()),
  };
}

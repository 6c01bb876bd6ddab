/**
 * Answers on their way: the one owner, on the service's side, of what happens between "queued"
 * and a stored record. Early answers (early-answers.ts) while a first crawl reads the terms;
 * `whenAnalysed` (waiters.ts), the wait that held reads (held-read.ts, `Prefer: wait`) and the
 * gateway's embedded source use; and "Check again" (recheck.ts). The lookup service calls
 * PendingAnswers; the HTTP routes call heldRead and sendRecheck.
 */
import type { DomainPolicyFound } from '../../../shared/schemas.js';
import type { DocumentNotRead, Evidence } from '../../analysis/evidence.js';
import type { AnalysisPool } from '../../analysis-pool/index.js';
import type { Logger } from '../../lib/logger.js';
import type { RecordStore } from '../store/registry-store.js';
import { EarlyAnswers } from './early-answers.js';
import { RecordWaiters } from './waiters.js';

export { heldRead, type HeldRead } from './held-read.js';
export { RECHECK_INTERVAL_MS, recheckAnswer, sendRecheck } from './recheck.js';

export class PendingAnswers {
  private readonly early: EarlyAnswers;
  private readonly waiters: RecordWaiters;

  constructor(records: RecordStore, analysis: Pick<AnalysisPool, 'early'>, log: Logger) {
    this.early = new EarlyAnswers(analysis, log, (domain) => this.waiters.answered(domain, true));
    this.waiters = new RecordWaiters(records, (domain) => this.early.has(domain));
  }

  /** Runs a domain's crawl with its early-answer hook; the early answer goes when the crawl ends, stored or not. */
  async during<T>(domain: string, crawl: (onEarly: (partial: Evidence) => void) => Promise<T>): Promise<T> {
    try {
      return await crawl((partial) => this.early.publish(domain, partial));
    } finally {
      this.early.drop(domain);
    }
  }

  /** What the early reading of a domain's crawl gave up, once that reading is done. */
  givenUp(domain: string): Promise<DocumentNotRead[]> {
    return this.early.givenUp(domain);
  }

  /** The early answer of a domain not stored yet. Only the lookup has one: the other documents wait for the record. */
  earlyAnswer(domain: string): DomainPolicyFound | undefined {
    return this.early.get(domain);
  }

  /** True the moment `domain` can be answered (its record stored, or unless `opts.stored` its early answer ready); false on timeout or abort. */
  whenAnalysed(domain: string, timeoutMs: number, signal?: AbortSignal, opts?: { stored?: boolean }): Promise<boolean> {
    return this.waiters.whenAnalysed(domain, timeoutMs, signal, opts);
  }

  /** Ends every wait (false). */
  close(): void {
    this.waiters.close();
  }
}

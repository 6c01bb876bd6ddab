/**
 * `npm run check`'s work, apart from its input and output (check-cli.ts): URLs judged in chunks
 * from the registry by the answer POST /v1/check gives (shared/url-check), domains not in the
 * registry crawled now and stored (or, with `crawl: false`, queued for the service and answered
 * `unknown`). Records read once per run: a run's question is answered from one registry state.
 */
import type { CheckRequest, CheckResult, CheckUrl } from '../../shared/check-api.js';
import type { Domain } from '../../shared/domain.js';
import type { DomainPolicyFound } from '../../shared/schemas.js';
import { answerUrls, type DomainAnswer } from '../../shared/url-check/answer.js';
import type { LookupService } from './api.js';

export interface CheckRunOptions {
  /** Crawl domains not in the registry now (default), or leave them queued. */
  crawl: boolean;
  /** Crawls at once (CRAWL_CONCURRENCY). */
  concurrency: number;
}

/** Records kept for the run; past this many the oldest half is dropped. */
const KEPT_MAX = 20_000;

export class CheckRun {
  private readonly records = new Map<string, DomainPolicyFound>();
  /** Figures for the end of the run. */
  readonly counts = { urls: 0, read: 0, crawled: 0, failed: 0 };

  constructor(
    private readonly service: LookupService,
    private readonly question: Pick<CheckRequest, 'bot' | 'use' | 'question'>,
    private readonly opts: CheckRunOptions,
  ) {}

  /** The answers for `urls`, in order. */
  async answer(urls: CheckUrl[]): Promise<CheckResult[]> {
    const domains = [...new Set(urls.map((u) => u.domain))];
    const answers = new Map<string, DomainAnswer>();
    const unread = domains.filter((d) => {
      const kept = this.records.get(d);
      if (kept) answers.set(d, { found: true, record: kept });
      return !kept;
    });
    if (unread.length > 0) {
      this.counts.read += unread.length;
      const { found, queued } = await this.service.lookups(unread);
      const missing = unread.filter((d) => !found.has(d));
      if (this.opts.crawl && missing.length > 0) await this.crawl(missing, found);
      for (const d of unread) {
        const record = found.get(d);
        if (record) this.keep(d, record);
        answers.set(d, record ? { found: true, record } : { found: false, queued: queued.has(d) });
      }
    }
    this.counts.urls += urls.length;
    return answerUrls({ ...this.question, urls, domains }, answers).results;
  }

  /** Crawls `domains` now, `concurrency` at a time, and reads what was stored into `found`. */
  private async crawl(domains: Domain[], found: Map<string, DomainPolicyFound>): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < domains.length) {
        const d = domains[next++]!;
        try {
          await this.service.analyseNow(d);
          this.counts.crawled++;
        } catch {
          // Not stored: answered as not in the registry, the run goes on.
          this.counts.failed++;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.opts.concurrency, domains.length) }, worker));
    for (const [d, rec] of (await this.service.lookups(domains)).found) found.set(d, rec);
  }

  private keep(domain: string, record: DomainPolicyFound): void {
    if (this.records.size >= KEPT_MAX) {
      let drop = KEPT_MAX / 2;
      for (const k of this.records.keys()) {
        this.records.delete(k);
        if (--drop === 0) break;
      }
    }
    this.records.set(domain, record);
  }
}

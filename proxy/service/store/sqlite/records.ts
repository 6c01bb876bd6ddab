/**
 * Current records and the audit trail in SQLite. Every crawl is stored as an audit entry
 * (evidence and the three records) in one transaction that also makes it the domain's current
 * record, ends or reschedules its queue job, and publishes "audit stored" to the subscribers
 * the store was opened with (the announced surface's indexes), so nothing can disagree after
 * a kill. A failed check of a domain with a good record keeps that record (docs/policy.md
 * section 8) and is only recorded as its last check.
 */
import type Database from 'better-sqlite3';
import type { AnnouncedRecord, DomainPolicyFound, FullRecord, SearchResult } from '../../../../shared/schemas.js';
import type { SearchParams } from '../../../../shared/api.js';
import { RULES_VERSION } from '../../../analysis/rules-version.js';
import { newAuditId } from '../audit-id.js';
import {
  AGE_COLUMNS as AGE,
  announcedOf,
  auditOf,
  classificationOf,
  crawledMsOf,
  fullOf,
  lastCheckOf,
  readOf as read,
  retryAt,
  storedOf,
  type AgeColumns as Age,
  type AuditRow,
  type RecordColumns,
} from '../record-rows.js';
import type {
  AuditEntry,
  CrawlToStore,
  Derive,
  RecordRead,
  RecordStore,
  RederiveStep,
  StoreOutcome,
  StoredCrawl,
} from '../registry-store.js';
import type { SqliteJobs } from './jobs.js';
import { DomainSearch, bigramsOf } from './name-search.js';
import { SqliteRederive } from './rederive.js';

type DomainRow = RecordColumns & Age & { failures: number; failed: number };

export class SqliteRecords implements RecordStore {
  private readonly auditListeners: Array<(crawl: StoredCrawl) => void> = [];
  private readonly storedListeners = new Set<(domain: string) => void>();
  private readonly finder: DomainSearch;
  private readonly rereader: SqliteRederive;
  private readonly st;

  constructor(
    private readonly db: Database.Database,
    private readonly jobs: SqliteJobs,
  ) {
    this.finder = new DomainSearch(db);
    this.rereader = new SqliteRederive(db);
    this.st = {
      row: db.prepare<[string], DomainRow>(
        `SELECT id, audit_id, failures, failed, summary, full, announced, ${AGE} FROM domains WHERE domain = ?`,
      ),
      summary: db.prepare<[string], Age & { summary: string }>(`SELECT summary, ${AGE} FROM domains WHERE domain = ?`),
      summaries: db.prepare<[string], Age & { domain: string; summary: string }>(
        `SELECT domain, summary, ${AGE} FROM domains WHERE domain IN (SELECT value FROM json_each(?))`,
      ),
      full: db.prepare<[string], Age & Pick<RecordColumns, 'id' | 'audit_id' | 'full'>>(
        `SELECT id, audit_id, full, ${AGE} FROM domains WHERE domain = ?`,
      ),
      announced: db.prepare<[string], Age & Pick<RecordColumns, 'audit_id' | 'announced'>>(
        `SELECT audit_id, announced, ${AGE} FROM domains WHERE domain = ?`,
      ),
      insertAudit: db.prepare(
        `INSERT INTO audits (audit_id, domain, crawled_at, evidence, summary, full, announced, failure)
         VALUES (@auditId, @domain, @crawledAt, @evidence, @summary, @full, @announced, @failure)`,
      ),
      // ON CONFLICT keeps the row (and so the record id) of a domain across crawls. A new domain
      // counts as looked up when first stored (someone asked for it); later crawls leave that mark.
      upsert: db.prepare<Record<string, unknown>, { id: number }>(
        `INSERT INTO domains (domain, stance, detail, score, rank, last_crawled, last_crawled_ms, audit_id, summary, full, announced, checked_ms, failures, failed, last_check, looked_up_ms, rules_version)
         VALUES (@domain, @stance, @detail, @score, @rank, @crawledAt, @crawledMs, @auditId, @summary, @full, @announced, @crawledMs, @failures, @failed, NULL, @crawledMs, @rulesVersion)
         ON CONFLICT(domain) DO UPDATE SET stance = excluded.stance, detail = excluded.detail, score = excluded.score,
           rank = excluded.rank, last_crawled = excluded.last_crawled, last_crawled_ms = excluded.last_crawled_ms,
           audit_id = excluded.audit_id, summary = excluded.summary, full = excluded.full, announced = excluded.announced,
           checked_ms = excluded.checked_ms, failures = excluded.failures, failed = excluded.failed, last_check = NULL,
           rules_version = excluded.rules_version
         RETURNING id`,
      ),
      // A failed check that keeps the good record: only when it was checked, and how it failed.
      failedCheck: db.prepare<{ domain: string; checkedMs: number; failures: number; lastCheck: string }>(
        'UPDATE domains SET checked_ms = @checkedMs, failures = @failures, last_check = @lastCheck WHERE domain = @domain',
      ),
      insertName: db.prepare<[number, string]>('INSERT INTO domain_names (rowid, domain) VALUES (?, ?)'),
      insertBigram: db.prepare<[string, number]>('INSERT OR IGNORE INTO domain_bigrams (gram, id) VALUES (?, ?)'),
      audit: db.prepare<[string], AuditRow>(
        'SELECT audit_id, domain, crawled_at, evidence, failure FROM audits WHERE audit_id = ?',
      ),
      audits: db.prepare<[string], AuditRow>(
        'SELECT audit_id, domain, crawled_at, evidence, failure FROM audits WHERE domain = ? ORDER BY seq',
      ),
      countDomains: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM domains'),
      countAudits: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM audits'),
    };
  }

  /** Subscribes to "audit stored": called inside the storing transaction (a throw rolls the whole store back). */
  onAuditStored(listener: (crawl: StoredCrawl) => void): void {
    this.auditListeners.push(listener);
  }

  onRecordStored(listener: (domain: string) => void): () => void {
    this.storedListeners.add(listener);
    return () => void this.storedListeners.delete(listener);
  }

  async summary(domain: string): Promise<RecordRead<DomainPolicyFound> | undefined> {
    const row = this.st.summary.get(domain);
    return row && read(row, JSON.parse(row.summary) as DomainPolicyFound);
  }

  async summaries(domains: readonly string[]): Promise<Map<string, RecordRead<DomainPolicyFound>>> {
    const out = new Map<string, RecordRead<DomainPolicyFound>>();
    if (domains.length === 0) return out;
    for (const row of this.st.summaries.all(JSON.stringify(domains)))
      out.set(row.domain, read(row, JSON.parse(row.summary) as DomainPolicyFound));
    return out;
  }

  /** The full record without parsing the other records (the full one holds the raw files). */
  async full(domain: string): Promise<RecordRead<FullRecord> | undefined> {
    const row = this.st.full.get(domain);
    return row && read(row, fullOf(row));
  }

  async announced(domain: string): Promise<RecordRead<AnnouncedRecord> | undefined> {
    const row = this.st.announced.get(domain);
    return row && read(row, announcedOf(row));
  }

  async storeCrawl(crawl: CrawlToStore): Promise<StoreOutcome> {
    const outcome = this.storeNow(crawl);
    // After the commit: waiters (whenAnalysed) may read the stored record at once.
    for (const l of [...this.storedListeners]) l(crawl.evidence.domain);
    return outcome;
  }

  private storeNow({
    evidence,
    classification,
    nowMs,
    failure,
    retryDelaysMs,
    rulesVersion = RULES_VERSION,
  }: CrawlToStore): StoreOutcome {
    const domain = evidence.domain;
    return this.db.transaction((): StoreOutcome => {
      const before = this.st.row.get(domain);
      const auditId = newAuditId(nowMs);
      const crawledAt = classification.summary.last_updated;
      const crawledMs = crawledMsOf(crawledAt, nowMs);
      const summary = JSON.stringify(classification.summary);
      const full = JSON.stringify(classification.full);
      const announced = JSON.stringify(classification.announced);
      this.st.insertAudit.run({
        auditId,
        domain,
        crawledAt,
        evidence: JSON.stringify(evidence),
        summary,
        full,
        announced,
        failure: failure?.cause ?? null,
      });

      const { failures, nextRetryMs } = retryAt(failure, before?.failures ?? 0, nowMs, retryDelaysMs);
      const previous = before ? classificationOf(before) : null;
      const published: StoredCrawl = { domain, auditId, crawledAt, evidence, classification, previous, current: true };

      // docs/policy.md section 8: a failed check never replaces a record that is not itself a failure.
      if (failure && before && before.failed === 0) {
        const lastCheck = lastCheckOf(crawledAt, failure.cause, nextRetryMs);
        this.st.failedCheck.run({ domain, checkedMs: crawledMs, failures, lastCheck: JSON.stringify(lastCheck) });
        this.jobs.settle(domain, nextRetryMs, nowMs);
        for (const l of this.auditListeners) l({ ...published, current: false });
        return { auditId, current: false, record: storedOf(before), nextRetryMs, lastCheck };
      }

      const { id } = this.st.upsert.get({
        domain,
        stance: classification.summary.stance,
        detail: classification.summary.detail,
        score: classification.announced.score,
        rank: classification.summary.site.ranklist_rank,
        crawledAt,
        crawledMs,
        auditId,
        summary,
        full,
        announced,
        failures,
        failed: failure ? 1 : 0,
        rulesVersion,
      })!;
      if (!before) this.indexName(id, domain);
      this.jobs.settle(domain, nextRetryMs, nowMs);
      for (const l of this.auditListeners) l(published);
      return {
        auditId,
        current: true,
        record: storedOf({ id, audit_id: auditId, last_crawled_ms: crawledMs, summary, full, announced }),
        nextRetryMs,
        lastCheck: null,
      };
    })();
  }

  async audit(auditId: string): Promise<AuditEntry | undefined> {
    const row = this.st.audit.get(auditId);
    return row && auditOf(row);
  }

  async audits(domain: string): Promise<AuditEntry[]> {
    return this.st.audits.all(domain).map(auditOf);
  }

  async olderRules(version: number): Promise<Array<{ version: number; records: number }>> {
    return this.rereader.olderRules(version);
  }

  async rederive(step: { version: number; max: number; after: number; derive: Derive }): Promise<RederiveStep> {
    const { domains, ...out } = await this.rereader.step(step, (crawl) => {
      for (const l of this.auditListeners) l(crawl);
    });
    // After the commit, as for a crawl: a gateway drops its cached answers for these domains.
    for (const d of domains) for (const l of [...this.storedListeners]) l(d);
    return out;
  }

  async search(params: SearchParams): Promise<SearchResult> {
    return this.finder.search(params);
  }

  async counts(): Promise<{ domains: number; audits: number }> {
    return { domains: this.st.countDomains.get()!.n, audits: this.st.countAudits.get()!.n };
  }

  private indexName(id: number, domain: string): void {
    this.st.insertName.run(id, domain);
    for (const gram of bigramsOf(domain)) this.st.insertBigram.run(gram, id);
  }
}

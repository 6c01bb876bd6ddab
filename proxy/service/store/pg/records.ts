/**
 * Current records and the audit trail in PostgreSQL, with the same rules as
 * store/sqlite/records.ts: every crawl is an audit entry, stored in one transaction that also
 * makes it the domain's current record (unless a failed check must keep a good one,
 * docs/policy.md section 8), ends or reschedules its crawl job, updates the announced
 * surface's tables, and sends "record stored" to every replica (NOTIFY, delivered at commit).
 * The domain's row is locked first, so two stores of one domain (a worker and `npm run lookup`)
 * follow one another.
 */
import type pg from 'pg';
import type { SearchParams } from '../../../../shared/api.js';
import { searchTextToAscii } from '../../../../shared/domain.js';
import type { AnnouncedRecord, DomainPolicyFound, FullRecord, SearchResult } from '../../../../shared/schemas.js';
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
} from '../registry-store.js';
import { row, rows, transaction, type Queryable } from './db.js';
import { CHANNELS, type PgEvents } from './notify.js';
import { indexCrawlPg } from './preview-index.js';
import { olderRulesPg, rederivePg } from './rederive.js';

type DomainRow = RecordColumns & Age & { failures: number; failed: boolean };

/** What the store needs of the job engine: the domain's job ended, or rescheduled, inside the storing transaction. */
export interface JobSettler {
  settle(tx: pg.PoolClient, domain: string, retryAtMs: number | null, nowMs: number): Promise<void>;
}

export class PgRecords implements RecordStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly jobs: JobSettler,
    private readonly events: PgEvents,
  ) {}

  onRecordStored(listener: (domain: string) => void): () => void {
    return this.events.on(CHANNELS.recordStored, listener);
  }

  async summary(domain: string): Promise<RecordRead<DomainPolicyFound> | undefined> {
    const r = await row<Age & { summary: string }>(this.pool, `SELECT summary, ${AGE} FROM domains WHERE domain = $1`, [
      domain,
    ]);
    return r && read(r, JSON.parse(r.summary) as DomainPolicyFound);
  }

  async summaries(domains: readonly string[]): Promise<Map<string, RecordRead<DomainPolicyFound>>> {
    const out = new Map<string, RecordRead<DomainPolicyFound>>();
    if (domains.length === 0) return out;
    const found = await rows<Age & { domain: string; summary: string }>(
      this.pool,
      `SELECT domain, summary, ${AGE} FROM domains WHERE domain = ANY($1::text[])`,
      [domains],
    );
    for (const r of found) out.set(r.domain, read(r, JSON.parse(r.summary) as DomainPolicyFound));
    return out;
  }

  async full(domain: string): Promise<RecordRead<FullRecord> | undefined> {
    const r = await row<Age & Pick<RecordColumns, 'id' | 'audit_id' | 'full'>>(
      this.pool,
      `SELECT id, audit_id, "full", ${AGE} FROM domains WHERE domain = $1`,
      [domain],
    );
    return r && read(r, fullOf(r));
  }

  async announced(domain: string): Promise<RecordRead<AnnouncedRecord> | undefined> {
    const r = await row<Age & Pick<RecordColumns, 'audit_id' | 'announced'>>(
      this.pool,
      `SELECT audit_id, announced, ${AGE} FROM domains WHERE domain = $1`,
      [domain],
    );
    return r && read(r, announcedOf(r));
  }

  storeCrawl(crawl: CrawlToStore): Promise<StoreOutcome> {
    return transaction(this.pool, (tx) => this.storeIn(tx, crawl));
  }

  private async storeIn(
    tx: pg.PoolClient,
    { evidence, classification, nowMs, failure, retryDelaysMs, rulesVersion = RULES_VERSION }: CrawlToStore,
  ): Promise<StoreOutcome> {
    const domain = evidence.domain;
    const before = await row<DomainRow>(
      tx,
      `SELECT id, audit_id, failures, failed, summary, "full", announced, ${AGE} FROM domains WHERE domain = $1 FOR UPDATE`,
      [domain],
    );
    const auditId = newAuditId(nowMs);
    const crawledAt = classification.summary.last_updated;
    const crawledMs = crawledMsOf(crawledAt, nowMs);
    const summary = JSON.stringify(classification.summary);
    const full = JSON.stringify(classification.full);
    const announced = JSON.stringify(classification.announced);
    await tx.query(
      `INSERT INTO audits (audit_id, domain, crawled_at, evidence, summary, "full", announced, failure) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [auditId, domain, crawledAt, JSON.stringify(evidence), summary, full, announced, failure?.cause ?? null],
    );

    const { failures, nextRetryMs } = retryAt(failure, before?.failures ?? 0, nowMs, retryDelaysMs);
    const previous = before ? classificationOf(before) : null;
    const published = { domain, auditId, crawledAt, evidence, classification, previous };
    await tx.query('SELECT pg_notify($1, $2)', [CHANNELS.recordStored, domain]);

    // docs/policy.md section 8: a failed check never replaces a record that is not itself a failure.
    if (failure && before && !before.failed) {
      const lastCheck = lastCheckOf(crawledAt, failure.cause, nextRetryMs);
      await tx.query('UPDATE domains SET checked_ms = $2, failures = $3, last_check = $4 WHERE domain = $1', [
        domain,
        crawledMs,
        failures,
        JSON.stringify(lastCheck),
      ]);
      await this.jobs.settle(tx, domain, nextRetryMs, nowMs);
      await indexCrawlPg(tx, { ...published, current: false });
      return { auditId, current: false, record: storedOf(before), nextRetryMs, lastCheck };
    }

    const { id } = (await row<{ id: number }>(
      tx,
      `INSERT INTO domains (domain, stance, detail, score, rank, last_crawled, last_crawled_ms, audit_id, summary, "full", announced, checked_ms, failures, failed, last_check, looked_up_ms, rules_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $7, $12, $13, NULL, $7, $14)
       -- A new domain counts as looked up when first stored (someone asked for it); later crawls leave that mark.
       ON CONFLICT (domain) DO UPDATE SET stance = excluded.stance, detail = excluded.detail, score = excluded.score,
         rank = excluded.rank, last_crawled = excluded.last_crawled, last_crawled_ms = excluded.last_crawled_ms,
         audit_id = excluded.audit_id, summary = excluded.summary, "full" = excluded."full", announced = excluded.announced,
         checked_ms = excluded.checked_ms, failures = excluded.failures, failed = excluded.failed, last_check = NULL,
         rules_version = excluded.rules_version
       RETURNING id`,
      [
        domain,
        classification.summary.stance,
        classification.summary.detail,
        classification.announced.score,
        classification.summary.site.ranklist_rank,
        crawledAt,
        crawledMs,
        auditId,
        summary,
        full,
        announced,
        failures,
        failure !== null,
        rulesVersion,
      ],
    ))!;
    await this.jobs.settle(tx, domain, nextRetryMs, nowMs);
    await indexCrawlPg(tx, { ...published, current: true });
    return {
      auditId,
      current: true,
      record: storedOf({ id, audit_id: auditId, last_crawled_ms: crawledMs, summary, full, announced }),
      nextRetryMs,
      lastCheck: null,
    };
  }

  async audit(auditId: string): Promise<AuditEntry | undefined> {
    const r = await row<AuditRow>(
      this.pool,
      'SELECT audit_id, domain, crawled_at, evidence, failure FROM audits WHERE audit_id = $1',
      [auditId],
    );
    return r && auditOf(r);
  }

  async audits(domain: string): Promise<AuditEntry[]> {
    return (
      await rows<AuditRow>(
        this.pool,
        'SELECT audit_id, domain, crawled_at, evidence, failure FROM audits WHERE domain = $1 ORDER BY seq',
        [domain],
      )
    ).map(auditOf);
  }

  olderRules(version: number): Promise<Array<{ version: number; records: number }>> {
    return olderRulesPg(this.pool, version);
  }

  rederive(step: { version: number; max: number; after: number; derive: Derive }): Promise<RederiveStep> {
    return rederivePg(this.pool, step);
  }

  search(params: SearchParams): Promise<SearchResult> {
    return searchNames(this.pool, params);
  }

  async counts(): Promise<{ domains: number; audits: number }> {
    const r = await row<{ domains: number; audits: number }>(
      this.pool,
      'SELECT (SELECT count(*) FROM domains) AS domains, (SELECT count(*) FROM audits) AS audits',
    );
    return r!;
  }
}

/**
 * GET /v1/search over the names: 3+ characters through pg_trgm's GIN index (LIKE '%q%'), 2
 * characters through the GIN index of bigrams (migrations.ts); strpos() re-checks each
 * candidate, so no index can add a false match. Ordered by rank (nulls last), then name.
 */
export async function searchNames(db: Queryable, params: SearchParams): Promise<SearchResult> {
  // Names are stored lower-case and in punycode, as in SQLite (store/sqlite/name-search.ts).
  const q = searchTextToAscii(params.q);
  const empty = { results: [], limit: params.limit, offset: params.offset, has_more: false };
  // PostgreSQL text cannot hold a NUL, and no name does: such text matches nothing.
  if (q.length < 2 || q.includes('\0')) return empty;
  const candidates =
    q.length === 2
      ? 'lens_bigrams(domain) @> ARRAY[$1::text]'
      : `domain LIKE '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
  const found = await rows<{
    domain: string;
    stance: SearchResult['results'][number]['stance'];
    detail: SearchResult['results'][number]['detail'];
    rank: number | null;
  }>(
    db,
    `SELECT domain, stance, detail, rank FROM domains
     WHERE ${candidates} AND strpos(domain, $1) > 0 AND ($2::text IS NULL OR stance = $2)
     ORDER BY rank NULLS LAST, domain LIMIT $3 OFFSET $4`,
    [q, params.stance ?? null, params.limit + 1, params.offset],
  );
  return {
    results: found
      .slice(0, params.limit)
      .map((r) => ({ domain: r.domain, stance: r.stance, detail: r.detail, ranklist_rank: r.rank })),
    limit: params.limit,
    offset: params.offset,
    has_more: found.length > params.limit,
  };
}

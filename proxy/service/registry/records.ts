/**
 * Current records and the audit trail. Every crawl is stored as an audit entry (evidence and
 * the three records) and becomes the domain's current record in the same transaction, together
 * with the announced surface's indexes (preview/hooks.ts) and the removal of its queue job.
 */
import type Database from 'better-sqlite3';
import type { AnnouncedRecord, AnnouncedRecordBody, DomainPolicyFound, FullRecord, FullRecordBody } from '../../../shared/schemas.js';
import type { Classification } from '../../analysis/classification.js';
import type { Evidence } from '../../analysis/evidence.js';
import { indexPolicy } from '../preview/hooks.js';
import { newAuditId } from './audit-id.js';

interface DomainRow {
  id: number;
  audit_id: string;
  last_crawled_ms: number;
  summary: string;
  full: string;
  announced: string;
}

export interface StoredRecord {
  id: number;
  auditId: string;
  lastCrawledMs: number;
  summary: DomainPolicyFound;
  full: FullRecord;
  announced: AnnouncedRecord;
}

export class RecordStore {
  private readonly selectRow;
  private readonly selectSummary;
  private readonly selectFull;
  private readonly selectAnnounced;
  private readonly insertAudit;
  private readonly upsertDomain;
  private readonly insertName;
  private readonly insertBigram;
  private readonly deleteJob;
  private readonly countDomains;
  private readonly countAudits;

  constructor(private readonly db: Database.Database) {
    this.selectRow = db.prepare<[string], DomainRow>(
      'SELECT id, audit_id, last_crawled_ms, summary, full, announced FROM domains WHERE domain = ?',
    );
    this.selectSummary = db.prepare<[string], { summary: string; last_crawled_ms: number }>(
      'SELECT summary, last_crawled_ms FROM domains WHERE domain = ?',
    );
    this.selectFull = db.prepare<[string], Pick<DomainRow, 'id' | 'audit_id' | 'last_crawled_ms' | 'full'>>(
      'SELECT id, audit_id, last_crawled_ms, full FROM domains WHERE domain = ?',
    );
    this.selectAnnounced = db.prepare<[string], Pick<DomainRow, 'audit_id' | 'last_crawled_ms' | 'announced'>>(
      'SELECT audit_id, last_crawled_ms, announced FROM domains WHERE domain = ?',
    );
    this.insertAudit = db.prepare(
      `INSERT INTO audits (audit_id, domain, crawled_at, evidence, summary, full, announced)
       VALUES (@auditId, @domain, @crawledAt, @evidence, @summary, @full, @announced)`,
    );
    // ON CONFLICT keeps the row (and so the record id) of a domain across crawls.
    this.upsertDomain = db.prepare<Record<string, unknown>, { id: number; created: number }>(
      `INSERT INTO domains (domain, stance, detail, score, rank, last_crawled, last_crawled_ms, audit_id, summary, full, announced)
       VALUES (@domain, @stance, @detail, @score, @rank, @crawledAt, @crawledMs, @auditId, @summary, @full, @announced)
       ON CONFLICT(domain) DO UPDATE SET stance = excluded.stance, detail = excluded.detail, score = excluded.score,
         rank = excluded.rank, last_crawled = excluded.last_crawled, last_crawled_ms = excluded.last_crawled_ms,
         audit_id = excluded.audit_id, summary = excluded.summary, full = excluded.full, announced = excluded.announced
       RETURNING id`,
    );
    this.insertName = db.prepare('INSERT INTO domain_names (rowid, domain) VALUES (?, ?)');
    this.insertBigram = db.prepare('INSERT OR IGNORE INTO domain_bigrams (gram, id) VALUES (?, ?)');
    this.deleteJob = db.prepare('DELETE FROM jobs WHERE domain = ?');
    this.countDomains = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM domains');
    this.countAudits = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM audits');
  }

  /** The single-lookup answer and its age, without parsing the other records. */
  summary(domain: string): { summary: DomainPolicyFound; lastCrawledMs: number } | undefined {
    const row = this.selectSummary.get(domain);
    return row && { summary: JSON.parse(row.summary) as DomainPolicyFound, lastCrawledMs: row.last_crawled_ms };
  }

  /** The full record and its age, without parsing the other records (the full one holds the raw files). */
  full(domain: string): { full: FullRecord; lastCrawledMs: number } | undefined {
    const row = this.selectFull.get(domain);
    return row && { full: fullOf(row), lastCrawledMs: row.last_crawled_ms };
  }

  /** The announced-surface record and its age, without parsing the other records. */
  announced(domain: string): { announced: AnnouncedRecord; lastCrawledMs: number } | undefined {
    const row = this.selectAnnounced.get(domain);
    return row && { announced: announcedOf(row), lastCrawledMs: row.last_crawled_ms };
  }

  /** Stores one crawl: audit entry, current record, name indexes, preview indexes; removes its job. */
  store(evidence: Evidence, classification: Classification, nowMs: number): StoredRecord {
    const domain = evidence.domain;
    return this.db.transaction((): StoredRecord => {
      const before = this.selectRow.get(domain);
      const previous = before ? toClassification(before) : null;
      const auditId = newAuditId(nowMs);
      const crawledAt = classification.summary.last_updated;
      const parsedMs = Date.parse(crawledAt);
      const crawledMs = Number.isFinite(parsedMs) ? parsedMs : nowMs;
      const summary = JSON.stringify(classification.summary);
      const full = JSON.stringify(classification.full);
      const announced = JSON.stringify(classification.announced);
      this.insertAudit.run({ auditId, domain, crawledAt, evidence: JSON.stringify(evidence), summary, full, announced });
      const { id } = this.upsertDomain.get({
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
      })!;
      if (!before) this.indexName(id, domain);
      this.deleteJob.run(domain);
      indexPolicy(this.db, { domain, auditId, crawledAt, evidence, classification, previous });
      return toStored({ id, audit_id: auditId, last_crawled_ms: crawledMs, summary, full, announced });
    })();
  }

  counts(): { domains: number; audits: number } {
    return { domains: this.countDomains.get()!.n, audits: this.countAudits.get()!.n };
  }

  private indexName(id: number, domain: string): void {
    this.insertName.run(id, domain);
    for (let i = 0; i + 2 <= domain.length; i++) this.insertBigram.run(domain.slice(i, i + 2), id);
  }
}

/** The stored full body with the record id and the audit id of the crawl that produced it. */
const fullOf = (row: Pick<DomainRow, 'id' | 'audit_id' | 'full'>): FullRecord => ({
  id: row.id,
  ...(JSON.parse(row.full) as FullRecordBody),
  audit_id: row.audit_id,
});

const announcedOf = (row: Pick<DomainRow, 'audit_id' | 'announced'>): AnnouncedRecord => ({
  ...(JSON.parse(row.announced) as AnnouncedRecordBody),
  audit_id: row.audit_id,
});

function toStored(row: DomainRow): StoredRecord {
  return {
    id: row.id,
    auditId: row.audit_id,
    lastCrawledMs: row.last_crawled_ms,
    summary: JSON.parse(row.summary) as DomainPolicyFound,
    full: fullOf(row),
    announced: announcedOf(row),
  };
}

function toClassification(row: DomainRow): Classification {
  return {
    summary: JSON.parse(row.summary) as DomainPolicyFound,
    full: JSON.parse(row.full) as FullRecordBody,
    announced: JSON.parse(row.announced) as AnnouncedRecordBody,
  };
}

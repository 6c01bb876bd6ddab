/**
 * The registry schema, versioned in code with SQLite's `user_version` (one integer in the
 * database header): each migration runs once, in order, inside a transaction, so opening a
 * database is idempotent and an interrupted upgrade leaves the previous version intact.
 */
import type Database from 'better-sqlite3';
import { SchemaTooNewError } from '../schema-too-new.js';

const MIGRATIONS: readonly string[] = [
  // 1: current records, audit trail, crawl queue, API keys and their usage windows.
  `
  CREATE TABLE domains (
    id              INTEGER PRIMARY KEY,          -- the full record's stable "id"
    domain          TEXT NOT NULL UNIQUE,
    stance          TEXT NOT NULL,
    detail          TEXT NOT NULL,
    score           INTEGER NOT NULL,
    rank            INTEGER,
    last_crawled    TEXT NOT NULL,                -- ISO 8601 UTC
    last_crawled_ms INTEGER NOT NULL,             -- the same, for the refresh comparison
    audit_id        TEXT NOT NULL,
    summary         TEXT NOT NULL,                -- DomainPolicyFound JSON
    full            TEXT NOT NULL,                -- FullRecordBody JSON (without id, audit_id)
    announced       TEXT NOT NULL                 -- AnnouncedRecordBody JSON (without audit_id)
  );
  CREATE INDEX domains_stance ON domains(stance);
  CREATE INDEX domains_last_crawled ON domains(last_crawled_ms);
  -- Search order: rank (nulls last), then name.
  CREATE INDEX domains_rank_name ON domains(rank IS NULL, rank, domain);

  -- Substring search on names: queries of 3+ characters use this trigram index (search.ts).
  -- External content: the names live once, in domains; rows are added when a domain is new.
  CREATE VIRTUAL TABLE domain_names USING fts5(domain, tokenize = 'trigram', content = 'domains', content_rowid = 'id');
  -- Two-character queries: the trigram index cannot serve them, so keep every bigram.
  CREATE TABLE domain_bigrams (
    gram TEXT NOT NULL,
    id   INTEGER NOT NULL,
    PRIMARY KEY (gram, id)
  ) WITHOUT ROWID;

  CREATE TABLE audits (
    seq        INTEGER PRIMARY KEY,
    audit_id   TEXT NOT NULL UNIQUE,
    domain     TEXT NOT NULL,
    crawled_at TEXT NOT NULL,
    evidence   TEXT NOT NULL,
    summary    TEXT NOT NULL,
    full       TEXT NOT NULL,
    announced  TEXT NOT NULL
  );
  CREATE INDEX audits_domain ON audits(domain, seq);

  -- One row per domain: enqueueing twice is a no-op (deduplicated by the primary key).
  CREATE TABLE jobs (
    domain      TEXT PRIMARY KEY,
    priority    INTEGER NOT NULL,                 -- 0 new domain, 1 background refresh (see migration 3)
    state       TEXT NOT NULL DEFAULT 'queued',   -- queued | running
    attempts    INTEGER NOT NULL DEFAULT 0,
    enqueued_at INTEGER NOT NULL,
    seq         INTEGER NOT NULL
  );
  CREATE INDEX jobs_next ON jobs(state, priority, seq);

  CREATE TABLE api_keys (
    id         INTEGER PRIMARY KEY,
    key_hash   BLOB NOT NULL UNIQUE,              -- SHA-256 of the key; the key itself is never stored
    prefix     TEXT NOT NULL,                     -- first characters, for display
    email      TEXT NOT NULL,
    created_at TEXT NOT NULL,
    created_ip TEXT NOT NULL
  );
  CREATE INDEX api_keys_ip ON api_keys(created_ip, created_at);

  -- Fixed windows per key; *_start is the window's start in epoch ms.
  CREATE TABLE key_usage (
    key_id       INTEGER PRIMARY KEY REFERENCES api_keys(id),
    minute_start INTEGER NOT NULL, minute_count INTEGER NOT NULL,
    day_start    INTEGER NOT NULL, day_count    INTEGER NOT NULL,
    month_start  INTEGER NOT NULL, month_count  INTEGER NOT NULL
  );
  `,
  // 2: the queue's next sequence number (max(seq)) is read on every enqueue and requeue; without
  // an index on seq that was a scan of every job (about 4 ms per lookup of an unknown domain at
  // 100,000 queued jobs).
  `
  CREATE INDEX jobs_seq ON jobs(seq);
  `,
  // 3: failed checks (docs/policy.md section 8) and the bounded queue.
  `
  -- When the domain was last checked, failed or not: refreshes and "check again" count from it.
  ALTER TABLE domains ADD COLUMN checked_ms INTEGER NOT NULL DEFAULT 0;
  UPDATE domains SET checked_ms = last_crawled_ms;
  -- Consecutive failed checks (the retry backoff's step), and whether the record itself is a failed crawl.
  ALTER TABLE domains ADD COLUMN failures INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE domains ADD COLUMN failed INTEGER NOT NULL DEFAULT 0;
  -- LastCheck JSON while the latest check failed and the record is an earlier good crawl's.
  ALTER TABLE domains ADD COLUMN last_check TEXT;
  DROP INDEX domains_last_crawled;
  CREATE INDEX domains_checked ON domains(checked_ms);
  -- Why a stored check failed (null for a crawl that is a policy).
  ALTER TABLE audits ADD COLUMN failure TEXT;

  -- Jobs: state queued | running | retrying (a failed check waiting until run_after);
  -- priority 0 interactive, 1 batch, 2 refresh and retry (refresh was 1).
  ALTER TABLE jobs ADD COLUMN run_after INTEGER NOT NULL DEFAULT 0;
  UPDATE jobs SET priority = 2 WHERE priority = 1;
  CREATE INDEX jobs_retry ON jobs(state, run_after);
  -- Jobs per state, kept by triggers: the queue cap and /health read one row, never count the queue.
  CREATE TABLE job_counts (state TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
  INSERT INTO job_counts (state, n) VALUES
    ('queued', (SELECT count(*) FROM jobs WHERE state = 'queued')),
    ('running', (SELECT count(*) FROM jobs WHERE state = 'running')),
    ('retrying', 0);
  CREATE TRIGGER jobs_counted_insert AFTER INSERT ON jobs BEGIN
    UPDATE job_counts SET n = n + 1 WHERE state = NEW.state;
  END;
  CREATE TRIGGER jobs_counted_delete AFTER DELETE ON jobs BEGIN
    UPDATE job_counts SET n = n - 1 WHERE state = OLD.state;
  END;
  CREATE TRIGGER jobs_counted_update AFTER UPDATE OF state ON jobs WHEN OLD.state <> NEW.state BEGIN
    UPDATE job_counts SET n = n - 1 WHERE state = OLD.state;
    UPDATE job_counts SET n = n + 1 WHERE state = NEW.state;
  END;

  -- New domains each client queued in the current minute (the per-client budget).
  CREATE TABLE client_budget (
    client       TEXT PRIMARY KEY,
    minute_start INTEGER NOT NULL,
    used         INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  // 4: when people last looked each domain up, for the purge of domains no one uses.
  // Written at most once a day per domain (maintenance.ts). Domains stored before this version
  // count from the upgrade: when they were looked up before it is not known.
  `
  ALTER TABLE domains ADD COLUMN looked_up_ms INTEGER NOT NULL DEFAULT 0;
  UPDATE domains SET looked_up_ms = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER);
  CREATE INDEX domains_looked_up ON domains(looked_up_ms);
  `,
  // 5: the version of the classification rules each record was made by (proxy/analysis
  // RULES_VERSION). Records stored before count as 0: a crawling process re-derives them from
  // their evidence when it starts (service/reclassify.ts). The index finds the older ones.
  `
  ALTER TABLE domains ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX domains_rules ON domains(rules_version);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Brings the file up to SCHEMA_VERSION. Every version main has shipped is upgraded by the
 * tests from a file that version's program wrote (test/fixtures/schemas). A file newer than
 * this program is refused (SchemaTooNewError, exit 2 at start), never half-read.
 */
export function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > SCHEMA_VERSION) throw new SchemaTooNewError(db.name, current, SCHEMA_VERSION);
  for (let v = current; v < SCHEMA_VERSION; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

/**
 * The registry schema, versioned in code with SQLite's `user_version` (one integer in the
 * database header): each migration runs once, in order, inside a transaction, so opening a
 * database is idempotent and an interrupted upgrade leaves the previous version intact.
 */
import type Database from 'better-sqlite3';

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
    priority    INTEGER NOT NULL,                 -- 0 new domain, 1 background refresh
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
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > SCHEMA_VERSION) {
    throw new Error(`registry.sqlite has schema version ${current}, newer than this program's ${SCHEMA_VERSION}`);
  }
  for (let v = current; v < SCHEMA_VERSION; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

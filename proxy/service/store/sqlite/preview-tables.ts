/**
 * The announced surface's side tables, kept in the registry database next to the service's
 * own tables and filled by indexCrawl() (preview-index.ts) inside the transaction that stores each crawl, so
 * they never disagree with the registry. They hold only what the announced surface reads:
 * search indexes, statistics counters, history entries and raw signals.
 *
 * Versioned in `preview_meta` (the database's user_version belongs to the registry).
 */
import type Database from 'better-sqlite3';
import { SchemaTooNewError } from '../schema-too-new.js';

/** SQL, or a function where the step depends on what the database holds. */
type Migration = string | ((db: Database.Database) => void);

const MIGRATIONS: readonly Migration[] = [
  // 1
  `
  -- Current announced record and search columns, one row per domain.
  CREATE TABLE preview_policy (
    id         INTEGER PRIMARY KEY,       -- stable rowid for the name index
    domain     TEXT NOT NULL UNIQUE,
    audit_id   TEXT NOT NULL,
    crawled_at TEXT NOT NULL,             -- ISO 8601 UTC of the last crawl
    crawled_ms INTEGER NOT NULL,          -- the same in epoch ms: freshness range counts
    crawls     INTEGER NOT NULL,          -- stored crawls seen for this domain
    stance     TEXT NOT NULL,             -- seed vocabulary (allows_all, not open)
    detail     TEXT NOT NULL,
    score      INTEGER NOT NULL,
    rank_sort  INTEGER NOT NULL,          -- rank, or 2^53-1 when unranked: nulls sort last
    cdn        TEXT,                      -- lower-case
    cms        TEXT,                      -- lower-case
    facets     TEXT NOT NULL,             -- PolicyFacets JSON: what this row contributed to the counters
    record     TEXT NOT NULL              -- AnnouncedRecord JSON (with audit_id)
  );
  -- Search reads pages in (rank, name) order; each filter column leads an index in that order.
  CREATE INDEX preview_policy_rank    ON preview_policy(rank_sort, domain);
  CREATE INDEX preview_policy_stance  ON preview_policy(stance, rank_sort, domain);
  CREATE INDEX preview_policy_score   ON preview_policy(score, rank_sort, domain);
  CREATE INDEX preview_policy_cdn     ON preview_policy(cdn, rank_sort, domain);
  CREATE INDEX preview_policy_cms     ON preview_policy(cms, rank_sort, domain);
  CREATE INDEX preview_policy_crawled ON preview_policy(crawled_ms);

  -- "blocks X" / "allows X": one row per (bot, verdict, domain), already in search order.
  CREATE TABLE preview_bot (
    bot       TEXT NOT NULL,              -- lower-case token
    verdict   TEXT NOT NULL,              -- blocked | allowed
    rank_sort INTEGER NOT NULL,
    domain    TEXT NOT NULL,
    PRIMARY KEY (bot, verdict, rank_sort, domain)
  ) WITHOUT ROWID;

  -- "publishes standard X", in search order.
  CREATE TABLE preview_standard (
    standard  TEXT NOT NULL,
    rank_sort INTEGER NOT NULL,
    domain    TEXT NOT NULL,
    PRIMARY KEY (standard, rank_sort, domain)
  ) WITHOUT ROWID;

  -- Statistics maintained per crawl (facets.ts contributions): /stats never scans domains.
  CREATE TABLE preview_counters (
    kind TEXT NOT NULL,
    key  TEXT NOT NULL,
    n    INTEGER NOT NULL,
    PRIMARY KEY (kind, key)
  ) WITHOUT ROWID;

  -- Domains by the UTC hour of their last crawl: freshness sums whole hours from here and
  -- range-counts only the boundary hour on preview_policy_crawled (stats.ts).
  CREATE TABLE preview_crawl_hours (
    hour INTEGER PRIMARY KEY,             -- floor(crawled_ms / 3600000)
    n    INTEGER NOT NULL
  );

  -- The first crawl of each domain and every crawl that changed its policy.
  CREATE TABLE preview_history (
    id     INTEGER PRIMARY KEY,
    domain TEXT NOT NULL,
    entry  TEXT NOT NULL                  -- HistoryEntry JSON
  );
  CREATE INDEX preview_history_domain ON preview_history(domain, id);

  -- Raw signals of the latest crawl (SignalsResponse JSON).
  CREATE TABLE preview_signals (
    domain TEXT PRIMARY KEY,
    raw    TEXT NOT NULL
  );

  -- Domain substring search: trigram index over the names (3+ character queries).
  CREATE VIRTUAL TABLE preview_names USING fts5(domain, tokenize = 'trigram', content = 'preview_policy', content_rowid = 'id');
  `,
  // 2: terms against robots.txt (a `terms` counter, from each row's registry record) and stance
  // changes by time (each history row's crawl time and the stance before it, when it changed).
  // The side tables may be opened without the registry's own (tests): then no record, `unknown`.
  (db) => {
    const registry =
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'domains'").get() !== undefined;
    const tos = registry
      ? `(SELECT json_extract(d.full, '$.tos_ai_stance') FROM domains d WHERE d.domain = preview_policy.domain)`
      : 'NULL';
    db.exec(`UPDATE preview_policy SET facets = json_set(facets, '$.terms', coalesce(${tos}, 'unknown'))`);
    db.exec(TERMS_AND_CHANGES);
  },
  // 3: the site a host borrows its told policy from (docs/policy.md section 16), so the statistics
  // count a host with nothing of its own by its site's stance; filled as each row is indexed again
  // (the rules version that brought it re-derives every record at start).
  `
  ALTER TABLE preview_policy ADD COLUMN borrows_from TEXT;
  CREATE INDEX preview_policy_borrows ON preview_policy(borrows_from) WHERE borrows_from IS NOT NULL;
  `,
];

const TERMS_AND_CHANGES = `
  INSERT INTO preview_counters (kind, key, n)
    SELECT 'terms', json_extract(facets, '$.terms') || '|' || CASE
        WHEN detail IN ('robots_blocked', 'unreachable') THEN 'unread'
        WHEN json_array_length(facets, '$.blocked') > 0 THEN 'blocks'
        ELSE 'open' END AS key, count(*)
    FROM preview_policy GROUP BY key;

  ALTER TABLE preview_history ADD COLUMN crawled_ms INTEGER;  -- epoch ms of the entry's crawl
  ALTER TABLE preview_history ADD COLUMN stance_from TEXT;    -- the stance before, when this crawl changed it
  UPDATE preview_history SET crawled_ms = CAST(round((julianday(json_extract(entry, '$.crawled_at')) - 2440587.5) * 86400000) AS INTEGER);
  WITH prev AS (
    SELECT id, json_extract(entry, '$.stance') AS stance, lag(json_extract(entry, '$.stance')) OVER (PARTITION BY domain ORDER BY id) AS before
    FROM preview_history
  )
  UPDATE preview_history SET stance_from = prev.before FROM prev
    WHERE prev.id = preview_history.id AND prev.before IS NOT NULL AND prev.before <> prev.stance;
  -- Only the rows /stats counts, in time order.
  CREATE INDEX preview_history_stance_changes ON preview_history(crawled_ms) WHERE stance_from IS NOT NULL;
`;

/** The announced surface's schema version a current program writes to `preview_meta`. */
export const PREVIEW_SCHEMA_VERSION = MIGRATIONS.length;

export function migratePreviewTables(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS preview_meta (version INTEGER NOT NULL)');
  const row = db.prepare('SELECT version FROM preview_meta').get() as { version: number } | undefined;
  const current = row?.version ?? 0;
  if (current > MIGRATIONS.length)
    throw new SchemaTooNewError(db.name, current, MIGRATIONS.length, { part: 'announced-surface schema' });
  for (let v = current; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      const step = MIGRATIONS[v]!;
      if (typeof step === 'string') db.exec(step);
      else step(db);
      db.exec('DELETE FROM preview_meta');
      db.prepare('INSERT INTO preview_meta (version) VALUES (?)').run(v + 1);
    })();
  }
}

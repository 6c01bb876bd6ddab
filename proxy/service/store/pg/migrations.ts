/**
 * The PostgreSQL schema, versioned like the SQLite one (store/sqlite/migrations.ts) but in a
 * table, `lens_schema`, since PostgreSQL has no user_version. Every process runs migrate() at
 * start; a transaction-scoped advisory lock makes replicas starting together apply each
 * migration once, and a database newer than this program is refused (SchemaTooNewError: one
 * line naming the database, never the URL with its password; exit 2).
 *
 * The same tables as SQLite's registry and announced-surface side tables, with PostgreSQL's
 * tools for the name searches: pg_trgm's GIN index answers substring queries of 3+ characters
 * (`LIKE '%q%'`), and a GIN index over each name's bigrams answers 2-character ones (SQLite
 * keeps a bigram table for the same reason). Names, bots and standards use the "C" collation so
 * pages come in the same byte order as SQLite's whatever the database's locale.
 */
import type pg from 'pg';
import { SchemaTooNewError } from '../schema-too-new.js';

/** The lock every migrating process takes (any constant; "lens" in ASCII). */
const MIGRATION_LOCK = 0x6c656e73;

const MIGRATIONS: readonly string[] = [
  // 1: records, audits, keys, usage windows, client budgets, and the announced surface's tables.
  `
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  -- Every distinct 2-character substring of a name: the 2-character search's index key.
  CREATE FUNCTION lens_bigrams(name text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT coalesce(array_agg(DISTINCT substr(name, i, 2)), '{}') FROM generate_series(1, length(name) - 1) AS i
  $$;

  CREATE TABLE domains (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- the full record's stable "id"
    domain          text COLLATE "C" NOT NULL UNIQUE,
    stance          text NOT NULL,
    detail          text NOT NULL,
    score           integer NOT NULL,
    rank            integer,
    last_crawled    text NOT NULL,            -- ISO 8601 UTC
    last_crawled_ms bigint NOT NULL,
    checked_ms      bigint NOT NULL,          -- last check, failed or not
    failures        integer NOT NULL DEFAULT 0,
    failed          boolean NOT NULL DEFAULT false,
    last_check      text,                     -- LastCheck JSON while a failed check kept this record
    audit_id        text NOT NULL,
    summary         text NOT NULL,            -- JSON as stored by SQLite: key order kept
    "full"          text NOT NULL,
    announced       text NOT NULL,
    looked_up_ms    bigint NOT NULL           -- when someone last read the record (at most once a day), for the purge of unused domains
  );
  CREATE INDEX domains_stance ON domains (stance);
  CREATE INDEX domains_looked_up ON domains (looked_up_ms);
  CREATE INDEX domains_checked ON domains (checked_ms);
  CREATE INDEX domains_rank_name ON domains (rank NULLS LAST, domain);
  CREATE INDEX domains_name_trgm ON domains USING gin (domain gin_trgm_ops);
  CREATE INDEX domains_name_bigrams ON domains USING gin (lens_bigrams(domain));

  CREATE TABLE audits (
    seq        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    audit_id   text NOT NULL UNIQUE,
    domain     text COLLATE "C" NOT NULL,
    crawled_at text NOT NULL,
    evidence   text NOT NULL,
    summary    text NOT NULL,
    "full"     text NOT NULL,
    announced  text NOT NULL,
    failure    text
  );
  CREATE INDEX audits_domain ON audits (domain, seq);

  CREATE TABLE api_keys (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key_hash   bytea NOT NULL UNIQUE,         -- SHA-256 of the key; the key itself is never stored
    prefix     text NOT NULL,
    email      text NOT NULL,
    created_at text NOT NULL,
    created_ip text NOT NULL
  );
  CREATE INDEX api_keys_ip ON api_keys (created_ip, created_at);

  CREATE TABLE key_usage (
    key_id       bigint PRIMARY KEY REFERENCES api_keys (id),
    minute_start bigint NOT NULL, minute_count integer NOT NULL,
    day_start    bigint NOT NULL, day_count    integer NOT NULL,
    month_start  bigint NOT NULL, month_count  integer NOT NULL
  );

  -- New domains each client queued in the current minute (the per-client budget).
  CREATE TABLE client_budget (
    client       text PRIMARY KEY,
    minute_start bigint NOT NULL,
    used         integer NOT NULL
  );

  CREATE TABLE preview_policy (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    domain     text COLLATE "C" NOT NULL UNIQUE,
    audit_id   text NOT NULL,
    crawled_at text NOT NULL,
    crawled_ms bigint NOT NULL,
    crawls     integer NOT NULL,
    stance     text NOT NULL,
    detail     text NOT NULL,
    score      integer NOT NULL,
    rank_sort  bigint NOT NULL,
    cdn        text,
    cms        text,
    facets     text NOT NULL,
    record     text NOT NULL
  );
  CREATE INDEX preview_policy_rank    ON preview_policy (rank_sort, domain);
  CREATE INDEX preview_policy_stance  ON preview_policy (stance, rank_sort, domain);
  CREATE INDEX preview_policy_score   ON preview_policy (score, rank_sort, domain);
  CREATE INDEX preview_policy_cdn     ON preview_policy (cdn, rank_sort, domain);
  CREATE INDEX preview_policy_cms     ON preview_policy (cms, rank_sort, domain);
  CREATE INDEX preview_policy_crawled ON preview_policy (crawled_ms);
  CREATE INDEX preview_policy_name_trgm ON preview_policy USING gin (domain gin_trgm_ops);

  CREATE TABLE preview_bot (
    bot       text COLLATE "C" NOT NULL,
    verdict   text NOT NULL,
    rank_sort bigint NOT NULL,
    domain    text COLLATE "C" NOT NULL,
    PRIMARY KEY (bot, verdict, rank_sort, domain)
  );
  CREATE TABLE preview_standard (
    standard  text COLLATE "C" NOT NULL,
    rank_sort bigint NOT NULL,
    domain    text COLLATE "C" NOT NULL,
    PRIMARY KEY (standard, rank_sort, domain)
  );
  -- The statistics counters, each split over COUNTER_SHARDS rows (preview-index.ts): workers
  -- storing crawls at once add to different rows instead of queueing on one; /stats sums them.
  CREATE TABLE preview_counters (
    kind  text NOT NULL,
    key   text NOT NULL,
    shard smallint NOT NULL DEFAULT 0,
    n     bigint NOT NULL,
    PRIMARY KEY (kind, key, shard)
  );
  CREATE TABLE preview_crawl_hours (
    hour  bigint NOT NULL,
    shard smallint NOT NULL DEFAULT 0,
    n     bigint NOT NULL,
    PRIMARY KEY (hour, shard)
  );
  CREATE TABLE preview_history (
    id     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    domain text COLLATE "C" NOT NULL,
    entry  text NOT NULL
  );
  CREATE INDEX preview_history_domain ON preview_history (domain, id);
  CREATE TABLE preview_signals (
    domain text COLLATE "C" PRIMARY KEY,
    raw    text NOT NULL
  );
  `,
  // 2: the version of the classification rules each record was made by (proxy/analysis
  // RULES_VERSION), as SQLite's migration 5. Records stored before count as 0 and are re-derived
  // from their evidence by the next worker to start (service/reclassify.ts).
  `
  ALTER TABLE domains ADD COLUMN rules_version integer NOT NULL DEFAULT 0;
  CREATE INDEX domains_rules ON domains (rules_version);
  `,
  // 3: terms against robots.txt (a `terms` counter, from each row's registry record) and stance
  // changes by time (each history row's crawl time and the stance before it, when it changed),
  // as the SQLite announced-surface migration 2.
  `
  UPDATE preview_policy p SET facets = (p.facets::jsonb || jsonb_build_object('terms', coalesce(d."full"::jsonb ->> 'tos_ai_stance', 'unknown')))::text
    FROM domains d WHERE d.domain = p.domain;
  INSERT INTO preview_counters (kind, key, shard, n)
    SELECT 'terms', coalesce(facets::jsonb ->> 'terms', 'unknown') || '|' || CASE
        WHEN detail IN ('robots_blocked', 'unreachable') THEN 'unread'
        WHEN jsonb_array_length(facets::jsonb -> 'blocked') > 0 THEN 'blocks'
        ELSE 'open' END AS key, 0, count(*)
    FROM preview_policy GROUP BY 2;

  ALTER TABLE preview_history ADD COLUMN crawled_ms bigint, ADD COLUMN stance_from text;
  UPDATE preview_history SET crawled_ms = round(extract(epoch FROM (entry::jsonb ->> 'crawled_at')::timestamptz) * 1000)::bigint;
  UPDATE preview_history h SET stance_from = prev.before
    FROM (SELECT id, entry::jsonb ->> 'stance' AS stance, lag(entry::jsonb ->> 'stance') OVER (PARTITION BY domain ORDER BY id) AS before FROM preview_history) prev
    WHERE prev.id = h.id AND prev.before IS NOT NULL AND prev.before <> prev.stance;
  CREATE INDEX preview_history_stance_changes ON preview_history (crawled_ms) WHERE stance_from IS NOT NULL;
  `,
  // 4: the site a host borrows its told policy from, as the SQLite announced-surface migration 3.
  `
  ALTER TABLE preview_policy ADD COLUMN borrows_from text;
  CREATE INDEX preview_policy_borrows ON preview_policy (borrows_from) WHERE borrows_from IS NOT NULL;
  `,
];

export const PG_SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the database to this program's schema; refuses a newer one. */
export async function migratePg(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS lens_schema (version integer NOT NULL)');
    const current = (await client.query<{ version: number }>('SELECT version FROM lens_schema')).rows[0]?.version ?? 0;
    if (current > PG_SCHEMA_VERSION) {
      const db = (await client.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db;
      throw new SchemaTooNewError(`the PostgreSQL database "${db}"`, current, PG_SCHEMA_VERSION, {
        variable: 'DATABASE_URL',
      });
    }
    for (let v = current; v < PG_SCHEMA_VERSION; v++) {
      try {
        await client.query(MIGRATIONS[v]!);
      } catch (err) {
        throw explain(err);
      }
    }
    if (current === 0) await client.query('INSERT INTO lens_schema (version) VALUES ($1)', [PG_SCHEMA_VERSION]);
    else if (current < PG_SCHEMA_VERSION)
      await client.query('UPDATE lens_schema SET version = $1', [PG_SCHEMA_VERSION]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** pg_trgm missing is the one set-up problem an operator meets here: say what to do. */
function explain(err: unknown): unknown {
  const msg = (err as Error).message ?? '';
  if (/pg_trgm/.test(msg) || /extension .* is not available/.test(msg)) {
    return new Error(
      `PostgreSQL cannot create the pg_trgm extension (${msg}); name search needs it: install PostgreSQL's contrib package ` +
        '(Debian: postgresql-contrib) or have an administrator run CREATE EXTENSION pg_trgm in this database',
    );
  }
  return err;
}

/**
 * A generated registry of N domains for the scale bench, made in PostgreSQL with SQL
 * (generate_series and random() under a fixed seed, never row by row from Node), then copied
 * into a SQLite registry so both stores answer the same questions over the same rows. Shares
 * follow the stats bench: roughly the real-robots detail shares of docs/policy.md section 5,
 * half the domains ranked, AI bots blocked less often the further down the list.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { CONFLICTS, DETAIL_STANCE, SIGNAL_KEYS, toAnnouncedStance, type Detail } from '../../../shared/values.js';
import { UNRANKED } from '../../../proxy/service/preview/facets.js';

const BOTS = [
  'GPTBot',
  'CCBot',
  'ClaudeBot',
  'Google-Extended',
  'PerplexityBot',
  'Bytespider',
  'Amazonbot',
  'meta-externalagent',
  'OAI-SearchBot',
  'ChatGPT-User',
  'anthropic-ai',
  'Claude-Web',
  'Applebot-Extended',
  'FacebookBot',
  'cohere-ai',
  'Diffbot',
  'ImagesiftBot',
  'omgili',
  'YouBot',
  'Timpibot',
  'AI2Bot',
  'DuckAssistBot',
  'Kimi-User',
  'MistralAI-User',
  'PanguBot',
];
const DETAIL_CUTS: Array<[Detail, number]> = [
  ['no_ai_rules', 0.41],
  ['selective', 0.69],
  ['no_robots', 0.83],
  ['blocks_training', 0.94],
  ['blocks_all_ai', 0.97],
  ['wildcard_block', 1],
];
const DAY = 86_400_000;

/** Secondary indexes of `tables`, dropped before a bulk insert and built once after it (a sort, not row by row). */
async function withoutIndexes(pool: pg.Pool, tables: string[], fill: () => Promise<void>): Promise<void> {
  const { rows } = await pool.query<{ indexname: string; indexdef: string }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.tablename = ANY($1) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  for (const r of rows) await pool.query(`DROP INDEX ${r.indexname}`);
  await fill();
  await pool.query("SET maintenance_work_mem = '512MB'");
  for (const r of rows) await pool.query(r.indexdef);
}

export async function generatePg(pool: pg.Pool, n: number, nowMs: number): Promise<void> {
  const detailCase = `CASE ${DETAIL_CUTS.map(([d, cut]) => `WHEN r_detail < ${cut} THEN '${d}'`).join(' ')} END`;
  const stanceCase = `CASE detail ${Object.entries(DETAIL_STANCE)
    .map(([d, s]) => `WHEN '${d}' THEN '${s}'`)
    .join(' ')} END`;
  const blocking = `stance IN ('blocks_all_ai', 'blocks_training', 'selective')`;
  await withoutIndexes(pool, ['preview_policy', 'preview_bot', 'preview_standard', 'domains'], async () => {
    await pool.query('SELECT setseed(0.2026)');
    await pool.query(
      `INSERT INTO preview_policy (domain, audit_id, crawled_at, crawled_ms, crawls, stance, detail, score, rank_sort, cdn, cms, facets, record)
       SELECT domain, 'a' || i, to_char(to_timestamp(ms / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ms, 1,
              stance, detail, score, coalesce(rank, ${UNRANKED}), cdn, cms,
              jsonb_build_object('stance', stance, 'detail', detail, 'score', score,
                'use_cases', jsonb_build_object('training', CASE WHEN ${blocking} THEN 'blocked' ELSE 'allowed' END, 'search', 'allowed', 'inference', 'allowed'),
                'blocked', to_jsonb(blocked), 'allowed', to_jsonb(allowed), 'standards', to_jsonb(standards), 'conflicts', to_jsonb(conflicts),
                'rank', rank, 'cdn', cdn, 'cms', cms)::text,
              '{}'
       FROM (
         SELECT *, CASE WHEN ${blocking} THEN floor(r_score * 70)::int ELSE 100 END AS score,
                CASE WHEN ${blocking} THEN ARRAY(SELECT b FROM unnest($1::text[]) WITH ORDINALITY AS t(b, k) WHERE i >= 0 AND random() < 0.5 / (1 + (k - 1) * 0.2)) ELSE '{}' END AS blocked,
                ARRAY(SELECT s FROM unnest($2::text[]) AS s WHERE i >= 0 AND CASE WHEN s = 'robots_txt' THEN detail <> 'no_robots' ELSE random() < 0.08 END) AS standards
         FROM (
           SELECT *, ${stanceCase} AS stance FROM (
             SELECT i, 'site' || lpad(i::text, 7, '0') || '.' || (ARRAY['com', 'org', 'net', 'de', 'io'])[1 + floor(random() * 5)::int] AS domain,
                    ${detailCase} AS detail, random() AS r_score,
                    ${nowMs} - floor(random() * ${60 * DAY})::bigint AS ms,
                    CASE WHEN i < ${n / 2} THEN i + 1 END AS rank,
                    (ARRAY[NULL, 'cloudflare', 'fastly', 'akamai', 'cloudfront'])[1 + floor(random() * 5)::int] AS cdn,
                    (ARRAY[NULL, 'wordpress', 'drupal', 'shopify', 'ghost'])[1 + floor(random() * 5)::int] AS cms,
                    CASE WHEN random() < 0.02 THEN ARRAY['OAI-SearchBot'] ELSE '{}' END AS allowed,
                    CASE WHEN random() < 0.05 THEN ARRAY[($3::text[])[1 + floor(random() * ${CONFLICTS.length})::int]] ELSE '{}' END AS conflicts
             FROM (SELECT i, random() AS r_detail FROM generate_series(0, ${n - 1}) AS i) g
           ) d
         ) s
       ) f`,
      [BOTS, [...SIGNAL_KEYS], [...CONFLICTS]],
    );
    const facet = (field: string) => `jsonb_array_elements_text(facets::jsonb -> '${field}')`;
    await pool.query(`INSERT INTO preview_bot (bot, verdict, rank_sort, domain)
      SELECT lower(b), 'blocked', rank_sort, domain FROM preview_policy, ${facet('blocked')} AS b
      UNION ALL SELECT lower(b), 'allowed', rank_sort, domain FROM preview_policy, ${facet('allowed')} AS b`);
    await pool.query(
      `INSERT INTO preview_standard (standard, rank_sort, domain) SELECT s, rank_sort, domain FROM preview_policy, ${facet('standards')} AS s`,
    );
    // The registry's own table, for the name search of GET /v1/search.
    await pool.query(`INSERT INTO domains (domain, stance, detail, score, rank, last_crawled, last_crawled_ms, checked_ms, looked_up_ms, audit_id, summary, "full", announced)
      SELECT domain, stance, detail, score, nullif(rank_sort, ${UNRANKED}), crawled_at, crawled_ms, crawled_ms, crawled_ms, audit_id, '{}', '{}', '{}' FROM preview_policy`);
  });
  // The counters the index keeps per crawl (facets.ts contributions), here counted once.
  const stances = [...new Set(Object.values(DETAIL_STANCE))];
  const announced = `CASE stance ${stances.map((st) => `WHEN '${st}' THEN '${toAnnouncedStance(st)}'`).join(' ')} END`;
  await pool.query(`INSERT INTO preview_counters (kind, key, n)
    SELECT 'total', '', count(*) FROM preview_policy
    UNION ALL SELECT 'stance', ${announced}, count(*) FROM preview_policy GROUP BY 2
    UNION ALL SELECT 'detail', detail, count(*) FROM preview_policy GROUP BY 2
    UNION ALL SELECT 'score', least(9, score / 10)::text, count(*) FROM preview_policy GROUP BY 2
    UNION ALL SELECT 'standard', s, count(*) FROM preview_policy, jsonb_array_elements_text(facets::jsonb -> 'standards') AS s GROUP BY 2
    UNION ALL SELECT 'blocked', b, count(*) FROM preview_policy, jsonb_array_elements_text(facets::jsonb -> 'blocked') AS b GROUP BY 2
    UNION ALL SELECT 'conflict', c, count(*) FROM preview_policy, jsonb_array_elements_text(facets::jsonb -> 'conflicts') AS c GROUP BY 2`);
  await pool.query(
    `INSERT INTO preview_crawl_hours (hour, n) SELECT crawled_ms / 3600000, count(*) FROM preview_policy GROUP BY 1`,
  );
  await pool.query('VACUUM ANALYZE');
}

/** The same rows into a SQLite registry (store/sqlite tables), in pages of 50,000. */
export async function copyToSqlite(pool: pg.Pool, db: Database.Database): Promise<void> {
  const copy = async (table: string, columns: string[]) => {
    const ins = db.prepare(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    );
    const cols = columns.map((c) => (c === 'full' ? '"full"' : c)).join(', ');
    for (let last = 0; ;) {
      const { rows } = await pool.query<Record<string, unknown> & { id: number }>(
        `SELECT id, ${cols} FROM ${table} WHERE id > $1 ORDER BY id LIMIT 50000`,
        [last],
      );
      if (rows.length === 0) break;
      db.transaction(() => {
        for (const r of rows) ins.run(...columns.map((c) => (typeof r[c] === 'boolean' ? Number(r[c]) : r[c])));
      })();
      last = rows[rows.length - 1]!.id;
    }
  };
  const indexes = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('preview_policy', 'domains') AND sql IS NOT NULL",
    )
    .all() as Array<{ name: string; sql: string }>;
  for (const ix of indexes) db.exec(`DROP INDEX ${ix.name}`);
  await copy('preview_policy', [
    'id',
    'domain',
    'audit_id',
    'crawled_at',
    'crawled_ms',
    'crawls',
    'stance',
    'detail',
    'score',
    'rank_sort',
    'cdn',
    'cms',
    'facets',
    'record',
  ]);
  await copy('domains', [
    'id',
    'domain',
    'stance',
    'detail',
    'score',
    'rank',
    'last_crawled',
    'last_crawled_ms',
    'checked_ms',
    'looked_up_ms',
    'audit_id',
    'summary',
    'full',
    'announced',
  ]);
  for (const ix of indexes) db.exec(ix.sql);
  db.transaction(() => {
    for (const table of ['preview_bot', 'preview_standard', 'preview_counters', 'preview_crawl_hours'])
      db.exec(`DELETE FROM ${table}`);
    db.exec(`INSERT INTO preview_bot (bot, verdict, rank_sort, domain)
      SELECT lower(j.value), 'blocked', rank_sort, domain FROM preview_policy, json_each(facets, '$.blocked') AS j
      UNION ALL SELECT lower(j.value), 'allowed', rank_sort, domain FROM preview_policy, json_each(facets, '$.allowed') AS j ORDER BY 1, 2, 3, 4`);
    db.exec(`INSERT INTO preview_standard (standard, rank_sort, domain)
      SELECT j.value, rank_sort, domain FROM preview_policy, json_each(facets, '$.standards') AS j ORDER BY 1, 2, 3`);
    // The FTS5 trigram indexes over the names (external content: rebuilt from their tables).
    db.exec(`INSERT INTO preview_names (preview_names) VALUES ('rebuild')`);
    db.exec(`INSERT INTO domain_names (domain_names) VALUES ('rebuild')`);
  })();
  const counters = db.prepare('INSERT INTO preview_counters (kind, key, n) VALUES (?, ?, ?)');
  const hours = db.prepare('INSERT INTO preview_crawl_hours (hour, n) VALUES (?, ?)');
  const c = (
    await pool.query<{ kind: string; key: string; n: number }>(
      'SELECT kind, key, sum(n)::bigint AS n FROM preview_counters GROUP BY kind, key',
    )
  ).rows;
  const h = (
    await pool.query<{ hour: number; n: number }>(
      'SELECT hour, sum(n)::bigint AS n FROM preview_crawl_hours GROUP BY hour',
    )
  ).rows;
  db.transaction(() => {
    for (const r of c) counters.run(r.kind, r.key, r.n);
    for (const r of h) hours.run(r.hour, r.n);
  })();
}

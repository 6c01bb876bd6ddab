/**
 * `npm run bench -- stats`: /preview/v1/stats on a generated registry of 1,000,000 domains in a
 * temp SQLite file (WAL). Prints the latency of readStats() (maintained counters + freshness
 * index range counts, what the route runs) and, in the same run, of scanStats() (the naive
 * GROUP BY over every domain). Also times a few characteristic searches.
 * DOMAINS=200000 npm run bench -- stats for a quicker run.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { contributions, rankSort, type PolicyFacets } from '../../proxy/service/preview/facets.js';
import { hourOf } from '../../proxy/service/store/sqlite/preview-index.js';
import { searchPolicies } from '../../proxy/service/store/sqlite/preview-search.js';
import { readStats, scanStats } from '../../proxy/service/store/sqlite/preview-stats.js';
import { migratePreviewTables as migratePreview } from '../../proxy/service/store/sqlite/preview-tables.js';
import type { PreviewSearchParams } from '../../shared/params.js';
import { CONFLICTS, DETAILS, DETAIL_STANCE, SIGNAL_KEYS, type Detail } from '../../shared/values.js';

const N = Number(process.env.DOMAINS ?? 1_000_000);
const CALLS = 200;
const SCANS = 3;
const NOW = Date.UTC(2026, 0, 15, 12);
const DAY = 86_400_000;
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
const CDNS = [null, 'cloudflare', 'fastly', 'akamai', 'cloudfront'];
const CMSS = [null, 'wordpress', 'drupal', 'shopify', 'ghost'];

// Deterministic pseudo-random numbers (mulberry32), so runs are comparable.
let seed = 20260115;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
// Roughly the real-robots shares of docs/policy.md section 5.
const DETAIL_WEIGHTS: Array<[Detail, number]> = [
  ['no_ai_rules', 41],
  ['selective', 28],
  ['no_robots', 14],
  ['blocks_training', 11],
  ['blocks_all_ai', 3],
  ['wildcard_block', 3],
];
const weighted = () => {
  let r = rnd() * 100;
  for (const [d, w] of DETAIL_WEIGHTS) if ((r -= w) < 0) return d;
  return pick(DETAILS);
};

function facetsFor(i: number): PolicyFacets {
  const detail = weighted();
  const stance = DETAIL_STANCE[detail];
  const blocking = stance === 'blocks_all_ai' || stance === 'blocks_training' || stance === 'selective';
  const blocked = blocking ? BOTS.filter((_, k) => rnd() < 0.5 / (1 + k * 0.2)) : [];
  return {
    stance,
    detail,
    score: blocking ? Math.floor(rnd() * 70) : 100,
    use_cases: { training: blocking ? 'blocked' : 'allowed', search: 'allowed', inference: 'allowed' },
    blocked,
    allowed: rnd() < 0.02 ? ['OAI-SearchBot'] : [],
    standards: SIGNAL_KEYS.filter((k) => (k === 'robots_txt' ? detail !== 'no_robots' : rnd() < 0.08)),
    conflicts: rnd() < 0.05 ? [pick(CONFLICTS)] : [],
    rank: i < N / 2 ? i + 1 : null,
    cdn: pick(CDNS),
    cms: pick(CMSS),
  };
}

function generate(db: Database.Database): void {
  const insPolicy = db.prepare(
    `INSERT INTO preview_policy (id, domain, audit_id, crawled_at, crawled_ms, crawls, stance, detail, score, rank_sort, cdn, cms, facets, record)
     VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, '{}')`,
  );
  const counters = new Map<string, number>();
  const hours = new Map<number, number>();
  const CHUNK = 100_000;
  for (let start = 0; start < N; start += CHUNK) {
    db.transaction(() => {
      for (let i = start; i < Math.min(N, start + CHUNK); i++) {
        // Names in insertion order keep the unique index an append (generation speed only).
        const domain = `site${String(i).padStart(7, '0')}.${pick(['com', 'org', 'net', 'de', 'io'])}`;
        const f = facetsFor(i);
        const ms = NOW - Math.floor(rnd() * 60 * DAY);
        // The announced record is not read by /stats or /search: an empty one keeps the file small.
        insPolicy.run(
          i + 1,
          domain,
          `a${i}`,
          new Date(ms).toISOString(),
          ms,
          f.stance,
          f.detail,
          f.score,
          rankSort(f.rank),
          f.cdn,
          f.cms,
          JSON.stringify(f),
        );
        hours.set(hourOf(ms), (hours.get(hourOf(ms)) ?? 0) + 1);
        for (const [kind, key] of contributions(f))
          counters.set(`${kind}\u0000${key}`, (counters.get(`${kind}\u0000${key}`) ?? 0) + 1);
      }
    })();
  }
  db.transaction(() => {
    // The bot and standard indexes from the facets, inserted in key order (B-tree appends).
    db.exec(`INSERT INTO preview_bot (bot, verdict, rank_sort, domain)
      SELECT lower(j.value), 'blocked', rank_sort, domain FROM preview_policy, json_each(facets, '$.blocked') AS j
      UNION ALL SELECT lower(j.value), 'allowed', rank_sort, domain FROM preview_policy, json_each(facets, '$.allowed') AS j
      ORDER BY 1, 2, 3, 4`);
    db.exec(`INSERT INTO preview_standard (standard, rank_sort, domain)
      SELECT j.value, rank_sort, domain FROM preview_policy, json_each(facets, '$.standards') AS j ORDER BY 1, 2, 3`);
    const insCounter = db.prepare('INSERT INTO preview_counters (kind, key, n) VALUES (?, ?, ?)');
    for (const [k, n] of counters) insCounter.run(...k.split('\u0000'), n);
    const insHour = db.prepare('INSERT INTO preview_crawl_hours (hour, n) VALUES (?, ?)');
    for (const [h, n] of hours) insHour.run(h, n);
  })();
}

function time(fn: () => unknown, calls: number): { median: number; p99: number } {
  const ms: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = process.hrtime.bigint();
    fn();
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)]!, p99: ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.99) - 1)]! };
}
const fmt = (r: { median: number; p99: number }) => `median ${r.median.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms`;

const dir = mkdtempSync(join(tmpdir(), 'stats-bench-'));
try {
  const file = join(dir, 'registry.sqlite');
  const db = new Database(file);
  // Bulk generation without a journal, then the registry's own settings (LIBRARIES: WAL, NORMAL).
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -524288');
  migratePreview(db);
  const t0 = Date.now();
  // Secondary indexes are built once after the bulk insert (a sort), not row by row.
  const indexes = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'preview_policy' AND sql IS NOT NULL",
    )
    .all() as Array<{ name: string; sql: string }>;
  for (const ix of indexes) db.exec(`DROP INDEX ${ix.name}`);
  generate(db);
  for (const ix of indexes) db.exec(ix.sql);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -2000');
  console.log(
    `generated ${N.toLocaleString('en')} domains in ${((Date.now() - t0) / 1000).toFixed(1)} s (${(statSync(file).size / 2 ** 20).toFixed(0)} MiB)`,
  );

  const fast = readStats(db, NOW);
  const slow = scanStats(db, NOW);
  if (JSON.stringify(fast) !== JSON.stringify(slow)) throw new Error('counters and full scan disagree');
  console.log(
    `check: counters equal the full scan (total ${fast.total_domains}, fresh ${fast.freshness.fresh}, aging ${fast.freshness.aging}, stale ${fast.freshness.stale})`,
  );

  // Time moves between calls, as it does between requests.
  let k = 0;
  console.log(
    `/stats via maintained counters (${CALLS} calls): ${fmt(time(() => readStats(db, NOW + k++ * 1000), CALLS))}`,
  );
  console.log(`/stats via naive full-scan GROUP BY (${SCANS} calls): ${fmt(time(() => scanStats(db, NOW), SCANS))}`);

  const searches: Array<[string, Partial<PreviewSearchParams>]> = [
    ['no filter', {}],
    ['blocks=gptbot', { blocks: 'gptbot' }],
    ['blocks=pangubot (rare)', { blocks: 'pangubot' }],
    ['stance=blocks_training', { stance: 'blocks_training' }],
    ['standard=llms_txt&min_score=50', { standard: 'llms_txt', min_score: 50 }],
    ['cdn=fastly&cms=ghost&offset=1000', { cdn: 'fastly', cms: 'ghost', offset: 1000 }],
    ['min_score=0 (every row)', { min_score: 0 }],
    ['min_score=37&max_score=37 (rare)', { min_score: 37, max_score: 37 }],
  ];
  for (const [label, p] of searches) {
    console.log(`/search ${label}: ${fmt(time(() => searchPolicies(db, { limit: 20, offset: 0, ...p }), 50))}`);
  }
  db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

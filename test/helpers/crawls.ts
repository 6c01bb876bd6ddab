/**
 * Builds schema-valid Classification and Evidence objects for the announced surface's table
 * tests: every object passes the shared zod schemas, so a shape drift in shared/schemas.ts
 * fails here instead of silently passing. Also a good or a failed crawl stored through the
 * storage port, as a worker stores it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll } from 'vitest';
import type { Classification } from '../../proxy/analysis/classification.js';
import type { Evidence, FetchResult } from '../../proxy/analysis/evidence.js';
import { RETRY_DELAYS_MS } from '../../proxy/service/api.js';
import type { RegistryStore, StoredCrawl } from '../../proxy/service/store/registry-store.js';
import { migratePreviewTables } from '../../proxy/service/store/sqlite/preview-tables.js';
import {
  AnnouncedRecordSchema,
  DomainPolicyFoundSchema,
  FullRecordSchema,
  type UseCases,
} from '../../shared/schemas.js';
import {
  DETAIL_STANCE,
  SIGNAL_KEYS,
  toAnnouncedStance,
  type Conflict,
  type Detail,
  type SignalKey,
  type TosStance,
  type Verdict,
} from '../../shared/values.js';

export interface Spec {
  detail: Detail;
  score?: number;
  use_cases?: Partial<UseCases>;
  blocked?: string[];
  allowed?: string[];
  standards?: SignalKey[];
  conflicts?: Conflict[];
  rank?: number | null;
  cdn?: string | null;
  cms?: string | null;
  robots?: string;
  tosExcerpt?: string | null;
  /** The terms' AI stance; default `prohibits` with an excerpt, else `unknown`. */
  tos?: TosStance;
  /** Give the found answers a `basis` (what classify() adds beyond the seed). */
  basis?: boolean;
}

/** A schema-valid basis: robots.txt read, nothing explicit, no failed check. */
const BASIS = {
  robots_txt: { status: 'ok', http_status: 200, problem: null },
  explicit: { training: false, search: false, inference: false },
  decided_by: { training: [], search: [], inference: [] },
  found: ['robots_txt'],
  last_check: null,
};

const openness = (v: Verdict) => (v === 'allowed' ? 1 : v === 'blocked' ? 0 : 0.5);

export function classification(domain: string, fetchedAt: string, spec: Spec): Classification {
  const use_cases: UseCases = { training: 'allowed', search: 'allowed', inference: 'allowed', ...spec.use_cases };
  const score =
    spec.score ??
    Math.round((100 * (openness(use_cases.training) + openness(use_cases.search) + openness(use_cases.inference))) / 3);
  const stance = DETAIL_STANCE[spec.detail];
  const has = (k: SignalKey) => (spec.standards ?? []).includes(k);
  const signals = Object.fromEntries(SIGNAL_KEYS.map((k) => [k, has(k)])) as Record<SignalKey, boolean>;
  const blocked = spec.blocked ?? [];
  const allowed = spec.allowed ?? [];
  const conflicts = spec.conflicts ?? [];
  const site = {
    ranklist_rank: spec.rank ?? null,
    cdn: spec.cdn ?? null,
    cms: spec.cms ?? null,
    behind_cdnvendor: false,
    has_paywall: false,
    has_tos: spec.tosExcerpt !== undefined,
    tos_url: spec.tosExcerpt !== undefined ? `https://${domain}/terms` : null,
  };
  const summary = DomainPolicyFoundSchema.parse({
    domain,
    found: true,
    stance,
    detail: spec.detail,
    use_cases,
    bots: { blocked, allowed },
    signals,
    site,
    last_updated: fetchedAt,
    ...(spec.basis ? { basis: BASIS } : {}),
  });
  const full = FullRecordSchema.omit({ id: true, audit_id: true }).parse({
    domain,
    robots_txt_exists: signals.robots_txt,
    llms_txt_exists: signals.llms_txt,
    ai_txt_exists: signals.ai_txt,
    tdmrep_exists: signals.tdmrep,
    agents_json_exists: signals.agents_json,
    ai_stance: stance,
    policy_detail: spec.detail,
    ai_openness_score: score / 100,
    policy_completeness: 'moderate',
    confidence: 1,
    ai_bots_blocked_count: blocked.length,
    ai_bots_allowed_count: allowed.length,
    ai_bots: Object.fromEntries([...blocked.map((b) => [b, 'blocked']), ...allowed.map((b) => [b, 'allowed'])]),
    all_bots: {},
    crawl_rules: {
      crawl_delays: {},
      blocked_paths: [],
      sitemaps_count: 0,
      directives_count: 0,
      has_wildcard_block: false,
    },
    use_case_policies: use_cases,
    conflicts,
    tos_url: site.tos_url,
    tos_ai_stance: spec.tos ?? (spec.tosExcerpt ? 'prohibits' : 'unknown'),
    cdn_provider: site.cdn,
    cms: site.cms,
    has_paywall: false,
    behind_cdnvendor: false,
    markdown_for_agents: false,
    parsed_at: fetchedAt,
    ranklist_rank: site.ranklist_rank,
    content_signals_exists: signals.content_signals,
    robots_txt_status: signals.robots_txt ? 'ok' : 'missing',
    homepage_status: 200,
    robots_txt: spec.robots ?? null,
    headers: { 'x-robots-tag': 'noai' },
    meta_tags: { robots: 'noai' },
    tos_excerpt: spec.tosExcerpt ?? null,
    usage_signals: { training: null, search: null, inference: null },
    explanations: [],
    warnings: [],
    ...(spec.basis ? { basis: BASIS } : {}),
  });
  const purpose = (v: Verdict) => ({
    allowed: v === 'allowed' ? true : v === 'unknown' ? null : false,
    source: v === 'allowed' || v === 'unknown' ? [] : ['robots_txt' as const],
  });
  const announced = AnnouncedRecordSchema.omit({ audit_id: true }).parse({
    domain,
    score,
    stance: toAnnouncedStance(stance),
    purposes: {
      training: purpose(use_cases.training),
      search: purpose(use_cases.search),
      rag: purpose(use_cases.inference),
      browsing: purpose(use_cases.inference),
    },
    signals: {
      robots_txt: { found: signals.robots_txt, blocks: blocked },
      llms_txt: { found: signals.llms_txt },
      ai_txt: { found: signals.ai_txt },
      tdmrep: { found: signals.tdmrep },
      agents_json: { found: signals.agents_json },
      content_signals: { found: signals.content_signals, training: null, search: null },
    },
    conflicts,
    last_crawled: fetchedAt,
  });
  return { summary, full, announced };
}

const response = (url: string, body: string, status = 200, contentType = 'text/plain'): FetchResult => ({
  kind: 'response',
  url,
  finalUrl: url,
  status,
  headers: { 'content-type': contentType },
  contentType,
  body,
  bytes: Buffer.byteLength(body),
  truncated: false,
  redirects: 0,
  elapsedMs: 3,
});

export function evidence(domain: string, fetchedAt: string, robots: string | null): Evidence {
  const o = `https://${domain}`;
  return {
    domain,
    fetchedAt,
    origin: o,
    homepage: response(`${o}/`, '<html></html>', 200, 'text/html'),
    robots: robots === null ? response(`${o}/robots.txt`, 'Not found', 404) : response(`${o}/robots.txt`, robots),
    llms: { kind: 'failed', url: `${o}/llms.txt`, reason: 'timeout', message: 'no answer in 10 s', elapsedMs: 10_000 },
    aiTxt: { kind: 'refused', url: `${o}/ai.txt`, reason: 'redirect to a private address' },
    tdmrep: response(`${o}/.well-known/tdmrep.json`, '[]', 200, 'application/json'),
    agents: response(`${o}/.well-known/agents.json`, 'Not found', 404),
    markdown: response(`${o}/`, 'Not acceptable', 406),
    tosUrl: null,
    tos: null,
    rank: null,
  };
}

let seq = 0;
/** One stored crawl of `domain` at `at` (ISO), with a fresh audit id. */
export function crawl(domain: string, at: string, spec: Spec, previous: Classification | null = null): StoredCrawl {
  seq += 1;
  return {
    current: true,
    domain,
    auditId: `audit-${seq}`,
    crawledAt: at,
    evidence: evidence(domain, at, spec.robots ?? null),
    classification: classification(domain, at, spec),
    previous,
  };
}

/** A real registry file in a temp folder with the announced surface's tables. */
export function tempRegistry(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const file = join(dir, 'registry.sqlite');
  const open = () => {
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    migratePreviewTables(db);
    return db;
  };
  return { file, open, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** One registry for a whole test file: opened before its tests, removed after them. */
export function registryPerFile(prefix: string): { db: Database.Database } {
  const registry = tempRegistry(prefix);
  const handle = {} as { db: Database.Database };
  beforeAll(() => {
    handle.db = registry.open();
  });
  afterAll(() => {
    handle.db.close();
    registry.remove();
  });
  return handle;
}

const at = (ms: number) => new Date(ms).toISOString();
/** Stores a good crawl of `domain` at `ms`, as a worker does at the end of its job. */
export const storeGood = (
  s: RegistryStore,
  domain: string,
  ms: number,
  detail: Detail = 'no_ai_rules',
  rank: number | null = null,
) =>
  s.records.storeCrawl({
    evidence: evidence(domain, at(ms), 'User-agent: *\nDisallow:'),
    classification: classification(domain, at(ms), { detail, rank, basis: true }),
    nowMs: ms,
    failure: null,
    retryDelaysMs: RETRY_DELAYS_MS,
  });

/** Stores a failed check (the site did not answer) of `domain` at `ms`. */
export const storeFailed = (s: RegistryStore, domain: string, ms: number, cause = 'timed out') =>
  s.records.storeCrawl({
    evidence: evidence(domain, at(ms), null),
    classification: classification(domain, at(ms), {
      detail: 'unreachable',
      use_cases: { training: 'unknown', search: 'unknown', inference: 'unknown' },
      basis: true,
    }),
    nowMs: ms,
    failure: { cause },
    retryDelaysMs: RETRY_DELAYS_MS,
  });

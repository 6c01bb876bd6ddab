/**
 * One audited domain as a row of sites.csv / sites.jsonl: the registry's full record cut to what
 * a study compares across sites. Values keep the API's identifiers (`blocks_training`,
 * `partial`), as a researcher's tables need stable codes; report.html says them in words.
 */
import { AI_BOTS, KEY_BOTS, botByToken } from '../../shared/bots.js';
import { parseRobotsTxt } from '../../shared/robots/index.js';
import type { FullRecord } from '../../shared/schemas.js';
import { STANDARD_KEYS, USE_CASES, type StandardKey, type TosStance } from '../../shared/values.js';

export type RowStatus = 'ok' | 'failed' | 'pending';

export interface SiteRow {
  domain: string;
  /** The list's rank (Tranco), else null. */
  rank: number | null;
  /** ok: the latest check is a policy; failed: it failed (cause below); pending: never checked in this run. */
  status: RowStatus;
  stance: string | null;
  detail: string | null;
  training: string | null;
  search: string | null;
  inference: string | null;
  robots_txt_status: string | null;
  key_bots_blocked: string[];
  key_bots_allowed: string[];
  /** AI bots robots.txt names in a User-agent line (catalogue spelling; unknown AI-looking names as written). */
  ai_bots_named: string[];
  /** AI bots blocked, named or through `*` (the record's `ai_bots`). */
  ai_bots_blocked: string[];
  /** Named AI bots whose rules close part of the site beyond `*` (docs/policy.md section 11). */
  ai_bots_partial: string[];
  ai_bots_allowed: string[];
  standards: StandardKey[];
  tos_ai_stance: TosStance | null;
  /** The terms on robots, scrapers and automated access; null where the record does not carry it. */
  tos_automated_access: TosStance | null;
  tos_url: string | null;
  conflicts: string[];
  confidence: number | null;
  openness: number | null;
  /** When the crawl behind these values ran (ISO 8601). */
  crawled_at: string | null;
  /** When the domain was last checked, failed or not. */
  checked_at: string | null;
  audit_id: string | null;
  /** Why the latest check failed, null when it did not. */
  failure: string | null;
  /** When the failed check is tried again, null when no retry is planned. */
  retry_at: string | null;
  /** The record was crawled before this run began and reused (--refresh-days). */
  reused: boolean;
}

const KEYS: ReadonlySet<string> = new Set(Object.values(KEY_BOTS).flat());
const AI_TOKENS: ReadonlySet<string> = new Set(AI_BOTS.map((b) => b.token));

/** AI bots the file names: catalogue AI bots (catalogue spelling) in file order, then the AI-looking names the catalogue lacks. */
function namedAiBots(full: FullRecord): string[] {
  if (full.robots_txt_status !== 'ok' || full.robots_txt === null) return [];
  const out = new Set<string>();
  for (const group of parseRobotsTxt(full.robots_txt).groups) {
    for (const agent of group.agents) {
      const bot = botByToken(agent.token);
      if (bot && AI_TOKENS.has(bot.token)) out.add(bot.token);
    }
  }
  for (const name of full.unknown_ai_bots ?? []) out.add(name);
  return [...out];
}

const withStatus = (full: FullRecord, status: string) =>
  Object.entries(full.ai_bots)
    .filter(([, s]) => s === status)
    .map(([token]) => token);

export interface RowContext {
  rank: number | null;
  checkedMs: number;
  failure: string | null;
  retryAtMs: number | null;
  reused: boolean;
}

export function siteRow(full: FullRecord, ctx: RowContext): SiteRow {
  const blocked = withStatus(full, 'blocked');
  const allowed = withStatus(full, 'allowed');
  const found = new Set(full.basis?.found ?? []);
  if (found.size === 0) {
    // A record without basis (a foreign upstream's): the seed's six standards.
    if (full.robots_txt_exists) found.add('robots_txt');
    if (full.llms_txt_exists) found.add('llms_txt');
    if (full.ai_txt_exists) found.add('ai_txt');
    if (full.tdmrep_exists) found.add('tdmrep');
    if (full.content_signals_exists) found.add('content_signals');
    if (full.agents_json_exists) found.add('agents_json');
  }
  return {
    domain: full.domain,
    rank: ctx.rank,
    status: ctx.failure === null ? 'ok' : 'failed',
    stance: full.ai_stance,
    detail: full.policy_detail,
    ...(Object.fromEntries(USE_CASES.map((u) => [u, full.use_case_policies[u]])) as Record<
      (typeof USE_CASES)[number],
      string
    >),
    robots_txt_status: full.robots_txt_status,
    key_bots_blocked: blocked.filter((t) => KEYS.has(t)),
    key_bots_allowed: allowed.filter((t) => KEYS.has(t)),
    ai_bots_named: namedAiBots(full),
    ai_bots_blocked: blocked,
    ai_bots_partial: withStatus(full, 'partial'),
    ai_bots_allowed: allowed,
    standards: STANDARD_KEYS.filter((k) => found.has(k)),
    tos_ai_stance: full.tos_ai_stance,
    tos_automated_access: full.tos_automated_access ?? null,
    tos_url: full.tos_url,
    conflicts: [...full.conflicts],
    confidence: full.confidence,
    openness: full.ai_openness_score,
    crawled_at: full.parsed_at,
    checked_at: new Date(ctx.checkedMs).toISOString(),
    audit_id: full.audit_id,
    failure: ctx.failure,
    retry_at: ctx.retryAtMs === null ? null : new Date(ctx.retryAtMs).toISOString(),
    reused: ctx.reused,
  };
}

/** A domain of the list that has no record yet (the run stopped before it was checked). */
export function pendingRow(domain: string, rank: number | null): SiteRow {
  return {
    domain,
    rank,
    status: 'pending',
    stance: null,
    detail: null,
    training: null,
    search: null,
    inference: null,
    robots_txt_status: null,
    key_bots_blocked: [],
    key_bots_allowed: [],
    ai_bots_named: [],
    ai_bots_blocked: [],
    ai_bots_partial: [],
    ai_bots_allowed: [],
    standards: [],
    tos_ai_stance: null,
    tos_automated_access: null,
    tos_url: null,
    conflicts: [],
    confidence: null,
    openness: null,
    crawled_at: null,
    checked_at: null,
    audit_id: null,
    failure: null,
    retry_at: null,
    reused: false,
  };
}

/**
 * One audited domain as a row of sites.csv / sites.jsonl: the one reading (shared/reading/,
 * docs/policy.md section 16) cut to what a study compares across sites. Values keep the API's
 * identifiers (`blocks_training`, `partial`), as a researcher's tables need stable codes;
 * report.html says them in words. `told` is the stance as every face tells it; the bot lists are
 * the reading's roles, AI bots and tools with no AI use apart.
 */
import { readWhole } from '../../shared/reading/index.js';
import { aiBotClaims, type OperatorGroup } from '../../shared/reading/read-bots.js';
import type { ToldStance } from '../../shared/reading/claims.js';
import { borrowsFrom, lendsPolicy } from '../../shared/reading/story-parent.js';
import type { DomainPolicyFound, FullRecord } from '../../shared/schemas.js';
import { KEY_BOTS } from '../../shared/key-bots.js';
import {
  STANDARD_KEYS,
  USE_CASES,
  type LicenceVerdictValue,
  type StandardKey,
  type TosStance,
  type UseCase,
} from '../../shared/values.js';

export type RowStatus = 'ok' | 'failed' | 'pending';
export type LicenceColumn = LicenceVerdictValue | 'not_read' | null;

export interface SiteRow {
  domain: string;
  /** The list's rank (Tranco), else null. */
  rank: number | null;
  /** ok: the latest check is a policy; failed: it failed (cause below); pending: never checked in this run. */
  status: RowStatus;
  /**
   * The stance as told (shared/reading/claims.ts ToldStance): what the badge, the site page and
   * the report show. A host with nothing of its own tells its site's when the run checked that
   * site and it has AI rules (`told_from`).
   */
  told: ToldStance | null;
  /** The site whose policy `told` is, when it is not the host's own; else null. */
  told_from: string | null;
  /** The site this host belongs to, when the host has no robots.txt and no AI rule of its own; else null. */
  borrows: string | null;
  /** The API's stance and detail (seed vocabulary) of the host's own record. */
  stance: string | null;
  detail: string | null;
  training: string | null;
  search: string | null;
  inference: string | null;
  robots_txt_status: string | null;
  key_bots_blocked: string[];
  key_bots_allowed: string[];
  /** AI bots (a known AI use) robots.txt names in a User-agent line, catalogue spelling, in file order. */
  ai_bots_named: string[];
  /** AI bots (a known AI use) blocked, named or through `*`. */
  ai_bots_blocked: string[];
  /** AI bots a group naming them closes some paths to, beyond what `*` closes (docs/policy.md section 11). */
  ai_bots_partial: string[];
  /** AI bots an allow-list lets in by name (`*` closes the site). */
  ai_bots_let_in: string[];
  /** AI bots named only in groups without a rule: not restricted (section 16). */
  ai_bots_no_rule: string[];
  /** AI bots a rule of a group naming them allows. */
  ai_bots_allowed: string[];
  /** Tools with no AI use (scraping frameworks, SEO tools, names with no known use) blocked or partly blocked by name: no AI rule. */
  tools_blocked: string[];
  standards: StandardKey[];
  /**
   * What the site's RSL licence says of each use for the whole site (docs/policy.md section 15):
   * `prohibited`, `paid` (licence required), `free`, `attribution`; `not_read` when a licence was
   * found and not read; null when the site names none or its licence says nothing of the use.
   */
  rsl_training: LicenceColumn;
  rsl_search: LicenceColumn;
  rsl_inference: LicenceColumn;
  /** The payments those uses ask (`crawl 0.001 USD`, `subscription`), each once. */
  rsl_payments: string[];
  tos_ai_stance: TosStance | null;
  /** The terms on robots, scrapers and automated access; null where the record does not carry it. */
  tos_automated_access: TosStance | null;
  tos_url: string | null;
  /** Sources that disagree, as told (terms silent on AI beside robots.txt rules are a note, not a conflict). */
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

const tokens = (groups: OperatorGroup[]): string[] => groups.flatMap((g) => g.bots.map((b) => b.token));

/** The rsl_* columns of a record: what its licence says of each use, and the payments asked. */
function licenceColumns(
  summary: DomainPolicyFound,
  full: FullRecord,
): Pick<SiteRow, 'rsl_training' | 'rsl_search' | 'rsl_inference' | 'rsl_payments'> {
  const l = summary.basis?.licence ?? full.basis?.licence ?? null;
  const of = (u: UseCase): LicenceColumn => (!l ? null : l.state !== 'read' ? 'not_read' : l.uses[u].verdict);
  const payments = new Set<string>();
  if (l?.state === 'read')
    for (const u of USE_CASES) {
      const p = l.uses[u].payment;
      if (p && l.uses[u].verdict === 'paid')
        payments.add([p.type, p.amount, p.currency].filter((x) => x !== null).join(' '));
    }
  return {
    rsl_training: of('training'),
    rsl_search: of('search'),
    rsl_inference: of('inference'),
    rsl_payments: [...payments],
  };
}

export interface RowContext {
  rank: number | null;
  checkedMs: number;
  failure: string | null;
  retryAtMs: number | null;
  reused: boolean;
}

export function siteRow(summary: DomainPolicyFound, full: FullRecord, ctx: RowContext): SiteRow {
  const w = readWhole({ policy: summary, full });
  const blocked = [...tokens(w.bots.blocked), ...tokens(w.bots.blockedByWildcard)];
  const allowed = tokens(w.bots.allowed);
  const found = new Set<StandardKey>(full.basis?.found ?? []);
  return {
    domain: full.domain,
    rank: ctx.rank,
    status: ctx.failure === null ? 'ok' : 'failed',
    told: w.told,
    told_from: null,
    borrows: borrowsFrom(summary),
    stance: full.ai_stance,
    detail: full.policy_detail,
    ...(Object.fromEntries(USE_CASES.map((u) => [u, full.use_case_policies[u]])) as Record<
      (typeof USE_CASES)[number],
      string
    >),
    robots_txt_status: full.robots_txt_status,
    key_bots_blocked: blocked.filter((t) => KEYS.has(t)),
    key_bots_allowed: allowed.filter((t) => KEYS.has(t)),
    ai_bots_named: [
      ...new Set(
        aiBotClaims(summary, full)
          .filter((c) => c.by === 'named')
          .map((c) => c.bot),
      ),
    ],
    ai_bots_blocked: blocked,
    ai_bots_partial: tokens(w.bots.partial),
    ai_bots_let_in: tokens(w.bots.letIn),
    ai_bots_no_rule: tokens(w.bots.noRule),
    ai_bots_allowed: allowed,
    tools_blocked: tokens(w.bots.alsoBlocked),
    standards: STANDARD_KEYS.filter((k) => found.has(k)),
    ...licenceColumns(summary, full),
    tos_ai_stance: full.tos_ai_stance,
    tos_automated_access: full.tos_automated_access ?? null,
    tos_url: full.tos_url,
    conflicts: w.own.conflicts.map((c) => c.id),
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

/**
 * A row told its site's stance: a host with nothing of its own whose site the run checked and
 * found AI rules in tells that site's stance (docs/policy.md section 11, "subdomains"); `lenders`
 * maps each such site to its told stance.
 */
export function withBorrowing(row: SiteRow, lenders: ReadonlyMap<string, ToldStance>): SiteRow {
  const theirs = row.borrows === null ? undefined : lenders.get(row.borrows);
  return theirs === undefined ? row : { ...row, told: theirs, told_from: row.borrows };
}

/** The site's told stance when it lends it (lendsPolicy): what withBorrowing looks up. */
export const lenderOf = (row: SiteRow): [string, ToldStance] | null =>
  row.status !== 'pending' && row.told !== null && row.told_from === null && lendsPolicy(row.told)
    ? [row.domain, row.told]
    : null;

/** A domain of the list that has no record yet (the run stopped before it was checked). */
export function pendingRow(domain: string, rank: number | null): SiteRow {
  return {
    domain,
    rank,
    status: 'pending',
    told: null,
    told_from: null,
    borrows: null,
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
    ai_bots_let_in: [],
    ai_bots_no_rule: [],
    ai_bots_allowed: [],
    tools_blocked: [],
    standards: [],
    rsl_training: null,
    rsl_search: null,
    rsl_inference: null,
    rsl_payments: [],
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

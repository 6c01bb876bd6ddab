/**
 * The bots, by what robots.txt does to each (docs/policy.md sections 11 and 15): AI bots blocked
 * by a group naming them, blocked only by the rule for every crawler, partly blocked, let in by
 * name (an allow-list), named without a rule, allowed by name; and apart, the tools with no AI use
 * (scraping frameworks, SEO and monitoring tools, names with no known use), never counted or
 * listed as AI bots. From the full record's roles (bot-claims.ts); from the summary alone when the
 * full record is not there (then named and `*` blocks cannot be told apart). Grouped by operator,
 * with what each bot is for. Loaded with the full record: the catalogue is large.
 */
import { botByToken, type Bot } from '../bots.js';
import { say } from '../say.js';
import type { DomainPolicyFound, FullRecord } from '../schemas.js';
import type { BotPurpose } from '../values.js';
import { botClaims } from './bot-claims.js';
import type { BotClaim, Claim } from './claims.js';

export interface BotItem {
  token: string;
  purpose: BotPurpose | null;
  description: string | null;
  /** Blocked only through `User-agent: *` (no group names this bot). */
  viaWildcard: boolean;
  claims: Claim[];
}

export interface OperatorGroup {
  operator: string;
  bots: BotItem[];
}

export interface BotLists {
  /** AI bots (a known AI use) blocked by a group naming them, by operator. */
  blocked: OperatorGroup[];
  /** Tools with no AI use blocked or partly blocked by a group naming them: reported, no AI rule (section 11). */
  alsoBlocked: OperatorGroup[];
  /** AI bots blocked only by the `*` rules: shown as one note, listed on demand. */
  blockedByWildcard: OperatorGroup[];
  wildcardCount: number;
  /** The `*` group that closes `/` opens some paths again with Allow lines: it does not close the whole site (section 16). */
  wildcardOpens: boolean;
  /** AI bots a group naming them closes some paths to, beyond what `*` closes. */
  partial: OperatorGroup[];
  /** AI bots an allow-list lets in by name (`*` closes the site, their own group opens it). */
  letIn: OperatorGroup[];
  /** AI bots named only in groups without a rule: not restricted, nothing allowed them either (section 16). */
  noRule: OperatorGroup[];
  /** AI bots a rule of a group naming them allows. */
  allowed: OperatorGroup[];
  /** Whether named and `*` blocks could be told apart (the full record's roles). */
  sourceKnown: boolean;
}

const AI_PURPOSES: ReadonlySet<string> = new Set(['training', 'search', 'inference', 'agent']);

/** An AI bot: a catalogue bot with an AI use. Tools of purpose `other` and names the catalogue lacks are not. */
export const isAiUse = (purpose: BotClaim['purpose'] | BotPurpose | null): boolean =>
  purpose !== null && AI_PURPOSES.has(purpose);

function item(token: string, viaWildcard: boolean, claims: Claim[]): BotItem & { operator: string } {
  const b: Bot | undefined = botByToken(token);
  return {
    token: b?.token ?? token,
    // A token the catalogue lacks (section 10: reported, not dropped).
    operator: b?.operator ?? say('botsOtherOperator', 'Other bots this site names'),
    purpose: b?.purpose ?? null,
    description: b?.description ?? null,
    viaWildcard,
    claims,
  };
}

/** Groups by operator, keeping the order in which operators first appear. */
function byOperator(items: Array<BotItem & { operator: string }>): OperatorGroup[] {
  const groups = new Map<string, BotItem[]>();
  for (const { operator, ...rest } of items) {
    const g = groups.get(operator) ?? [];
    g.push(rest);
    groups.set(operator, g);
  }
  return [...groups].map(([operator, bots]) => ({ operator, bots }));
}

/** From the full record's roles: each bot in the list of its role, tools apart. */
function fromRoles(claims: readonly BotClaim[]): Omit<BotLists, 'wildcardOpens'> {
  const ai = claims.filter((c) => isAiUse(c.purpose));
  const of = (role: BotClaim['role'], by?: BotClaim['by']) =>
    byOperator(
      ai
        .filter((c) => c.role === role && (by === undefined || c.by === by))
        .map((c) => item(c.bot, c.by === 'wildcard', [c])),
    );
  const wildcard = ai.filter((c) => c.role === 'blocked' && c.by === 'wildcard');
  const tools = claims.filter(
    (c) => !isAiUse(c.purpose) && c.by === 'named' && (c.role === 'blocked' || c.role === 'partial'),
  );
  return {
    blocked: of('blocked', 'named'),
    alsoBlocked: byOperator(tools.map((c) => item(c.bot, false, [c]))),
    blockedByWildcard: byOperator(wildcard.map((c) => item(c.bot, true, [c]))),
    wildcardCount: wildcard.length,
    partial: of('partial'),
    letIn: of('let_in'),
    noRule: of('no_rule'),
    allowed: of('allowed'),
    sourceKnown: true,
  };
}

/** Lower-case token as the matcher compares it (docs/policy.md section 2: cut at `/`, trimmed). */
const tokenOf = (name: string): string => name.split('/')[0]!.trim().toLowerCase();

/**
 * Without the full record's roles (an older record, a foreign upstream): the summary's lists, AI
 * bots and tools apart; with the older full record and the answer's path rules, which blocks come
 * only from `*` (no group names the bot) and which bots are partly blocked by name.
 */
function fromSummary(p: DomainPolicyFound, full: FullRecord | null): Omit<BotLists, 'wildcardOpens'> {
  const rules = p.path_rules;
  const named = full && rules ? new Set(rules.groups.flatMap((g) => g.agents).filter((a) => a !== '*')) : null;
  const isNamed = (t: string) => named === null || named.has(tokenOf(t));
  const all = p.bots.blocked.map((t) => item(t, named !== null && !isNamed(t), []));
  const ai = all.filter((b) => isAiUse(b.purpose));
  const tools = all.filter((b) => !isAiUse(b.purpose) && !b.viaWildcard);
  const wildcard = ai.filter((b) => b.viaWildcard);
  const partial = full
    ? Object.entries(full.all_bots)
        .filter(([t, e]) => e.is_ai_bot && e.status === 'partial' && isNamed(t))
        .map(([t]) => item(t, false, []))
        .filter((b) => isAiUse(b.purpose))
    : [];
  return {
    blocked: byOperator(ai.filter((b) => !b.viaWildcard)),
    alsoBlocked: byOperator(tools),
    blockedByWildcard: byOperator(wildcard),
    wildcardCount: wildcard.length,
    partial: byOperator(partial),
    letIn: [],
    noRule: [],
    allowed: byOperator(p.bots.allowed.map((t) => item(t, false, [])).filter((b) => isAiUse(b.purpose))),
    sourceKnown: named !== null,
  };
}

/** The Bots view's lists of the policy told (`policy`: the host's own, or its parent's when borrowed). */
export function readBots(policy: DomainPolicyFound, full: FullRecord | null): BotLists {
  const lists = full?.bot_roles ? fromRoles(botClaims(policy, full)) : fromSummary(policy, full);
  const opens = ((policy.basis ?? full?.basis)?.closed_to_all?.opens.length ?? 0) > 0;
  return { ...lists, wildcardOpens: opens };
}

/** AI bots the site names, by role, as counted by the audit: tools of purpose `other` never among them. */
export function aiBotClaims(policy: DomainPolicyFound, full: FullRecord): BotClaim[] {
  return botClaims(policy, full).filter((c) => isAiUse(c.purpose));
}

/**
 * The popup's bot lists: which AI bots a site blocks or allows, grouped by operator, with what
 * each bot is for (shared/bots.ts), and whether a block comes from a rule naming the bot or
 * only from the rules for every crawler (`User-agent: *`).
 */
// The classifier's own robots.txt parser (shared/robots, the one the service uses), so a
// bot counts as named here exactly when it did there. Loaded with this module, after first paint.
import { agentToken, parseRobotsTxt } from '~~/shared/robots/parse.js';
import { botByToken, type Bot } from '~~/shared/bots.js';
import type { Bots, FullRecord } from '~~/shared/schemas.js';
import type { BotPurpose } from '~~/shared/values.js';

export interface BotItem {
  token: string;
  purpose: BotPurpose | null;
  description: string | null;
  /** Blocked only through `User-agent: *` (no group names this bot). */
  viaWildcard: boolean;
}

export interface OperatorGroup {
  operator: string;
  bots: BotItem[];
}

export interface BotLists {
  /** Blocked by a group naming them, by operator. */
  blocked: OperatorGroup[];
  /** Blocked only by the `*` rules: shown as one note, listed on demand. */
  blockedByWildcard: OperatorGroup[];
  wildcardCount: number;
  /** Named and partly blocked (some paths refused). */
  partial: OperatorGroup[];
  /** Named and allowed. */
  allowed: OperatorGroup[];
  /** Whether named/wildcard could be told apart (needs the raw robots.txt of the full record). */
  sourceKnown: boolean;
}

/** Tokens named by `User-agent` lines, as classification.md section 2 compares them (agentToken). */
function namedAgents(robotsTxt: string): Set<string> {
  return new Set(parseRobotsTxt(robotsTxt).groups.flatMap((g) => g.agents.map((a) => a.token)));
}

function item(token: string, viaWildcard: boolean): BotItem & { operator: string } {
  const b: Bot | undefined = botByToken(token);
  return {
    token: b?.token ?? token,
    operator: b?.operator ?? 'Other',
    purpose: b?.purpose ?? null,
    description: b?.description ?? null,
    viaWildcard,
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

/**
 * The summary's lists are authoritative for blocked and allowed (classification.md section 5:
 * `bots.blocked` holds every catalogue AI bot blocked, named or via `*`; `bots.allowed` the
 * named allowed ones). The full record adds which blocks come only from `*` (its raw
 * robots.txt names no group for the bot) and the partly blocked bots (`all_bots`).
 */
export function botLists(summary: Bots, full: FullRecord | null): BotLists {
  const named = full?.robots_txt ? namedAgents(full.robots_txt) : null;
  const isNamed = (t: string) => named === null || named.has(agentToken(t));
  const blocked = summary.blocked.map((t) => item(t, full !== null && !isNamed(t)));
  const wildcard = blocked.filter((b) => b.viaWildcard);
  const partial = full
    ? Object.entries(full.all_bots)
        .filter(([t, e]) => e.is_ai_bot && e.status === 'partial' && named?.has(agentToken(t)))
        .map(([t]) => item(t, false))
    : [];
  return {
    blocked: byOperator(blocked.filter((b) => !b.viaWildcard)),
    blockedByWildcard: byOperator(wildcard),
    wildcardCount: wildcard.length,
    partial: byOperator(partial),
    allowed: byOperator(summary.allowed.map((t) => item(t, false))),
    sourceKnown: full !== null,
  };
}

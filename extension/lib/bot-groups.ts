/**
 * The popup's bot lists: which AI bots a site blocks or allows, grouped by operator, with what
 * each bot is for (shared/bots.ts), and whether a block comes from a rule naming the bot or
 * only from the rules for every crawler (`User-agent: *`). Which bots a group names comes from
 * the answer's `path_rules` (agents as the service's matcher compares them), so the extension
 * never parses robots.txt itself. Loaded lazily, after first paint (the catalogue is large).
 */
import { botByToken, type Bot } from '~~/shared/bots.js';
import type { Bots, FullRecord, PathRules } from '~~/shared/schemas.js';
import type { BotPurpose } from '~~/shared/values.js';
import { t } from './i18n.js';

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
  /** AI bots (a known AI use) blocked by a group naming them, by operator. */
  blocked: OperatorGroup[];
  /**
   * Scraping frameworks, SEO and monitoring tools, and names with no known use, blocked by a
   * group naming them: reported, but no AI rule (docs/policy.md section 11).
   */
  alsoBlocked: OperatorGroup[];
  /** Blocked only by the `*` rules: shown as one note, listed on demand. */
  blockedByWildcard: OperatorGroup[];
  wildcardCount: number;
  /** Named and partly blocked (some paths refused). */
  partial: OperatorGroup[];
  /** Named and allowed. */
  allowed: OperatorGroup[];
  /** Whether named/wildcard could be told apart (needs the answer's `path_rules` and the full record). */
  sourceKnown: boolean;
}

/** Lower-case token as the matcher compares it (docs/policy.md section 2: cut at `/`, trimmed). */
const tokenOf = (name: string): string => name.split('/')[0]!.trim().toLowerCase();

/** Tokens that `User-agent` lines name (not `*`), from the answer's path rules. */
function namedAgents(rules: PathRules): Set<string> {
  return new Set(rules.groups.flatMap((g) => g.agents).filter((a) => a !== '*'));
}

function item(token: string, viaWildcard: boolean): BotItem & { operator: string } {
  const b: Bot | undefined = botByToken(token);
  return {
    token: b?.token ?? token,
    // A token the catalogue lacks (section 10: reported, not dropped).
    operator: b?.operator ?? t('botsOtherOperator', 'Other bots this site names'),
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
 * The summary's lists are authoritative for blocked and allowed (docs/policy.md section 5:
 * `bots.blocked` holds every catalogue AI bot blocked, named or via `*`; `bots.allowed` the
 * named allowed ones). The full record adds which blocks come only from `*` (its raw
 * robots.txt names no group for the bot) and the partly blocked bots (`all_bots`).
 */
export function botLists(summary: Bots, full: FullRecord | null, rules: PathRules | null | undefined): BotLists {
  const named = full && rules ? namedAgents(rules) : null;
  const isNamed = (t: string) => named === null || named.has(tokenOf(t));
  const all = summary.blocked.map((t) => item(t, named !== null && !isNamed(t)));
  const blocked = all.filter((b) => b.purpose !== null && b.purpose !== 'other');
  // Tools with no known AI use: named ones are told apart; through `*` they are just more crawlers.
  const tools = all.filter((b) => !blocked.includes(b) && !b.viaWildcard);
  const wildcard = blocked.filter((b) => b.viaWildcard);
  const partial = full
    ? Object.entries(full.all_bots)
        .filter(([t, e]) => e.is_ai_bot && e.status === 'partial' && (named === null || named.has(tokenOf(t))))
        .map(([t]) => item(t, false))
    : [];
  return {
    blocked: byOperator(blocked.filter((b) => !b.viaWildcard)),
    alsoBlocked: byOperator(tools),
    blockedByWildcard: byOperator(wildcard),
    wildcardCount: wildcard.length,
    partial: byOperator(partial),
    allowed: byOperator(summary.allowed.map((t) => item(t, false))),
    sourceKnown: named !== null,
  };
}

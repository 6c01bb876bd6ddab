/**
 * Every bot's status under the site's robots.txt (docs/policy.md section 2), for the
 * catalogue (shared/bots.ts) and for the other agents the file names. The status itself comes
 * from the robots module's botStatus(); this module only decides which bots to ask about and
 * how to name them.
 */
import { BOTS, botByToken, type Bot } from '../../../shared/bots.js';
import {
  Budget,
  closedBeyond,
  compiledRulesFor,
  ruleSetStatus,
  type BotStatus,
  type CompiledRuleSet,
  type RobotsTxt,
} from '../../../shared/robots/index.js';

export interface BotReading {
  /** Catalogue entry, or null for an agent the catalogue does not know. */
  bot: Bot | null;
  /** Display name: the catalogue token, or the agent as first written in the file (cut at `/`). */
  name: string;
  /** Lower-case token, as robots.txt matching compares it. */
  token: string;
  status: BotStatus;
  /** The file has a group naming this agent (source `named`). */
  named: boolean;
  /**
   * Named, and its rules close some path the `*` groups leave open (always true without `*`
   * groups when some path is closed): an AI rule, whatever else the group loosens
   * (docs/policy.md section 11, "housekeeping, exactly"). A bot named in the same group as
   * `*`, or in a group that closes only paths `*` closes too (it copies or loosens the `*`
   * rules), is treated like `*`: its partial rules are housekeeping, not an AI policy. vrt.be's
   * group for CCBot, GPTBot and others closes /vrtnws/, which `*` leaves open, and not /libs/,
   * which `*` closes: an AI rule.
   */
  closesBeyondWildcard: boolean;
  /**
   * Named, and some group naming it has an Allow or Disallow line. A bot named only in groups
   * without a rule may crawl everything (RFC 9309 section 2.2.1), but nothing allowed it
   * explicitly: such a list is usually a block list missing its Disallow (docs/policy.md
   * section 16, "named without a rule").
   */
  ruled: boolean;
}

/** Status of a bot when no robots.txt applies: nothing restricts it (RFC 9309 section 2.3.1.3). */
const NO_RULES: BotStatus = Object.freeze({
  status: 'allowed',
  source: 'none',
  allowedPaths: [],
  disallowedPaths: [],
  decidingLine: null,
  crawlDelay: null,
});

export interface BotReadings {
  /** Catalogue bots, in catalogue order, keyed by lower-case token. */
  catalogue: Map<string, BotReading>;
  /** Agents named in the file that the catalogue does not know, in file order (without `*`). */
  unknown: BotReading[];
  /** The `*` groups' own status, null when the file has none. */
  wildcard: BotStatus | null;
  /** Lower-case tokens named in some group. */
  namedTokens: Set<string>;
}

export function readBots(robots: RobotsTxt | null): BotReadings {
  const namedTokens = new Set<string>();
  const ruledTokens = new Set<string>();
  const firstSpelling = new Map<string, string>();
  for (const g of robots?.groups ?? []) {
    for (const a of g.agents) {
      if (a.token === '') continue;
      namedTokens.add(a.token);
      if (g.rules.length > 0) ruledTokens.add(a.token);
      if (!firstSpelling.has(a.token)) firstSpelling.set(a.token, cutAtSlash(a.value));
    }
  }
  // A bot no group names gets the merged `*` groups (RFC 9309 section 2.2.1), the same rules
  // for all of them: compute that status once instead of once per catalogue bot.
  const wildcardSet = robots !== null && namedTokens.has('*') ? compiledRulesFor(robots, '*') : null;
  const wildcard = wildcardSet && ruleSetStatus(wildcardSet);
  const statusOf = (token: string): BotStatus => {
    if (robots === null) return NO_RULES;
    if (!namedTokens.has(token)) return wildcard ?? NO_RULES;
    return ruleSetStatus(compiledRulesFor(robots, token));
  };
  // Bots named in one group share its rule set: compare each set with `*` once.
  const beyond = new Map<CompiledRuleSet, boolean>();
  const budget = new Budget();
  const closesBeyondWildcard = (token: string, status: BotStatus): boolean => {
    if (robots === null || !namedTokens.has(token) || status.status !== 'partial') return false;
    if (wildcardSet === null) return true;
    const set = compiledRulesFor(robots, token);
    let b = beyond.get(set);
    if (b === undefined) beyond.set(set, (b = closedBeyond(set, wildcardSet, budget) !== null));
    return b;
  };
  const reading = (bot: Bot | null, name: string, token: string): BotReading => {
    const status = statusOf(token);
    return {
      bot,
      name,
      token,
      status,
      named: namedTokens.has(token),
      closesBeyondWildcard: closesBeyondWildcard(token, status),
      ruled: ruledTokens.has(token),
    };
  };

  const catalogue = new Map<string, BotReading>();
  for (const bot of BOTS) {
    const token = bot.token.toLowerCase();
    catalogue.set(token, reading(bot, bot.token, token));
  }
  const unknown: BotReading[] = [];
  for (const token of namedTokens) {
    if (token === '*' || botByToken(token)) continue;
    unknown.push(reading(null, firstSpelling.get(token) ?? token, token));
  }
  return { catalogue, unknown, wildcard, namedTokens };
}

function cutAtSlash(value: string): string {
  const slash = value.indexOf('/');
  return (slash < 0 ? value : value.slice(0, slash)).trim();
}

/**
 * A bot restricts its use case (section 4) when it is `blocked`, or `partial` with rules from
 * a group naming it that close some path `*` leaves open (section 11); a `partial` inherited
 * from `*`, or from a named group that closes nothing beyond `*`, is housekeeping, not AI policy.
 */
export const restricts = (r: BotReading): boolean =>
  r.status.status === 'blocked' || (r.status.status === 'partial' && r.closesBeyondWildcard);

/**
 * A bot robots.txt allows by name: a group naming it has a rule (an Allow, or an empty Disallow)
 * and closes no path. A bot named only in groups without a rule is not allowed explicitly
 * (docs/policy.md section 16): it is not restricted, and nothing more.
 */
export const namedAllowed = (r: BotReading): boolean => r.named && r.ruled && r.status.status === 'allowed';

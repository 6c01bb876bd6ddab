/**
 * What robots.txt does to each bot it names, and to the bots only `*` speaks for, with the lines
 * that say so (the full record's `bot_roles`, docs/policy.md section 16): blocked, partly blocked,
 * let in by name (an allow-list), named without a rule, allowed by name, or treated like every
 * crawler (housekeeping). The roles are what a person is told about each bot, and each names its
 * lines so a reader can check them against the file.
 */
import { looksLikeAiBot } from '../../../shared/bots.js';
import {
  Budget,
  closes,
  compiledRulesFor,
  effectiveRules,
  freshChar,
  generalPaths,
  type RobotsTxt,
} from '../../../shared/robots/index.js';
import type { Basis, BotRole } from '../../../shared/schemas.js';
import { namedAllowed, type BotReading, type BotReadings } from './bot-readings.js';

/** Roles listed at most (named agents first); a file naming more is a list, not a policy to tell bot by bot. */
export const ROLES_SHOWN = 300;
/** Lines and paths kept per role. */
const PER_ROLE = 10;

const first = <T>(xs: readonly T[]): T[] => xs.slice(0, PER_ROLE);

/** The User-agent lines naming `token`. */
function agentLines(robots: RobotsTxt, token: string): number[] {
  const out: number[] = [];
  for (const g of robots.groups) for (const a of g.agents) if (a.token === token) out.push(a.line);
  return out;
}

/** The rules of the groups naming `token` that open paths: Allow lines, and empty Disallow lines (which allow everything). */
export function openingLines(robots: RobotsTxt, token: string): number[] {
  const set = compiledRulesFor(robots, token);
  const allows = set.rules.filter((r) => r.type === 'allow' && r.pattern !== '');
  const rules = allows.length > 0 ? allows : set.rules.filter((r) => r.type === 'disallow' && r.pattern === '');
  return rules.map((r) => r.line);
}

/**
 * The Disallow lines of a named bot's groups that close a path the `*` groups leave open (all of
 * them when there is no `*` group): what makes it partly blocked rather than housekeeping.
 */
export function closedBeyondLines(
  robots: RobotsTxt,
  token: string,
  budget: Budget,
): Array<{ path: string; line: number }> {
  const set = compiledRulesFor(robots, token);
  const base = robots.groups.some((g) => g.agents.some((a) => a.token === '*')) ? compiledRulesFor(robots, '*') : null;
  const fresh = freshChar(set.compiled, base?.compiled ?? []) ?? '';
  const decides = effectiveRules(set, budget).decides;
  const out: Array<{ path: string; line: number }> = [];
  set.rules.forEach((rule, i) => {
    if (rule.type !== 'disallow' || !decides[i] || out.length >= PER_ROLE) return;
    const beyond =
      base === null ||
      generalPaths(set.compiled[i]!, fresh).some((w) => closes(set, w, budget) && !closes(base, w, budget));
    if (beyond) out.push({ path: rule.pattern, line: rule.line });
  });
  return out;
}

function roleOf(
  robots: RobotsTxt,
  r: BotReading,
  wildcardCloses: boolean,
  budget: Budget,
): Omit<BotRole, 'bot' | 'purpose'> {
  const s = r.status;
  const named = (role: BotRole['role'], lines: number[], paths: readonly string[] = []) => ({
    role,
    by: 'named' as const,
    lines: first(lines),
    paths: first(paths),
  });
  if (!r.ruled) return named('no_rule', agentLines(robots, r.token));
  if (s.status === 'blocked') return named('blocked', s.decidingLine === null ? [] : [s.decidingLine], s.allowedPaths);
  if (s.status === 'partial' && r.closesBeyondWildcard) {
    const beyond = closedBeyondLines(robots, r.token, budget);
    return named(
      'partial',
      beyond.map((b) => b.line),
      beyond.map((b) => b.path),
    );
  }
  if (wildcardCloses) return named('let_in', agentLines(robots, r.token));
  if (namedAllowed(r)) return named('allowed', openingLines(robots, r.token));
  const closed = compiledRulesFor(robots, r.token).rules.filter((x) => x.type === 'disallow' && x.pattern !== '');
  return named(
    'like_all',
    closed.map((x) => x.line),
    closed.map((x) => x.pattern),
  );
}

const purposeOf = (r: BotReading): BotRole['purpose'] => r.bot?.purpose ?? 'unknown';

/**
 * Every AI bot (catalogue AI bots, tools of purpose `other` included, and AI-looking names the
 * catalogue lacks) that a group names, in file order of its first User-agent line; then, when the
 * `*` groups close the site, one entry `*` for the bots they block (the record's `bots.blocked`
 * names them).
 */
export function botRoles(robots: RobotsTxt | null, readings: BotReadings): BotRole[] {
  if (robots === null) return [];
  const budget = new Budget();
  const wildcardCloses = readings.wildcard?.status === 'blocked';
  const isAi = (r: BotReading) => (r.bot ? r.bot.is_ai_bot : looksLikeAiBot(r.token));
  const named = [...readings.catalogue.values(), ...readings.unknown].filter((r) => r.named && isAi(r));
  const firstLine = new Map<string, number>();
  for (const g of robots.groups) for (const a of g.agents) if (!firstLine.has(a.token)) firstLine.set(a.token, a.line);
  named.sort((a, b) => (firstLine.get(a.token) ?? 0) - (firstLine.get(b.token) ?? 0));
  const out: BotRole[] = named
    .slice(0, ROLES_SHOWN)
    .map((r) => ({ bot: r.name, purpose: purposeOf(r), ...roleOf(robots, r, wildcardCloses, budget) }));
  const w = readings.wildcard;
  if (w && w.status === 'blocked')
    out.push({
      bot: '*',
      purpose: 'unknown',
      role: 'blocked',
      by: 'wildcard',
      lines: w.decidingLine === null ? [] : [w.decidingLine],
      paths: first(w.allowedPaths),
    });
  return out;
}

/**
 * basis.closed_to_all: when the `*` groups close the whole site, the line that closes it and the
 * Allow lines that open a path again (docs/policy.md section 16), so "closes the whole site" is
 * said only when nothing is opened. Null otherwise.
 */
export function closedToAll(
  robots: RobotsTxt | null,
  readings: BotReadings,
): NonNullable<Basis['closed_to_all']> | null {
  const w = readings.wildcard;
  if (robots === null || w?.status !== 'blocked' || w.decidingLine === null) return null;
  const open = new Set(w.allowedPaths);
  const opens = compiledRulesFor(robots, '*')
    .rules.filter((r) => r.type === 'allow' && open.has(r.pattern))
    .map((r) => ({ path: r.pattern, line: r.line }));
  return { line: w.decidingLine, opens: first(opens), opens_count: opens.length };
}

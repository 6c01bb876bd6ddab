/**
 * What a robots.txt does to one bot, read by the verifier from the lines (robots-lines.ts) and
 * matched by robots-parser (robots-oracle.ts): which groups apply (RFC 9309 section 2.2.1: the
 * groups naming it, merged; else the `*` groups; else none), whether they close the site, and
 * which of its Disallow lines close something the `*` groups leave open (docs/policy.md
 * section 11, "housekeeping, exactly"). Witnesses are concrete paths, quoted in failures.
 */
import { PROBES, RuleSet, closesSite, matchesEverything, witnesses } from './robots-oracle.js';
import { groupsNaming, rulesOf, type Group, type Rule, type RobotsReading } from './robots-lines.js';

export interface BotRules {
  by: 'named' | 'wildcard' | 'none';
  groups: Group[];
  rules: Rule[];
  set: RuleSet;
}

export function rulesForBot(r: RobotsReading, token: string): BotRules {
  const named = groupsNaming(r, token);
  const groups = named.length > 0 ? named : groupsNaming(r, '*');
  const by = named.length > 0 ? 'named' : groups.length > 0 ? 'wildcard' : 'none';
  const rules = rulesOf(groups);
  return { by, groups, rules, set: new RuleSet(rules) };
}

export function wildcardRules(r: RobotsReading): BotRules {
  const groups = groupsNaming(r, '*');
  const rules = rulesOf(groups);
  return { by: groups.length > 0 ? 'wildcard' : 'none', groups, rules, set: new RuleSet(rules) };
}

/** A path a Disallow line closes for the bot while `*` leaves it open, or null when none was found. */
export function stricterThanAll(line: Rule, bot: BotRules, all: BotRules): string | null {
  if (line.type !== 'disallow' || line.pattern === '') return null;
  for (const p of witnesses(line.pattern)) {
    if (!bot.set.allows(p) && all.set.allows(p)) return p;
  }
  return null;
}

/** Non-empty Disallow lines of the bot's groups that close a path `*` leaves open, with that path. */
export function stricterLines(bot: BotRules, all: BotRules): Array<{ rule: Rule; path: string }> {
  const out: Array<{ rule: Rule; path: string }> = [];
  for (const rule of bot.rules) {
    const path = stricterThanAll(rule, bot, all);
    if (path !== null) out.push({ rule, path });
  }
  return out;
}

/** A path an Allow line opens for the bot (where it decides and allows), or null. */
export function opensPath(rule: Rule, set: RuleSet): string | null {
  if (rule.type !== 'allow' || rule.pattern === '') return null;
  for (const p of witnesses(rule.pattern)) {
    const d = set.decide(p);
    if (d.allowed && d.rule !== null && d.rule.type === 'allow' && d.rule.pattern === rule.pattern) return p;
  }
  return null;
}

export interface BotFacts {
  rules: BotRules;
  /** The rules that apply close the site (exceptions aside). */
  closed: boolean;
  /** The Disallow lines that close it (pattern matching every path). */
  closing: Rule[];
  /** A probe path robots-parser finds open although `closed` (an internal disagreement), or null. */
  probeOpen: string | null;
  /** Named, site not closed, and some Disallow line closes a path `*` leaves open. */
  partialByName: Array<{ rule: Rule; path: string }>;
  /** Named, not closed, and its own groups permit it explicitly (see `permissions`). */
  permissionLines: Rule[];
}

export function botFacts(r: RobotsReading, token: string): BotFacts {
  const rules = rulesForBot(r, token);
  const { closed, by: closing } = closesSite(rules.rules);
  let probeOpen: string | null = null;
  if (closed) {
    // Cross-check the exact reading with robots-parser on paths no exception names.
    for (const p of PROBES) {
      const d = rules.set.decide(p);
      if (d.allowed && !(d.rule && d.rule.type === 'allow')) probeOpen = p;
    }
  }
  const partialByName = rules.by === 'named' && !closed ? stricterLines(rules, wildcardRules(r)) : [];
  const permissionLines = rules.by === 'named' && !closed ? permissions(rules, wildcardRules(r)) : [];
  return { rules, closed, closing, probeOpen, partialByName, permissionLines };
}

/**
 * The lines of a bot's own groups that permit it explicitly (docs/policy.md sections 4 and 12):
 * an Allow whose pattern matches every path (`Allow: /`), an Allow that opens a path the `*`
 * group keeps closed, or, with no such Allow, an empty Disallow. An Allow that only re-opens
 * part of what its own group closes permits the bot nothing more than every crawler: a bot
 * named beside `*` in a group with `Disallow: /api/` and `Allow: /api/ui-extensions/`
 * (usherworld.com) is not explicitly allowed (section 10: "no AI rules").
 */
function permissions(bot: BotRules, all: BotRules): Rule[] {
  const allows = bot.rules.filter((x) => {
    if (x.type !== 'allow' || x.pattern === '') return false;
    if (matchesEverything(x.pattern)) return true;
    const p = opensPath(x, bot.set);
    return p !== null && !all.set.allows(p);
  });
  return allows.length > 0 ? allows : bot.rules.filter((x) => x.type === 'disallow' && x.pattern === '');
}

/** Whether the bot is named (in any group), and its user-agent lines. */
export function agentLinesOf(r: RobotsReading, token: string): number[] {
  const t = token.toLowerCase();
  return r.groups.flatMap((g) => g.agents.filter((a) => a.token === t).map((a) => a.line));
}

/** The Allow lines (patterns) of the rules that open a path while the site is closed: the exceptions. */
export function exceptions(bot: BotRules): Array<{ rule: Rule; path: string }> {
  const out: Array<{ rule: Rule; path: string }> = [];
  for (const rule of bot.rules) {
    const path = opensPath(rule, bot.set);
    if (path !== null) out.push({ rule, path });
  }
  return out;
}

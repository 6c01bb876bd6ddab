/**
 * The compact robots.txt rules of a found answer (`path_rules`, shared/schemas.ts) and the
 * judgement of one path against them: the service keeps the groups that name
 * a catalogue AI bot or `*`; the extension asks "may this bot fetch the page I am on?" with the
 * same matcher the service uses, so the page's path never leaves the browser.
 */
import type { PathRules } from '../schemas.js';
import { compiledRulesFor, matchPath, type CompiledRuleSet } from './match.js';
import type { RobotsTxt } from './types.js';

/**
 * At most this many rules, and this many characters of patterns, go into an answer; past either
 * the rest is left out and `truncated` set. The largest of 204 real files keeps 803 rules and
 * 23 KB in these groups (tripadvisor.com); a generated 500 KiB file would otherwise make every
 * cached answer as large as its robots.txt.
 */
export const PATH_RULES_LIMIT = { rules: 1000, chars: 32 * 1024 } as const;

/** The groups of `robots` with an agent `keep` accepts (lower-case tokens, `*` included), compactly. */
export function toPathRules(robots: RobotsTxt, keep: (token: string) => boolean, limit = PATH_RULES_LIMIT): PathRules {
  const groups: PathRules['groups'] = [];
  let rules = 0;
  let chars = 0;
  for (const g of robots.groups) {
    const agents = [...new Set(g.agents.map((a) => a.token).filter((t) => t !== '' && keep(t)))];
    if (agents.length === 0) continue;
    const size = g.rules.reduce((n, r) => n + r.pattern.length, 0);
    if (rules + g.rules.length > limit.rules || chars + size > limit.chars) return { groups, truncated: true };
    rules += g.rules.length;
    chars += size;
    groups.push({ agents, rules: g.rules.map((r) => [r.type === 'allow' ? 1 : 0, r.pattern, r.line]) });
  }
  return { groups, truncated: false };
}

export interface PathJudgement {
  allowed: boolean;
  /** The deciding rule as [allow (1) or disallow (0), pattern, line], null when no rule matched. */
  rule: PathRules['groups'][number]['rules'][number] | null;
  /** Whether the rules came from groups naming the bot, from `*`, or from nothing. */
  source: 'named' | 'wildcard' | 'none';
}

/** path_rules back in the parser's shape, once per answer object. */
const parsed = new WeakMap<PathRules, RobotsTxt>();

function asRobotsTxt(rules: PathRules): RobotsTxt {
  let robots = parsed.get(rules);
  if (!robots) {
    robots = {
      groups: rules.groups.map((g) => ({
        agents: g.agents.map((token) => ({ value: token, token, line: g.rules[0]?.[2] ?? 1 })),
        rules: g.rules.map(([allow, pattern, line]) => ({
          type: allow === 1 ? ('allow' as const) : ('disallow' as const),
          pattern,
          line,
        })),
        records: [],
        line: g.rules[0]?.[2] ?? 1,
      })),
      sitemaps: [],
      outside: [],
      diagnostics: [],
      lines: 0,
      truncated: false,
    };
    parsed.set(rules, robots);
  }
  return robots;
}

/** The compiled rules the bot with `token` follows in `rules`, cached per answer object: for judging many paths of one site (shared/url-check). */
export function pathRuleSet(rules: PathRules, token: string): CompiledRuleSet {
  return compiledRulesFor(asRobotsTxt(rules), token);
}

/**
 * May the bot with this token (a catalogue AI bot's, or `*`) fetch `path` (a path or full URL)?
 * RFC 9309 matching as the service does it: the groups naming the bot, else the `*` groups;
 * longest pattern wins, allow on a tie; `/robots.txt` is always allowed. Null when the rules
 * were truncated: then only the site-level verdicts can answer.
 */
export function judgePath(rules: PathRules, token: string, path: string): PathJudgement | null {
  if (rules.truncated) return null;
  const d = matchPath(asRobotsTxt(rules), token, path);
  return {
    allowed: d.allowed,
    rule: d.rule === null ? null : [d.rule.type === 'allow' ? 1 : 0, d.rule.pattern, d.rule.line],
    source: d.source,
  };
}

/**
 * Matching a parsed robots.txt (RFC 9309 sections 2.2.1 and 2.2.2, docs/policy.md
 * section 2). Pure functions over RobotsTxt; an index of groups by token and the compiled
 * patterns are cached per parsed file (the file is treated as immutable), so repeated questions
 * about one file cost one compile of each group actually used.
 */
import { canonicalize, pathOf } from './canonical.js';
import { agentToken } from './parse.js';
import { bestMatch, compilePattern, type CompiledPattern } from './pattern.js';
import type { RobotsGroup, RobotsRule, RobotsSource, RobotsTxt } from './types.js';

export interface RuleSet {
  source: RobotsSource;
  groups: RobotsGroup[];
  rules: RobotsRule[];
}

export interface PathDecision {
  allowed: boolean;
  /** The rule that decided, or null when none matched (or the path is /robots.txt). */
  rule: RobotsRule | null;
  source: RobotsSource;
}

/** Rules of one bot with their compiled patterns and types, in file order. */
export interface CompiledRuleSet extends RuleSet {
  compiled: CompiledPattern[];
  isAllow: boolean[];
}

/** Per parsed file: which groups name which token, compiled patterns per group, rule sets. */
interface FileIndex {
  /** The first group naming each token. */
  named: Map<string, number>;
  /** Every group naming a token, for the few tokens named by more than one group. */
  namedMore: Map<string, number[]>;
  wildcard: number[];
  compiledGroups: (CompiledGroup | undefined)[];
  /** Rule sets by the groups they merge (`*` for the wildcard groups). */
  sets: Map<string, CompiledRuleSet>;
  /** Rule set of each token asked about. */
  byToken: Map<string, CompiledRuleSet>;
}

/** One group's compiled patterns and rule types, compiled the first time a bot needs the group. */
interface CompiledGroup {
  compiled: CompiledPattern[];
  isAllow: boolean[];
}

/**
 * The file's index is kept on the file itself, under a symbol, not enumerable: JSON, structured
 * clone, spread and equality checks do not see it, and it dies with the file. A WeakMap would
 * keep it the same way, but V8 keeps a WeakMap's entries through every minor collection until a
 * full one, so each file asked about, its rules and their compiled patterns would outlive the
 * questions and be copied and promoted (a third of the time on the real files went to that).
 * A frozen file gets its index in the WeakMap.
 */
const INDEX = Symbol('robots.txt index');
const frozenIndexes = new WeakMap<RobotsTxt, FileIndex>();

function indexOf(robots: RobotsTxt): FileIndex {
  let index = (robots as { [INDEX]?: FileIndex })[INDEX] ?? frozenIndexes.get(robots);
  if (index) return index;
  index = buildIndex(robots);
  if (Object.isExtensible(robots)) Object.defineProperty(robots, INDEX, { value: index });
  else frozenIndexes.set(robots, index);
  return index;
}

function buildIndex(robots: RobotsTxt): FileIndex {
  const named = new Map<string, number>();
  const namedMore = new Map<string, number[]>();
  const wildcard: number[] = [];
  const groups = robots.groups;
  for (let i = 0; i < groups.length; i++) {
    const agents = groups[i]!.agents;
    for (let k = 0; k < agents.length; k++) {
      const token = agents[k]!.token;
      if (token.length === 0) continue;
      if (token === '*') {
        if (wildcard.length === 0 || wildcard[wildcard.length - 1] !== i) wildcard.push(i);
        continue;
      }
      const first = named.get(token);
      if (first === undefined) named.set(token, i);
      else if (first !== i) {
        // Named again by a later group: only such tokens get a list.
        const list = namedMore.get(token);
        if (list === undefined) namedMore.set(token, [first, i]);
        else if (list[list.length - 1] !== i) list.push(i);
      }
    }
  }
  return { named, namedMore, wildcard, compiledGroups: [], sets: new Map(), byToken: new Map() };
}

/** The groups naming `token` in file order, or undefined when none does. */
function namedGroups(index: FileIndex, token: string): number[] | undefined {
  const first = index.named.get(token);
  if (first === undefined) return undefined;
  return index.namedMore.get(token) ?? [first];
}

function compiledGroup(index: FileIndex, robots: RobotsTxt, i: number): CompiledGroup {
  let c = index.compiledGroups[i];
  if (c === undefined) {
    const rules = robots.groups[i]!.rules;
    const compiled = new Array<CompiledPattern>(rules.length);
    const isAllow = new Array<boolean>(rules.length);
    for (let k = 0; k < rules.length; k++) {
      compiled[k] = compilePattern(rules[k]!.pattern);
      isAllow[k] = rules[k]!.type === 'allow';
    }
    index.compiledGroups[i] = c = { compiled, isAllow };
  }
  return c;
}

/** agentToken, remembered for the few bot names a process asks about (bounded). */
const tokens = new Map<string, string>();
function tokenOf(name: string): string {
  let t = tokens.get(name);
  if (t === undefined) {
    if (tokens.size >= 1024) tokens.clear();
    tokens.set(name, (t = agentToken(name)));
  }
  return t;
}

/**
 * The groups that apply to a bot: every group naming its token, merged; if none, every `*`
 * group, merged; if none, nothing. The token is compared case-insensitively as a whole string
 * after cutting at `/` (`ChatGPT Agent`, `AI2Bot` match as written; intended difference from
 * google/robotstxt, which stops at the first character outside `[A-Za-z_-]`).
 */
export function rulesFor(robots: RobotsTxt, token: string): RuleSet {
  const { source, groups, rules } = compiledRulesFor(robots, token);
  return { source, groups, rules };
}

/** rulesFor with each rule's compiled pattern; cached per file, by token and by the groups merged. */
export function compiledRulesFor(robots: RobotsTxt, token: string): CompiledRuleSet {
  const index = indexOf(robots);
  const wanted = tokenOf(typeof token === 'string' ? token : '');
  const tokenKey = wanted !== '*' && index.named.has(wanted) ? wanted : '*';
  let set = index.byToken.get(tokenKey);
  if (set) return set;
  const named = tokenKey === '*' ? undefined : namedGroups(index, wanted);
  // Bots merging the same groups share one rule set: every bot without a group of its own
  // shares `*`, and the agents of one group share that group's (one copy, one status, however
  // many agents a file lists together).
  const key = named ? named.join(',') : '*';
  set = index.sets.get(key);
  if (set) {
    index.byToken.set(tokenKey, set);
    return set;
  }
  const ids = named ?? index.wildcard;
  const source: RobotsSource = named ? 'named' : ids.length > 0 ? 'wildcard' : 'none';
  const groups: RobotsGroup[] = [];
  let rules: RobotsRule[] = [];
  let compiled: CompiledPattern[] = [];
  let isAllow: boolean[] = [];
  for (const i of ids) {
    const g = robots.groups[i]!;
    const c = compiledGroup(index, robots, i);
    groups.push(g);
    if (ids.length === 1) {
      rules = g.rules.slice();
      compiled = c.compiled.slice();
      isAllow = c.isAllow.slice();
      break;
    }
    for (let k = 0; k < c.compiled.length; k++) {
      rules.push(g.rules[k]!);
      compiled.push(c.compiled[k]!);
      isAllow.push(c.isAllow[k]!);
    }
  }
  set = { source, groups, rules, compiled, isAllow };
  index.sets.set(key, set);
  index.byToken.set(tokenKey, set);
  return set;
}

/**
 * The decision for one path (or full URL) and the rule behind it: the matching rule with the
 * longest pattern in octets wins; on a tie `allow` wins; no match means allowed
 * (RFC 9309 section 2.2.2). `/robots.txt` is always allowed.
 */
export function matchPath(robots: RobotsTxt, token: string, path: string): PathDecision {
  const set = compiledRulesFor(robots, token);
  const target = pathOf(typeof path === 'string' ? path : '');
  if (isRobotsTxtPath(target)) return { allowed: true, rule: null, source: set.source };
  const rule = decidingRule(set, canonicalize(target));
  return { allowed: rule === null || rule.type === 'allow', rule, source: set.source };
}

/** Is `url` (full URL or path) allowed for the bot named `userAgent` (product token)? matchPath's answer, without building its decision. */
export function isAllowed(robots: RobotsTxt, userAgent: string, url: string): boolean {
  const set = compiledRulesFor(robots, userAgent);
  const target = pathOf(typeof url === 'string' ? url : '');
  if (isRobotsTxtPath(target)) return true;
  const i = bestMatch(set.compiled, set.isAllow, canonicalize(target));
  return i < 0 || set.isAllow[i]!;
}

/** The rule deciding a canonical path, or null when no rule matches. */
export function decidingRule(set: CompiledRuleSet, canonicalPath: string): RobotsRule | null {
  const i = bestMatch(set.compiled, set.isAllow, canonicalPath);
  return i < 0 ? null : set.rules[i]!;
}

/** RFC 9309 section 2.2.2: the robots.txt file itself is implicitly allowed. */
export function isRobotsTxtPath(path: string): boolean {
  return path === '/robots.txt' || path.startsWith('/robots.txt?');
}

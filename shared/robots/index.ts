/**
 * robots.txt: parse, then match (CONVENTIONS 3; RFC 9309; docs/policy.md section 2).
 * parseRobotsTxt never throws; the matchers are pure functions of its result.
 */
export type {
  RobotsAgent,
  RobotsDiagnostic,
  RobotsGroup,
  RobotsRecord,
  RobotsRule,
  RobotsSource,
  RobotsTxt,
} from './types.js';
export { MAX_ROBOTS_BYTES, agentToken, parseRobotsTxt } from './parse.js';
export { compiledRulesFor, decidingRule, isAllowed, matchPath, rulesFor } from './match.js';
export type { CompiledRuleSet, PathDecision, RuleSet } from './match.js';
export { botStatus, crawlDelayOf, ruleSetStatus } from './status.js';
export { Budget, WITNESS_BUDGET, closedBeyond, closes, effectiveRules, freshChar } from './witness.js';
export type { BotStatus, BotStatusValue } from './status.js';
export { canonicalize, pathOf } from './canonical.js';
export { bestMatch, compilePattern, patternMatches, generalPaths } from './pattern.js';
export type { CompiledPattern } from './pattern.js';
export { PATH_RULES_LIMIT, judgePath, toPathRules } from './path-rules.js';
export type { PathJudgement } from './path-rules.js';

/**
 * The parsed form of a robots.txt file (docs/policy.md section 2, RFC 9309 section 2).
 * Plain data, JSON-serialisable: every element keeps its 1-based line number so a verdict
 * can point at the line that decided it (CONVENTIONS 3).
 */
import type { RuleSource } from '../values.js';

/** One `User-agent:` line. */
export interface RobotsAgent {
  /** The raw trimmed value, e.g. `GPTBot/1.1`. */
  value: string;
  /** The value cut at the first `/`, trimmed and lower-cased (`gptbot`); `*` for the wildcard. */
  token: string;
  line: number;
}

/** One `Allow:` or `Disallow:` line. `pattern` is the raw trimmed value (may be empty). */
export interface RobotsRule {
  type: 'allow' | 'disallow';
  pattern: string;
  line: number;
}

/** Any other `name: value` line: lower-cased field name, raw trimmed value. */
export interface RobotsRecord {
  name: string;
  value: string;
  line: number;
}

/**
 * One or more user-agent lines followed by their rules (RFC 9309 section 2.1).
 * `records` holds the group's non-rule lines: crawl-delay, content-signal, content-usage,
 * license and unknown fields, none of which end the group.
 */
export interface RobotsGroup {
  agents: RobotsAgent[];
  rules: RobotsRule[];
  records: RobotsRecord[];
  /** Line of the group's first user-agent line. */
  line: number;
}

/** A line that was not understood or was ignored, with the reason. */
export interface RobotsDiagnostic {
  line: number;
  message: string;
  /** The line as written (trimmed, at most 200 characters). */
  text: string;
}

export interface RobotsTxt {
  groups: RobotsGroup[];
  /** `Sitemap:` lines, wherever they stand (they belong to no group, RFC 9309 section 2.3.5). */
  sitemaps: RobotsRecord[];
  /** Non-rule records before the first group, e.g. a file-wide `Content-Signal:`. */
  outside: RobotsRecord[];
  diagnostics: RobotsDiagnostic[];
  /** Number of lines read (after the size cap). */
  lines: number;
  /** True when the text exceeded MAX_ROBOTS_BYTES and the rest was ignored. */
  truncated: boolean;
}

/** Where a bot's rules came from: a group naming it, the `*` groups, or nothing (the records' value set). */
export type RobotsSource = RuleSource;

/**
 * The verifier's own line-level reading of a robots.txt (RFC 9309 section 2, docs/policy.md
 * section 2), written apart from shared/robots/ on purpose: the second reader must not share
 * the first reader's mistakes. It keeps what a claim can point at: every line as served, its
 * number, and the groups with their user-agent and rule lines. Matching paths against rules is
 * robots-parser's job (robots-oracle.ts); this module only says which rules apply to whom.
 */

/** Fields docs/policy.md section 2 names: the RFC's three, and the records that do not end a group. */
export const KNOWN_FIELDS: ReadonlySet<string> = new Set([
  'user-agent',
  'allow',
  'disallow',
  'sitemap',
  'crawl-delay',
  'content-signal',
  'content-usage',
  'license',
]);

export type LineKind = 'blank' | 'comment' | 'field' | 'not_understood';

export interface RobotsLine {
  /** 1-based. */
  n: number;
  /** The line as served, without its line ending. */
  raw: string;
  kind: LineKind;
  /** Lower-case field name (for `field` lines; for `not_understood` the text before a colon, if any). */
  name: string;
  /** Trimmed value, comment cut. */
  value: string;
  /** `disallow /`: a known field written without its colon (read as google/robotstxt reads it). */
  colonless: boolean;
}

export interface Rule {
  type: 'allow' | 'disallow';
  /** The pattern as written (trimmed). */
  pattern: string;
  line: number;
}

export interface AgentLine {
  /** The value as written (trimmed). */
  value: string;
  /** Cut at the first `/`, trimmed, lower case (docs/policy.md section 2). */
  token: string;
  line: number;
}

export interface Group {
  agents: AgentLine[];
  rules: Rule[];
  /** Other field lines inside the group (crawl-delay, content-signal, unknown fields …). */
  records: RobotsLine[];
}

export interface RobotsReading {
  lines: RobotsLine[];
  groups: Group[];
  /** Field lines (not rules) before the first user-agent line. */
  outside: RobotsLine[];
  /** Allow/Disallow lines before any user-agent line: RFC 9309 section 2.2.2 ignores them. */
  orphanRules: Rule[];
}

/** SP, HTAB, VT, FF: the white space RFC 9309 (and google/robotstxt) trims. Not U+FEFF: a BOM inside a line spoils it. */
const trim = (s: string): string => s.replace(/^[ \t\v\f]+|[ \t\v\f]+$/g, '');

/** CR, LF and CRLF each end a line (RFC 9309 section 2.2). */
export function splitLines(body: string): string[] {
  return body.split(/\r\n|\r|\n/);
}

/**
 * A byte-order mark at the very start of the file is skipped (docs/policy.md section 2). A BOM
 * cut short by the sender decodes to U+FFFD and is skipped too (google/robotstxt-spec-test
 * BOM-characters); a BOM decoded twice (`ï»¿`) is not a BOM and spoils the line.
 */
export function withoutBom(line: string, n: number): string {
  if (n !== 1) return line;
  return line.startsWith('\uFEFF') || line.startsWith('\uFFFD') ? line.slice(1) : line;
}

export function readLine(raw: string, n: number): RobotsLine {
  const hash = raw.indexOf('#');
  const content = trim(withoutBom(hash < 0 ? raw : raw.slice(0, hash), n));
  const base = { n, raw, name: '', value: '', colonless: false };
  if (content === '') return { ...base, kind: hash < 0 ? 'blank' : 'comment' };
  const colon = content.indexOf(':');
  if (colon >= 0) {
    const name = trim(content.slice(0, colon)).toLowerCase();
    const value = trim(content.slice(colon + 1));
    return { ...base, name, value, kind: name === '' ? 'not_understood' : 'field' };
  }
  // No colon: google/robotstxt (and our parser) accept exactly two words whose first is a known
  // field (`disallow /`); RFC 9309 and robots-parser do not. Followed here because the product
  // reads such a line as a rule, so a claim that it was ignored would be false.
  const words = content.split(/[ \t\v\f]+/);
  const first = (words[0] ?? '').toLowerCase();
  if (words.length === 2 && KNOWN_FIELDS.has(first))
    return { ...base, kind: 'field', name: first, value: words[1] ?? '', colonless: true };
  return { ...base, kind: 'not_understood' };
}

/**
 * (Written apart from shared/robots/parse.ts agentToken on purpose: the second reader.)
 * A user-agent value as a token: cut at the first `/`, trimmed, lower case (docs/policy.md
 * section 2). A trailing `*` on a longer name is dropped (`GPTBot*` names GPTBot), as
 * google/robotstxt-spec-test expects; a lone `*` is the wildcard.
 */
export function agentToken(value: string): string {
  const slash = value.indexOf('/');
  let token = trim(slash < 0 ? value : value.slice(0, slash)).toLowerCase();
  if (token.length > 1 && token.endsWith('*')) token = trim(token.replace(/\*+$/, '')) || '*';
  return token;
}

/**
 * Groups per RFC 9309 section 2.1: one or more user-agent lines, then rules. A user-agent line
 * starts a new group only after a rule (Allow/Disallow) line; other records (Crawl-delay,
 * Sitemap, Content-Signal, unknown fields) and lines not understood do not end a group
 * (docs/policy.md section 2; google/robotstxt reads it so). robots-parser differs here: it
 * starts a new group at a user-agent line after ANY other record, which is why the verifier
 * hands robots-parser one group at a time (robots-oracle.ts) instead of the raw file.
 */
export function readRobots(body: string): RobotsReading {
  const lines = splitLines(body).map((raw, i) => readLine(raw, i + 1));
  const out: RobotsReading = { lines, groups: [], outside: [], orphanRules: [] };
  let group: Group | null = null;
  let hasRules = false;
  for (const l of lines) {
    if (l.kind !== 'field') continue;
    if (l.name === 'user-agent') {
      if (group === null || hasRules) {
        group = { agents: [], rules: [], records: [] };
        out.groups.push(group);
        hasRules = false;
      }
      group.agents.push({ value: l.value, token: agentToken(l.value), line: l.n });
    } else if (l.name === 'allow' || l.name === 'disallow') {
      const rule: Rule = { type: l.name, pattern: l.value, line: l.n };
      if (group === null) out.orphanRules.push(rule);
      else {
        group.rules.push(rule);
        hasRules = true;
      }
    } else if (l.name !== 'sitemap') {
      (group === null ? out.outside : group.records).push(l);
    }
  }
  return out;
}

/** The line numbered `n`, or undefined. */
export const lineAt = (r: RobotsReading, n: number): RobotsLine | undefined => r.lines[n - 1];

/** The group a line stands in (its user-agent lines or its rules/records), or null (before any group). */
export function groupOfLine(r: RobotsReading, n: number): Group | null {
  let found: Group | null = null;
  for (const g of r.groups) {
    const first = g.agents[0]?.line ?? Infinity;
    if (first <= n) found = g;
    else break;
  }
  return found;
}

/** Groups whose user-agent lines name `token` (compared as whole tokens, case-insensitively). */
export function groupsNaming(r: RobotsReading, token: string): Group[] {
  const t = token.toLowerCase();
  return r.groups.filter((g) => g.agents.some((a) => a.token === t));
}

export const rulesOf = (groups: readonly Group[]): Rule[] => groups.flatMap((g) => g.rules);

/** The line collapsed for comparison with a quoted text: comment cut, white space collapsed, lower case. */
export function comparable(s: string): string {
  return s.replace(/\s+/g, ' ').trim().toLowerCase();
}

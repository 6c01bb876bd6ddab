/**
 * The robots.txt lines no crawler understands, each with what ignoring it costs (the full
 * record's `robots_ignored`, docs/policy.md section 16): a person is told "line 1 starts with
 * stray bytes, so the rules for all crawlers there are ignored", not only that some lines were
 * ignored. A User-agent line spoiled by stray bytes (a byte-order mark decoded twice,
 * `ï»¿User-agent: *`) starts no group, so the rules after it, up to the next group, are not the
 * crawlers' it names: before the first group they apply to nobody, later to the group before it.
 */
import type { RobotsTxt } from '../../../shared/robots/index.js';
import type { IgnoredLine } from '../../../shared/schemas.js';

/** Fields some crawler documents, beside RFC 9309's: not "lines no crawler understands". */
export const KNOWN_FIELDS: ReadonlySet<string> = new Set([
  'crawl-delay',
  'content-signal',
  'content-usage',
  'license',
  'host',
  'clean-param',
  'request-rate',
  'visit-time',
]);

/** Lines listed at most. */
export const IGNORED_SHOWN = 20;

/** Diagnostics of lines that are read anyway (a missing colon) or of the file as a whole. */
const READ_ANYWAY = /^missing ":"|^file larger than|^user-agent without a name/;

/** `ï»¿user-agent`, `\uFEFFuser-agent`: a User-agent field name behind stray characters. */
const SPOILED_AGENT = /^[^a-z]+user-agent$/i;

export function ignoredLines(robots: RobotsTxt | null): IgnoredLine[] {
  if (robots === null) return [];
  const spoiled = new Map<number, string>();
  const unknownField = new Set<number>();
  for (const r of [...robots.outside, ...robots.groups.flatMap((g) => g.records)]) {
    if (KNOWN_FIELDS.has(r.name)) continue;
    unknownField.add(r.line);
    if (SPOILED_AGENT.test(r.name)) spoiled.set(r.line, r.value);
  }
  // A spoiled User-agent line costs its group where a rule follows it before the next group: before
  // the file's first group those rules belong to none; later they join the group before it.
  const starts = robots.groups.map((g) => g.line);
  const orphans = robots.diagnostics.filter((d) => /^rule before any user-agent/.test(d.message)).map((d) => d.line);
  const ruleLines = [...orphans, ...robots.groups.flatMap((g) => g.rules.map((r) => r.line))];
  const lost = (line: number): { joins: number | null } | null => {
    const next = starts.find((s) => s > line) ?? Infinity;
    if (!ruleLines.some((l) => l > line && l < next)) return null;
    const before = starts.filter((s) => s < line);
    return { joins: before.length > 0 ? before[before.length - 1]! : null };
  };
  const out: IgnoredLine[] = [];
  for (const d of robots.diagnostics) {
    if (out.length >= IGNORED_SHOWN) break;
    if (READ_ANYWAY.test(d.message)) continue;
    // An unknown field of a documented kind (Host:) is understood by some crawler: not listed.
    if (/^unknown field/.test(d.message) && !unknownField.has(d.line)) continue;
    const agent = spoiled.get(d.line);
    const loses = agent === undefined ? null : lost(d.line);
    out.push({
      line: d.line,
      text: d.text,
      loses: loses ? 'group' : 'nothing',
      agents: loses && agent !== undefined ? [agent.split('/')[0]!.trim() || agent] : [],
      ...(loses ? { joins: loses.joins } : {}),
    });
  }
  return out;
}

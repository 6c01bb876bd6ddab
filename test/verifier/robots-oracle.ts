/**
 * Path matching for the verifier, done by robots-parser (an independent npm implementation of
 * Google's matching algorithm: `*`, a final `$`, longest match wins, Allow wins a tie; RFC 9309
 * section 2.2.2). The verifier decides which rules apply to a bot itself (robots-lines.ts) and
 * hands robots-parser exactly those rules as one `User-agent: *` group, for three reasons where
 * robots-parser differs from RFC 9309 or from docs/policy.md section 2:
 * - grouping: robots-parser ends a group at a user-agent line that follows any record
 *   (Crawl-delay, Sitemap, an unknown line); RFC 9309 section 2.1 and our policy end it only
 *   after a rule line;
 * - a bot named only in groups without rules: robots-parser falls back to the `*` rules; RFC
 *   9309 section 2.2.1 says the bot's own (empty) group applies, so it may crawl everything;
 * - `/robots.txt` is always allowed (docs/policy.md section 2; RFC 9309 section 2.2.2):
 *   robots-parser applies the rules to it like any path.
 * - percent-escapes: see `patternForParser`.
 * A user-agent written without a colon (`user-agent GPTBot`) is read by robots-lines.ts, not
 * robots-parser, for the same reason.
 */
import robotsParser from 'robots-parser';
import type { Rule } from './robots-lines.js';

const ORIGIN = 'https://verifier.invalid';

export interface Decision {
  allowed: boolean;
  /** The rule that decided, null when none matched (allowed). */
  rule: Rule | null;
}

/** A set of rules that apply to one crawler, matched by robots-parser. */
export class RuleSet {
  private readonly parser: ReturnType<typeof robotsParser>;
  /** robots-parser's line number (in the text built here) → the rule as served. */
  private readonly byLine = new Map<number, Rule>();

  constructor(readonly rules: readonly Rule[]) {
    const text = ['User-agent: *'];
    for (const r of rules) {
      // An empty pattern is no rule (RFC 9309 section 2.2.2: an empty Disallow allows all).
      if (r.pattern === '') continue;
      text.push(`${r.type}: ${patternForParser(r.pattern)}`);
      this.byLine.set(text.length, r);
    }
    this.parser = robotsParser(`${ORIGIN}/robots.txt`, text.join('\n'));
  }

  decide(path: string): Decision {
    if (pathOnly(path) === '/robots.txt') return { allowed: true, rule: null };
    const url = ORIGIN + pathForParser(path.startsWith('/') ? path : `/${path}`);
    const allowed = this.parser.isAllowed(url, '*') !== false;
    const line = this.parser.getMatchingLineNumber(url, '*');
    return { allowed, rule: line > 0 ? (this.byLine.get(line) ?? null) : null };
  }

  allows(path: string): boolean {
    return this.decide(path).allowed;
  }

  /** Whether `pattern` alone matches `path` (a one-rule set that disallows it). */
  static matches(pattern: string, path: string): boolean {
    return !new RuleSet([{ type: 'disallow', pattern, line: 0 }]).allows(path);
  }
}

const pathOnly = (p: string): string => p.split('?')[0] ?? p;

/**
 * RFC 9309 section 2.2.2 compares octets after percent-decoding the unreserved characters
 * (`/%62%61%7A` is `/baz`) and reads `%2A` and `%24` in a pattern as a literal `*` and `$`.
 * robots-parser compares the escapes as written, so both sides are brought to one form here:
 * unreserved escapes decoded, and a literal `*` or `$` in a path (or a `$` inside a pattern,
 * which is no end anchor) written `%2A` / `%24`.
 */
const decodeUnreserved = (s: string): string =>
  s.replace(/%([0-9A-Fa-f]{2})/g, (m, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(c) ? c : m.toUpperCase();
  });

function patternForParser(pattern: string): string {
  const anchored = pattern.endsWith('$');
  const body = decodeUnreserved(anchored ? pattern.slice(0, -1) : pattern).replace(/\$/g, '%24');
  return anchored ? `${body}$` : body;
}

const pathForParser = (path: string): string => decodeUnreserved(path).replace(/\*/g, '%2A').replace(/\$/g, '%24');

/**
 * A pattern that matches every path: `/`, `/*`, `*`, and the same with a final `$` after a `*`
 * (`/*$`). Such a Disallow closes the whole site; narrower Allow lines only carve exceptions.
 */
export function matchesEverything(pattern: string): boolean {
  return /^(\/|\/?\*+\$?)$/.test(pattern);
}

/**
 * Whether rules close the site (docs/policy.md section 2 "blocked when `/` is closed",
 * section 10 "status is computed, not sampled"): some Disallow matches every path and no Allow
 * that also matches every path is as long (a longer or equal Allow wins everywhere; RFC 9309
 * section 2.2.2). Then every path is closed except those a narrower Allow wins. This is exact,
 * not a probe: `Disallow: /$` closes only the home page, which is not the whole site.
 */
export function closesSite(rules: readonly Rule[]): { closed: boolean; by: Rule[] } {
  const longest = (type: Rule['type']): number =>
    Math.max(0, ...rules.filter((r) => r.type === type && matchesEverything(r.pattern)).map((r) => r.pattern.length));
  const d = longest('disallow');
  const closed = d > 0 && d > longest('allow');
  return { closed, by: closed ? rules.filter((r) => r.type === 'disallow' && matchesEverything(r.pattern)) : [] };
}

/**
 * Paths a pattern matches, to look for one where a rule decides (a witness). Not every path a
 * pattern matches is tried, so a witness proves something and its absence proves nothing;
 * callers fail a claim only on a witness, or where the claim needs one and none is found.
 */
export function witnesses(pattern: string): string[] {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const base = body.startsWith('/') ? body : `/${body}`;
  const forms = [base.replace(/\*/g, ''), base.replace(/\*/g, 'x'), base.replace(/\*/g, 'zz9/q')];
  const out = new Set<string>();
  for (const f of forms) {
    out.add(f === '' ? '/' : f);
    if (!anchored) {
      out.add(`${f}zz9`);
      out.add(`${f}/zz9.html`);
      out.add(`${f}?zz9=1`);
    }
  }
  return [...out].filter((p) => RuleSet.matches(pattern, p));
}

/** Paths no pattern is likely to name, where a closed site must be closed. */
export const PROBES = ['/', '/zq8-verifier-probe', '/index.html', '/a/b/c', '/2026/01/some-article?id=7'];

/**
 * ai.txt (Spawning, spawning.ai/ai-txt): a robots.txt-like file with `User-Agent`, `Disallow`
 * and `Allow` lines, usually listing file-type patterns (`Disallow: *.jpg`) and often
 * `Disallow: /` for everything. docs/policy.md section 4 reads one thing from it: whether
 * `/` is disallowed for `*`, which is a training "no".
 *
 * Matching follows RFC 9309 section 2.2.2 as the rest of the analysis does: the longest
 * matching pattern wins, `allow` wins a tie, an empty `Disallow:` has no effect. Lines before
 * any `User-Agent` line are read as applying to all agents (generators sometimes omit it).
 */
import type { FetchResult } from '../evidence.js';
import { bestMatch, canonicalize, compilePattern } from '../../../shared/robots/index.js';
import { isHtmlBody, successfulResponse, trimmedBody } from './response.js';

export interface AiTxtRule {
  type: 'allow' | 'disallow';
  pattern: string;
  line: number;
}

export interface AiTxtResult {
  /** docs/policy.md section 1: 2xx, not HTML, non-empty. */
  found: boolean;
  /** True when `/` is disallowed for `*`. */
  disallowsRoot: boolean;
  /** The rule that decided `/` for `*` (line from 1), or null when none applies. */
  decidingRule: AiTxtRule | null;
  /** Rules that apply to `*`, in file order. */
  rules: AiTxtRule[];
  /** Disallowed file-type patterns for `*` (`*.jpg`), for summaries. */
  disallowedPatterns: string[];
}

const NOT_FOUND: AiTxtResult = {
  found: false,
  disallowsRoot: false,
  decidingRule: null,
  rules: [],
  disallowedPatterns: [],
};

/** The rules of an ai.txt body that apply to `*`. Never throws. */
export function aiTxtRulesForAll(body: string): AiTxtRule[] {
  const rules: AiTxtRule[] = [];
  // Rules before the first User-Agent line apply to all; afterwards, only those of groups naming `*`.
  let forAll = true;
  let inAgents = false;
  const lines = body.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, idx) => {
    const hash = raw.indexOf('#');
    const line = (hash < 0 ? raw : raw.slice(0, hash)).trim();
    const colon = line.indexOf(':');
    if (colon <= 0) return;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === 'user-agent') {
      const token = (value.split('/')[0] ?? '').trim().toLowerCase();
      forAll = inAgents ? forAll || token === '*' : token === '*';
      inAgents = true;
      return;
    }
    inAgents = false;
    if ((field === 'allow' || field === 'disallow') && forAll && value !== '') {
      rules.push({ type: field, pattern: value, line: idx + 1 });
    }
  });
  return rules;
}

/** The deciding rule for a path, by the robots.txt matcher's own bestMatch (RFC 9309 2.2.2). */
export function decideAiTxt(rules: readonly AiTxtRule[], path: string): AiTxtRule | null {
  const i = bestMatch(
    rules.map((r) => compilePattern(r.pattern)),
    rules.map((r) => r.type === 'allow'),
    canonicalize(path),
  );
  return i < 0 ? null : rules[i]!;
}

/** Reads GET /ai.txt. */
export function analyzeAiTxt(result: FetchResult | null): AiTxtResult {
  const r = successfulResponse(result);
  if (r === null || isHtmlBody(r) || trimmedBody(r.body) === '') return NOT_FOUND;
  const rules = aiTxtRulesForAll(r.body);
  const decidingRule = decideAiTxt(rules, '/');
  return {
    found: true,
    disallowsRoot: decidingRule?.type === 'disallow',
    decidingRule,
    rules,
    disallowedPatterns: [
      ...new Set(rules.filter((x) => x.type === 'disallow' && x.pattern.includes('*.')).map((x) => x.pattern)),
    ],
  };
}

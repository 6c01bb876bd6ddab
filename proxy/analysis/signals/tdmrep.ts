/**
 * W3C TDM Reservation Protocol (TDMRep, Final Community Group Report, 2024):
 * - section 3.2: `/.well-known/tdmrep.json`, a JSON array of `{location, tdm-reservation,
 *   tdm-policy?}`; `location` uses robots.txt-style `*` and `$`, case-sensitive, and "the most
 *   specific match is the first in sequence": the first matching rule wins;
 * - section 3.3: the `tdm-reservation` / `tdm-policy` HTTP response headers;
 * - section 3.4: `<meta name="tdm-reservation">` / `<meta name="tdm-policy">`;
 * - section 3.1: `tdm-reservation` is 1 (reserved) or 0 (not reserved); any other value is a
 *   protocol error and leaves the value unset;
 * - section 3.5: the file comes first, a header supersedes it, a meta supersedes both; absence
 *   at a later step does not reset what an earlier step said.
 */
import type { FetchResult } from '../evidence.js';
import type { MetaTag } from '../html/scan.js';
import { tdmLocationPath } from '../../../shared/url-check/signals.js';
import { matchesPathPattern } from './path-pattern.js';
import { isHtmlBody, parseJson, successfulResponse } from './response.js';

export type TdmReservation = 0 | 1;

export interface TdmrepRule {
  /** Position in the array, from 0. */
  index: number;
  location: string;
  /** null when the value was missing or not 0/1 (a protocol error). */
  reservation: TdmReservation | null;
  policy: string | null;
}

export interface TdmrepFile {
  /** True when the body is a JSON array (TDMRep 3.2: brackets mandatory even for one rule). */
  valid: boolean;
  rules: TdmrepRule[];
  /** For people: why the file or a rule was not usable. */
  problems: string[];
}

export interface TdmValue {
  reservation: TdmReservation | null;
  policy: string | null;
}

export type TdmSource = 'tdmrep_json' | 'header' | 'meta';

export interface TdmrepResult extends TdmValue {
  /** docs/policy.md section 1: a valid JSON array, or the header, or the meta. */
  found: boolean;
  /** The step that set the reservation, or null when unset. */
  source: TdmSource | null;
  /** The rule of tdmrep.json that decided, when the file decided. */
  rule: TdmrepRule | null;
  /** What decided, for explanations (`tdm-reservation: 1`, a JSON rule). */
  text: string | null;
  /** Every rule of a valid tdmrep.json, in file order (for the answer per URL); empty without one. */
  rules: TdmrepRule[];
  problems: string[];
}

/** `1` and `0` as number or string; anything else is a protocol error (TDMRep 3.1). */
export function parseReservation(value: unknown): TdmReservation | null {
  if (value === 1 || value === 0) return value;
  if (typeof value === 'string') {
    const t = value.trim();
    if (t === '1') return 1;
    if (t === '0') return 0;
  }
  return null;
}

const policyOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** Parses a tdmrep.json body. Never throws. */
export function parseTdmrepJson(body: string): TdmrepFile {
  const parsed = parseJson(body);
  if (!parsed.ok) return { valid: false, rules: [], problems: ['tdmrep.json is not valid JSON'] };
  const data = parsed.value;
  if (!Array.isArray(data)) return { valid: false, rules: [], problems: ['tdmrep.json must be a JSON array'] };
  const rules: TdmrepRule[] = [];
  const problems: string[] = [];
  data.forEach((item: unknown, index) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      problems.push(`rule ${index} is not an object`);
      return;
    }
    const r = item as Record<string, unknown>;
    const location = typeof r['location'] === 'string' ? r['location'] : null;
    if (location === null) {
      problems.push(`rule ${index} has no location`);
      return;
    }
    const reservation = parseReservation(r['tdm-reservation']);
    if (reservation === null)
      problems.push(`rule ${index} has tdm-reservation ${JSON.stringify(r['tdm-reservation'])}, not 0 or 1`);
    rules.push({ index, location, reservation, policy: policyOf(r['tdm-policy']) });
  });
  return { valid: true, rules, problems };
}

/**
 * The first rule whose location matches `path` (TDMRep 3.2.1). A matching rule with an invalid
 * reservation still ends the search: it is the rule for that path, and it says nothing valid.
 */
export function tdmrepRuleFor(file: TdmrepFile, path: string): TdmrepRule | null {
  for (const rule of file.rules) {
    if (matchesPathPattern(tdmLocationPath(rule.location), path)) return rule;
  }
  return null;
}

/** The `tdm-reservation` / `tdm-policy` response headers (names lower-case). */
export function tdmFromHeaders(headers: Readonly<Record<string, string>>): TdmValue & { present: boolean } {
  const raw = headers['tdm-reservation'];
  return { present: raw !== undefined, reservation: parseReservation(raw), policy: policyOf(headers['tdm-policy']) };
}

/** `<meta name="tdm-reservation">` / `<meta name="tdm-policy">`, the first of each. */
export function tdmFromMeta(metas: readonly MetaTag[]): TdmValue & { present: boolean } {
  const res = metas.find((m) => m.name === 'tdm-reservation');
  const pol = metas.find((m) => m.name === 'tdm-policy');
  return {
    present: res !== undefined,
    reservation: parseReservation(res?.content ?? null),
    policy: policyOf(pol?.content),
  };
}

export interface TdmrepInputs {
  /** GET /.well-known/tdmrep.json, or null when not fetched. */
  file: FetchResult | null;
  /** Headers of the page the question is about (the homepage). */
  headers: Readonly<Record<string, string>>;
  /** Metas of that page. */
  metas: readonly MetaTag[];
  /** Path of that page, `/` for the domain-level verdict. */
  path?: string;
}

/** Records the step that decided. A policy beside reservation 0 is not processed (TDMRep 3.1). */
function decide(result: TdmrepResult, v: TdmValue, source: TdmSource, rule: TdmrepRule | null, text: string): void {
  result.reservation = v.reservation;
  result.policy = v.reservation === 1 ? v.policy : null;
  result.source = source;
  result.rule = rule;
  result.text = text;
}

/** The TDMRep answer for one page, following the priority of TDMRep 3.5. */
export function resolveTdmrep(input: TdmrepInputs): TdmrepResult {
  const path = input.path ?? '/';
  const problems: string[] = [];
  const result: TdmrepResult = {
    found: false,
    reservation: null,
    policy: null,
    source: null,
    rule: null,
    text: null,
    rules: [],
    problems,
  };

  const f = successfulResponse(input.file);
  if (f !== null && !isHtmlBody(f)) {
    const file = parseTdmrepJson(f.body);
    problems.push(...file.problems);
    if (file.valid) {
      result.found = true;
      result.rules = file.rules;
      const rule = tdmrepRuleFor(file, path);
      if (rule !== null && rule.reservation !== null) {
        const text = JSON.stringify({
          location: rule.location,
          'tdm-reservation': rule.reservation,
          ...(rule.policy === null ? {} : { 'tdm-policy': rule.policy }),
        });
        decide(result, rule, 'tdmrep_json', rule, text);
      }
    }
  }

  // Later steps supersede only when they carry a valid value (3.5: absence does not reset).
  const steps: [TdmSource, TdmValue & { present: boolean }, string][] = [
    ['header', tdmFromHeaders(input.headers), 'tdm-reservation header'],
    ['meta', tdmFromMeta(input.metas), '<meta name="tdm-reservation">'],
  ];
  for (const [source, v, label] of steps) {
    if (!v.present) continue;
    result.found = true;
    if (v.reservation === null) {
      problems.push(`${label} is not 0 or 1`);
      continue;
    }
    decide(
      result,
      v,
      source,
      null,
      `${label}: ${v.reservation}${v.policy === null ? '' : `; tdm-policy: ${v.policy}`}`,
    );
  }
  return result;
}

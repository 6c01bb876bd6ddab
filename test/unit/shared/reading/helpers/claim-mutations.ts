/**
 * Every one-field change of a claim, from a fixed menu per field: each other value of a closed
 * set (shared/values.ts, claims.ts), a flipped boolean, a line number moved, an element added or
 * dropped, a quoted text changed. Used to show that the verifier catches what was changed;
 * the few changes that leave a claim true are listed, with why, where they are tested.
 */
import {
  TOLD_STANCES,
  type Claim,
  type ConfidenceCause,
  type DecidedBy,
  type RuleAt,
} from '../../../../../shared/reading/claims.js';
import {
  BOT_PURPOSES,
  CONFLICTS,
  FETCHED_FILES,
  FETCH_STATES,
  ROBOTS_PROBLEMS,
  STANDARD_KEYS,
  TOS_STANCES,
  USE_CASES,
  VERDICT_SOURCES,
} from '../../../../../shared/values.js';

export interface Mutation {
  field: string;
  claim: Claim;
}

type Value = unknown;

const ENUMS: Record<string, readonly Value[]> = {
  state: [...new Set<Value>(['read', 'missing', 'unread', ...FETCH_STATES])],
  problem: [...ROBOTS_PROBLEMS, null],
  file: FETCHED_FILES.filter((f) => f !== 'robots_txt'),
  standard: STANDARD_KEYS,
  purpose: [...BOT_PURPOSES, 'unknown'],
  role: ['blocked', 'partial', 'let_in', 'no_rule', 'allowed', 'like_all'],
  by: ['named', 'wildcard'],
  loses: ['group', 'nothing'],
  vocabulary: ['content-signal', 'content-usage'],
  use: USE_CASES,
  verdict: ['blocked', 'partial', 'allowed', 'unknown'],
  told: TOLD_STANCES,
  about: ['ai', 'access'],
  stance: TOS_STANCES,
  fact: ['paywall', 'cms', 'cdn'],
  id: CONFLICTS,
  because: [...FETCH_STATES, null],
  terms: ['prohibits', 'restricts', null],
};

const CAUSES: ConfidenceCause[] = [
  'no_robots',
  'robots_unread',
  'nothing_answered',
  'homepage_no_answer',
  ...CONFLICTS.map((c) => `conflict:${c}` as const),
];
const BOTS = ['GPTBot', 'CCBot', 'ClaudeBot', 'Googlebot', 'PerplexityBot', 'Scrapy'];
const ODD = ' (said by no file)';

function numbers(v: number | null, nullable: boolean): Value[] {
  if (v === null) return [1, 200, 404];
  return [v + 1, v - 1, v + 7, ...(nullable ? [null] : [])];
}

function numberLists(v: number[]): Value[] {
  const out: Value[] = [[], v.map((n) => n + 1), [...v, Math.max(0, ...v) + 2]];
  if (v.length > 1) out.push(v.slice(1));
  return out;
}

function stringLists(v: string[], pool: readonly string[]): Value[] {
  const out: Value[] = [v.slice(1), ...pool.filter((p) => !v.includes(p)).map((p) => [...v, p])];
  return v.length === 0 ? out.slice(1) : out;
}

function decidedBy(v: DecidedBy[]): Value[] {
  const out: Value[] = [[], [...v, { source: 'robots_txt', line: 1, evidence: null }]];
  const first = v[0];
  if (first) {
    out.push([{ ...first, line: first.line === null ? 1 : first.line + 1 }, ...v.slice(1)]);
    for (const s of VERDICT_SOURCES) if (s !== first.source) out.push([{ ...first, source: s }, ...v.slice(1)]);
  }
  return out;
}

function opens(v: RuleAt[]): Value[] {
  return [[...v, { path: '/', line: 1 }], ...(v.length > 0 ? [v.slice(1)] : [])];
}

function alternatives(field: string, v: Value, hosts: readonly string[]): Value[] {
  if (field === 'of' || field === 'host' || field === 'from') return hosts.filter((h) => h !== v);
  if (field in ENUMS && (field !== 'by' || typeof v === 'string')) return ENUMS[field]!.filter((x) => x !== v);
  if (typeof v === 'boolean') return [!v];
  switch (field) {
    case 'line':
    case 'http':
    case 'waited_s':
      return numbers(v as number | null, field !== 'line' || v === null);
    case 'percent':
      return [(v as number) + 5, (v as number) - 5];
    case 'lines':
      return numberLists(v as number[]);
    case 'paths':
      return stringLists(v as string[], ['/', '/private/']);
    case 'agents':
      return stringLists(v as string[], ['*', 'gptbot']);
    case 'restricted':
    case 'open':
    case 'uses':
      return stringLists(v as string[], USE_CASES);
    case 'causes':
      return stringLists(v as string[], CAUSES);
    case 'by':
      return decidedBy(v as DecidedBy[]);
    case 'opens':
      return opens(v as RuleAt[]);
    case 'bot':
      return BOTS.filter((b) => b !== v);
    case 'training':
    case 'search':
    case 'inference':
      return [true, false, null].filter((x) => x !== v);
    case 'value':
      return v === null ? [true, 'WordPress'] : typeof v === 'string' ? [`${v}x`, null] : [!v, null];
    case 'excerpt':
    case 'section':
    case 'text':
    case 'path':
      return typeof v === 'string' ? [`${v}${ODD}`, ...(field === 'text' ? [] : [null])] : [`the verifier${ODD}`];
    default:
      return [];
  }
}

/** Every one-field change of a claim that gives another claim. */
export function mutationsOf(claim: Claim, hosts: readonly string[]): Mutation[] {
  const out: Mutation[] = [];
  const seen = new Set([JSON.stringify(claim)]);
  for (const [field, value] of Object.entries(claim)) {
    if (field === 'kind') continue;
    for (const alt of alternatives(field, value, hosts)) {
      const changed = { ...claim, [field]: alt };
      const key = JSON.stringify(changed);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ field, claim: changed });
    }
  }
  return out;
}

/**
 * What a usage signal said, read out (docs/policy.md section 11, "Say what was signalled"):
 * "Content-Signal: AI training no, AI answers no, search yes", not a description of the
 * standard. Read from what the analysis read (`basis.content_signals`), or, from an older
 * record, from the deciding lines of its `basis`. Cloudflare defines `search=yes` as
 * listing and linking pages, not AI-written answers: beside `ai-input=no` it reads "search
 * listings allowed", never a green "AI search allowed". Plain functions, words via say().
 */
import { say } from '../say.js';
import type { DecidingSignal, DomainPolicyFound, FullRecord } from '../schemas.js';
import { someNames } from './story-robots.js';

type Use = 'training' | 'search' | 'inference';

/**
 * Keys of the two vocabularies and the use each speaks of (as proxy/analysis/signals
 * content-signals.ts reads them): Content-Signal (contentsignals.org) and Content-Usage (IETF
 * AI Preferences, with its older training labels).
 */
const KEYS: Readonly<Record<'content-signal' | 'content-usage', Readonly<Record<string, Use>>>> = {
  'content-signal': { search: 'search', 'ai-train': 'training', 'ai-input': 'inference' },
  'content-usage': {
    'train-ai': 'training',
    'train-genai': 'training',
    genai: 'training',
    ai: 'training',
    search: 'search',
  },
};
/** Values are read out in one order whatever the line's: training, answers, search. */
const ORDER: Readonly<Record<Use, number>> = { training: 0, inference: 1, search: 2 };
const YES = new Set(['y', 'yes', '?1', 'true']);
const NO = new Set(['n', 'no', '?0', 'false']);

export interface SignalValue {
  use: Use;
  yes: boolean;
}

export interface SignalStatement {
  /** "Content-Signal" or "Content-Usage". */
  name: string;
  /** The crawlers it speaks for, null for every crawler. */
  agents: string[] | null;
  line: number | null;
  values: SignalValue[];
  /** "Content-Signal: AI training no, AI answers no, search yes" (with "for Googlebot…" when scoped). */
  words: string;
}

const USE_WORDS: Readonly<Record<Use, () => string>> = {
  training: () => say('signalTraining', 'AI training'),
  inference: () => say('signalAnswers', 'AI answers'),
  search: () => say('signalSearch', 'search'),
};

/** The values of one line's text after its field name ("search=yes, ai-train=no"), in the order written. */
export function readValues(vocabulary: 'content-signal' | 'content-usage', text: string): SignalValue[] {
  const out: SignalValue[] = [];
  for (const part of text.split(',')) {
    const m = /([a-z][a-z0-9-]*)\s*=\s*("?)([^",;\s]+)\2/i.exec(part.trim());
    const use = m ? KEYS[vocabulary][m[1]!.toLowerCase()] : undefined;
    const v = m?.[3]!.toLowerCase();
    if (!use || v === undefined || (!YES.has(v) && !NO.has(v))) continue;
    out.push({ use, yes: YES.has(v) });
  }
  return out;
}

/** "Content-Signal (for Googlebot and 6 others): AI training no, AI answers no, search yes". */
function wordsOf(name: string, agents: string[] | null, values: SignalValue[]): string {
  const said = [...values]
    .sort((a, b) => ORDER[a.use] - ORDER[b.use])
    .map((v) =>
      say('signalValue', '$1 $2', USE_WORDS[v.use](), v.yes ? say('signalYes', 'yes') : say('signalNo', 'no')),
    )
    .join(', ');
  return agents
    ? say('signalForAgents', '$1 (for $2): $3', name, someNames(agents), said)
    : say('signalForAll', '$1: $2', name, said);
}

const nameOf = (vocabulary: 'content-signal' | 'content-usage'): string =>
  vocabulary === 'content-usage' ? say('stdContentUsage', 'Content-Usage') : say('stdContentSignal', 'Content-Signal');

function statement(field: string, value: string, line: number | null, agents: string[] | null): SignalStatement | null {
  const vocabulary = field.toLowerCase() === 'content-usage' ? 'content-usage' : 'content-signal';
  const values = readValues(vocabulary, value);
  if (values.length === 0) return null;
  const name = nameOf(vocabulary);
  return { name, agents, line, values, words: wordsOf(name, agents, values) };
}

const FIELD = /^\s*(content-signal|content-usage)\s*:\s*(.*)$/i;

/** From a deciding line as published ("content-signal: search=yes,ai-train=no"). */
function fromDecider(d: DecidingSignal): SignalStatement | null {
  const m = d.source === 'content_signals' && d.evidence ? FIELD.exec(d.evidence) : null;
  return m ? statement(m[1]!, m[2]!, d.line, null) : null;
}

type Said = NonNullable<NonNullable<DomainPolicyFound['basis']>['content_signals']>[number];

/** A statement as the analysis read it (`basis.content_signals`), with its path scope when it has one. */
function fromBasis(e: Said): SignalStatement {
  const values = (['training', 'inference', 'search'] as const)
    .filter((u) => e[u] !== null)
    .map((u) => ({ use: u, yes: e[u]! }));
  const agents = e.agents.includes('*') ? null : e.agents;
  const name = nameOf(e.vocabulary);
  const scoped = e.path && e.path !== '/' ? say('signalOnPath', '$1 on $2', name, e.path) : name;
  return { name, agents, line: e.line, values, words: wordsOf(scoped, agents, values) };
}

/**
 * Every Content-Signal and Content-Usage statement of the site: as the analysis read them
 * (`basis.content_signals`, with the crawlers of their group); from an older record, the deciding
 * lines it names (their group is not known there, so none is said). robots.txt is not parsed
 * here: the popup's first paint stays small.
 */
export function signalValues(p: DomainPolicyFound, full?: FullRecord | null): SignalStatement[] {
  const said = (p.basis ?? full?.basis)?.content_signals;
  if (said) return said.filter((e) => e.training !== null || e.search !== null || e.inference !== null).map(fromBasis);
  const by = p.basis?.decided_by;
  const decided: DecidingSignal[] = by ? [...by.training, ...by.search, ...by.inference] : [];
  const seen = new Set<string>();
  return decided
    .map(fromDecider)
    .filter((s): s is SignalStatement => s !== null && !seen.has(s.words) && Boolean(seen.add(s.words)));
}

/**
 * When AI search is allowed only as search listings: a site-wide usage signal says `search=yes`
 * and refuses AI answers (`ai-input=no`), as Cloudflare's managed file does. That `yes` is about
 * listing and linking pages, not AI-written answers (section 11): the signal that says it, as a
 * deciding line, else null. An older record marks the same as an explicit allow decided by it.
 */
export function listingsOnly(p: DomainPolicyFound, full?: FullRecord | null): DecidingSignal | null {
  const basis = p.basis ?? full?.basis;
  if (!basis || p.use_cases.search !== 'allowed' || p.use_cases.inference !== 'blocked') return null;
  const said = basis.content_signals;
  if (said) {
    if (basis.explicit.search) return null;
    const e = said.find(
      (x) =>
        x.agents.includes('*') && (x.path === null || x.path === '/') && x.search === true && x.inference === false,
    );
    return e ? { source: 'content_signals', line: e.line, evidence: e.text } : null;
  }
  // An older record: an explicit allow decided only by `search=yes`, AI answers refused by `ai-input=no`.
  const says = (d: DecidingSignal | undefined, re: RegExp) =>
    d?.source === 'content_signals' && re.test(d.evidence ?? '');
  const search = basis.decided_by.search;
  const onlySignal =
    basis.explicit.search && search.length > 0 && search.every((d) => says(d, /\bsearch\s*=\s*"?(yes|y)\b/i));
  return onlySignal && says(basis.decided_by.inference[0], /\bai-input\s*=\s*"?(no|n)\b/i) ? search[0]! : null;
}

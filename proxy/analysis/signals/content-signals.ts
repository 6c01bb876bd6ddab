/**
 * Usage preferences attached to content, from two vocabularies:
 * - Content-Signal (Cloudflare, contentsignals.org): `Content-Signal: search=yes, ai-train=no,
 *   ai-input=no`, in robots.txt groups and as a response header; `use=` is an auxiliary key
 *   without permission meaning.
 * - Content-Usage (IETF AI Preferences: draft-ietf-aipref-vocab for the vocabulary,
 *   draft-ietf-aipref-attach for robots.txt and the header): a Structured Field dictionary
 *   (RFC 9651 section 3.2) such as `train-ai=n, search=y`, with values `y` / `n`. The current
 *   vocabulary (draft-ietf-aipref-vocab-08, 14 September 2026) has three categories:
 *   `train-ai` (AI Training, generative models: training), `ai-use` (AI Use: an asset as input to
 *   a generative AI model, not one the user provided: AI answers, inference) and `search`
 *   (search). Labels of earlier drafts are still read (docs/policy.md section 4): `train-genai`,
 *   `genai`, `ai` mean training; `inference` (-01) and `ai-output` (-04) mean AI answers
 *   (inference), as `ai-use` did in -02; `tdm` (-01), `all` (-02) and `bots` (-03, -04) name
 *   every automated use, so they speak for each use that no more specific label of the same
 *   statement names (the drafts: a more specific category wins). Draft-08's search override
 *   (a `search=y` covers training inside a search application) lifts no `train-ai=n` for our
 *   training use: a no beats a yes, per use.
 * Both may start with a path (`Content-Usage: /images/ train-ai=n`) that scopes the line to
 * URLs under it; the domain-level verdict uses the lines that apply to `/`.
 * Parsing is lenient (yes/no and y/n in both, any case, stray spaces) and never throws;
 * what cannot be read becomes a warning.
 */
import type { RobotsTxt } from '../../../shared/robots/index.js';
import { matchesPathPattern } from './path-pattern.js';

export type UsageKey = 'training' | 'search' | 'inference';
export type UsagePrefs = { -readonly [K in UsageKey]?: boolean };

export type SignalVocabulary = 'content-signal' | 'content-usage';

export interface ContentSignalEntry {
  vocabulary: SignalVocabulary;
  source: 'robots_group' | 'robots_global' | 'header';
  /** Lower-case agent tokens the entry applies to; `['*']` for all. */
  agents: string[];
  /** The leading path scope, or null (the whole site). */
  path: string | null;
  prefs: UsagePrefs;
  /** Line in robots.txt, null for a header. */
  line: number | null;
  /** The line or header as written (`Content-Signal: ai-train=no`). */
  text: string;
}

export interface ContentSignalWarning {
  line: number | null;
  message: string;
  text: string;
}

export interface ContentSignals {
  entries: ContentSignalEntry[];
  warnings: ContentSignalWarning[];
}

/**
 * Key → use case, per vocabulary (`all`: a general category for every use, below any specific
 * label of the same statement; null: a key without permission meaning). Keys are compared lower-case.
 */
const KEYS: Readonly<Record<SignalVocabulary, Readonly<Record<string, UsageKey | 'all' | null>>>> = {
  'content-signal': { search: 'search', 'ai-train': 'training', 'ai-input': 'inference', use: null },
  'content-usage': {
    // draft-ietf-aipref-vocab-08's three categories.
    'train-ai': 'training',
    'ai-use': 'inference',
    search: 'search',
    // Earlier drafts' labels.
    'train-genai': 'training',
    genai: 'training',
    ai: 'training',
    inference: 'inference',
    'ai-output': 'inference',
    tdm: 'all',
    all: 'all',
    bots: 'all',
  },
};

const VALUE_CAP = 4096;
const PROBLEMS_CAP = 20;
const YES = new Set(['y', 'yes', '?1', 'true']);
const NO = new Set(['n', 'no', '?0', 'false']);

export interface ParsedPreference {
  path: string | null;
  prefs: UsagePrefs;
  /** Members that were not understood (unknown key, missing or odd value). */
  problems: string[];
}

/** Most restrictive wins: a `no` is never undone by a `yes` (docs/policy.md section 4). */
export function mergePrefs(into: UsagePrefs, key: UsageKey, value: boolean): void {
  const had = into[key];
  into[key] = had === undefined ? value : had && value;
}

/** Parses the value of one Content-Signal or Content-Usage line or header. */
export function parsePreferenceValue(vocabulary: SignalVocabulary, value: string): ParsedPreference {
  // A preference line is a few dozen characters; a longer one is junk and is read only in part.
  let rest = (value.length > VALUE_CAP ? value.slice(0, VALUE_CAP) : value).trim();
  let path: string | null = null;
  // A leading path scope: starts with `/` (or `*`) and ends at the first white space.
  if (rest.startsWith('/') || rest.startsWith('*')) {
    const sp = rest.search(/\s/);
    const first = sp < 0 ? rest : rest.slice(0, sp);
    if (!first.includes('=')) {
      path = first;
      rest = sp < 0 ? '' : rest.slice(sp).trim();
    }
  }
  const prefs: UsagePrefs = {};
  const general: UsagePrefs = {};
  const problems: string[] = [];
  const table = KEYS[vocabulary];
  // `key = value` and `key=value ;param` are read alike (split/trim/join stays linear where a
  // `\s*=\s*` regex would not); members are then split at commas or white space.
  const tight = rest
    .split('=')
    .map((s) => s.trim())
    .join('=')
    .split(';')
    .map((s) => s.trim())
    .join(';');
  for (const raw of tight.split(/[,\s]+/)) {
    // Structured-field parameters (`;foo=bar`) qualify a member; they never change its value.
    const member = (raw.split(';')[0] ?? '').trim();
    if (member === '') continue;
    const eq = member.indexOf('=');
    const key = (eq < 0 ? member : member.slice(0, eq)).trim().toLowerCase();
    const val =
      eq < 0
        ? ''
        : member
            .slice(eq + 1)
            .trim()
            .replace(/^"(.*)"$/, '$1')
            .toLowerCase();
    if (problems.length >= PROBLEMS_CAP) break;
    if (!(key in table)) {
      problems.push(`unknown key "${key}"`);
      continue;
    }
    const use = table[key];
    if (use === null || use === undefined) continue;
    const into = use === 'all' ? general : prefs;
    const uses: readonly UsageKey[] = use === 'all' ? ['training', 'search', 'inference'] : [use];
    if (YES.has(val)) for (const u of uses) mergePrefs(into, u, true);
    else if (NO.has(val)) for (const u of uses) mergePrefs(into, u, false);
    else
      problems.push(`"${key}" has value "${val}", expected ${vocabulary === 'content-usage' ? 'y or n' : 'yes or no'}`);
  }
  for (const u of ['training', 'search', 'inference'] as const)
    if (prefs[u] === undefined && general[u] !== undefined) prefs[u] = general[u];
  return { path, prefs, problems };
}

const FIELD_NAMES: Readonly<Record<string, SignalVocabulary>> = {
  'content-signal': 'content-signal',
  'content-usage': 'content-usage',
};
const displayName = (v: SignalVocabulary): string => (v === 'content-signal' ? 'Content-Signal' : 'Content-Usage');

/**
 * Every Content-Signal / Content-Usage line of a parsed robots.txt and of the homepage headers
 * (lower-case names). A line in a group applies to the agents the group names; in a `*` group,
 * outside any group, or in a header it applies to all (docs/policy.md section 4).
 */
export function extractContentSignals(
  robots: RobotsTxt | null,
  headers: Readonly<Record<string, string>> | null,
): ContentSignals {
  const entries: ContentSignalEntry[] = [];
  const warnings: ContentSignalWarning[] = [];

  const add = (
    vocabulary: SignalVocabulary,
    value: string,
    base: Omit<ContentSignalEntry, 'vocabulary' | 'path' | 'prefs' | 'text'>,
    text: string,
  ): void => {
    const parsed = parsePreferenceValue(vocabulary, value);
    for (const p of parsed.problems)
      warnings.push({ line: base.line, message: `${displayName(vocabulary)}: ${p}`, text });
    if (Object.keys(parsed.prefs).length === 0) {
      warnings.push({ line: base.line, message: `${displayName(vocabulary)} without a usable preference`, text });
      return;
    }
    entries.push({ vocabulary, ...base, path: parsed.path, prefs: parsed.prefs, text });
  };

  if (robots !== null) {
    for (const rec of robots.outside) {
      const vocabulary = FIELD_NAMES[rec.name];
      if (vocabulary === undefined) continue;
      const text = `${displayName(vocabulary)}: ${rec.value}`;
      warnings.push({
        line: rec.line,
        message: `${displayName(vocabulary)} outside any user-agent group; read as applying to all`,
        text,
      });
      add(vocabulary, rec.value, { source: 'robots_global', agents: ['*'], line: rec.line }, text);
    }
    for (const group of robots.groups) {
      const tokens = [...new Set(group.agents.map((a) => a.token))];
      const global = tokens.includes('*');
      for (const rec of group.records) {
        const vocabulary = FIELD_NAMES[rec.name];
        if (vocabulary === undefined) continue;
        add(
          vocabulary,
          rec.value,
          { source: global ? 'robots_global' : 'robots_group', agents: global ? ['*'] : tokens, line: rec.line },
          `${displayName(vocabulary)}: ${rec.value}`,
        );
      }
    }
  }
  if (headers !== null) {
    for (const [name, vocabulary] of Object.entries(FIELD_NAMES)) {
      const value = headers[name];
      if (value !== undefined)
        add(vocabulary, value, { source: 'header', agents: ['*'], line: null }, `${displayName(vocabulary)}: ${value}`);
    }
  }
  return { entries, warnings };
}

/** True when an entry's path scope covers the whole site (no path, or one matching `/` as a prefix of everything). */
export const appliesToRoot = (e: Pick<ContentSignalEntry, 'path'>): boolean =>
  e.path === null || (matchesPathPattern(e.path, '/') && !e.path.endsWith('$'));

export interface DecidedPreference {
  value: boolean;
  /** The entries that said it (the `no` ones when the answer is no). */
  entries: ContentSignalEntry[];
}

export type ResolvedPrefs = { [K in UsageKey]: DecidedPreference | null };

/** The entries of one group share its agents array: one Set per array, so asking is constant time however many agents a group lists. */
const agentSets = new WeakMap<readonly string[], ReadonlySet<string>>();
function agentSet(agents: readonly string[]): ReadonlySet<string> {
  let set = agentSets.get(agents);
  if (set === undefined) agentSets.set(agents, (set = new Set(agents)));
  return set;
}

/**
 * Site-wide preferences for one agent token (or for everyone with `*`): entries at the root
 * whose agents include the token or `*`; most restrictive wins per use case.
 */
export function resolvePrefs(signals: Pick<ContentSignals, 'entries'>, agent = '*'): ResolvedPrefs {
  const token = agent.toLowerCase();
  const out: ResolvedPrefs = { training: null, search: null, inference: null };
  for (const e of signals.entries) {
    if (!appliesToRoot(e)) continue;
    const agents = agentSet(e.agents);
    if (!agents.has('*') && !agents.has(token)) continue;
    for (const key of ['training', 'search', 'inference'] as const) {
      const v = e.prefs[key];
      if (v === undefined) continue;
      const cur = out[key];
      if (cur === null || (cur.value && !v)) out[key] = { value: v, entries: [e] };
      else if (cur.value === v) cur.entries.push(e);
    }
  }
  return out;
}

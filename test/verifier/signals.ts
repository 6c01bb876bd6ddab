/**
 * Usage signals read from the files by the verifier (docs/policy.md sections 1 and 4):
 * Content-Signal (contentsignals.org: `search`, `ai-train`, `ai-input` = yes/no) and
 * Content-Usage (IETF aipref: `train-ai` and its older labels `train-genai`, `genai`, `ai`;
 * `search` = y/n) in robots.txt or as homepage headers; TDMRep (W3C TDMRep 3.2-3.5); the page's
 * `noai` (meta robots, X-Robots-Tag); ai.txt closing `/` to `*`. Each is kept with where it was
 * written, so a claim's line or header can be checked against it.
 */
import type { Evidence } from '../../proxy/analysis/evidence.js';
import type { UseCase, VerdictSource } from '../../shared/values.js';
import { looksHtml, okResponse } from './files.js';
import { metaTags } from './html-text.js';
import { RuleSet, closesSite } from './robots-oracle.js';
import { groupOfLine, readRobots, type RobotsReading, type Rule } from './robots-lines.js';
import type { RslUse } from './rsl.js';

export type Prefs = Record<UseCase, boolean | null>;

export interface SignalStatement {
  vocabulary: 'content-signal' | 'content-usage';
  /** robots.txt line, null for a header. */
  line: number | null;
  /** Lower-case tokens of the group it stands in; `['*']` for `*`, outside any group, or a header. */
  agents: string[];
  path: string | null;
  prefs: Prefs;
  /** The value as written. */
  value: string;
}

const YES = new Set(['yes', 'y', 'true', '?1']);
const NO = new Set(['no', 'n', 'false', '?0']);
// The two vocabularies as their specifications name them. shared/story-signals.ts and
// proxy/analysis/signals/content-signals.ts hold the same table; it is written again here on
// purpose, so a key the classifier misreads cannot be misread the same way by the verifier.
const KEYS: Record<SignalStatement['vocabulary'], Record<string, UseCase>> = {
  'content-signal': { search: 'search', 'ai-train': 'training', 'ai-input': 'inference' },
  'content-usage': {
    'train-ai': 'training',
    'train-genai': 'training',
    genai: 'training',
    ai: 'training',
    search: 'search',
  },
};

/** `[/path] key=value, key=value` → path and per-use values (a `no` is never undone by a `yes`). */
export function parsePreferences(
  vocabulary: SignalStatement['vocabulary'],
  value: string,
): { path: string | null; prefs: Prefs } {
  let rest = value.trim();
  let path: string | null = null;
  const first = /^([/*]\S*)(\s+|$)/.exec(rest);
  if (first && !first[1]!.includes('=')) {
    path = first[1]!;
    rest = rest.slice(first[0].length);
  }
  const prefs: Prefs = { training: null, search: null, inference: null };
  for (const m of rest.matchAll(/([A-Za-z-]+)\s*=\s*"?([?A-Za-z0-9]+)"?/g)) {
    const use = KEYS[vocabulary][m[1]!.toLowerCase()];
    const v = m[2]!.toLowerCase();
    if (use === undefined) continue;
    const said = YES.has(v) ? true : NO.has(v) ? false : null;
    if (said === null) continue;
    prefs[use] = prefs[use] === null ? said : prefs[use] && said;
  }
  return { path, prefs };
}

const saysSomething = (p: Prefs): boolean => p.training !== null || p.search !== null || p.inference !== null;

export function robotsStatements(reading: RobotsReading): SignalStatement[] {
  const out: SignalStatement[] = [];
  for (const l of reading.lines) {
    if (l.kind !== 'field' || (l.name !== 'content-signal' && l.name !== 'content-usage')) continue;
    const { path, prefs } = parsePreferences(l.name, l.value);
    if (!saysSomething(prefs)) continue;
    const g = groupOfLine(reading, l.n);
    const tokens = g === null ? ['*'] : [...new Set(g.agents.map((a) => a.token))];
    out.push({
      vocabulary: l.name,
      line: l.n,
      agents: tokens.includes('*') ? ['*'] : tokens,
      path,
      prefs,
      value: l.value,
    });
  }
  return out;
}

export function headerStatements(ev: Evidence): SignalStatement[] {
  if (ev.homepage.kind !== 'response') return [];
  const out: SignalStatement[] = [];
  for (const vocabulary of ['content-signal', 'content-usage'] as const) {
    const value = ev.homepage.headers[vocabulary];
    if (value === undefined) continue;
    const { path, prefs } = parsePreferences(vocabulary, value);
    if (saysSomething(prefs)) out.push({ vocabulary, line: null, agents: ['*'], path, prefs, value });
  }
  return out;
}

/** A path scope that covers the whole site. */
const wholeSite = (path: string | null): boolean => path === null || /^(\/|\/?\*+)$/.test(path);

/** One piece of S(u): a signal for every crawler saying yes or no to a use. */
export interface Piece {
  source: VerdictSource;
  use: UseCase;
  value: boolean;
  line: number | null;
  /** What was published, for the failure messages and the claim's `evidence`. */
  text: string;
  /** An RSL licence's piece: the last line of its `<license>` element (`line` the first). */
  to?: number;
}

/** TDMRep: the file's first rule matching `/`, then a header, then a meta tag (TDMRep 3.5: later supersedes). */
function tdmrepPieces(ev: Evidence): Piece[] {
  let value: 0 | 1 | null = null;
  let text = '';
  const parse = (v: unknown): 0 | 1 | null => (v === 1 || v === '1' ? 1 : v === 0 || v === '0' ? 0 : null);
  if (okResponse(ev.tdmrep)) {
    const rules = safeJson(ev.tdmrep.body);
    if (Array.isArray(rules)) {
      for (const r of rules as Array<Record<string, unknown>>) {
        const loc = typeof r?.location === 'string' ? r.location : null;
        if (loc === null || !new RuleSet([{ type: 'disallow', pattern: loc, line: 0 }]).decide('/').rule) continue;
        value = parse(r['tdm-reservation']) ?? value;
        text = JSON.stringify(r);
        break;
      }
    }
  }
  if (ev.homepage.kind === 'response') {
    const h = parse(ev.homepage.headers['tdm-reservation']?.trim());
    if (h !== null) [value, text] = [h, `tdm-reservation: ${h}`];
    const meta = metaTags(ev.homepage.body).find((m) => m.name === 'tdm-reservation');
    const m = meta ? parse(meta.content.trim()) : null;
    if (m !== null) [value, text] = [m, `<meta name="tdm-reservation" content="${m}">`];
  }
  return value === null ? [] : [{ source: 'tdmrep', use: 'training', value: value === 0, line: null, text }];
}

/** `noai` for every crawler: `<meta name="robots" content="noai">` or an unscoped `X-Robots-Tag: noai`. */
function noaiPieces(ev: Evidence): Piece[] {
  if (ev.homepage.kind !== 'response') return [];
  const out: Piece[] = [];
  const tokens = (s: string): string[] => s.toLowerCase().split(/[\s,]+/);
  const meta = metaTags(ev.homepage.body).find((m) => m.name === 'robots' && tokens(m.content).includes('noai'));
  if (meta) out.push({ source: 'meta', use: 'training', value: false, line: null, text: meta.content });
  const xrt = ev.homepage.headers['x-robots-tag'];
  // An X-Robots-Tag part `agent: directives` is scoped to that agent; only unscoped parts speak for all.
  if (
    xrt !== undefined &&
    xrt.split(',').some((part) => !/^\s*[a-z][\w-]*\s*:/i.test(part) && tokens(part).includes('noai'))
  )
    out.push({ source: 'x_robots_tag', use: 'training', value: false, line: null, text: xrt });
  return out;
}

/** ai.txt closing `/` to `*`; rules before any user-agent line count for everyone (generators omit it). */
export function aiTxtClosing(ev: Evidence): Rule | null {
  if (!okResponse(ev.aiTxt) || looksHtml(ev.aiTxt) || ev.aiTxt.body.trim() === '') return null;
  const r = readRobots(ev.aiTxt.body);
  const rules = [
    ...r.orphanRules,
    ...r.groups.filter((g) => g.agents.some((a) => a.token === '*')).flatMap((g) => g.rules),
  ];
  const d = new RuleSet(rules).decide('/');
  if (d.allowed) return null;
  return d.rule ?? closesSite(rules).by[0] ?? null;
}

/** `rsl`: what the site's RSL licence says of each use (rsl.ts rslUses), read once by the caller. */
export function usagePieces(ev: Evidence, reading: RobotsReading | null, rsl: Record<UseCase, RslUse | null>): Piece[] {
  const out: Piece[] = [];
  const statements = [...(reading ? robotsStatements(reading) : []), ...headerStatements(ev)];
  for (const s of statements) {
    if (s.agents.join() !== '*' || !wholeSite(s.path)) continue;
    for (const use of ['training', 'search', 'inference'] as const) {
      const v = s.prefs[use];
      if (v !== null) out.push({ source: 'content_signals', use, value: v, line: s.line, text: s.value });
    }
  }
  out.push(...tdmrepPieces(ev), ...noaiPieces(ev));
  // RSL (section 15): a prohibition says no, a free or attribution grant yes; a paid grant is neither (Host.paid).
  for (const [use, l] of Object.entries(rsl) as Array<[UseCase, RslUse | null]>)
    if (l !== null && l.word !== 'paid')
      out.push({ source: 'rsl', use, value: l.word !== 'prohibited', line: l.from, to: l.to, text: l.text });
  const ai = aiTxtClosing(ev);
  if (ai) out.push({ source: 'ai_txt', use: 'training', value: false, line: ai.line, text: `Disallow: ${ai.pattern}` });
  return out;
}

/** S(u): no beats yes beats silence (docs/policy.md section 4). */
export function usageSignal(pieces: readonly Piece[], use: UseCase): boolean | null {
  const mine = pieces.filter((p) => p.use === use);
  if (mine.some((p) => !p.value)) return false;
  return mine.length > 0 ? true : null;
}

export function safeJson(s: string): unknown {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return undefined;
  }
}

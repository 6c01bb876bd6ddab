/**
 * The story a person reads about one domain, told the same way by the popup, the badge title
 * and the CLI (classification.md section 9): what was read and what was not, each verdict in
 * words ("Not restricted" for silence, "Allowed" only when explicit, "Unknown" when robots.txt
 * could not be read), and the signal that decided it. Built from the seed's summary with our
 * `basis`; without it (a foreign upstream) it says less, never something untrue.
 * Plain functions over records: no zod, no node:*, no browser API.
 */
import { BADGE_VIEW, DETAIL_LABELS, STANDARD_LABELS, USE_CASE_LABELS, verdictLabel, type BadgeState, type Label } from './labels.js';
import type { Basis, DecidingSignal, DomainPolicyFound, FullRecord, PathRules } from './schemas.js';
import { SIGNAL_KEYS, USE_CASES, VERDICT_SOURCES, type RobotsOutcome, type RobotsProblem, type StandardKey, type UseCase, type Verdict } from './values.js';

/** How a verdict is coloured: only an explicit allow is `allowed` (green); silence is `neutral`. */
export type Tone = 'blocked' | 'partial' | 'allowed' | 'neutral' | 'unknown';

export interface RobotsReading {
  /** `unsure`: no robots.txt was read and the answer does not say why (a foreign upstream). */
  state: 'read' | 'missing' | 'unread' | 'unsure';
  outcome: RobotsOutcome | null;
  httpStatus: number | null;
  /** Why it could not be read, in a few words ("HTTP 403, access refused", "timed out"); null unless unread. */
  reason: string | null;
  /** One sentence: "robots.txt could not be read (timed out)." */
  sentence: string;
}

export interface UseReading {
  use: UseCase;
  verdict: Verdict;
  explicit: boolean;
  tone: Tone;
  /** "Blocked", "Partly blocked", "Allowed", "Not restricted", "Unknown". */
  words: string;
  /** What decided, after the words: "by the homepage's noai tag"; null when nothing did. */
  because: string | null;
  explanation: string;
  deciders: DecidingSignal[];
}

const PROBLEM_WORDS: Readonly<Record<RobotsProblem, (http: number | null) => string>> = {
  refused: (h) => `HTTP ${h ?? 403}, access refused`,
  rate_limited: (h) => `HTTP ${h ?? 429}, too many requests`,
  challenge: () => 'a CDN challenge page answered instead',
  server_error: (h) => (h ? `server error, HTTP ${h}` : 'server error'),
  timeout: () => 'timed out',
  connection: () => 'the connection failed',
  dns: () => 'the site name did not resolve',
  redirects: () => 'too many redirects',
  not_fetched: () => 'its address is not public',
};

const basisOf = (p: DomainPolicyFound, full?: FullRecord | null): Basis | undefined => p.basis ?? full?.basis;

/** What was read of robots.txt, from the basis, else the full record, else what the summary implies. */
export function robotsReading(p: DomainPolicyFound, full?: FullRecord | null): RobotsReading {
  const b = basisOf(p, full)?.robots_txt;
  const outcome: RobotsOutcome | null = b?.status ?? full?.robots_txt_status ?? null;
  const http = b?.http_status ?? null;
  const anyUnknown = USE_CASES.some((u) => p.use_cases[u] === 'unknown');
  // Without a basis or full record, the detail and the verdicts say what they can.
  const state: RobotsReading['state'] =
    outcome === 'ok' || (outcome === null && p.signals.robots_txt && !anyUnknown)
      ? 'read'
      : outcome === 'missing' || (outcome === null && p.detail === 'no_robots')
        ? 'missing'
        : outcome !== null || anyUnknown || p.detail === 'robots_blocked' || p.detail === 'unreachable'
          ? 'unread'
          : 'unsure';
  if (state === 'read') return { state, outcome, httpStatus: http, reason: null, sentence: 'robots.txt was read.' };
  if (state === 'missing') return { state, outcome, httpStatus: http, reason: null, sentence: 'The site has no robots.txt.' };
  if (state === 'unsure') return { state, outcome, httpStatus: null, reason: null, sentence: 'No robots.txt was read.' };
  const reason = b?.problem
    ? PROBLEM_WORDS[b.problem](http)
    : outcome === 'blocked'
      ? http ? `HTTP ${http}, access refused` : 'access refused'
      : outcome === 'error'
        ? PROBLEM_WORDS.server_error(http)
        : outcome === 'unreachable'
          ? 'no answer'
          : null;
  return { state, outcome, httpStatus: http, reason, sentence: `robots.txt could not be read${reason ? ` (${reason})` : ''}.` };
}

/** True when a robots.txt line belongs to the rules for every crawler (`User-agent: *`). */
function isWildcardLine(d: DecidingSignal, rules: PathRules | null | undefined): boolean {
  if (d.evidence && /^\s*user-agent\s*:?\s*\*\s*$/i.test(d.evidence)) return true;
  if (!rules || d.line === null) return false;
  return rules.groups.some((g) => g.agents.includes('*') && g.rules.some((r) => r[2] === d.line));
}

const tagName = (evidence: string | null): string => (evidence && /noimageai/i.test(evidence) && !/\bnoai\b/i.test(evidence) ? 'noimageai' : 'noai');

/** "robots.txt (line 3)", "the homepage's noai tag", "a Content-Signal in robots.txt (line 2)". */
export function deciderPhrase(d: DecidingSignal, rules?: PathRules | null, where: 'homepage' | 'page' = 'homepage'): string {
  const line = d.line !== null ? ` (line ${d.line})` : '';
  switch (d.source) {
    case 'robots_txt':
      return isWildcardLine(d, rules) ? `robots.txt\u2019s rule for all crawlers${line}` : `robots.txt${line}`;
    case 'content_signals':
      return d.line !== null ? `a Content-Signal in robots.txt${line}` : 'a Content-Signal header';
    case 'tdmrep':
      return 'the site\u2019s TDMRep reservation';
    case 'ai_txt':
      return `ai.txt${line}`;
    case 'meta':
      return `${where === 'page' ? 'this page' : 'the homepage'}\u2019s ${tagName(d.evidence)} tag`;
    case 'x_robots_tag':
      return 'the X-Robots-Tag header';
  }
}

/** Without a basis: the full record's explanations of a restricting verdict, as deciding signals. */
function decidersFromExplanations(full: FullRecord | null | undefined, u: UseCase, v: Verdict): DecidingSignal[] {
  if (!full || (v !== 'blocked' && v !== 'partial')) return [];
  const sources = VERDICT_SOURCES as readonly string[];
  return full.explanations
    .filter((e) => e.subject === u && e.value === v && sources.includes(e.source))
    .map((e) => ({ source: e.source as DecidingSignal['source'], evidence: e.evidence, line: e.line }));
}

const TONE: Readonly<Record<Verdict, Tone>> = { blocked: 'blocked', partial: 'partial', allowed: 'allowed', unknown: 'unknown' };

/** The three verdicts in words, each with what decided it. */
export function useReadings(p: DomainPolicyFound, full?: FullRecord | null): UseReading[] {
  const basis = basisOf(p, full);
  const robots = robotsReading(p, full);
  return USE_CASES.map((use) => {
    const verdict = p.use_cases[use];
    const explicit = verdict === 'allowed' && (basis?.explicit[use] ?? false);
    const deciders = basis ? basis.decided_by[use] : decidersFromExplanations(full, use, verdict);
    const label = verdictLabel(verdict, explicit);
    const first = deciders[0];
    const because =
      verdict === 'unknown'
        ? robots.state === 'unread' ? robots.sentence.slice(0, -1) : null
        : verdict === 'allowed' && !explicit
          ? null
          : first ? `by ${deciderPhrase(first, p.path_rules)}` : null;
    return {
      use,
      verdict,
      explicit,
      tone: verdict === 'allowed' && !explicit ? 'neutral' : TONE[verdict],
      words: label.label,
      because,
      explanation: `${USE_CASE_LABELS[use].explanation} ${label.explanation}`,
      deciders,
    };
  });
}

export interface Headline extends Label {
  badge: BadgeState;
  /** For the badge title after "AI policy of {domain}: ". */
  phrase: string;
}

/** The stance as a person reads it, and the badge that shows it. */
export function headline(p: DomainPolicyFound, full?: FullRecord | null): Headline {
  const robots = robotsReading(p, full);
  const uses = useReadings(p, full);
  const base = DETAIL_LABELS[p.detail];
  if (p.detail === 'robots_blocked' || p.detail === 'unreachable') {
    const unreachable = p.detail === 'unreachable';
    const what = unreachable ? 'the site could not be reached' : 'robots.txt could not be read';
    const reason = robots.reason ? ` (${robots.reason})` : '';
    const explanation = `${unreachable ? 'The site could not be reached' : what}${reason}, so the site\u2019s AI rules are not known.`;
    return { label: base.label, explanation, badge: 'unknown', phrase: `unknown: ${what}${reason}` };
  }
  const badge: BadgeState = p.detail === 'has_llms_txt' ? 'no_policy' : p.stance;
  let phrase = BADGE_VIEW[badge].phrase;
  if (p.detail === 'wildcard_block') phrase = 'blocks all crawlers, AI bots included';
  else if (p.detail === 'has_llms_txt') phrase = 'no AI rules; publishes an llms.txt guide for AI tools';
  else if (p.detail === 'no_robots') phrase = 'no robots.txt and no AI rules; AI use not restricted';
  else if (p.stance === 'blocks_training' && uses[0]!.because) phrase = `${phrase}, ${uses[0]!.because}`;
  else if (p.stance === 'selective') {
    const restricted = uses.filter((r) => r.verdict === 'blocked' || r.verdict === 'partial');
    phrase = `${phrase} (${restricted.map((r) => `${USE_CASE_LABELS[r.use].label} ${r.words.toLowerCase()}`).join(', ')})`;
  }
  if (robots.state === 'unread') phrase = `${phrase}; ${robots.sentence.slice(0, -1)}`;
  return { label: base.label, explanation: base.explanation, badge, phrase };
}

export interface StandardReading extends Label {
  key: StandardKey;
  /** The use cases this standard decided. */
  decides: UseCase[];
}

/** The standards found (basis.found, else the seed's six signals), each with the uses it decided. */
export function standardsFound(p: DomainPolicyFound, full?: FullRecord | null): StandardReading[] {
  const basis = basisOf(p, full);
  const keys: readonly StandardKey[] = basis?.found ?? SIGNAL_KEYS.filter((k) => p.signals[k]);
  const uses = useReadings(p, full);
  return keys.map((key) => ({
    key,
    ...STANDARD_LABELS[key],
    decides: uses.filter((r) => r.tone !== 'neutral' && r.deciders.some((d) => d.source === key)).map((r) => r.use),
  }));
}

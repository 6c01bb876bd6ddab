/**
 * The story a person reads about one domain, told the same way by the popup, the badge title
 * and the CLI (classification.md section 9): what was read and what was not, each verdict in
 * words ("Not restricted" for silence, "Allowed" only when explicit, "Unknown" when robots.txt
 * could not be read), and the signal that decided it. Built from the seed's summary with our
 * `basis`; without it (a foreign upstream) it says less, never something untrue.
 * Every sentence is said through shared/say.ts (the browser's language in the extension).
 * Plain functions over records: no zod, no node:*, no browser API.
 */
import { BADGE_VIEW, DETAIL_LABELS, robotsUnreadWords, STANDARD_LABELS, unknownPhrase, USE_CASE_LABELS, verdictLabel, type BadgeState, type Label } from './labels.js';
import { say } from './say.js';
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
  refused: (h) => say('whyRefused', 'HTTP $1, access refused', h ?? 403),
  rate_limited: (h) => say('whyRateLimited', 'HTTP $1, too many requests', h ?? 429),
  challenge: () => say('whyChallenge', 'a CDN challenge page answered instead'),
  server_error: (h) => (h ? say('whyServerErrorHttp', 'server error, HTTP $1', h) : say('whyServerError', 'server error')),
  timeout: () => say('whyTimeout', 'timed out'),
  connection: () => say('whyConnection', 'the connection failed'),
  dns: () => say('whyDns', 'the site name did not resolve'),
  redirects: () => say('whyRedirects', 'too many redirects'),
  not_fetched: () => say('whyNotFetched', 'its address is not public'),
};

/** A clause as a sentence: "robots.txt could not be read (timed out)." */
const sentence = (clause: string): string => say('sentence', '$1.', clause);

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
  if (state === 'read') return { state, outcome, httpStatus: http, reason: null, sentence: say('robotsWasRead', 'robots.txt was read.') };
  if (state === 'missing') return { state, outcome, httpStatus: http, reason: null, sentence: say('robotsMissing', 'The site has no robots.txt.') };
  if (state === 'unsure') return { state, outcome, httpStatus: null, reason: null, sentence: say('robotsUnsure', 'No robots.txt was read.') };
  const reason = b?.problem
    ? PROBLEM_WORDS[b.problem](http)
    : outcome === 'blocked'
      ? http ? PROBLEM_WORDS.refused(http) : say('whyAccessRefused', 'access refused')
      : outcome === 'error'
        ? PROBLEM_WORDS.server_error(http)
        : outcome === 'unreachable'
          ? say('whyNoAnswer', 'no answer')
          : null;
  return { state, outcome, httpStatus: http, reason, sentence: sentence(robotsUnreadWords(reason)) };
}

/** True when a robots.txt line belongs to the rules for every crawler (`User-agent: *`). */
/** The robots.txt group a deciding line belongs to (each line is in one group), if known. */
function groupOfLine(d: DecidingSignal, rules: PathRules | null | undefined): PathRules['groups'][number] | undefined {
  if (d.source !== 'robots_txt' || !rules || d.line === null) return undefined;
  return rules.groups.find((g) => g.rules.some((r) => r[2] === d.line));
}

/** The user-agents of the named (not `*`) robots.txt group a deciding line belongs to, if any. */
export function namedGroupOf(d: DecidingSignal, rules: PathRules | null | undefined): string[] | null {
  const group = groupOfLine(d, rules);
  return group && !group.agents.includes('*') ? group.agents : null;
}

/** True when a robots.txt line belongs to the rules for every crawler (`User-agent: *`). */
function isWildcardLine(d: DecidingSignal, rules: PathRules | null | undefined): boolean {
  if (d.evidence && /^\s*user-agent\s*:?\s*\*\s*$/i.test(d.evidence)) return true;
  return groupOfLine(d, rules)?.agents.includes('*') ?? false;
}

const tagName = (evidence: string | null): string => (evidence && /noimageai/i.test(evidence) && !/\bnoai\b/i.test(evidence) ? 'noimageai' : 'noai');

/** "robots.txt (line 3)", "the homepage's noai tag", "a Content-Signal in robots.txt (line 2)". */
export function deciderPhrase(d: DecidingSignal, rules?: PathRules | null, where: 'homepage' | 'page' = 'homepage'): string {
  const n = d.line;
  switch (d.source) {
    case 'robots_txt':
      if (isWildcardLine(d, rules)) return n !== null ? say('byWildcardLine', 'robots.txt\u2019s rule for all crawlers (line $1)', n) : say('byWildcard', 'robots.txt\u2019s rule for all crawlers');
      return n !== null ? say('byRobotsLine', 'robots.txt (line $1)', n) : say('byRobots', 'robots.txt');
    case 'content_signals':
      return n !== null ? say('bySignalLine', 'a Content-Signal in robots.txt (line $1)', n) : say('bySignalHeader', 'a Content-Signal header');
    case 'tdmrep':
      return say('byTdmRep', 'the site\u2019s TDMRep reservation');
    case 'ai_txt':
      return n !== null ? say('byAiTxtLine', 'ai.txt (line $1)', n) : say('byAiTxt', 'ai.txt');
    case 'meta':
      return where === 'page' ? say('byPageTag', 'this page\u2019s $1 tag', tagName(d.evidence)) : say('byHomepageTag', 'the homepage\u2019s $1 tag', tagName(d.evidence));
    case 'x_robots_tag':
      return say('byXRobotsTag', 'the X-Robots-Tag header');
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

/** "by robots.txt (line 3)": what decided, after a verdict's words. */
export const byWords = (decider: string): string => say('byDecider', 'by $1', decider);

/** "AI training blocked": a use and its verdict in a list (the badge title, "This page"). */
export const useVerdictWords = (r: { use: UseCase; words: string }): string => say('useVerdict', '$1 $2', USE_CASE_LABELS[r.use].label, r.words.toLowerCase());

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
        ? robots.state === 'unread' ? robotsUnreadWords(robots.reason) : null
        : verdict === 'allowed' && !explicit
          ? null
          : first ? byWords(deciderPhrase(first, p.path_rules)) : null;
    return {
      use,
      verdict,
      explicit,
      tone: verdict === 'allowed' && !explicit ? 'neutral' : TONE[verdict],
      words: label.label,
      because,
      explanation: say('twoSentences', '$1 $2', USE_CASE_LABELS[use].explanation, label.explanation),
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
    const r = robots.reason;
    const unreachable = p.detail === 'unreachable';
    const what = !unreachable
      ? robotsUnreadWords(r)
      : r ? say('siteUnreachableWhy', 'the site could not be reached ($1)', r) : say('siteUnreachable', 'the site could not be reached');
    const cause = !unreachable
      ? what
      : r ? say('siteUnreachableWhyCap', 'The site could not be reached ($1)', r) : say('siteUnreachableCap', 'The site could not be reached');
    const explanation = say('rulesUnknownInfo', '$1, so the site\u2019s AI rules are not known.', cause);
    return { label: base.label, explanation, badge: 'unknown', phrase: unknownPhrase(what) };
  }
  const badge: BadgeState = p.detail === 'has_llms_txt' ? 'no_policy' : p.stance;
  let phrase = BADGE_VIEW[badge].phrase;
  if (p.detail === 'wildcard_block') phrase = say('phraseWildcard', 'blocks all crawlers, AI bots included');
  else if (p.detail === 'has_llms_txt') phrase = say('phraseLlmsTxt', 'no AI rules; publishes an llms.txt guide for AI tools');
  else if (p.detail === 'no_robots') phrase = say('phraseNoRobots', 'no robots.txt and no AI rules; AI use not restricted');
  else if (p.stance === 'blocks_training' && uses[0]!.because) phrase = say('phraseBecause', '$1, $2', phrase, uses[0]!.because);
  else if (p.stance === 'selective') {
    const restricted = uses.filter((r) => r.verdict === 'blocked' || r.verdict === 'partial');
    phrase = say('phraseWhich', '$1 ($2)', phrase, restricted.map(useVerdictWords).join(', '));
  }
  if (robots.state === 'unread') phrase = say('phraseAndUnread', '$1; $2', phrase, robotsUnreadWords(robots.reason));
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

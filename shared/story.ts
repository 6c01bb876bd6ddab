/**
 * The story a person reads about one domain, told the same way by the popup, the badge title
 * and the CLI (docs/policy.md sections 9 and 11): what was read and what was not, each verdict
 * in words ("Not restricted" for silence, "Allowed" only when explicit, "Unknown" when robots.txt
 * could not be read, "Forbidden by the terms" where only the terms of service speak), and the
 * signal that decided it. Built from the seed's summary with our `basis`; without it (a foreign
 * upstream) it says less, never something untrue. robots.txt's reading is in story-robots.ts,
 * the terms' in story-terms.ts, the signals' values in story-signals.ts, a subdomain's parent in
 * story-parent.ts, notes and times in story-notes.ts.
 * Every sentence is said through shared/say.ts (the browser's language in the extension).
 * Plain functions over records: no zod, no node:*, no browser API.
 */
import {
  BADGE_VIEW,
  DETAIL_LABELS,
  STANDARD_LABELS,
  unknownPhrase,
  USE_CASE_LABELS,
  verdictLabel,
  type BadgeState,
  type Label,
} from './labels.js';
import { say } from './say.js';
import type { Basis, DecidingSignal, DomainPolicyFound, FullRecord, PathRules } from './schemas.js';
import { allowList, allowListClause, robotsReading, sentence, type RobotsReading } from './story-robots.js';
import { listingsOnly } from './story-signals.js';
import { termsAiWords, termsLimitAi, termsReading, type TermsReading } from './story-terms.js';
import { SIGNAL_KEYS, USE_CASES, VERDICT_SOURCES, type StandardKey, type UseCase, type Verdict } from './values.js';

export { robotsReading, type RobotsReading } from './story-robots.js';

/** How a verdict is coloured: only an explicit allow is `allowed` (green); silence is `neutral`. */
export type Tone = 'blocked' | 'partial' | 'allowed' | 'neutral' | 'unknown';

export interface UseReading {
  use: UseCase;
  verdict: Verdict;
  explicit: boolean;
  tone: Tone;
  /** "Blocked", "Partly blocked", "Allowed", "Not restricted", "Unknown", "Forbidden by the terms". */
  words: string;
  /** What decided, after the words: "by the homepage's noai tag"; null when nothing did. */
  because: string | null;
  explanation: string;
  deciders: DecidingSignal[];
}

const basisOf = (p: DomainPolicyFound, full?: FullRecord | null): Basis | undefined => p.basis ?? full?.basis;

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

const tagName = (evidence: string | null): string =>
  evidence && /noimageai/i.test(evidence) && !/\bnoai\b/i.test(evidence) ? 'noimageai' : 'noai';

/**
 * "robots.txt (line 3)", "the homepage's noai tag", "a Content-Signal in robots.txt (line 2)";
 * with `host`, the file is that site's ("example.com’s robots.txt (line 3)": a subdomain told
 * its parent's policy).
 */
export function deciderPhrase(
  d: DecidingSignal,
  rules?: PathRules | null,
  where: 'homepage' | 'page' = 'homepage',
  host?: string,
): string {
  const n = d.line;
  if (host !== undefined && d.source === 'robots_txt')
    return n !== null
      ? say('byHostRobotsLine', '$1\u2019s robots.txt (line $2)', host, n)
      : say('byHostRobots', '$1\u2019s robots.txt', host);
  if (host !== undefined && d.source === 'content_signals' && n !== null)
    return say('byHostSignalLine', 'a Content-Signal in $1\u2019s robots.txt (line $2)', host, n);
  switch (d.source) {
    case 'robots_txt':
      if (isWildcardLine(d, rules))
        return n !== null
          ? say('byWildcardLine', 'robots.txt\u2019s rule for all crawlers (line $1)', n)
          : say('byWildcard', 'robots.txt\u2019s rule for all crawlers');
      return n !== null ? say('byRobotsLine', 'robots.txt (line $1)', n) : say('byRobots', 'robots.txt');
    case 'content_signals':
      return n !== null
        ? say('bySignalLine', 'a Content-Signal in robots.txt (line $1)', n)
        : say('bySignalHeader', 'a Content-Signal header');
    case 'tdmrep':
      return say('byTdmRep', 'the site\u2019s TDMRep reservation');
    case 'ai_txt':
      return n !== null ? say('byAiTxtLine', 'ai.txt (line $1)', n) : say('byAiTxt', 'ai.txt');
    case 'meta':
      return where === 'page'
        ? say('byPageTag', 'this page\u2019s $1 tag', tagName(d.evidence))
        : say('byHomepageTag', 'the homepage\u2019s $1 tag', tagName(d.evidence));
    case 'x_robots_tag':
      return say('byXRobotsTag', 'the X-Robots-Tag header');
    case 'rsl':
      return n !== null
        ? say('byRslLine', 'the site\u2019s RSL licence (line $1)', n)
        : say('byRsl', 'the site\u2019s RSL licence');
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
export const useVerdictWords = (r: { use: UseCase; words: string }): string =>
  say('useVerdict', '$1 $2', USE_CASE_LABELS[r.use].label, r.words.toLowerCase());

const TONE: Readonly<Record<Verdict, Tone>> = {
  blocked: 'blocked',
  partial: 'partial',
  allowed: 'allowed',
  unknown: 'unknown',
};

/** The terms' words on a row the terms speak of (section 11): the AI training row. */
function withTerms(r: UseReading, terms: TermsReading): UseReading {
  if (r.use !== 'training' || !termsLimitAi(terms) || r.verdict === 'blocked' || r.verdict === 'unknown') return r;
  const clause = termsAiWords(terms);
  if (r.verdict === 'allowed' && !r.explicit) {
    // Nothing machine-readable restricts it, but the terms do: never "Not restricted" beside them.
    const words =
      terms.ai === 'prohibits'
        ? say('verdictTermsForbid', 'Forbidden by the terms')
        : say('verdictTermsRestrict', 'Restricted by the terms');
    return {
      ...r,
      tone: 'partial',
      words,
      because: say('termsNotRobots', 'robots.txt does not block it'),
      explanation: say(
        'twoSentences',
        '$1 $2',
        USE_CASE_LABELS.training.explanation,
        say('termsRowInfo', 'The terms of service speak of it; robots.txt and the AI files do not restrict it.'),
      ),
    };
  }
  return { ...r, because: r.because ? say('twoClauses', '$1; $2', r.because, clause) : clause };
}

/** "Search listings allowed": a Content-Signal `search=yes` beside `ai-input=no` (section 11), named as what decided. */
function asListings(r: UseReading, signal: DecidingSignal, rules: PathRules | null | undefined): UseReading {
  return {
    ...r,
    tone: 'neutral',
    words: say('verdictListings', 'Search listings allowed'),
    because: byWords(deciderPhrase(signal, rules)),
    explanation: say(
      'listingsInfo',
      'A Content-Signal allows listing and linking the site\u2019s pages in search results; it refuses using them to write AI answers.',
    ),
  };
}

/** The three verdicts in words, each with what decided it. */
export function readingsOfUses(
  p: DomainPolicyFound,
  full?: FullRecord | null,
  robots: RobotsReading = robotsReading(p, full),
  terms: TermsReading = termsReading(p, full),
): UseReading[] {
  const basis = basisOf(p, full);
  const listings = listingsOnly(p, full);
  return USE_CASES.map((use) => {
    const verdict = p.use_cases[use];
    const explicit = verdict === 'allowed' && (basis?.explicit[use] ?? false);
    const deciders = basis ? basis.decided_by[use] : decidersFromExplanations(full, use, verdict);
    const label = verdictLabel(verdict, explicit);
    const first = deciders[0];
    const because =
      verdict === 'unknown'
        ? robots.state === 'unread'
          ? robots.clause
          : null
        : verdict === 'allowed' && !explicit
          ? null
          : first
            ? byWords(deciderPhrase(first, p.path_rules))
            : null;
    const reading: UseReading = {
      use,
      verdict,
      explicit,
      tone: verdict === 'allowed' && !explicit ? 'neutral' : TONE[verdict],
      words: label.label,
      because,
      explanation: say('twoSentences', '$1 $2', USE_CASE_LABELS[use].explanation, label.explanation),
      deciders,
    };
    return withTerms(use === 'search' && listings ? asListings(reading, listings, p.path_rules) : reading, terms);
  });
}

export interface Headline extends Label {
  badge: BadgeState;
  /** For the badge title after "AI policy of {domain}: ". */
  phrase: string;
}

/** Capitalises the first letter of a clause that starts a sentence. */
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** robots.txt or the site could not be read: unknown, with the terms when they speak of AI. */
function unknownHeadline(
  p: DomainPolicyFound,
  full: FullRecord | null | undefined,
  robots: RobotsReading,
  terms: TermsReading,
): Headline {
  const r = robots.reason;
  // "Could not be reached" only when nothing answered (section 11): a homepage that answered says otherwise.
  const unreachable = p.detail === 'unreachable' && !(full && full.homepage_status !== null) && robots.outcome !== 'ok';
  const what = !unreachable
    ? robots.clause
    : r
      ? say('siteUnreachableWhy', 'the site could not be reached ($1)', r)
      : say('siteUnreachable', 'the site could not be reached');
  const cause = !unreachable
    ? robots.clause
    : r
      ? say('siteUnreachableWhyCap', 'The site could not be reached ($1)', r)
      : say('siteUnreachableCap', 'The site could not be reached');
  let explanation = say('rulesUnknownInfo', '$1, so the site\u2019s AI rules are not known.', cause);
  let phrase = unknownPhrase(what);
  if (termsLimitAi(terms)) {
    explanation = say('twoSentences', '$1 $2', explanation, sentence(cap(termsAiWords(terms))));
    phrase = say('twoClauses', '$1; $2', phrase, termsAiWords(terms));
  }
  return { label: DETAIL_LABELS[p.detail].label, explanation, badge: 'unknown', phrase };
}

/** No machine-readable AI rule, but terms that forbid or restrict AI use (section 11). */
function termsHeadline(p: DomainPolicyFound, terms: TermsReading): Headline {
  const robots =
    p.detail === 'no_robots'
      ? say('termsNoRobotsTxt', 'the site has no robots.txt')
      : say('termsRobotsNoBlock', 'robots.txt does not block AI bots');
  const phrase = say('twoClauses', '$1; $2', termsAiWords(terms), robots);
  let explanation = sentence(cap(phrase));
  if (p.detail === 'has_llms_txt')
    explanation = say(
      'twoSentences',
      '$1 $2',
      explanation,
      say('termsLlmsTxt', 'It publishes an llms.txt guide for AI tools.'),
    );
  const label =
    terms.ai === 'prohibits' ? say('tosProhibits', 'Terms prohibit AI') : say('tosRestricts', 'Terms restrict AI');
  return { label, explanation, badge: 'terms', phrase };
}

/** `*` closes the site: "every crawler" only when the file names none it lets in (section 11). */
function wildcardHeadline(p: DomainPolicyFound, full: FullRecord | null | undefined): Headline {
  const list = allowList(p, full);
  if (list && list.letIn.length > 0) {
    const clause = allowListClause(list);
    return {
      label: DETAIL_LABELS.wildcard_block.label,
      explanation: sentence(clause),
      badge: 'blocks_all_ai',
      phrase: say('phraseAllowList', 'blocks all AI; $1', clause),
    };
  }
  if (list) {
    return {
      label: DETAIL_LABELS.wildcard_block.label,
      explanation: say(
        'detailWildcardInfo',
        'robots.txt closes the whole site to every crawler (User-agent: *), AI bots included.',
      ),
      badge: 'blocks_all_ai',
      phrase: say('phraseWildcard', 'blocks all crawlers, AI bots included'),
    };
  }
  // Not known whether the file names crawlers it lets in: words true either way.
  return {
    ...DETAIL_LABELS.wildcard_block,
    badge: 'blocks_all_ai',
    phrase: say('phraseWildcardUnsure', 'blocks all AI, by robots.txt\u2019s rule for all crawlers'),
  };
}

/** The stance as a person reads it, and the badge that shows it. */
export function headline(
  p: DomainPolicyFound,
  full?: FullRecord | null,
  robots: RobotsReading = robotsReading(p, full),
  terms: TermsReading = termsReading(p, full),
  uses: UseReading[] = readingsOfUses(p, full, robots, terms),
): Headline {
  if (p.detail === 'robots_blocked' || p.detail === 'unreachable') return unknownHeadline(p, full, robots, terms);
  // No machine-readable AI rule (an llms.txt is none), but terms that forbid or restrict AI use.
  if ((p.stance === 'no_policy' || p.detail === 'has_llms_txt') && termsLimitAi(terms)) return termsHeadline(p, terms);
  const base = DETAIL_LABELS[p.detail];
  const badge: BadgeState = p.detail === 'has_llms_txt' ? 'no_policy' : p.stance;
  let head: Headline = { label: base.label, explanation: base.explanation, badge, phrase: BADGE_VIEW[badge].phrase };
  if (p.detail === 'wildcard_block') head = wildcardHeadline(p, full);
  else if (p.detail === 'has_llms_txt')
    head.phrase = say('phraseLlmsTxt', 'no AI rules; publishes an llms.txt guide for AI tools');
  else if (p.detail === 'no_robots')
    head.phrase = say('phraseNoRobots', 'no robots.txt and no AI rules; AI use not restricted');
  else if (p.stance === 'blocks_training' && uses[0]!.because)
    head.phrase = say('phraseBecause', '$1, $2', head.phrase, uses[0]!.because);
  else if (p.stance === 'selective') {
    const restricted = uses.filter((r) => r.verdict === 'blocked' || r.verdict === 'partial');
    head.phrase = say('phraseWhich', '$1 ($2)', head.phrase, restricted.map(useVerdictWords).join(', '));
  }
  if (robots.state === 'unread') head.phrase = say('phraseAndUnread', '$1; $2', head.phrase, robots.clause);
  return head;
}

export interface StandardReading extends Label {
  key: StandardKey;
  /** The use cases this standard decided. */
  decides: UseCase[];
}

/** The standards found (basis.found, else the seed's six signals), each with the uses it decided. */
export function standardsFound(
  p: DomainPolicyFound,
  full?: FullRecord | null,
  uses: UseReading[] = readingsOfUses(p, full),
): StandardReading[] {
  const basis = basisOf(p, full);
  const keys: readonly StandardKey[] = basis?.found ?? SIGNAL_KEYS.filter((k) => p.signals[k]);
  return keys.map((key) => ({
    key,
    ...STANDARD_LABELS[key],
    decides: uses.filter((r) => r.tone !== 'neutral' && r.deciders.some((d) => d.source === key)).map((r) => r.use),
  }));
}

export { termsReading, type TermsReading } from './story-terms.js';

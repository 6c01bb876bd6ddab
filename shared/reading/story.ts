/**
 * The headline and the three verdicts a person reads about one host, told from its claims
 * (host-claims.ts; docs/policy.md sections 9, 11 and 15): "Not restricted" for silence, "Allowed"
 * only when explicit, "Unknown" when robots.txt could not be read, "Forbidden by the terms" where
 * only the terms of service speak, "Search listings allowed" for a usage signal's `search=yes`,
 * each with what decided it; and a headline that agrees with its rows. Every reading carries the
 * claims it rests on. Built from the seed's summary with our `basis`; without it (a foreign
 * upstream) it says less, never something untrue. robots.txt's reading is in story-robots.ts,
 * the terms' in story-terms.ts, the signals' values in story-signals.ts, a subdomain's parent in
 * story-parent.ts, notes and times in story-notes.ts; read-site.ts puts them together.
 * Every sentence is said through shared/say.ts (the browser's language in the extension).
 * Plain functions over records: no zod, no node:*, no browser API.
 */
import {
  BADGE_VIEW,
  DETAIL_LABELS,
  STANDARD_LABELS,
  TOLD_BADGE,
  unknownPhrase,
  USE_CASE_LABELS,
  verdictLabel,
  type BadgeState,
  type Label,
} from '../labels.js';
import { say } from '../say.js';
import type { DecidingSignal, DomainPolicyFound, FullRecord, PathRules } from '../schemas.js';
import { SIGNAL_KEYS, USE_CASES, type StandardKey, type UseCase, type Verdict } from '../values.js';
import type { Claim, DecidedBy, SignalClaim, UseClaim } from './claims.js';
import { hostClaims, type HostClaims } from './host-claims.js';
import { licenceHeadline, licenceNotReadInfo, licenceRow } from './story-licence.js';
import { allowListClause, robotsReading, sentence, type RobotsReading } from './story-robots.js';
import { termsAiWords, termsLimitAi, termsReading, type TermsReading } from './story-terms.js';

export { robotsReading, type RobotsReading } from './story-robots.js';

/** How a verdict is coloured: only an explicit allow is `allowed` (green); silence is `neutral`. */
export type Tone = 'blocked' | 'partial' | 'allowed' | 'neutral' | 'unknown';

export interface UseReading {
  use: UseCase;
  verdict: Verdict;
  explicit: boolean;
  tone: Tone;
  /** "Blocked", "Partly blocked", "Allowed", "Not restricted", "Unknown", "Forbidden by the terms", "Search listings allowed". */
  words: string;
  /** What decided, after the words: "by the homepage's noai tag"; null when nothing did. */
  because: string | null;
  explanation: string;
  deciders: DecidingSignal[];
  /** What the words rest on (claims.ts). */
  claims: Claim[];
}

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

type Decider = DecidingSignal & { group?: DecidedBy['group'] };

/** True when a robots.txt line belongs to the rules for every crawler (`User-agent: *`). */
function isWildcardLine(d: Decider, rules: PathRules | null | undefined): boolean {
  if (d.group === 'all') return true;
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
  d: Decider,
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

/** The terms' words on the training row where the terms speak of it (section 11). */
function withTerms(r: UseReading, c: UseClaim, terms: TermsReading, termsClaims: Claim[]): UseReading {
  if (c.terms === null) return r;
  const claims = [...r.claims, ...termsClaims];
  const clause = termsAiWords(terms);
  if (c.verdict === 'allowed') {
    // Nothing machine-readable restricts it, but the terms do: never "Not restricted" beside them.
    const words =
      c.terms === 'prohibits'
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
      claims,
    };
  }
  if (c.verdict === 'unknown') {
    // robots.txt was not read; the terms were, and they speak of it: said, not "Unknown" alone.
    return {
      ...r,
      tone: 'partial',
      words:
        c.terms === 'prohibits'
          ? say('verdictTermsForbid', 'Forbidden by the terms')
          : say('verdictTermsRestrict', 'Restricted by the terms'),
      explanation: say(
        'twoSentences',
        '$1 $2',
        USE_CASE_LABELS.training.explanation,
        say('termsRowUnreadInfo', 'The terms of service speak of it; robots.txt could not be read.'),
      ),
      claims,
    };
  }
  return { ...r, because: r.because ? say('twoClauses', '$1; $2', r.because, clause) : clause, claims };
}

/**
 * "Search listings allowed": a usage signal's `search=yes` allows listing and linking pages, not
 * AI-written summaries (docs/policy.md section 16), named as what decided; beside `ai-input=no` it
 * says AI answers are refused too.
 */
function asListings(r: UseReading, signal: SignalClaim | undefined, answersRefused: boolean): UseReading {
  const by: Decider | null = signal
    ? { source: 'content_signals', line: signal.line, evidence: signal.text, group: null }
    : null;
  return {
    ...r,
    tone: 'neutral',
    words: say('verdictListings', 'Search listings allowed'),
    because: by ? byWords(deciderPhrase(by)) : null,
    explanation: answersRefused
      ? say(
          'listingsInfo',
          'A Content-Signal allows listing and linking the site\u2019s pages in search results; it refuses using them to write AI answers.',
        )
      : say(
          'listingsOnlyInfo',
          'A usage signal allows listing and linking the site\u2019s pages in search results; that covers links, not AI-written summaries of the pages.',
        ),
    claims: signal ? [...r.claims, signal] : r.claims,
  };
}

const toDeciding = (d: DecidedBy): Decider => ({
  source: d.source,
  line: d.line,
  evidence: d.evidence,
  group: d.group,
});

/** One use's verdict in words, with what decided it, from its claim. */
function tellUse(
  c: UseClaim,
  h: HostClaims,
  robots: RobotsReading,
  terms: TermsReading,
  host: string | undefined,
): UseReading {
  const explicit = c.explicit;
  const label = verdictLabel(c.verdict, explicit);
  const first = c.by[0];
  const unknownWhy = c.verdict === 'unknown' && robots.state === 'unread';
  const because = unknownWhy
    ? robots.clause
    : c.verdict === 'unknown' || (c.verdict === 'allowed' && !explicit) || !first
      ? null
      : byWords(deciderPhrase(toDeciding(first), null, 'homepage', host));
  const claims: Claim[] = [c];
  if (unknownWhy && h.robots) claims.push(h.robots);
  let reading: UseReading = {
    use: c.use,
    verdict: c.verdict,
    explicit,
    tone: c.verdict === 'allowed' && !explicit ? 'neutral' : TONE[c.verdict],
    words: label.label,
    because,
    explanation: say('twoSentences', '$1 $2', USE_CASE_LABELS[c.use].explanation, label.explanation),
    deciders: c.by.map((d) => ({ source: d.source, line: d.line, evidence: d.evidence })),
    claims,
  };
  const licence = licenceRow(c, h);
  if (licence)
    reading = {
      ...reading,
      words: licence.words ?? reading.words,
      because: licence.lead && because ? say('licenceLeadBy', '$1, $2', licence.lead, because) : because,
      explanation: say('twoSentences', '$1 $2', USE_CASE_LABELS[c.use].explanation, licence.explanation),
    };
  if (c.listings) {
    const signal = h.signals.find(
      (s) => s.agents.includes('*') && (s.path === null || s.path === '/') && s.search === true,
    );
    reading = asListings(reading, signal, h.uses.inference.verdict === 'blocked');
  }
  const termsClaims: Claim[] = h.terms ? [h.terms.ai] : [];
  return withTerms(reading, c, terms, termsClaims);
}

/** The three verdicts in words, each with what decided it. `host`: the site whose files decided (a parent's). */
export function tellUses(h: HostClaims, robots: RobotsReading, terms: TermsReading, host?: string): UseReading[] {
  return USE_CASES.map((u) => tellUse(h.uses[u], h, robots, terms, host));
}

/** The three verdicts in words, each with what decided it (from the answer and, once loaded, the full record). */
export function readingsOfUses(
  p: DomainPolicyFound,
  full?: FullRecord | null,
  robots: RobotsReading = robotsReading(p, full),
  terms: TermsReading = termsReading(p, full),
): UseReading[] {
  return tellUses(hostClaims(p, full), robots, terms);
}

export interface Headline extends Label {
  badge: BadgeState;
  /** For the badge title after "AI policy of {domain}: ". */
  phrase: string;
  /** What the words rest on (claims.ts). */
  claims: Claim[];
}

/** Capitalises the first letter of a clause that starts a sentence. */
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

const present = <T>(x: T | null | undefined): T[] => (x === null || x === undefined ? [] : [x]);

/** robots.txt or the site could not be read: unknown, with the terms when they speak of AI. */
function unknownHeadline(p: DomainPolicyFound, h: HostClaims, robots: RobotsReading, terms: TermsReading): Headline {
  const r = robots.reason;
  // "Could not be reached" only when nothing answered (section 11).
  const unreachable = h.nothingAnswered !== null;
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
  const claims: Claim[] = [h.headline, ...present(h.robots), ...present(h.nothingAnswered)];
  if (termsLimitAi(terms)) {
    explanation = say('twoSentences', '$1 $2', explanation, sentence(cap(termsAiWords(terms))));
    phrase = say('twoClauses', '$1; $2', phrase, termsAiWords(terms));
    claims.push(...present(h.terms?.ai));
  }
  return { label: DETAIL_LABELS[p.detail].label, explanation, badge: 'unknown', phrase, claims };
}

/** No machine-readable AI rule, but terms that forbid or restrict AI use (section 11). */
function termsHeadline(p: DomainPolicyFound, h: HostClaims, terms: TermsReading): Headline {
  const robots =
    p.detail === 'no_robots'
      ? say('termsNoRobotsTxt', 'the site has no robots.txt')
      : say('termsRobotsNoBlock', 'robots.txt does not block AI bots');
  const phrase = say('twoClauses', '$1; $2', termsAiWords(terms), robots);
  let explanation = sentence(cap(phrase));
  const claims: Claim[] = [
    h.headline,
    ...present(h.terms?.ai),
    ...present(h.robots),
    ...USE_CASES.map((u) => h.uses[u]),
  ];
  if (p.detail === 'has_llms_txt') {
    explanation = say(
      'twoSentences',
      '$1 $2',
      explanation,
      say('termsLlmsTxt', 'It publishes an llms.txt guide for AI tools.'),
    );
    claims.push(...h.found.filter((f) => f.standard === 'llms_txt'));
  }
  const label =
    terms.ai === 'prohibits' ? say('tosProhibits', 'Terms prohibit AI') : say('tosRestricts', 'Terms restrict AI');
  return { label, explanation, badge: 'terms', phrase, claims };
}

/** "/public/", "/a/, /b/, /c/ and more": the paths Allow lines open again in the `*` groups that close the site. */
function opensWords(h: HostClaims): string | null {
  const w = h.wildcard;
  if (!w || w.opens.length === 0) return null;
  const paths = w.opens.slice(0, 3).map((o) => o.path);
  return w.opens.length > 3 ? say('andMore', '$1 and more', paths.join(', ')) : paths.join(', ');
}

/** `*` closes the site: "every crawler" only when the file names none it lets in, "the whole site" only when no Allow line opens a path (section 16). */
function wildcardHeadline(h: HostClaims, base: Headline): Headline {
  const list = h.letIn;
  const opens = opensWords(h);
  const claims: Claim[] = [h.headline, ...present(h.wildcard), ...present(h.letIn), ...USE_CASES.map((u) => h.uses[u])];
  if (list && list.count > 0) {
    const clause = allowListClause({ letIn: list.let_in, count: list.count, ai: list.ai });
    const said = opens
      ? say('twoClauses', '$1; $2', clause, say('siteOpensAgain', 'Allow lines open $1 again', opens))
      : clause;
    return {
      label: DETAIL_LABELS.wildcard_block.label,
      explanation: sentence(said),
      badge: 'blocks_all_ai',
      phrase: say('phraseAllowList', 'blocks all AI; $1', said),
      claims,
    };
  }
  if (list) {
    return {
      label: DETAIL_LABELS.wildcard_block.label,
      explanation: opens
        ? say(
            'detailWildcardOpensInfo',
            'robots.txt closes the site to every crawler (User-agent: *), AI bots included, except $1, which Allow lines open again.',
            opens,
          )
        : say(
            'detailWildcardInfo',
            'robots.txt closes the whole site to every crawler (User-agent: *), AI bots included.',
          ),
      badge: 'blocks_all_ai',
      phrase: say('phraseWildcard', 'blocks all crawlers, AI bots included'),
      claims,
    };
  }
  // Not known whether the file names crawlers it lets in: words true either way.
  return {
    ...base,
    phrase: say('phraseWildcardUnsure', 'blocks all AI, by robots.txt\u2019s rule for all crawlers'),
    claims,
  };
}

/** Selective: the uses it restricts; "and not others" only when some use is not restricted (section 16). */
function selectiveHeadline(h: HostClaims, uses: UseReading[], base: Headline): Headline {
  const restricted = uses.filter((r) => r.verdict === 'blocked' || r.verdict === 'partial');
  const which = restricted.map(useVerdictWords).join(', ');
  if (h.headline.open.length > 0) return { ...base, phrase: say('phraseWhich', '$1 ($2)', base.phrase, which) };
  return {
    ...base,
    explanation: say('stanceSelectiveAllInfo', 'The site restricts every AI use, some of them only in part.'),
    phrase: say('phraseRestrictsEvery', 'restricts every AI use, some in part ($1)', which),
  };
}

/** The stance as a person reads it, the badge that shows it, and the claims it rests on. */
export function tellHeadline(
  p: DomainPolicyFound,
  h: HostClaims,
  robots: RobotsReading,
  terms: TermsReading,
  uses: UseReading[],
): Headline {
  const told = h.headline.told;
  if (told === 'unknown') return unknownHeadline(p, h, robots, terms);
  if (told === 'terms_prohibit' || told === 'terms_restrict') return termsHeadline(p, h, terms);
  const base = DETAIL_LABELS[p.detail];
  const badge: BadgeState = TOLD_BADGE[told];
  let head: Headline = {
    label: base.label,
    explanation: base.explanation,
    badge,
    phrase: BADGE_VIEW[badge].phrase,
    claims: [h.headline, ...USE_CASES.map((u) => h.uses[u]), ...present(h.robots)],
  };
  if (p.detail === 'wildcard_block') head = wildcardHeadline(h, head);
  else if (p.detail === 'has_llms_txt') {
    head.phrase = say('phraseLlmsTxt', 'no AI rules; publishes an llms.txt guide for AI tools');
    head.claims.push(...h.found.filter((f) => f.standard === 'llms_txt'));
  } else if (p.detail === 'has_signals') head.explanation = licenceNotReadInfo(h) ?? head.explanation;
  else if (p.detail === 'no_robots')
    head.phrase = say('phraseNoRobots', 'no robots.txt and no AI rules; AI use not restricted');
  else if (told === 'blocks_training' && uses[0]!.because)
    head.phrase = say('phraseBecause', '$1, $2', head.phrase, uses[0]!.because);
  else if (told === 'selective') {
    head = selectiveHeadline(h, uses, head);
    // Restricted only by a licence that asks a payment: said with the price (story-licence.ts).
    const paid = licenceHeadline(h, uses);
    if (paid) head = { ...head, ...paid };
  }
  if (robots.state === 'unread') head.phrase = say('phraseAndUnread', '$1; $2', head.phrase, robots.clause);
  return head;
}

/** The stance as a person reads it, and the badge that shows it (the host's own answer). */
export function headline(
  p: DomainPolicyFound,
  full?: FullRecord | null,
  robots: RobotsReading = robotsReading(p, full),
  terms: TermsReading = termsReading(p, full),
  uses?: UseReading[],
): Headline {
  const h = hostClaims(p, full);
  return tellHeadline(p, h, robots, terms, uses ?? tellUses(h, robots, terms));
}

export interface StandardReading extends Label {
  key: StandardKey;
  /** The use cases this standard decided. */
  decides: UseCase[];
  claims: Claim[];
}

/** The standards found (basis.found, else the seed's six signals), each with the uses it decided. */
export function standardsFound(
  p: DomainPolicyFound,
  full?: FullRecord | null,
  uses: UseReading[] = readingsOfUses(p, full),
  h: HostClaims = hostClaims(p, full),
): StandardReading[] {
  const basis = p.basis ?? full?.basis;
  const keys: readonly StandardKey[] = basis?.found ?? SIGNAL_KEYS.filter((k) => p.signals[k]);
  return keys.map((key) => {
    const decides = uses.filter((r) => r.tone !== 'neutral' && r.deciders.some((d) => d.source === key));
    return {
      key,
      ...STANDARD_LABELS[key],
      decides: decides.map((r) => r.use),
      claims: [
        ...h.found.filter((f) => f.standard === key),
        ...decides.flatMap((r) => r.claims.filter((c) => c.kind === 'use')),
      ],
    };
  });
}

export { termsReading, type TermsReading } from './story-terms.js';

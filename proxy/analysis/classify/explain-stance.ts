/**
 * The stance explained (docs/policy.md sections 5, 9 and 11): one sentence that says what
 * the site's files do about AI as a person would read them, with the line or header that
 * shows it most directly. No identifiers of the spec or the seed, no table rows.
 */
import type { Explanation } from '../../../shared/schemas.js';
import type { BotReading } from './bot-readings.js';
import type { Decision } from './decide.js';
import { allowListOf } from './allow-list.js';
import { explainUseCase, list, pieceWords } from './explain.js';
import { SHORT } from './use-words.js';
import { unreachableStory } from './explain-crawl.js';
import { problemWords, robotsProblem } from './robots-outcome.js';
import type { UseCaseVerdict } from './verdicts.js';

/**
 * AI bots the file restricts whose rules decide no use: catalogue bots of purpose `other`,
 * retired tokens and AI-looking names the catalogue does not know. A stance without AI rules
 * still says it blocks them, so no sentence says "no rules for AI bots" beside a bot list
 * that names some (section 11, "bots that decide no use").
 */
function undecidingRestricted(d: Decision): string[] {
  const decidesNothing = (r: BotReading): boolean => r.bot === null || r.bot.purpose === 'other' || r.bot.obsolete;
  return d.lists.ai.filter((r) => r.status.status !== 'allowed' && decidesNothing(r)).map((r) => r.name);
}

/**
 * The `*` block in words, naming an allow-list (section 11): "robots.txt closes the whole site
 * to every crawler it does not name (User-agent: *); it lets in Googlebot, bingbot and 5
 * others, no AI bot", never "every crawler" when some are let in.
 */
function closedWords(d: Decision): string {
  const a = allowListOf(d.readings);
  if (a === null || a.let_in_count === 0)
    return 'robots.txt blocks every crawler from the whole site (User-agent: *), AI bots included';
  const shown = a.let_in.slice(0, 2);
  const more = a.let_in_count - shown.length;
  const names = more > 0 ? `${shown.join(', ')} and ${more} other${more === 1 ? '' : 's'}` : list(shown);
  const ai =
    a.ai.length === 0
      ? 'no AI bot'
      : a.ai.length === 1
        ? `AI bot ${a.ai[0]} among them`
        : `AI bots ${list(a.ai, 3)} among them`;
  return `robots.txt closes the whole site to every crawler it does not name (User-agent: *); it lets in ${names}, ${ai}`;
}

/** A verdict in words (section 9: an allowance that is not explicit reads "not restricted"). */
const stateWords = (v: UseCaseVerdict): string =>
  v.verdict === 'blocked'
    ? 'blocked'
    : v.verdict === 'partial'
      ? 'partly blocked'
      : v.verdict === 'unknown'
        ? 'not known'
        : v.explicit
          ? 'explicitly allowed'
          : 'not restricted';

/** "AI training is blocked; AI search and AI answers are partly blocked." */
function usesSentence(d: Decision): string {
  const parts: string[] = [];
  for (const state of ['blocked', 'partly blocked', 'explicitly allowed', 'not restricted', 'not known']) {
    const uses = (['training', 'search', 'inference'] as const)
      .filter((u) => stateWords(d.verdicts[u]) === state)
      .map((u) => SHORT[u]);
    if (uses.length > 0) parts.push(`${list(uses)} ${uses.length === 1 ? 'is' : 'are'} ${state}`);
  }
  return `${parts.join('; ')}.`;
}

/** The stance in a sentence, with the line or header that shows it most directly. */
export function explainStance(d: Decision): Explanation {
  const { stance, detail } = d.stance;
  const first = (['training', 'search', 'inference'] as const)
    .map((u) => d.verdicts[u])
    .find((v) => v.verdict === 'blocked' || v.verdict === 'partial');
  const deciding = first ? explainUseCase(d, first) : null;
  const problem = robotsProblem(
    d.facts.robotsOutcome,
    d.evidence.robots,
    d.facts.robotsChallenge !== null,
    d.facts.robotsNotRead,
  );
  const refused = (['training', 'search', 'inference'] as const).filter((u) => d.verdicts[u].signal?.value === false);
  const signalNo = refused.length > 0 ? d.verdicts[refused[0]!].signal!.pieces[0] : undefined;
  const refusedBySignal = refused.map((u) => SHORT[u]);
  const wildcardAll = d.readings.wildcard?.status === 'blocked';
  let reason: string;
  switch (detail) {
    case 'unreachable':
      reason = unreachableStory(d.facts);
      break;
    case 'wildcard_block': {
      // An AI bot let in is named, but not to be kept out: nothing blocks AI in particular.
      const aiLetIn = (allowListOf(d.readings)?.ai.length ?? 0) > 0;
      reason = `${closedWords(d)}; no rule or signal ${aiLetIn ? 'blocks AI bots' : 'is aimed at AI'} in particular.`;
      break;
    }
    case 'blocks_all_ai':
      // A whole-site block for every crawler together with a usage signal is told as both.
      reason =
        wildcardAll && signalNo
          ? `robots.txt blocks every crawler from the whole site (User-agent: *), and ${pieceWords(signalNo)} refuses ${list(refusedBySignal)} as well: AI training, search and answers are all blocked.`
          : 'AI training, AI search and AI answers are all blocked.';
      break;
    case 'blocks_training':
    case 'selective':
    case 'allows_all':
      reason = usesSentence(d);
      break;
    case 'robots_blocked':
      reason = `robots.txt could not be read${problem ? ` because ${problemWords(problem, d.evidence.robots)}` : ''}, and no other signal decides, so the site\u2019s AI rules are not known.`;
      // RFC 9309 section 2.3.1.4: after a 5xx or 429 the crawler fetched no page either.
      if (d.facts.homepageFetch.kind === 'held')
        reason += ' As RFC 9309 asks in that case, the homepage and the site\u2019s other pages were not requested.';
      break;

    case 'has_llms_txt':
      reason = 'The site publishes an llms.txt guide for AI tools; no AI rules in robots.txt.';
      break;
    case 'has_signals':
      reason = 'No AI rules in robots.txt; the site publishes other AI-related files or tags that restrict no use.';
      break;
    case 'no_robots':
      reason = 'There is no robots.txt and no other AI signal.';
      break;
    default: {
      const others = undecidingRestricted(d);
      reason =
        others.length === 0
          ? 'robots.txt has no rules for AI bots, and no other AI signal was found.'
          : `robots.txt has no rules for the AI bots of training, search or answers; it restricts ${list(others)}, which decide no AI use (scraping, SEO or monitoring tools, retired names, names the bot catalogue does not know). No other AI signal was found.`;
    }
  }
  return {
    subject: 'stance',
    value: stance,
    source: deciding?.source ?? 'rule',
    line: deciding?.line ?? null,
    evidence: deciding?.evidence ?? null,
    reason,
  };
}

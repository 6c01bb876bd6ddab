/**
 * Explanations (ExplanationSchema): every verdict and bot status names the robots.txt line,
 * header or tag behind it (docs/policy.md introduction), and says it in a plain sentence:
 * no identifiers of the spec or the seed, no table rows (section 9). The stance's own sentence
 * is explain-stance.ts'.
 */
import type { Explanation } from '../../../shared/schemas.js';
import type { RobotsTxt } from '../../../shared/robots/index.js';
import type { BotReading } from './bot-readings.js';
import type { Decision } from './decide.js';
import { clip } from './clip.js';
import { describeFetch, problemWords, robotsProblem } from './robots-outcome.js';
import type { SignalPiece } from './usage-signals.js';
import { USE_WORDS } from './use-words.js';
import type { UseCaseVerdict } from './verdicts.js';

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The first `User-agent` line naming a token, or null. */
function agentLine(robots: RobotsTxt | null, token: string): number | null {
  for (const g of robots?.groups ?? []) for (const a of g.agents) if (a.token === token) return a.line;
  return null;
}

/** The line behind a bot's status: the deciding rule, else the user-agent line naming it. */
export function botLine(robots: RobotsTxt | null, r: BotReading): number | null {
  return r.status.decidingLine ?? (r.named ? agentLine(robots, r.token) : null);
}

/** "a, b, c and 2 more" */
export function list(items: readonly string[], max = 5): string {
  const shown = items.slice(0, max);
  const more = items.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return shown.length <= 1 ? shown.join('') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** "except /buyline/" for a bot blocked with narrower paths left open (section 10). */
const exceptions = (r: BotReading): string =>
  r.status.allowedPaths.length > 0 ? ` except ${list(r.status.allowedPaths, 3)}` : '';

/** How a bot's status came about, in words. */
function botStory(r: BotReading): string {
  const s = r.status;
  const how =
    s.source === 'named'
      ? 'by rules that name it'
      : s.source === 'wildcard'
        ? 'by the rules for every crawler (User-agent: *)'
        : 'as no rule applies to it';
  if (s.status === 'blocked') return `${r.name} is blocked ${how}${exceptions(r) ? `,${exceptions(r)}` : ''}.`;
  if (s.status === 'partial')
    return `${r.name} may not fetch ${list(s.disallowedPaths, 3)}, ${how}; the rest of the site is open to it.`;
  return s.source === 'named'
    ? `${r.name} is allowed by rules that name it.`
    : `Nothing in robots.txt restricts ${r.name}.`;
}

/** Why a bot's rules decide no use, or '' when they may (section 11: unknown and `other` bots are told, never counted). */
function decidesNoUse(r: BotReading): string {
  if (r.bot === null) return ' It is not in the bot catalogue, so it decides no use.';
  if (r.bot.purpose === 'other')
    return ' It is a scraping, SEO or monitoring tool, or a name with no known AI use, so it decides no use.';
  return '';
}

export function explainBot(d: Decision, r: BotReading): Explanation {
  const line = botLine(d.facts.robots, r);
  return {
    subject: r.name,
    value: r.status.status,
    source: 'robots_txt',
    line,
    evidence: d.lines.text(line),
    reason: botStory(r) + decidesNoUse(r),
  };
}

/** Where a usage signal was published, in words. */
export function pieceWords(p: SignalPiece): string {
  switch (p.origin) {
    case 'meta':
      return 'the homepage\u2019s robots meta tag (noai)';
    case 'x_robots_tag':
      return 'the X-Robots-Tag header (noai)';
    case 'tdmrep':
      return 'a TDMRep rights reservation (text and data mining)';
    case 'ai_txt':
      return 'ai.txt';
    default:
      return /^content-usage/i.test(p.text) ? 'a Content-Usage preference' : 'a Content-Signal';
  }
}

export function explainUseCase(d: Decision, v: UseCaseVerdict): Explanation {
  const words = USE_WORDS[v.u];
  const piece = v.signal?.pieces[0];
  const base = { subject: v.u, value: v.verdict };
  const robotsLine = (r: BotReading) => {
    const line = botLine(d.facts.robots, r);
    return { source: 'robots_txt' as const, line, evidence: d.lines.text(line) };
  };
  if (v.signal?.value === false && piece) {
    const alsoRobots =
      v.robots.value === 'blocked'
        ? `; robots.txt blocks ${v.robots.blockedKeys.every((k) => k.status.source === 'wildcard') ? 'every crawler' : 'its main bots'} too`
        : '';
    return {
      ...base,
      source: piece.origin,
      line: piece.line,
      evidence: clip(piece.text),
      reason: `${capital(words)} is refused by ${pieceWords(piece)}${alsoRobots}.`,
    };
  }
  if (v.verdict === 'unknown') {
    const problem = robotsProblem(d.facts.robotsOutcome, d.evidence.robots, d.facts.robotsChallenge !== null);
    const why = problem ? ` because ${problemWords(problem, d.evidence.robots)}` : '';
    return {
      ...base,
      source: 'crawl',
      line: null,
      evidence: describeFetch(d.evidence.robots),
      reason: `Not known: robots.txt could not be read${why}, and no other signal speaks of ${words}.`,
    };
  }
  const R = v.robots;
  if (R.value === 'blocked') {
    const first = R.blockedKeys[0]!;
    if (R.blockedKeys.every((k) => k.status.source === 'wildcard')) {
      return {
        ...base,
        ...robotsLine(first),
        reason: `${capital(words)} is blocked: robots.txt blocks every crawler from the whole site (User-agent: *)${exceptions(first)}, its main bots included.`,
      };
    }
    // One "except …" for all when the bots share their exceptions (one group), else one each.
    const shared = new Set(R.blockedKeys.map(exceptions)).size === 1;
    const names = list(
      R.blockedKeys.map((k) => k.name + (shared ? '' : exceptions(k))),
      6,
    );
    return {
      ...base,
      ...robotsLine(first),
      reason: `${capital(words)} is blocked: robots.txt blocks its main bots (${names})${shared ? exceptions(first) : ''}.`,
    };
  }
  if (R.value === 'partial') {
    const names = list(
      R.restricting.map((k) => k.name),
      6,
    );
    return {
      ...base,
      ...robotsLine(R.restricting[0]!),
      reason: `${capital(words)} is partly blocked: robots.txt restricts ${names}, but not every main bot.`,
    };
  }
  if (v.signal?.value === true && piece && !v.explicit) {
    // verdicts.ts listingsOnly: search=yes beside ai-input=no allows listings, not AI summaries.
    return {
      ...base,
      source: piece.origin,
      line: piece.line,
      evidence: clip(piece.text),
      reason: `${capital(words)} is not restricted: ${pieceWords(piece)} allows search listings (search=yes) but refuses AI answers (ai-input=no), so AI-written summaries of the pages are not allowed.`,
    };
  }
  if (v.signal?.value === true && piece) {
    return {
      ...base,
      source: piece.origin,
      line: piece.line,
      evidence: clip(piece.text),
      reason: `${capital(words)} is explicitly allowed by ${pieceWords(piece)}, and no rule restricts it.`,
    };
  }
  const key = R.explicitKeys[0];
  if (key) {
    const names = list(R.explicitKeys.map((k) => k.name));
    return {
      ...base,
      ...robotsLine(key),
      reason: `${capital(words)} is explicitly allowed: robots.txt lets ${names} in by name, and no rule restricts it.`,
    };
  }
  return {
    ...base,
    source: 'rule',
    line: null,
    evidence: null,
    reason: `Nothing the site publishes restricts ${words}.`,
  };
}

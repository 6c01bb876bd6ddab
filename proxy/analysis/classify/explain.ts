/**
 * Explanations (ExplanationSchema): every verdict and bot status names the robots.txt line,
 * header or tag behind it (docs/policy.md introduction), and says it in a plain sentence:
 * no identifiers of the spec or the seed, no table rows (section 9). The stance's own sentence
 * is explain-stance.ts'.
 */
import type { Explanation } from '../../../shared/schemas.js';
import { Budget, type RobotsTxt } from '../../../shared/robots/index.js';
import type { BotReading } from './bot-readings.js';
import { closedBeyondLines, openingLines } from './bot-roles.js';
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

/**
 * The line behind a bot's status: for a bot partly blocked by name, a Disallow that closes what `*`
 * leaves open; else the deciding rule; for a bot allowed by name without one (an empty Disallow),
 * that rule; else the user-agent line naming it.
 */
export function botLine(robots: RobotsTxt | null, r: BotReading): number | null {
  // Partly blocked by name: a line that closes what `*` leaves open, never a rule shared with `*`.
  if (robots !== null && r.named && r.status.status === 'partial' && r.closesBeyondWildcard) {
    const beyond = closedBeyondLines(robots, r.token, new Budget())[0];
    if (beyond) return beyond.line;
  }
  if (r.status.decidingLine !== null) return r.status.decidingLine;
  if (!r.named || robots === null) return null;
  return (r.ruled ? openingLines(robots, r.token)[0] : undefined) ?? agentLine(robots, r.token);
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
    case 'rsl':
      return 'the site\u2019s RSL licence';
    default:
      return /^content-usage/i.test(p.text) ? 'a Content-Usage preference' : 'a Content-Signal';
  }
}

type Told = Pick<Explanation, 'subject' | 'value'>;
const toldOf = (v: UseCaseVerdict): Told => ({ subject: v.u, value: v.verdict });

/** The robots.txt line behind a bot's status, as an explanation's source, line and evidence. */
function robotsLine(d: Decision, r: BotReading) {
  const line = botLine(d.facts.robots, r);
  return { source: 'robots_txt' as const, line, evidence: d.lines.text(line) };
}

/** A usage signal's piece as an explanation's source, line and evidence. */
const pieceLine = (piece: SignalPiece) => ({ source: piece.origin, line: piece.line, evidence: clip(piece.text) });

/** Refused by a usage signal (Content-Signal, TDMRep, noai …), robots.txt named when it blocks too. */
function refusedBySignal(v: UseCaseVerdict, piece: SignalPiece): Explanation {
  const blockedToo = v.robots.value === 'blocked';
  const who = v.robots.blockedKeys.every((k) => k.status.source === 'wildcard') ? 'every crawler' : 'its main bots';
  const alsoRobots = blockedToo ? `; robots.txt blocks ${who} too` : '';
  const reason = `${capital(USE_WORDS[v.u])} is refused by ${pieceWords(piece)}${alsoRobots}.`;
  return { ...toldOf(v), ...pieceLine(piece), reason };
}

/** Not known: robots.txt could not be read, and nothing else speaks of the use. */
function notKnown(d: Decision, v: UseCaseVerdict): Explanation {
  const problem = robotsProblem(
    d.facts.robotsOutcome,
    d.evidence.robots,
    d.facts.robotsChallenge !== null,
    d.facts.robotsNotRead,
  );
  const why = problem ? ` because ${problemWords(problem, d.evidence.robots)}` : '';
  const reason = `Not known: robots.txt could not be read${why}, and no other signal speaks of ${USE_WORDS[v.u]}.`;
  return { ...toldOf(v), source: 'crawl', line: null, evidence: describeFetch(d.evidence.robots), reason };
}

/** Blocked by robots.txt: for every crawler, or for the use's main bots by name. */
function blockedByRobots(d: Decision, v: UseCaseVerdict): Explanation {
  const words = capital(USE_WORDS[v.u]);
  const keys = v.robots.blockedKeys;
  const first = keys[0]!;
  if (keys.every((k) => k.status.source === 'wildcard')) {
    const reason = `${words} is blocked: robots.txt blocks every crawler from the whole site (User-agent: *)${exceptions(first)}, its main bots included.`;
    return { ...toldOf(v), ...robotsLine(d, first), reason };
  }
  // One "except …" for all when the bots share their exceptions (one group), else one each.
  const shared = new Set(keys.map(exceptions)).size === 1;
  const names = list(
    keys.map((k) => k.name + (shared ? '' : exceptions(k))),
    6,
  );
  const reason = `${words} is blocked: robots.txt blocks its main bots (${names})${shared ? exceptions(first) : ''}.`;
  return { ...toldOf(v), ...robotsLine(d, first), reason };
}

/** Granted by the RSL licence only for a payment (docs/policy.md section 15): a licence is required. */
function licenceRequired(v: UseCaseVerdict, paid: SignalPiece): Explanation {
  const robots = v.robots.value === 'partial' ? '; robots.txt also restricts some of its bots' : '';
  const reason = `${capital(USE_WORDS[v.u])} needs a licence: the site\u2019s RSL licence grants it only for a payment (${clip(paid.text)})${robots}.`;
  return { ...toldOf(v), ...pieceLine(paid), reason };
}

function partlyBlocked(d: Decision, v: UseCaseVerdict): Explanation {
  const names = list(
    v.robots.restricting.map((k) => k.name),
    6,
  );
  const reason = `${capital(USE_WORDS[v.u])} is partly blocked: robots.txt restricts ${names}, but not every main bot.`;
  return { ...toldOf(v), ...robotsLine(d, v.robots.restricting[0]!), reason };
}

function allowedBySignal(v: UseCaseVerdict, piece: SignalPiece): Explanation {
  const words = capital(USE_WORDS[v.u]);
  // verdicts.ts listingsOnly: search=yes beside ai-input=no allows listings, not AI summaries.
  const reason = v.explicit
    ? `${words} is explicitly allowed by ${pieceWords(piece)}, and no rule restricts it.`
    : `${words} is not restricted: ${pieceWords(piece)} allows search listings (search=yes) but refuses AI answers (ai-input=no), so AI-written summaries of the pages are not allowed.`;
  return { ...toldOf(v), ...pieceLine(piece), reason };
}

/** Let in by name in robots.txt, or nothing restricts the use. */
function allowedOrSilent(d: Decision, v: UseCaseVerdict): Explanation {
  const key = v.robots.explicitKeys[0];
  if (!key)
    return {
      ...toldOf(v),
      source: 'rule',
      line: null,
      evidence: null,
      reason: `Nothing the site publishes restricts ${USE_WORDS[v.u]}.`,
    };
  const names = list(v.robots.explicitKeys.map((k) => k.name));
  const reason = `${capital(USE_WORDS[v.u])} is explicitly allowed: robots.txt lets ${names} in by name, and no rule restricts it.`;
  return { ...toldOf(v), ...robotsLine(d, key), reason };
}

/** Why a use case has its verdict, in the order the verdict is decided (verdicts.ts). */
export function explainUseCase(d: Decision, v: UseCaseVerdict): Explanation {
  const piece = v.signal?.pieces[0];
  if (v.signal?.value === false && piece) return refusedBySignal(v, piece);
  if (v.verdict === 'unknown') return notKnown(d, v);
  if (v.robots.value === 'blocked') return blockedByRobots(d, v);
  if (v.paid) return licenceRequired(v, v.paid);
  if (v.robots.value === 'partial') return partlyBlocked(d, v);
  if (v.signal?.value === true && piece) return allowedBySignal(v, piece);
  return allowedOrSilent(d, v);
}

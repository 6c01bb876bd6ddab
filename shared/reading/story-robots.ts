/**
 * What was read of robots.txt, told to a person (docs/policy.md sections 9 and 11): read,
 * missing, or not read and why ("HTTP 403, access refused", "did not answer within 10 s"),
 * never "missing" for a file that was not read; and, for a file whose rule for all crawlers
 * closes the site, the crawlers it still lets in ("it lets in Googlebot, Bingbot and 4 others,
 * no AI bot"), never "every crawler" when it names some. Plain functions, words via say().
 */
import { robotsUnreadWords } from '../labels.js';
import { say } from '../say.js';
import type { DomainPolicyFound, FullRecord } from '../schemas.js';
import { USE_CASES, type RobotsOutcome, type RobotsProblem } from '../values.js';

/**
 * How long the crawler waits for one answer, in seconds, when the answer does not say
 * (`basis.robots_txt.waited_s`, an older record): proxy/crawler/limits.ts CRAWL_LIMITS.requestMs
 * (a unit test keeps the two equal; the extension cannot import it).
 */
export const REQUEST_SECONDS = 10;

export interface RobotsReading {
  /** `unsure`: no robots.txt was read and the answer does not say why (a foreign upstream). */
  state: 'read' | 'missing' | 'unread' | 'unsure';
  outcome: RobotsOutcome | null;
  httpStatus: number | null;
  /** Why it could not be read, in a few words ("HTTP 403, access refused", "no answer within 10 s"); null unless unread. */
  reason: string | null;
  /** The clause: "robots.txt could not be read (HTTP 403, access refused)", "robots.txt did not answer within 10 s". */
  clause: string;
  /** The clause as a sentence. */
  sentence: string;
}

const PROBLEM_WORDS: Readonly<Record<RobotsProblem, (http: number | null) => string>> = {
  refused: (h) => say('whyRefused', 'HTTP $1, access refused', h ?? 403),
  rate_limited: (h) => say('whyRateLimited', 'HTTP $1, too many requests', h ?? 429),
  challenge: () => say('whyChallenge', 'a CDN challenge page answered instead'),
  server_error: (h) =>
    h ? say('whyServerErrorHttp', 'server error, HTTP $1', h) : say('whyServerError', 'server error'),
  timeout: () => say('whyTimeoutWithin', 'no answer within $1 s', REQUEST_SECONDS),
  connection: () => say('whyConnection', 'the connection failed'),
  dns: () => say('whyDns', 'the site name did not resolve'),
  redirects: () => say('whyRedirects', 'too many redirects'),
  not_fetched: () => say('whyNotFetched', 'its address is not public'),
  // basis.not_read says how large it was and what made it long; these words only name the cause.
  not_read: () => say('whyNotRead', 'too long to read in the time allowed'),
};

/** A clause as a sentence: "robots.txt could not be read (timed out)." */
export const sentence = (clause: string): string => say('sentence', '$1.', clause);

/** What was read of robots.txt, from the basis, else the full record, else what the summary implies. */
export function robotsReading(p: DomainPolicyFound, full?: FullRecord | null): RobotsReading {
  const b = (p.basis ?? full?.basis)?.robots_txt;
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
  const done = (clause: string, reason: string | null = null): RobotsReading => ({
    state,
    outcome,
    httpStatus: http,
    reason,
    clause,
    sentence: sentence(clause),
  });
  if (state === 'read') return done(say('robotsWasReadClause', 'robots.txt was read'));
  if (state === 'missing') return done(say('robotsMissingClause', 'The site has no robots.txt'));
  if (state === 'unsure') return done(say('robotsUnsureClause', 'No robots.txt was read'));
  // A robots.txt that hung while other files answered: the site answered, robots.txt did not (section 11).
  if (b?.problem === 'timeout') {
    const waited = b.waited_s ?? REQUEST_SECONDS;
    return done(
      say('robotsSlow', 'robots.txt did not answer within $1 s', waited),
      say('whyTimeoutWithin', 'no answer within $1 s', waited),
    );
  }
  const reason = b?.problem
    ? PROBLEM_WORDS[b.problem](http)
    : outcome === 'blocked'
      ? http
        ? PROBLEM_WORDS.refused(http)
        : say('whyAccessRefused', 'access refused')
      : outcome === 'error'
        ? PROBLEM_WORDS.server_error(http)
        : outcome === 'unreachable'
          ? say('whyNoAnswer', 'no answer')
          : null;
  return done(robotsUnreadWords(reason), reason);
}

/** The crawlers a site whose `*` rules close everything still lets in; null when not known. */
export interface AllowList {
  /** Named crawlers not blocked: search engines and other known crawlers first, AI bots last. */
  letIn: string[];
  /** How many in all (`letIn` may be cut short). */
  count: number;
  /** The AI bots among them (when known; from an older record, the AI bots it names). */
  ai: string[];
}

/**
 * From the answer's `basis.allow_list` (so the badge can say it too), else the full record's
 * `all_bots` (every agent the file names, with its status): when `*` is blocked, the named
 * agents that are not. Null when `*` does not close the site, or when it is not known.
 */
export function allowList(p: DomainPolicyFound, full: FullRecord | null | undefined): AllowList | null {
  const known = (p.basis ?? full?.basis)?.allow_list;
  if (known !== undefined) return known && { letIn: known.let_in, count: known.let_in_count, ai: known.ai };
  const bots = full?.all_bots;
  if (!bots || bots['*']?.status !== 'blocked') return null;
  const open = Object.entries(bots).filter(([name, e]) => name !== '*' && e.status !== 'blocked');
  return {
    letIn: open.map(([name]) => name),
    count: open.length,
    ai: open.filter(([, e]) => e.is_ai_bot).map(([name]) => name),
  };
}

/** Names shown before "and N others". */
const NAMED = 2;

/** "Googlebot, Bingbot and 4 others", "Googlebot and Bingbot", "Googlebot"; `count` when the list was cut short. */
export function someNames(names: readonly string[], count = names.length): string {
  if (count <= NAMED + 1 && names.length === count)
    return names.length === 1 ? names[0]! : say('listAnd', '$1 and $2', names.slice(0, -1).join(', '), names.at(-1)!);
  return say(
    'namesAndOthers',
    '$1 and $2 others',
    names.slice(0, NAMED).join(', '),
    count - Math.min(NAMED, names.length),
  );
}

/** "robots.txt closes the site to every crawler it does not name; it lets in Googlebot, Bingbot and 4 others, no AI bot" (no full stop). */
export function allowListClause(list: AllowList): string {
  const names = someNames(list.letIn, list.count);
  return list.ai.length > 0
    ? say('allowListSomeAi', 'robots.txt closes the site to every crawler it does not name; it lets in $1', names)
    : say(
        'allowListNoAi',
        'robots.txt closes the site to every crawler it does not name; it lets in $1, no AI bot',
        names,
      );
}

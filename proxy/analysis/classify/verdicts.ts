/**
 * Robots verdict R(u) and use-case verdict V(u) (docs/policy.md section 4).
 *
 * R over a set of catalogue bots with their key bots:
 * - `blocked` when every key bot is blocked;
 * - `partial` when any bot restricts (blocked, or `partial` from a group naming it) but not
 *   every key bot is blocked;
 * - `allowed` otherwise.
 * A usage signal written inside a group naming a bot (`User-agent: GPTBot` then
 * `Content-Signal: ai-train=no`) applies to that bot only (section 4); our reading: a `no` for
 * the bot's own use case makes it restrict (and, for a key bot, count as blocked), a `yes`
 * makes a key bot explicitly allowed. Obsolete and non-AI tokens never count (shared/bots.ts
 * botsForUseCase leaves them out).
 *
 * V(u): `blocked` when S(u) is no; else `unknown` when robots.txt is blocked, error or
 * unreachable and S(u) is nothing; else R(u). `allowed` is explicit when S(u) is yes or a key
 * bot is allowed by a rule of a group naming it (namedAllowed). An RSL licence that grants the use
 * only for a payment (section 15) restricts it: `partial` where the rest would allow it or not
 * know, most restrictive first (a `blocked` stays blocked).
 */
import type { Bot } from '../../../shared/bots.js';
import type { RobotsOutcome, UseCase, Verdict } from '../../../shared/values.js';
import { namedAllowed, restricts, type BotReading, type BotReadings } from './bot-readings.js';
import type { SignalPiece, UsageSignal, UsageSignals } from './usage-signals.js';

export type RobotsVerdictValue = 'blocked' | 'partial' | 'allowed';

export interface RobotsVerdict {
  value: RobotsVerdictValue;
  /** Bots of the set that restrict, catalogue order. */
  restricting: BotReading[];
  /** Key bots that are blocked (by rules or a scoped `no`). */
  blockedKeys: BotReading[];
  /** Key bots allowed by name (namedAllowed), or with a scoped `yes`. */
  explicitKeys: BotReading[];
  /** Bot-scoped signal pieces that counted. */
  scopedSignals: UsageSignal[];
}

export interface BotSet {
  bots: readonly Bot[];
  /** Key tokens; when empty, every bot of the set is key (the browsing purpose has no key bots). */
  keys: readonly string[];
  /** Use case whose bot-scoped signals count, or null. */
  signalUseCase: UseCase | null;
}

export function robotsVerdict(set: BotSet, readings: BotReadings, signals: UsageSignals): RobotsVerdict {
  const keyTokens = new Set(
    (set.keys.length > 0 ? set.keys : set.bots.map((b) => b.token)).map((t) => t.toLowerCase()),
  );
  const restricting: BotReading[] = [];
  const blockedKeys: BotReading[] = [];
  const explicitKeys: BotReading[] = [];
  const scopedSignals: UsageSignal[] = [];
  let keys = 0;
  for (const bot of set.bots) {
    const token = bot.token.toLowerCase();
    const r = readings.catalogue.get(token);
    if (!r) continue;
    const scoped = set.signalUseCase === null ? undefined : signals.scoped.get(token)?.[set.signalUseCase];
    if (scoped) scopedSignals.push(scoped);
    const scopedNo = scoped?.value === false;
    if (restricts(r) || scopedNo) restricting.push(r);
    if (!keyTokens.has(token)) continue;
    keys++;
    if (r.status.status === 'blocked' || scopedNo) blockedKeys.push(r);
    else if (namedAllowed(r) || scoped?.value === true) explicitKeys.push(r);
  }
  const value: RobotsVerdictValue =
    keys > 0 && blockedKeys.length === keys ? 'blocked' : restricting.length > 0 ? 'partial' : 'allowed';
  return { value, restricting, blockedKeys, explicitKeys, scopedSignals };
}

export interface UseCaseVerdict {
  u: UseCase;
  verdict: Verdict;
  robots: RobotsVerdict;
  signal: UsageSignal | null;
  /** `allowed`, and said so by a signal or a key bot's named rules. */
  explicit: boolean;
  /** The RSL licence grants the use only for a payment: its `<payment>` (section 15). */
  paid: SignalPiece | null;
}

/** robots.txt could not be read: its rules are unknown, not absent. */
export const robotsUnreadable = (o: RobotsOutcome): boolean => o === 'blocked' || o === 'error' || o === 'unreachable';

export function useCaseVerdict(
  u: UseCase,
  robots: RobotsVerdict,
  signal: UsageSignal | null,
  outcome: RobotsOutcome,
  paid: SignalPiece | null = null,
): UseCaseVerdict {
  let verdict: Verdict;
  if (signal?.value === false) verdict = 'blocked';
  else if (robotsUnreadable(outcome) && signal === null) verdict = paid ? 'partial' : 'unknown';
  else verdict = paid && robots.value !== 'blocked' ? 'partial' : robots.value;
  const explicit = verdict === 'allowed' && (signal?.value === true || robots.explicitKeys.length > 0);
  return { u, verdict, robots, signal, explicit, paid };
}

/**
 * A usage signal's `search` means listing and linking pages in search results, not AI-written
 * summaries (Cloudflare's Content-Signal definition; the IETF vocabulary's search category
 * likewise directs users to the page; docs/policy.md sections 9, 11 and 15). So a `search=yes`
 * allows search listings but is no explicit permission of AI search: AI search stays `allowed`
 * (nothing restricts it) but not explicit, and is never told as a green "AI search allowed".
 * A key search bot the file allows by name still makes it explicit. Our reading.
 */
export function listingsOnly(search: UseCaseVerdict): UseCaseVerdict {
  // An RSL licence granting `ai-index` grants AI search itself (section 15): explicit.
  const byLicence = search.signal?.pieces.some((p) => p.standard === 'rsl') ?? false;
  const yesOnlyBySignal =
    search.explicit && search.signal?.value === true && !byLicence && search.robots.explicitKeys.length === 0;
  return yesOnlyBySignal ? { ...search, explicit: false } : search;
}

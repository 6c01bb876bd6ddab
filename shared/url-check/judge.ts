/**
 * May this bot, or this use case, have this URL? The one judgement behind the extension's
 * "This page" and POST /v1/check (and `npm run check`), from what a found answer carries:
 * `path_rules` (robots.txt groups, RFC 9309 and docs/policy.md section 2) and `path_signals`
 * (usage signals, section 4). Pure and extension-safe: no catalogue, no zod, no node:*.
 *
 * Section 4's V(u) read for one path: `blocked` when a usage signal says no for the path; else
 * `unknown` when robots.txt could not be read and no signal said yes; else robots.txt's answer
 * for the path. With a bot, its own rules answer (the groups naming it, else `*`); with a use
 * case alone, its key bots do, as for the site: `blocked` when every key bot is refused the
 * path, `partial` when some are, `allowed` when none is.
 */
import { KEY_BOTS } from '../key-bots.js';
import { canonicalize, pathOf } from '../robots/canonical.js';
import { decidingRule, isRobotsTxtPath } from '../robots/match.js';
import { pathRuleSet } from '../robots/path-rules.js';
import type { RobotsRule, RobotsSource } from '../robots/types.js';
import type { DecidingSignal, DomainPolicyFound, PathRules, PathSignals } from '../schemas.js';
import type { UseCase } from '../values.js';
import { licenceRequired, signalFor, type PathSignal } from './signals.js';

/** What is asked: a bot's lower-case token (or `*`, a crawler no group names), a use case, or both. */
export interface UrlQuestion {
  token: string | null;
  use: UseCase | null;
}

export type UrlVerdict = 'allowed' | 'blocked' | 'partial' | 'unknown';

/**
 * Why an answer is `unknown`: robots.txt could not be read (403, challenge page, timeout, server
 * error) and no usage signal decided; the site's rules were too many to keep; or the record
 * carries no per-URL rules (stored before they were kept, or from an upstream that sends none).
 */
export const URL_REASONS = ['robots_unreadable', 'rules_truncated', 'no_url_rules'] as const;
export type UrlReason = (typeof URL_REASONS)[number];

export interface UrlJudgement {
  verdict: UrlVerdict;
  /** The line or field that decided; null when nothing speaks for the path (allowed by silence) or unknown. */
  decided_by: DecidingSignal | null;
  /** `allowed` said in so many words: a usage signal yes, or an Allow line of a group naming the bot. */
  explicit: boolean;
  reason: UrlReason | null;
  /** A use case without a bot: each key bot's answer (tokens as published). */
  bots?: Record<string, 'allowed' | 'blocked'>;
}

/** The parts of a found answer the judgement reads. */
export type UrlRecord = Pick<DomainPolicyFound, 'path_rules' | 'path_signals' | 'basis'>;

const EMPTY_SIGNALS: PathSignals = { content_signals: [], tdmrep: null, ai_txt: null, noai: [], truncated: false };

const unknown = (reason: UrlReason): UrlJudgement => ({
  verdict: 'unknown',
  decided_by: null,
  explicit: false,
  reason,
});
const answer = (verdict: UrlVerdict, decided_by: DecidingSignal | null, explicit = false): UrlJudgement => ({
  verdict,
  decided_by,
  explicit,
  reason: null,
});

/**
 * The record's usage signals: `path_signals`, or, on a record stored before they were kept, none
 * when the record says it found no such standard (then there is nothing to miss); else null.
 */
function signalsOf(r: UrlRecord): PathSignals | null {
  if (r.path_signals) return r.path_signals;
  const found = r.basis?.found;
  if (!found) return null;
  const silent = !found.some(
    (k) =>
      k === 'content_signals' ||
      k === 'tdmrep' ||
      k === 'ai_txt' ||
      k === 'meta' ||
      k === 'x_robots_tag' ||
      k === 'rsl',
  );
  return silent ? EMPTY_SIGNALS : null;
}

/** robots.txt as the judgement sees it: rules to match, none (missing), or not read. */
function robotsOf(r: UrlRecord): 'rules' | 'none' | 'unread' | 'absent' {
  const status = r.basis?.robots_txt.status ?? (r.path_rules ? 'ok' : null);
  if (status === 'ok') return r.path_rules ? 'rules' : 'absent';
  if (status === 'missing') return 'none';
  return status === null ? 'absent' : 'unread';
}

const robotsSignal = (rule: RobotsRule): DecidingSignal => ({
  source: 'robots_txt',
  line: rule.line,
  evidence: `${rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${rule.pattern}`,
});

/** The path as the rules compare it, worked out once for every bot asked about (RFC 9309 section 2.2.2). */
interface Target {
  canonical: string;
  /** /robots.txt is always allowed. */
  robotsTxt: boolean;
}

interface RobotsDecision {
  allowed: boolean;
  rule: RobotsRule | null;
  source: RobotsSource;
}

/**
 * The rule of `token`'s groups (else `*`'s) that decides the path: longest pattern, allow on a
 * tie. Bots that follow the same groups share one rule set; `seen` remembers its answer for this
 * path, so the key bots of a use case that all follow `*` cost one match.
 */
function robotsFor(rules: PathRules, token: string, t: Target, seen?: Map<object, RobotsRule | null>): RobotsDecision {
  const set = pathRuleSet(rules, token);
  let rule = seen?.get(set);
  if (rule === undefined) {
    rule = t.robotsTxt ? null : decidingRule(set, t.canonical);
    seen?.set(set, rule);
  }
  return { allowed: rule === null || rule.type === 'allow', rule, source: set.source };
}

/** Site-wide first, then what the bot's own groups add: a no of either wins. */
function usageFor(ps: PathSignals, use: UseCase | null, canonical: string, token: string | null): PathSignal | null {
  if (use === null) return null;
  const site = signalFor(ps, use, canonical, null);
  if (site?.value === false || token === null || token === '*') return site;
  const own = signalFor(ps, use, canonical, token);
  return own === null || (site !== null && own.value) ? site : own;
}

/**
 * The answer for `path` (path and query of the URL, as a browser or crawler requests it) of the
 * site whose found answer is `r`.
 */
export function judgeUrl(r: UrlRecord, path: string, q: UrlQuestion): UrlJudgement {
  const j = judgeUsage(r, path, q);
  const open = j.verdict === 'allowed' || j.reason === 'robots_unreadable';
  if (q.use === null || !open || !r.path_signals) return j;
  // A licence required (docs/policy.md section 15) restricts what else is allowed or not known, most restrictive first.
  const paid = licenceRequired(r.path_signals, q.use, canonicalize(pathOf(path)));
  return paid ? { ...j, verdict: 'partial', decided_by: paid, explicit: false, reason: null } : j;
}

function judgeUsage(r: UrlRecord, path: string, q: UrlQuestion): UrlJudgement {
  if (q.token === null && q.use === null) throw new TypeError('judgeUrl: ask about a bot, a use case or both');
  const ps = signalsOf(r);
  const robots = robotsOf(r);
  // A bot alone needs only robots.txt; a use case needs the signals too.
  if (robots === 'absent' || (ps === null && q.use !== null)) return unknown('no_url_rules');
  const signals = ps ?? EMPTY_SIGNALS;
  if (q.use !== null && signals.truncated) return unknown('rules_truncated');
  const target = pathOf(path);
  const t: Target = { canonical: canonicalize(target), robotsTxt: isRobotsTxtPath(target) };
  const usage = usageFor(signals, q.use, t.canonical, q.token);
  if (usage?.value === false) return withBots(answer('blocked', usage.signal), q, 'blocked');
  if (robots === 'unread')
    return usage ? withBots(answer('allowed', usage.signal, true), q, 'allowed') : unknown('robots_unreadable');
  if (robots === 'rules' && r.path_rules!.truncated) return unknown('rules_truncated');
  const rules = robots === 'rules' ? r.path_rules! : null;
  return q.token === null ? byKeyBots(rules, signals, q.use!, t, usage) : byBot(rules, q.token, t, usage);
}

function byBot(rules: PathRules | null, token: string, t: Target, signal: PathSignal | null): UrlJudgement {
  const j = rules ? robotsFor(rules, token, t) : null;
  if (j && !j.allowed) return answer('blocked', robotsSignal(j.rule!));
  if (signal) return answer('allowed', signal.signal, true);
  const rule = j?.rule ?? null;
  return answer('allowed', rule && robotsSignal(rule), rule !== null && j!.source === 'named');
}

/**
 * A use case's key bots: each refused by its robots.txt rules or by a signal in a group naming
 * it. The deciding line is the first refusal's, or else a signal's yes, or else a rule that
 * opens the path.
 */
function byKeyBots(
  rules: PathRules | null,
  ps: PathSignals,
  use: UseCase,
  t: Target,
  site: PathSignal | null,
): UrlJudgement {
  const bots: Record<string, 'allowed' | 'blocked'> = {};
  let refusal: DecidingSignal | null = null;
  let opening: DecidingSignal | null = site?.signal ?? null;
  let explicit = site !== null;
  let refused = 0;
  const seen = new Map<object, RobotsRule | null>();
  for (const bot of KEY_BOTS[use]) {
    const token = bot.toLowerCase();
    const own = signalFor(ps, use, t.canonical, token);
    const j = rules ? robotsFor(rules, token, t, seen) : null;
    const no = own?.value === false ? own.signal : j && !j.allowed ? robotsSignal(j.rule!) : null;
    bots[bot] = no ? 'blocked' : 'allowed';
    if (no) {
      refused++;
      refusal ??= no;
      continue;
    }
    if (own?.value === true || (j?.source === 'named' && j.rule?.type === 'allow')) explicit = true;
    if (!opening) opening = own?.signal ?? (j?.rule ? robotsSignal(j.rule) : null);
  }
  const n = KEY_BOTS[use].length;
  const verdict = refused === n ? 'blocked' : refused > 0 ? 'partial' : 'allowed';
  return { ...answer(verdict, refusal ?? opening, verdict === 'allowed' && explicit), bots };
}

/** A use case's answer without a bot names each key bot, here all alike (a signal for every bot decided). */
function withBots(j: UrlJudgement, q: UrlQuestion, value: 'allowed' | 'blocked'): UrlJudgement {
  if (q.token !== null || q.use === null) return j;
  return { ...j, bots: Object.fromEntries(KEY_BOTS[q.use].map((b) => [b, value])) };
}

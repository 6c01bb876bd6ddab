/**
 * `basis` (shared/schemas.ts BasisSchema): what the verdicts rest on, so a person can be told
 * what was read and what was not (docs/policy.md sections 8 and 9).
 */
import type { Basis, DecidingSignal } from '../../../shared/schemas.js';
import { STANDARD_KEYS, type StandardKey } from '../../../shared/values.js';
import type { BotReading } from './bot-readings.js';
import { perUseCase, type Decision } from './decide.js';
import { allowListOf } from './allow-list.js';
import { closedToAll } from './bot-roles.js';
import { clip } from './clip.js';
import { fetchesOf } from './fetches.js';
import { licenceBasis } from './licence-record.js';
import { notReadOf } from './not-read.js';
import { botLine } from './explain.js';
import { robotsProblem, waitedSeconds } from './robots-outcome.js';
import { saidSignals } from './said-signals.js';
import type { SignalPiece, UsageSignal } from './usage-signals.js';
import type { UseCaseVerdict } from './verdicts.js';

/** Deciding signals listed per use case; more would repeat the same story. */
const MAX_DECIDING = 5;

export function basisOf(d: Decision): Basis {
  const { facts, evidence } = d;
  const found = new Set<StandardKey>(STANDARD_KEYS.filter((k) => k in d.found && d.found[k as keyof typeof d.found]));
  if (d.pageTokens.meta) found.add('meta');
  if (d.pageTokens.xRobotsTag) found.add('x_robots_tag');
  // Named is found, read or not: an unread licence is told as found and not read (section 15).
  if (facts.licence !== null) found.add('rsl');
  return {
    robots_txt: robotsBasis(d),
    explicit: perUseCase((u) => d.verdicts[u].explicit),
    decided_by: perUseCase((u) => decidedBy(d, d.verdicts[u])),
    found: STANDARD_KEYS.filter((k) => found.has(k)),
    last_check: null, // the service sets it when a later check failed (section 8)
    ...(evidence.tosPending
      ? { terms_pending: true as const }
      : {
          terms: {
            ai: facts.tos.ai.stance,
            automated_access: facts.tos.automatedAccess.stance,
            // Said only of terms read: of terms not read, nothing is known (never "no AI named").
            ...(facts.tos.ai.stance === 'unknown' ? {} : { names_ai: facts.tos.namesAi }),
          },
        }),
    content_signals: saidSignals(facts.contentSignals),
    allow_list: allowListOf(d.readings),
    closed_to_all: closedToAll(facts.robots, d.readings),
    fetches: fetchesOf(facts),
    licence: licenceBasis(facts.licence),
    ...notRead(evidence),
  };
}

/** `not_read` only when some document was not read: records of crawls that read everything keep their shape. */
function notRead(evidence: Decision['evidence']): Pick<Basis, 'not_read'> {
  const list = notReadOf(evidence);
  return list === undefined ? {} : { not_read: list };
}

function robotsBasis({ facts, evidence }: Decision): Basis['robots_txt'] {
  const robots = evidence.robots;
  const problem = robotsProblem(facts.robotsOutcome, robots, facts.robotsChallenge !== null, facts.robotsNotRead);
  const waited = problem === 'timeout' ? waitedSeconds(robots) : null;
  return {
    status: facts.robotsOutcome,
    http_status: robots.kind === 'response' ? robots.status : null,
    problem,
    ...(waited === null ? {} : { waited_s: waited }),
  };
}

/**
 * The signals behind a blocked, partial or explicitly allowed verdict, the deciding one first:
 * a usage signal `no` (or `yes`) before robots.txt, whose lines follow for the key bots that are
 * blocked (or, for partial, the bots that restrict; for explicit, the key bots named allowed).
 */
export function decidedBy(d: Decision, v: UseCaseVerdict): DecidingSignal[] {
  if (v.verdict === 'unknown' || (v.verdict === 'allowed' && !v.explicit)) return [];
  const out: DecidingSignal[] = [];
  const seen = new Set<string>();
  const push = (s: DecidingSignal): void => {
    const key = `${s.source} ${s.line} ${s.evidence}`;
    if (out.length >= MAX_DECIDING || seen.has(key)) return;
    seen.add(key);
    out.push(s);
  };
  const pieces = (signal: UsageSignal | null | undefined, value: boolean): void => {
    if (signal?.value === value) signal.pieces.forEach((p) => push(fromPiece(p)));
  };
  const bots = (readings: readonly BotReading[]): void => {
    for (const r of readings) {
      const line = botLine(d.facts.robots, r);
      if (line !== null) push({ source: 'robots_txt', evidence: d.lines.text(line), line });
    }
  };
  const restricted = v.verdict !== 'allowed';
  pieces(v.signal, !restricted);
  // A licence required (section 15) decides a partial verdict before robots.txt's lines.
  if (restricted && v.signal?.value !== false && v.paid) push(fromPiece(v.paid));
  for (const s of v.robots.scopedSignals) pieces(s, !restricted);
  if (restricted && v.robots.value !== 'allowed')
    bots(v.robots.value === 'blocked' ? v.robots.blockedKeys : v.robots.restricting);
  if (!restricted) bots(v.robots.explicitKeys.filter((k) => k.named));
  return out;
}

function fromPiece(p: SignalPiece): DecidingSignal {
  const source = p.origin === 'x_robots_tag' ? 'x_robots_tag' : p.standard;
  return { source, evidence: clip(p.text), line: p.line };
}

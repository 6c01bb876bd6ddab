/**
 * Stance and detail (docs/policy.md section 5): the table, first match wins. Each row is a
 * predicate over the facts, so the row that decided can be named in the explanation.
 */
import type { Detail, RobotsOutcome, Stance, UseCase } from '../../../shared/values.js';
import { USE_CASES } from '../../../shared/values.js';
import { robotsUnreadable, type UseCaseVerdict } from './verdicts.js';

export interface StanceFacts {
  /**
   * Some request to the host got an HTTP answer (any file, any status; a redirect counts).
   * Row 1 needs it false: "unreachable" means nothing answered (docs/policy.md section 11).
   * A robots.txt that timed out while llms.txt or the well-known files answered is row 6.
   */
  hostAnswered: boolean;
  robotsOutcome: RobotsOutcome;
  verdicts: Record<UseCase, UseCaseVerdict>;
  /** Some catalogue AI bot is blocked by a group naming it (row 2's "AI bot named"). */
  aiBotBlockedByName: boolean;
  /** Some usage signal applies to AI bots: site-wide, or scoped to a catalogue AI bot. */
  usageSignal: boolean;
  llmsFound: boolean;
  /** Content signals, TDMRep, ai.txt, agents.json or page meta found (row 9). */
  otherSignalFound: boolean;
}

export interface StanceDecision {
  stance: Stance;
  detail: Detail;
  /** Row of the section 5 table, 1 to 11. */
  row: number;
  /** Why, for people. */
  reason: string;
}

interface Row {
  when: (f: StanceFacts) => boolean;
  stance: Stance;
  detail: Detail;
  reason: string;
}

const all = (f: StanceFacts, v: string): boolean => USE_CASES.every((u) => f.verdicts[u].verdict === v);
const any = (f: StanceFacts, ...vs: string[]): boolean => USE_CASES.some((u) => vs.includes(f.verdicts[u].verdict));

const ROWS: readonly Row[] = [
  {
    when: (f) => !f.hostAnswered && f.robotsOutcome === 'unreachable',
    stance: 'no_policy',
    detail: 'unreachable',
    reason:
      'No request to the site got an HTTP answer: not robots.txt, not the homepage (when it was requested), not any other file.',
  },
  {
    // "Caused only by `*` rules (no AI bot named, no usage signal)": our reading is that an AI
    // bot named only to be allowed or partly restricted (`User-agent: FacebookBot` /
    // `Disallow:`) does not cause the block, and a content signal scoped to search engines
    // is no AI usage signal. This reproduces the section 5 figures on the real corpus
    // (wildcard_block 6, blocks_all_ai 7); the literal reading gives 3 and 10.
    when: (f) => all(f, 'blocked') && !f.aiBotBlockedByName && !f.usageSignal,
    stance: 'blocks_all_ai',
    detail: 'wildcard_block',
    reason: 'Training, search and inference are all blocked, only by rules for every crawler (User-agent: *).',
  },
  {
    when: (f) => all(f, 'blocked'),
    stance: 'blocks_all_ai',
    detail: 'blocks_all_ai',
    reason: 'Training, search and inference are all blocked.',
  },
  {
    when: (f) => f.verdicts.training.verdict === 'blocked',
    stance: 'blocks_training',
    detail: 'blocks_training',
    reason: 'Training is blocked while search or inference is not.',
  },
  {
    when: (f) => any(f, 'blocked', 'partial'),
    stance: 'selective',
    detail: 'selective',
    reason: 'Some use case is blocked or partly blocked.',
  },
  {
    when: (f) => robotsUnreadable(f.robotsOutcome),
    stance: 'no_policy',
    detail: 'robots_blocked',
    reason: 'robots.txt could not be read (refused, server error or no answer) and no usage signal decided.',
  },
  {
    when: (f) => USE_CASES.some((u) => f.verdicts[u].explicit),
    stance: 'allows_all',
    detail: 'allows_all',
    reason: 'A use case is explicitly allowed and none is restricted.',
  },
  {
    when: (f) => f.llmsFound,
    stance: 'allows_all',
    detail: 'has_llms_txt',
    reason: 'No AI rules, and an llms.txt is offered.',
  },
  {
    when: (f) => f.otherSignalFound,
    stance: 'no_policy',
    detail: 'has_signals',
    reason: 'No AI rules, but other AI-related signals were found.',
  },
  {
    when: (f) => f.robotsOutcome === 'missing',
    stance: 'no_policy',
    detail: 'no_robots',
    reason: 'There is no robots.txt and no other signal.',
  },
  {
    when: () => true,
    stance: 'no_policy',
    detail: 'no_ai_rules',
    reason: 'robots.txt has no AI-specific rules and no other signal was found.',
  },
];

export function decideStance(f: StanceFacts): StanceDecision {
  const i = ROWS.findIndex((r) => r.when(f));
  const row = ROWS[i]!; // the last row always matches
  return { stance: row.stance, detail: row.detail, row: i + 1, reason: row.reason };
}

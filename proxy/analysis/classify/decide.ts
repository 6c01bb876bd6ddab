/**
 * The decision (docs/policy.md sections 4 to 6 and 10): evidence in, every value the three
 * records are built from out. Nothing here shapes a record; summary-record.ts, full-record.ts
 * and announced-record.ts do (decide, then build).
 */
import { AI_BOTS, KEY_BOTS, botsForUseCase, type Bot } from '../../../shared/bots.js';
import type { WarningCode } from '../../../shared/labels.js';
import type { Signals, UseCases } from '../../../shared/schemas.js';
import { USE_CASES, type Conflict, type Note, type UseCase } from '../../../shared/values.js';
import type { Evidence } from '../evidence.js';
import { readBots, type BotReadings } from './bot-readings.js';
import { botLists, type BotLists } from './bot-lists.js';
import { findConflicts, findNotes, findWarnings, type ConflictFacts, type Finding } from './conflicts.js';
import { readEvidence, type Facts, type ReadingWatch } from './read-evidence.js';
import { RobotsLines } from './robots-lines.js';
import { openness } from './scores.js';
import { decideStance, type StanceDecision } from './stance.js';
import { readUsageSignals, type UsageSignals } from './usage-signals.js';
import { listingsOnly, robotsVerdict, useCaseVerdict, type UseCaseVerdict } from './verdicts.js';

export const perUseCase = <T>(f: (u: UseCase) => T): Record<UseCase, T> => ({
  training: f('training'),
  search: f('search'),
  inference: f('inference'),
});

export interface Decision {
  evidence: Evidence;
  facts: Facts;
  /** robots.txt lines by number, for the evidence text of explanations and basis. */
  lines: RobotsLines;
  readings: BotReadings;
  signals: UsageSignals;
  verdicts: Record<UseCase, UseCaseVerdict>;
  useCases: UseCases;
  stance: StanceDecision;
  conflicts: Finding<Conflict>[];
  /** Worth telling, no disagreement (section 11). */
  notes: Finding<Note>[];
  warnings: Finding<WarningCode>[];
  lists: BotLists;
  /** The seed's six standards found. */
  found: Signals;
  /** The homepage's own AI tokens (`noai`, `noimageai`): in a robots meta tag, in X-Robots-Tag. */
  pageTokens: { meta: boolean; xRobotsTag: boolean };
  /** Some group names a catalogue AI bot that speaks for a use (retired tokens included: they state an intent). */
  aiBotNamed: boolean;
  openness: number;
  /** The announced surface's extra purposes (section 7): rag = inference bots and ai-input; browsing = agent bots. */
  purposes: { rag: UseCaseVerdict; browsing: UseCaseVerdict };
}

const AI_TOKENS = ['noai', 'noimageai'];

/**
 * AI bots whose rules can speak for an AI use: not those of purpose `other` (scraping
 * frameworks, SEO and monitoring tools, names with no known use), which are reported in the bot
 * lists but make no stance by themselves (docs/policy.md section 11). Retired tokens stay:
 * rules naming them state an intent, though they block nothing real.
 */
const USE_BOTS = AI_BOTS.filter((b) => b.purpose !== 'other');

/**
 * `watch` hears each document before it is read; what follows the reading is the bots'
 * rules matched against the catalogue, the work that grows with robots.txt, so it is told
 * as robots.txt's (proxy/analysis-pool/ charges it to robots.txt's budget) when robots.txt
 * was read (unread, there are no rules to match).
 */
export function decide(evidence: Evidence, watch?: ReadingWatch): Decision {
  const facts = readEvidence(evidence, watch);
  if (!facts.notRead.has('robots_txt')) watch?.reading('robots_txt');
  const { robots, robotsOutcome } = facts;
  const readings = readBots(robots);
  const signals = readUsageSignals(facts);
  const verdictOf = (u: UseCase | null, bots: readonly Bot[], keys: readonly string[]): UseCaseVerdict =>
    useCaseVerdict(
      u ?? 'inference',
      robotsVerdict({ bots, keys, signalUseCase: u }, readings, signals),
      u === null ? null : signals.site[u],
      robotsOutcome,
      u === null ? null : signals.paid[u],
    );

  const read = perUseCase((u) => verdictOf(u, botsForUseCase(u), KEY_BOTS[u]));
  const verdicts = { ...read, search: listingsOnly(read.search) };
  const useCases: UseCases = perUseCase((u) => verdicts[u].verdict);
  const pageTokens = pageTokensOf(facts);
  const found = foundOf(facts);
  const stance = stanceOf(facts, verdicts, readings, signals, found, pageTokens);
  const nonObsolete = AI_BOTS.filter((b) => !b.obsolete);
  const terms = termsFacts(facts, verdicts, found, stance);
  return {
    evidence,
    facts,
    lines: new RobotsLines(facts.robotsText),
    readings,
    signals,
    verdicts,
    useCases,
    stance,
    conflicts: findConflicts(terms),
    notes: findNotes(terms),
    warnings: findWarnings(
      robots,
      readings,
      evidence.robots.kind === 'response' && evidence.robots.truncated && robotsOutcome === 'ok',
    ),
    lists: botLists(readings),
    found,
    pageTokens,
    aiBotNamed: USE_BOTS.some((b) => readings.namedTokens.has(b.token.toLowerCase())),
    openness: openness(useCases),
    purposes: {
      rag: verdictOf(
        'inference',
        nonObsolete.filter((b) => b.purpose === 'inference'),
        KEY_BOTS.inference,
      ),
      browsing: verdictOf(
        null,
        nonObsolete.filter((b) => b.purpose === 'agent'),
        [],
      ),
    },
  };
}

/** The homepage's own AI tokens, in a robots meta tag and in X-Robots-Tag. */
function pageTokensOf(facts: Facts): Decision['pageTokens'] {
  const has = (source: string) =>
    facts.meta.directives.some((d) => d.source === source && d.directives.some((t) => AI_TOKENS.includes(t)));
  return { meta: has('meta'), xRobotsTag: has('x_robots_tag') };
}

/** The seed's six standards, found or not. */
function foundOf(facts: Facts): Signals {
  return {
    robots_txt: facts.robotsOutcome === 'ok',
    llms_txt: facts.llms.found,
    ai_txt: facts.aiTxt.found,
    tdmrep: facts.tdmrep.found,
    content_signals: facts.contentSignals.entries.length > 0,
    agents_json: facts.agents.found,
  };
}

function stanceOf(
  facts: Facts,
  verdicts: Decision['verdicts'],
  readings: BotReadings,
  signals: UsageSignals,
  found: Signals,
  pageTokens: Decision['pageTokens'],
): StanceDecision {
  return decideStance({
    hostAnswered: facts.hostAnswered,
    robotsOutcome: facts.robotsOutcome,
    verdicts,
    aiBotBlockedByName: USE_BOTS.some((b) => {
      const r = readings.catalogue.get(b.token.toLowerCase());
      return r !== undefined && r.named && r.status.status === 'blocked';
    }),
    usageSignal:
      USE_CASES.some((u) => signals.site[u] !== null || signals.paid[u] !== null) ||
      USE_BOTS.some((b) => signals.scoped.has(b.token.toLowerCase())),
    llmsFound: found.llms_txt,
    otherSignalFound:
      found.content_signals ||
      found.tdmrep ||
      found.ai_txt ||
      found.agents_json ||
      pageTokens.meta ||
      pageTokens.xRobotsTag ||
      facts.licence !== null,
  });
}

/** What the conflicts and notes are found from: the verdicts beside the terms of service. */
function termsFacts(
  facts: Facts,
  verdicts: Decision['verdicts'],
  found: Signals,
  stance: StanceDecision,
): ConflictFacts {
  return {
    verdicts,
    robotsOutcome: facts.robotsOutcome,
    tosStance: facts.tos.ai.stance,
    tosExcerpt: facts.tos.ai.excerpt,
    tosAccess: facts.tos.automatedAccess.stance,
    tosAccessExcerpt: facts.tos.automatedAccess.excerpt,
    llmsFound: found.llms_txt,
    stance: stance.stance,
  };
}

/**
 * classify(evidence): the three records of a domain (classification.md sections 4 to 7).
 * Pure and deterministic: the same evidence gives the same records; timestamps come from
 * evidence.fetchedAt, never from a clock.
 */
import { KEY_BOTS, botsForUseCase, AI_BOTS } from '../../../shared/bots.js';
import type { Explanation, FullRecordBody, UseCases } from '../../../shared/schemas.js';
import { USE_CASES, toAnnouncedStance, type UseCase } from '../../../shared/values.js';
import type { Classification } from '../classification.js';
import type { Evidence } from '../evidence.js';
import { readBots } from './bot-readings.js';
import { aiBotsMap, allBotsMap, botLists } from './bot-lists.js';
import { findConflicts, findWarnings } from './conflicts.js';
import { RobotsLines, explainBot, explainRobotsOutcome, explainSite, explainStance, explainUseCase } from './explain.js';
import { readEvidence } from './read-evidence.js';
import { crawlRules, isoUtc, isoWithOffset, keptHeaders, keptMetas, purposeVerdict, rankOf } from './records.js';
import { announcedScore, completeness, confidence, openness, tosHasAiClause } from './scores.js';
import { decideStance } from './stance.js';
import { readUsageSignals } from './usage-signals.js';
import { robotsVerdict, useCaseVerdict, type UseCaseVerdict } from './verdicts.js';

const perUseCase = <T>(f: (u: UseCase) => T): Record<UseCase, T> =>
  ({ training: f('training'), search: f('search'), inference: f('inference') });

export function classify(evidence: Evidence): Classification {
  const facts = readEvidence(evidence);
  const { robots, robotsOutcome } = facts;
  const readings = readBots(robots);
  const signals = readUsageSignals(facts);

  const verdicts = perUseCase((u) =>
    useCaseVerdict(u, robotsVerdict({ bots: botsForUseCase(u), keys: KEY_BOTS[u], signalUseCase: u }, readings, signals), signals.site[u], robotsOutcome),
  );
  const useCases: UseCases = perUseCase((u) => verdicts[u].verdict);

  const homepageReachable = facts.homepage !== null;
  const aiBotNamed = AI_BOTS.some((b) => readings.namedTokens.has(b.token.toLowerCase()));
  const contentSignalsFound = facts.contentSignals.entries.length > 0;
  const pageMetaFound = facts.meta.noai || facts.meta.noimageai || facts.meta.noaiAgents.length > 0;
  const decision = decideStance({
    homepageReachable,
    robotsOutcome,
    verdicts,
    aiBotBlockedByName: AI_BOTS.some((b) => {
      const r = readings.catalogue.get(b.token.toLowerCase());
      return r !== undefined && r.named && r.status.status === 'blocked';
    }),
    usageSignal: USE_CASES.some((u) => signals.site[u] !== null) || AI_BOTS.some((b) => signals.scoped.has(b.token.toLowerCase())),
    llmsFound: facts.llms.found,
    otherSignalFound: contentSignalsFound || facts.tdmrep.found || facts.aiTxt.found || facts.agents.found || pageMetaFound,
  });

  const conflicts = findConflicts({ verdicts, robotsOutcome, tosStance: facts.tos.stance, tosExcerpt: facts.tos.excerpt, llmsFound: facts.llms.found, stance: decision.stance });
  const warnings = findWarnings(robots, readings, evidence.robots.kind === 'response' && evidence.robots.truncated && robotsOutcome === 'ok');
  const lists = botLists(readings);
  const open = openness(useCases);
  const lines = new RobotsLines(facts.robotsText);

  const explanations: Explanation[] = [
    explainStance(decision),
    ...USE_CASES.map((u) => explainUseCase(facts, lines, verdicts[u])),
    explainRobotsOutcome(facts),
    ...lists.ai.map((r) => explainBot(facts, lines, r)),
    ...conflicts.map((c) => c.explanation),
    ...warnings.map((w) => w.explanation),
    ...explainSite(facts),
  ];

  const signalsFound = {
    robots_txt: robotsOutcome === 'ok',
    llms_txt: facts.llms.found,
    ai_txt: facts.aiTxt.found,
    tdmrep: facts.tdmrep.found,
    content_signals: contentSignalsFound,
    agents_json: facts.agents.found,
  };
  const rank = rankOf(evidence.rank);
  const conflictIds = conflicts.map((c) => c.id);

  const summary: Classification['summary'] = {
    domain: evidence.domain,
    found: true,
    stance: decision.stance,
    detail: decision.detail,
    use_cases: useCases,
    bots: { blocked: lists.blocked.map((r) => r.name), allowed: lists.allowed.map((r) => r.name) },
    signals: signalsFound,
    site: {
      ranklist_rank: rank,
      cdn: facts.cdn.cdn,
      cms: facts.cms.cms,
      behind_cdnvendor: facts.cdn.behindCdnvendor,
      has_paywall: facts.paywall.hasPaywall,
      has_tos: facts.hasTos,
      tos_url: evidence.tosUrl,
    },
    last_updated: isoUtc(evidence.fetchedAt),
  };

  const full: FullRecordBody = {
    domain: evidence.domain,
    robots_txt_exists: signalsFound.robots_txt,
    llms_txt_exists: signalsFound.llms_txt,
    ai_txt_exists: signalsFound.ai_txt,
    tdmrep_exists: signalsFound.tdmrep,
    agents_json_exists: signalsFound.agents_json,
    ai_stance: decision.stance,
    policy_detail: decision.detail,
    ai_openness_score: open,
    policy_completeness: completeness(
      {
        // "AI rules in robots.txt": a group naming a catalogue AI bot (retired tokens included: they state an intent).
        robotsAiRules: robotsOutcome === 'ok' && aiBotNamed,
        contentSignals: contentSignalsFound,
        tdmrep: facts.tdmrep.found,
        aiTxt: facts.aiTxt.found,
        llmsTxt: facts.llms.found,
        agentsJson: facts.agents.found,
        pageMeta: pageMetaFound,
        tosAiClause: tosHasAiClause(facts.tos.stance),
      },
      robotsOutcome === 'ok',
    ),
    confidence: confidence({ robotsOutcome, homepageReachable, conflicts: conflicts.length }),
    ai_bots_blocked_count: lists.blocked.length,
    ai_bots_allowed_count: lists.allowed.length,
    ai_bots: aiBotsMap(lists),
    all_bots: allBotsMap(readings, lists),
    crawl_rules: crawlRules(robots, readings),
    use_case_policies: useCases,
    conflicts: conflictIds,
    tos_url: evidence.tosUrl,
    tos_ai_stance: facts.tos.stance,
    cdn_provider: facts.cdn.cdn,
    cms: facts.cms.cms,
    has_paywall: facts.paywall.hasPaywall,
    behind_cdnvendor: facts.cdn.behindCdnvendor,
    markdown_for_agents: facts.markdown.offered,
    parsed_at: isoWithOffset(evidence.fetchedAt),
    ranklist_rank: rank,
    content_signals_exists: contentSignalsFound,
    robots_txt_status: robotsOutcome,
    homepage_status: facts.homepage?.status ?? null,
    robots_txt: facts.robotsText,
    headers: keptHeaders(facts),
    meta_tags: keptMetas(facts),
    tos_excerpt: facts.tos.excerpt,
    usage_signals: perUseCase((u) => signals.site[u]?.value ?? null),
    explanations,
    warnings: warnings.map((w) => w.id),
  };

  // Announced purposes (section 7): rag = inference bots and ai-input; browsing = agent bots.
  const purposeOf = (bots: typeof AI_BOTS, keys: readonly string[], u: UseCase | null): UseCaseVerdict =>
    useCaseVerdict(u ?? 'inference', robotsVerdict({ bots, keys, signalUseCase: u }, readings, signals), u === null ? null : signals.site[u], robotsOutcome);
  const nonObsolete = AI_BOTS.filter((b) => !b.obsolete);
  const rag = purposeOf(nonObsolete.filter((b) => b.purpose === 'inference'), KEY_BOTS.inference, 'inference');
  const browsing = purposeOf(nonObsolete.filter((b) => b.purpose === 'agent'), [], null);

  const announced: Classification['announced'] = {
    domain: evidence.domain,
    score: announcedScore(open),
    stance: toAnnouncedStance(decision.stance),
    purposes: {
      training: purposeVerdict(verdicts.training),
      search: purposeVerdict(verdicts.search),
      rag: purposeVerdict(rag),
      browsing: purposeVerdict(browsing),
    },
    signals: {
      robots_txt: { found: signalsFound.robots_txt, blocks: summary.bots.blocked },
      llms_txt: { found: signalsFound.llms_txt },
      ai_txt: { found: signalsFound.ai_txt },
      tdmrep: { found: signalsFound.tdmrep },
      agents_json: { found: signalsFound.agents_json },
      content_signals: { found: contentSignalsFound, training: signals.contentSignals.training, search: signals.contentSignals.search },
    },
    conflicts: conflictIds,
    last_crawled: isoUtc(evidence.fetchedAt),
  };

  return { summary, full, announced };
}

/**
 * The full record (seed "Full record", without id and audit_id, which the registry adds) from
 * a decision, with the explanation of every value.
 */
import type { Basis, Explanation, FullRecordBody } from '../../../shared/schemas.js';
import { aiBotsMap, allBotsMap } from './bot-lists.js';
import { botRoles } from './bot-roles.js';
import { ignoredLines } from './ignored-lines.js';
import { perUseCase, type Decision } from './decide.js';
import { explainBot, explainUseCase } from './explain.js';
import { explainStance } from './explain-stance.js';
import { explainHomepage, explainRobotsOutcome, explainSite } from './explain-crawl.js';
import { crawlRules, isoWithOffset, keptHeaders, keptMetas, rankOf } from './records.js';
import { completeness, confidence, tosHasAiClause } from './scores.js';
import { USE_CASES, realConflict } from '../../../shared/values.js';
import { licenceRecord } from './licence-record.js';

const nonNull = <T>(x: T | null): T[] => (x === null ? [] : [x]);

export function explanations(d: Decision): Explanation[] {
  return [
    explainStance(d),
    ...USE_CASES.map((u) => explainUseCase(d, d.verdicts[u])),
    explainRobotsOutcome(d.facts),
    ...nonNull(explainHomepage(d)),
    ...d.lists.ai.map((r) => explainBot(d, r)),
    ...d.lists.unknownAi.filter((r) => !d.lists.ai.includes(r)).map((r) => explainBot(d, r)),
    ...d.conflicts.map((c) => c.explanation),
    ...d.notes.map((n) => n.explanation),
    ...d.warnings.map((w) => w.explanation),
    ...explainSite(d),
  ];
}

/** How much of a policy the site publishes, from the standards found. */
function completenessOf({ facts, found, aiBotNamed, pageTokens }: Decision): FullRecordBody['policy_completeness'] {
  const robotsOk = facts.robotsOutcome === 'ok';
  return completeness(
    {
      robotsAiRules: robotsOk && aiBotNamed,
      contentSignals: found.content_signals,
      tdmrep: found.tdmrep,
      aiTxt: found.ai_txt,
      llmsTxt: found.llms_txt,
      agentsJson: found.agents_json,
      pageMeta: pageTokens.meta || pageTokens.xRobotsTag,
      tosAiClause: tosHasAiClause(facts.tos.ai.stance),
      licence: facts.licence?.state === 'read',
    },
    robotsOk,
  );
}

export function fullRecord(d: Decision, basis: Basis): FullRecordBody {
  const { evidence, facts, found, lists } = d;
  return {
    domain: evidence.domain,
    robots_txt_exists: found.robots_txt,
    llms_txt_exists: found.llms_txt,
    ai_txt_exists: found.ai_txt,
    tdmrep_exists: found.tdmrep,
    agents_json_exists: found.agents_json,
    ai_stance: d.stance.stance,
    policy_detail: d.stance.detail,
    ai_openness_score: d.openness,
    policy_completeness: completenessOf(d),
    confidence: confidence({
      robotsOutcome: facts.robotsOutcome,
      homepageUnreachable: facts.homepageFetch.kind === 'no_answer',
      hostAnswered: facts.hostAnswered,
      conflicts: d.conflicts.filter((c) => realConflict(c.id, facts.tos.ai.stance)).length,
    }),
    ai_bots_blocked_count: lists.blocked.length,
    ai_bots_allowed_count: lists.allowed.length,
    ai_bots: aiBotsMap(lists),
    all_bots: allBotsMap(d.readings, lists),
    crawl_rules: crawlRules(facts.robots, d.readings),
    use_case_policies: d.useCases,
    conflicts: d.conflicts.map((c) => c.id),
    tos_url: evidence.tosUrl,
    tos_ai_stance: facts.tos.ai.stance,
    cdn_provider: facts.cdn.cdn,
    cms: facts.cms.cms,
    has_paywall: facts.paywall.hasPaywall,
    behind_cdnvendor: facts.cdn.behindCdnvendor,
    markdown_for_agents: facts.markdown.offered,
    parsed_at: isoWithOffset(evidence.fetchedAt),
    ranklist_rank: rankOf(evidence.rank),
    content_signals_exists: found.content_signals,
    robots_txt_status: facts.robotsOutcome,
    homepage_status: facts.homepage?.status ?? null,
    robots_txt: facts.robotsText,
    headers: keptHeaders(facts),
    meta_tags: keptMetas(facts),
    tos_excerpt: facts.tos.ai.excerpt,
    tos_automated_access: facts.tos.automatedAccess.stance,
    tos_automated_access_excerpt: facts.tos.automatedAccess.excerpt,
    tos_ai_section: facts.tos.ai.section,
    tos_automated_access_section: facts.tos.automatedAccess.section,
    tos_ai_mention: facts.tos.mention?.excerpt ?? null,
    tos_ai_mention_section: facts.tos.mention?.section ?? null,
    notes: d.notes.map((n) => n.id),
    usage_signals: perUseCase((u) => d.signals.site[u]?.value ?? null),
    explanations: explanations(d),
    warnings: d.warnings.map((w) => w.id),
    basis,
    unknown_ai_bots: lists.unknownAi.map((r) => r.name),
    ...(facts.robots === null
      ? {}
      : { bot_roles: botRoles(facts.robots, d.readings), robots_ignored: ignoredLines(facts.robots) }),
    rsl_licence: licenceRecord(facts.licence, evidence.domain),
  };
}

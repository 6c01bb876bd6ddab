/**
 * The signal parsers (docs/policy.md sections 1 and 4). Pure: no node:*, no network.
 * Reading them all from a crawl's Evidence is done once, by classify/read-evidence.ts.
 */
export {
  analyzeAgentsJson,
  agentsJsonShape,
  type AgentsJsonResult,
  type AgentsJsonShape,
  type AgentsJsonSummary,
} from './agents-json.js';
export { aiTxtRulesForAll, analyzeAiTxt, decideAiTxt, type AiTxtResult, type AiTxtRule } from './ai-txt.js';
export {
  appliesToRoot,
  extractContentSignals,
  mergePrefs,
  parsePreferenceValue,
  resolvePrefs,
  type ContentSignalEntry,
  type ContentSignals,
  type ContentSignalWarning,
  type DecidedPreference,
  type ResolvedPrefs,
  type UsageKey,
  type UsagePrefs,
} from './content-signals.js';
export { analyzeLlmsTxt, type LlmsTxtKind, type LlmsTxtResult } from './llms-txt.js';
export { metaRobotsDirectives, pageMeta, parseXRobotsTag, type PageMeta, type RobotsDirectives } from './meta.js';
export { matchesPathPattern } from './path-pattern.js';
export { isHtmlBody, isSuccess, successfulResponse } from './response.js';
export {
  parseReservation,
  parseTdmrepJson,
  resolveTdmrep,
  tdmFromHeaders,
  tdmFromMeta,
  tdmrepRuleFor,
  type TdmrepFile,
  type TdmrepResult,
  type TdmrepRule,
} from './tdmrep.js';
export { scanHtml, type Anchor, type HtmlScan, type LinkTag, type MetaTag, type ScriptTag } from '../html/scan.js';
export { htmlToText } from '../html/text.js';

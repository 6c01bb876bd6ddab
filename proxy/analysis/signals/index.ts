/**
 * The signal parsers (classification.md sections 1 and 4) and one entry point that reads them
 * all from a crawl's Evidence. Pure: no node:*, no network.
 */
import type { Evidence } from '../evidence.js';
import { scanHtml, type HtmlScan } from '../html/scan.js';
import type { RobotsTxt } from '../robots/index.js';
import { homepageHtml } from '../site/index.js';
import { analyzeAgentsJson, type AgentsJsonResult } from './agents-json.js';
import { analyzeAiTxt, type AiTxtResult } from './ai-txt.js';
import { extractContentSignals, resolvePrefs, type ContentSignals, type ResolvedPrefs } from './content-signals.js';
import { analyzeLlmsTxt, type LlmsTxtResult } from './llms-txt.js';
import { pageMeta, type PageMeta } from './meta.js';
import { resolveTdmrep, type TdmrepResult } from './tdmrep.js';

export { analyzeAgentsJson, agentsJsonShape, type AgentsJsonResult, type AgentsJsonShape, type AgentsJsonSummary } from './agents-json.js';
export { aiTxtRulesForAll, analyzeAiTxt, decideAiTxt, type AiTxtResult, type AiTxtRule } from './ai-txt.js';
export {
  appliesToRoot, extractContentSignals, mergePrefs, parsePreferenceValue, resolvePrefs,
  type ContentSignalEntry, type ContentSignals, type ContentSignalWarning, type DecidedPreference, type ResolvedPrefs, type UsageKey, type UsagePrefs,
} from './content-signals.js';
export { analyzeLlmsTxt, type LlmsTxtKind, type LlmsTxtResult } from './llms-txt.js';
export { metaRobotsDirectives, pageMeta, parseXRobotsTag, type PageMeta, type RobotsDirectives } from './meta.js';
export { matchesPathPattern } from './path-pattern.js';
export { isHtmlBody, isSuccess, successfulResponse } from './response.js';
export { parseReservation, parseTdmrepJson, resolveTdmrep, tdmFromHeaders, tdmFromMeta, tdmrepRuleFor, type TdmrepFile, type TdmrepResult, type TdmrepRule } from './tdmrep.js';
export { scanHtml, type Anchor, type HtmlScan, type LinkTag, type MetaTag, type ScriptTag } from '../html/scan.js';
export { htmlToText } from '../html/text.js';

export interface Signals {
  /** The homepage scan, shared with the site facts so the page is read once. */
  homepage: HtmlScan | null;
  contentSignals: ContentSignals & { found: boolean; siteWide: ResolvedPrefs };
  tdmrep: TdmrepResult;
  aiTxt: AiTxtResult;
  llmsTxt: LlmsTxtResult;
  agentsJson: AgentsJsonResult;
  meta: PageMeta & { found: boolean };
}

/** Every signal of a crawl. `robots` is the parsed robots.txt when its outcome was `ok`, else null. */
export function readSignals(evidence: Evidence, robots: RobotsTxt | null): Signals {
  const home = evidence.homepage.kind === 'response' ? evidence.homepage : null;
  const headers = home?.headers ?? {};
  const html = homepageHtml(home);
  const homepage = html === '' ? null : scanHtml(html);
  const cs = extractContentSignals(robots, headers);
  const meta = pageMeta(homepage, headers);
  return {
    homepage,
    contentSignals: { ...cs, found: cs.entries.length > 0, siteWide: resolvePrefs(cs, '*') },
    tdmrep: resolveTdmrep({ file: evidence.tdmrep, headers, metas: homepage?.metas ?? [], path: '/' }),
    aiTxt: analyzeAiTxt(evidence.aiTxt),
    llmsTxt: analyzeLlmsTxt(evidence.llms),
    agentsJson: analyzeAgentsJson(evidence.agents),
    meta: { ...meta, found: meta.noai || meta.noimageai || meta.noaiAgents.length > 0 },
  };
}

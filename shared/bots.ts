/**
 * The bot catalogue (docs/policy.md sections 3 and 10): the entries are data in
 * bot-catalogue.ts, refreshed from the ai.robots.txt list by test/tools/refresh-bot-catalogue.ts;
 * this module gives them their defaults and the lookups everything else uses. Key bots are
 * stored once, in shared/key-bots.ts (small, so the extension's background needs no catalogue).
 * Plain data, no zod and no node:*: the extension imports this module.
 */
import { CATALOGUE } from './bot-catalogue.js';
import { KEY_BOTS, keyOf } from './key-bots.js';
import type { BotPurpose, UseCase } from './values.js';

/** One catalogue entry as written in bot-catalogue.ts: defaults left out. */
export interface CatalogueEntry {
  /** robots.txt product token, exact case as the operator publishes it. */
  token: string;
  operator: string;
  purpose: BotPurpose;
  /** What it is for, one sentence for people. */
  description: string;
  /** Operator's documentation, or the ai.robots.txt list. */
  source: string;
  /** A control token that never fetches. */
  control?: true;
  /** No longer used by its operator. */
  obsolete?: true;
  /** Known, but not an AI bot (search engines, link previews, archives). */
  ai?: false;
  /** Added by the refresh script from the list's own words: purpose and operator await a person's check. */
  review?: true;
}

export interface Bot {
  token: string;
  operator: string;
  purpose: BotPurpose;
  /** The use case this bot decides (section 3 "key bots"), or null. */
  key: UseCase | null;
  /** A control token that never fetches (rules for it steer other crawlers' use of content). */
  control: boolean;
  /** No longer used by its operator: a rule naming it blocks nothing real. */
  obsolete: boolean;
  description: string;
  source: string;
  /** False for the search engines and other known non-AI bots, kept so that all_bots can name them. */
  is_ai_bot: boolean;
}

export const BOTS: readonly Bot[] = CATALOGUE.map((e) => ({
  token: e.token,
  operator: e.operator,
  purpose: e.purpose,
  key: keyOf(e.token),
  control: e.control ?? false,
  obsolete: e.obsolete ?? false,
  description: e.description,
  source: e.source,
  is_ai_bot: e.ai ?? true,
}));

const BY_TOKEN: ReadonlyMap<string, Bot> = new Map(BOTS.map((b) => [b.token.toLowerCase(), b]));

/** The catalogue entry for a robots.txt token, compared case-insensitively (RFC 9309 2.2.1). */
export function botByToken(token: string): Bot | undefined {
  return BY_TOKEN.get(token.trim().toLowerCase());
}

/** Catalogue entries that are AI bots (is_ai_bot), in catalogue order. */
export const AI_BOTS: readonly Bot[] = BOTS.filter((b) => b.is_ai_bot);

/**
 * The catalogue's size, counted once for every place that states it (docs/policy.md section 3,
 * the audit's report and bots.csv): `entries` in all; `aiBots`, the AI bots with an AI use
 * (training, search, answers, agents), what every face counts and lists as AI bots; `tools`, the
 * scraping frameworks and other tools with no AI use (purpose `other`), listed apart; `nonAi`, the
 * search engines and other known crawlers.
 */
export function catalogueCounts(): { entries: number; aiBots: number; tools: number; nonAi: number } {
  const tools = AI_BOTS.filter((b) => b.purpose === 'other').length;
  return { entries: BOTS.length, aiBots: AI_BOTS.length - tools, tools, nonAi: BOTS.length - AI_BOTS.length };
}

/** Key bots per use case (the section 3 table). */
export { KEY_BOTS };

/** Section 3: `agent` counts as inference on the reference surface; `other` is no use case. */
export function useCaseOf(purpose: BotPurpose): UseCase | null {
  if (purpose === 'agent') return 'inference';
  if (purpose === 'other') return null;
  return purpose;
}

/**
 * The bots that decide R(u) (section 4): AI bots whose purpose maps to `u`, without obsolete
 * tokens ("obsolete tokens never count").
 */
export function botsForUseCase(u: UseCase): readonly Bot[] {
  return AI_BOTS.filter((b) => !b.obsolete && useCaseOf(b.purpose) === u);
}

/** Letters and digits only, lower case: `Gemini-Deep-Research` and `gemini deepresearch` meet. */
const squash = (token: string): string => token.toLowerCase().replace(/[^a-z0-9]/g, '');
const SQUASHED_AI: ReadonlyMap<string, Bot> = new Map(
  AI_BOTS.filter((b) => squash(b.token).length >= 4).map((b) => [squash(b.token), b]),
);

/** Names that say AI in a user-agent token: a model or assistant family, OpenAI's `OAI-` prefix, or `ai` as a word or suffix. */
const AI_MARKERS =
  /^oai-|gpt|openai|chatglm|claude|anthropic|gemini|grok|perplexity|mistral|copilot|cohere|deepseek|qwen|llm|genai|(?:^|[^a-z])ai(?:[^a-z]|$)|[a-z]ai(?:bot|crawler|spider)?$/;

/**
 * ASCII punctuation no product token has. RFC 9309 section 2.2.1 allows letters, `-` and `_` in
 * a product token; the matcher also accepts digits, `.` and spaces (`AI2Bot`, `ChatGPT Agent`,
 * `Brightbot 1.0`: docs/policy.md section 2). Anything else (`;`, `"`, `|`, `(`, `:`, `+` …)
 * marks a value that is not a product token at all: a whole browser user-agent string
 * (`compatible; "ClaudeBot/1.0; +claudebot@anthropic.com"`), a list written on one line
 * (`bytespider | byte spider | bytedance`), or a rule run into the user-agent line
 * (`omgilibot disallow: /`).
 */
const NOT_IN_A_TOKEN = /[!-,:-@[-^`{-~/]/;

/**
 * A user-agent value (as the parser keeps it: cut at the first `/`, trimmed, lower-cased) that
 * is no product token. No crawler matches such a line by its token, so it is not reported as a
 * bot the site names, even when a catalogue token appears inside it (our reading of RFC 9309's
 * product-token rule; the line stays in `all_bots`, as written, as no AI bot).
 */
export function isMalformedAgent(token: string): boolean {
  const t = token.trim();
  return t !== '*' && NOT_IN_A_TOKEN.test(t);
}

/**
 * Whether a user-agent the catalogue does not know looks like an AI bot (docs/policy.md
 * section 10, "unknown AI tokens are reported"): a spelling of a catalogue AI token that a
 * crawler would not match (`gemini-deepresearch`, `ChatGPT-Agent`, `CotoyogiBot`), or a name
 * with an AI marker (`grok-crawler`, `perplexity-ai`, `sider.ai`). Such tokens are reported
 * ("other bots this site names"), never used to decide a use case. A malformed value
 * (isMalformedAgent) never looks like one: it names no crawler.
 */
export function looksLikeAiBot(token: string): boolean {
  const t = token.trim().toLowerCase();
  if (t === '' || t === '*' || isMalformedAgent(t) || botByToken(t)) return false;
  const s = squash(t);
  if (SQUASHED_AI.has(s)) return true;
  for (const known of SQUASHED_AI.keys()) if (known.length >= 7 && s.startsWith(known)) return true;
  return AI_MARKERS.test(t);
}

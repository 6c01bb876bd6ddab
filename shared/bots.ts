/**
 * The AI bot catalogue (classification.md section 3) as typed data, one entry per robots.txt
 * token, with a source for each (CONVENTIONS 4). Operators and functions follow the
 * ai.robots.txt list (../shared/corpora/ai-robots-txt/robots.json, @738c80df) unless an
 * operator documents its own crawler, in which case its page is the source.
 * Plain data, no zod and no node:*: the extension imports this module.
 */
import type { BotPurpose, UseCase } from './values.js';

export interface Bot {
  /** robots.txt product token, exact case as the operator publishes it. */
  token: string;
  operator: string;
  purpose: BotPurpose;
  /** The use case this bot decides (section 3 "key bots"), or null. */
  key: UseCase | null;
  /** A control token that never fetches (rules for it steer other crawlers' use of content). */
  control: boolean;
  /** No longer used by its operator: a rule naming it blocks nothing real. */
  obsolete: boolean;
  /** What it is for, one sentence for people. */
  description: string;
  /** Operator's documentation, or the ai.robots.txt list. */
  source: string;
  /** False for the search engines kept so that all_bots can name them. */
  is_ai_bot: boolean;
}

const AIRT = 'https://github.com/ai-robots-txt/ai.robots.txt';
const OPENAI = 'https://platform.openai.com/docs/bots';
const ANTHROPIC = 'https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler';
const GOOGLE_COMMON = 'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers';
const GOOGLE_USER = 'https://developers.google.com/search/docs/crawling-indexing/google-user-triggered-fetchers';
const PERPLEXITY = 'https://docs.perplexity.ai/guides/bots';
const APPLE = 'https://support.apple.com/en-us/119829';
const META = 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers';
const AMAZON = 'https://developer.amazon.com/amazonbot';
const MISTRAL = 'https://docs.mistral.ai/robots';
const MOONSHOT = 'https://platform.moonshot.ai';

type Extra = Partial<Pick<Bot, 'key' | 'control' | 'obsolete' | 'is_ai_bot'>>;

const bot = (token: string, operator: string, purpose: BotPurpose, description: string, source: string, extra: Extra = {}): Bot => ({
  token,
  operator,
  purpose,
  key: extra.key ?? null,
  control: extra.control ?? false,
  obsolete: extra.obsolete ?? false,
  description,
  source,
  is_ai_bot: extra.is_ai_bot ?? true,
});

const T = 'training' as const;
const S = 'search' as const;
const I = 'inference' as const;
const A = 'agent' as const;

export const BOTS: readonly Bot[] = [
  // ---- training: collect content to train models
  bot('GPTBot', 'OpenAI', T, 'Collects pages to train OpenAI models.', OPENAI, { key: T }),
  bot('ClaudeBot', 'Anthropic', T, 'Collects pages to train Anthropic models.', ANTHROPIC, { key: T }),
  bot('Google-Extended', 'Google', T, 'Control token: tells Google whether pages may train Gemini; it never fetches.', GOOGLE_COMMON, { key: T, control: true }),
  bot('CCBot', 'Common Crawl', T, 'Builds the open Common Crawl archive, widely used to train AI models.', 'https://commoncrawl.org/ccbot', { key: T }),
  bot('Applebot-Extended', 'Apple', T, 'Control token: tells Apple whether pages may train its foundation models; it never fetches.', APPLE, { control: true }),
  bot('meta-externalagent', 'Meta', T, 'Collects pages to train Meta AI models and improve its products.', META),
  bot('FacebookBot', 'Meta', T, 'Collects pages to train Meta speech and language models.', AIRT),
  bot('Bytespider', 'ByteDance', T, 'Collects pages to train ByteDance language models.', AIRT),
  bot('TikTokSpider', 'ByteDance', T, 'Collects pages to train ByteDance language models.', AIRT),
  bot('Amazonbot', 'Amazon', T, 'Collects pages to improve Amazon services, including Alexa answers and model training.', AMAZON),
  bot('cohere-training-data-crawler', 'Cohere', T, 'Collects pages to train Cohere language models.', AIRT),
  bot('MistralAI-Training', 'Mistral AI', T, 'Collects pages to train Mistral models.', MISTRAL),
  bot('KimiBot', 'Moonshot AI', T, 'Collects pages to train the Kimi models.', MOONSHOT),
  bot('AI2Bot', 'Ai2', T, 'Collects pages to train open language models.', 'https://allenai.org/crawler'),
  bot('Ai2Bot-Dolma', 'Ai2', T, 'Collects pages for the Dolma open training data set.', 'https://allenai.org/crawler'),
  bot('DeepSeekBot', 'DeepSeek', T, 'Collects pages to train DeepSeek language models.', AIRT),
  bot('PanguBot', 'Huawei', T, 'Collects pages to train Huawei PanGu models.', AIRT),
  bot('Timpibot', 'Timpi', T, 'Collects pages offered as training data for AI models.', AIRT),
  bot('ImagesiftBot', 'ImageSift', T, 'Collects images and text for web intelligence products and model training.', AIRT),
  bot('img2dataset', 'img2dataset (open source)', T, 'Downloads large image sets for training data sets.', AIRT),
  bot('omgili', 'Webz.io', T, 'Collects pages for data feeds sold, among others, for AI training.', AIRT),
  bot('omgilibot', 'Webz.io', T, 'Legacy Webz.io crawler for data feeds sold, among others, for AI training.', AIRT),
  bot('Webzio-Extended', 'Webz.io', T, 'Control token: tells Webz.io whether its data may be used for AI training.', AIRT, { control: true }),
  bot('anthropic-ai', 'Anthropic', T, 'Former Anthropic token, no longer used: blocking it blocks nothing.', ANTHROPIC, { obsolete: true }),
  bot('Diffbot', 'Diffbot', T, 'Extracts structured data from pages for its knowledge graph and AI products.', AIRT),
  bot('Cotoyogi', 'ROIS', T, 'Collects Japanese-language pages to train AI models.', AIRT),
  bot('ICC-Crawler', 'NICT', T, 'Collects pages for artificial intelligence research and training.', AIRT),
  bot('LAIONDownloader', 'LAION', T, 'Downloads content for open machine-learning data sets.', AIRT),
  bot('laion-huggingface-processor', 'LAION', T, 'Processes content for open machine-learning data sets.', AIRT),
  bot('Kangaroo Bot', 'Kangaroo LLM', T, 'Collects pages to train Australian language models.', AIRT),
  bot('Brightbot 1.0', 'Bright Data', T, 'Collects pages to train language models for customer support.', AIRT),
  bot('FriendlyCrawler', 'unknown', T, 'Collects pages for machine-learning data sets.', AIRT),
  bot('Factset_spyderbot', 'FactSet', T, 'Collects pages to train AI models.', AIRT),
  bot('ISSCyberRiskCrawler', 'ISS Corporate', T, 'Collects pages to train cyber-risk models.', AIRT),
  bot('VelenPublicWebCrawler', 'Velen', T, 'Collects pages for business data sets and machine-learning models.', AIRT),
  bot('Sidetrade indexer bot', 'Sidetrade', T, 'Extracts data for uses that include training AI.', AIRT),
  bot('SBIntuitionsBot', 'SB Intuitions', T, 'Collects pages for AI development.', AIRT),
  bot('aiHitBot', 'aiHit', T, 'Collects company data for machine-learning systems.', AIRT),
  bot('Linguee Bot', 'Linguee', T, 'Collects texts to train AI translation.', AIRT),

  // ---- search: index pages to show them in AI search answers
  bot('OAI-SearchBot', 'OpenAI', S, 'Indexes pages to show and link them in ChatGPT search.', OPENAI, { key: S }),
  bot('Claude-SearchBot', 'Anthropic', S, 'Indexes pages to improve Claude search results.', ANTHROPIC, { key: S }),
  bot('PerplexityBot', 'Perplexity', S, 'Indexes pages to show and link them in Perplexity answers.', PERPLEXITY, { key: S }),
  bot('Amzn-SearchBot', 'Amazon', S, 'Indexes pages for Amazon AI search experiences.', AMAZON),
  bot('meta-webindexer', 'Meta', S, 'Indexes pages to improve Meta AI search answers.', META),
  bot('Kimi-SearchBot', 'Moonshot AI', S, 'Indexes pages for Kimi search answers.', MOONSHOT),
  bot('MistralAI-Index', 'Mistral AI', S, 'Indexes pages for Le Chat search answers.', MISTRAL),
  bot('YouBot', 'You.com', S, 'Indexes pages for the You.com AI search engine.', AIRT),
  bot('AzureAI-SearchBot', 'Microsoft', S, 'Indexes pages for Azure AI search.', AIRT),
  bot('Andibot', 'Andi', S, 'Indexes pages for the Andi AI search assistant.', AIRT),
  bot('Anomura', 'Direqt', S, 'Indexes pages for Direqt AI search.', AIRT),
  bot('AddSearchBot', 'AddSearch', S, 'Indexes pages for AddSearch AI site search.', AIRT),
  bot('ExaBot', 'Exa', S, 'Indexes pages for the Exa AI search engine.', AIRT),
  bot('LinkupBot', 'Linkup', S, 'Indexes pages for the Linkup AI search API.', AIRT),
  bot('TavilyBot', 'Tavily', S, 'Indexes pages for the Tavily AI search API.', AIRT),
  bot('Cloudflare-AutoRAG', 'Cloudflare', S, 'Indexes pages for Cloudflare AutoRAG search.', AIRT),
  bot('amazon-kendra', 'Amazon', S, 'Indexes pages for Amazon Kendra AI search.', AIRT),
  bot('PetalBot', 'Huawei', S, 'Indexes pages for Petal search and Huawei AI assistant answers.', AIRT),
  bot('atlassian-bot', 'Atlassian', S, 'Indexes pages for Atlassian AI search and assistants.', AIRT),

  // ---- inference: fetches made while answering a user
  bot('ChatGPT-User', 'OpenAI', I, 'Reads a page when a ChatGPT user asks about it.', OPENAI, { key: I }),
  bot('Claude-User', 'Anthropic', I, 'Reads a page when a Claude user asks about it.', ANTHROPIC, { key: I }),
  bot('Perplexity-User', 'Perplexity', I, 'Reads a page when a Perplexity user asks about it.', PERPLEXITY, { key: I }),
  bot('MistralAI-User', 'Mistral AI', I, 'Reads a page when a Le Chat user asks about it.', MISTRAL),
  bot('meta-externalfetcher', 'Meta', I, 'Reads a link when a Meta AI user asks about it.', META),
  bot('DuckAssistBot', 'DuckDuckGo', I, 'Reads pages to write DuckAssist answers.', 'https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot'),
  bot('Kimi-User', 'Moonshot AI', I, 'Reads a page when a Kimi user asks about it.', AIRT),
  bot('cohere-ai', 'Cohere', I, 'Reads pages to answer prompts of Cohere users.', AIRT),
  bot('Amzn-User', 'Amazon', I, 'Reads pages to answer questions of Alexa and other Amazon AI users.', AMAZON),
  bot('Diffbot-User', 'Diffbot', I, 'Reads a page when a Diffbot user asks about it.', 'https://docs.diffbot.com'),
  bot('Google-NotebookLM', 'Google', I, 'Reads a page a NotebookLM user added as a source.', GOOGLE_USER),
  bot('Gemini-Deep-Research', 'Google', I, 'Reads pages for a Gemini Deep Research report.', AIRT),
  bot('GoogleAgent-URLContext', 'Google', I, 'Reads a page for a Gemini API user who passed its address.', AIRT),
  bot('YandexAdditional', 'Yandex', I, 'Reads pages for YandexGPT quick answers.', AIRT),
  bot('YandexAdditionalBot', 'Yandex', I, 'Reads pages for YandexGPT quick answers.', AIRT),
  bot('PhindBot', 'Phind', I, 'Reads pages to answer Phind users.', AIRT),
  bot('TongyiBot', 'Alibaba', I, 'Reads pages for Tongyi Qianwen answers.', AIRT),
  bot('YiyanBot', 'Baidu', I, 'Reads pages for ERNIE (Yiyan) answers.', AIRT),
  bot('kagi-fetcher', 'Kagi', I, 'Reads pages to answer Kagi Assistant users.', AIRT),
  bot('LinerBot', 'Liner', I, 'Reads pages for the Liner AI assistant.', AIRT),
  bot('iaskspider', 'iAsk', I, 'Reads pages to answer iAsk users.', AIRT),
  bot('bedrockbot', 'Amazon', I, 'Reads pages chosen for a user\u2019s AWS Bedrock application.', AIRT),
  bot('Claude-Web', 'Anthropic', I, 'Former Anthropic token, no longer used: blocking it blocks nothing.', ANTHROPIC, { obsolete: true }),

  // ---- agent: autonomous browsing on a user's behalf (counts as inference / browsing)
  bot('ChatGPT Agent', 'OpenAI', A, 'Browses and acts on websites for a ChatGPT user.', OPENAI),
  bot('Operator', 'OpenAI', A, 'Browses and acts on websites for an OpenAI Operator user.', AIRT),
  bot('Google-Agent', 'Google', A, 'Browses and acts on websites for agents hosted by Google.', GOOGLE_USER),
  bot('GoogleAgent-Mariner', 'Google', A, 'Browses and acts on websites for Project Mariner users.', AIRT),
  bot('NovaAct', 'Amazon', A, 'Browses and acts on websites for Amazon Nova Act users.', AIRT),
  bot('Manus-User', 'Butterfly Effect', A, 'Browses and acts on websites for Manus users.', AIRT),
  bot('AmazonBuyForMe', 'Amazon', A, 'Visits shops to buy products for Amazon users.', AIRT),
  bot('TwinAgent', 'Twin', A, 'Automates web applications for Twin users.', AIRT),

  // ---- other: known bots that are not an AI use case (previews, archives, generic R&D)
  bot('facebookexternalhit', 'Meta', 'other', 'Fetches link previews when a page is shared on Meta apps.', META, { is_ai_bot: false }),
  bot('GoogleOther', 'Google', 'other', 'Google\u2019s generic fetcher for research and one-off crawls.', GOOGLE_COMMON, { is_ai_bot: false }),
  bot('archive.org_bot', 'Internet Archive', 'other', 'Archives pages for the Wayback Machine.', 'https://archive.org/details/archive.org_bot', { is_ai_bot: false }),

  // ---- search engines: known, not AI bots
  bot('Googlebot', 'Google', S, 'Indexes pages for Google Search.', 'https://developers.google.com/search/docs/crawling-indexing/googlebot', { is_ai_bot: false }),
  bot('bingbot', 'Microsoft', S, 'Indexes pages for Bing search.', 'https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0', { is_ai_bot: false }),
  bot('Applebot', 'Apple', S, 'Indexes pages for Siri and Spotlight suggestions.', APPLE, { is_ai_bot: false }),
  bot('DuckDuckBot', 'DuckDuckGo', S, 'Indexes pages for DuckDuckGo search.', 'https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot', { is_ai_bot: false }),
  bot('YandexBot', 'Yandex', S, 'Indexes pages for Yandex search.', 'https://yandex.com/support/webmaster/robot-workings/check-yandex-robots.html', { is_ai_bot: false }),
  bot('Baiduspider', 'Baidu', S, 'Indexes pages for Baidu search.', 'https://www.baidu.com/search/robots_english.html', { is_ai_bot: false }),
];

const BY_TOKEN: ReadonlyMap<string, Bot> = new Map(BOTS.map((b) => [b.token.toLowerCase(), b]));

/** The catalogue entry for a robots.txt token, compared case-insensitively (RFC 9309 2.2.1). */
export function botByToken(token: string): Bot | undefined {
  return BY_TOKEN.get(token.trim().toLowerCase());
}

/** Catalogue entries that are AI bots (is_ai_bot), in catalogue order. */
export const AI_BOTS: readonly Bot[] = BOTS.filter((b) => b.is_ai_bot);

/** Key bots per use case, classification.md section 3 table. */
export const KEY_BOTS: Readonly<Record<UseCase, readonly string[]>> = {
  training: ['GPTBot', 'ClaudeBot', 'Google-Extended', 'CCBot'],
  search: ['OAI-SearchBot', 'Claude-SearchBot', 'PerplexityBot'],
  inference: ['ChatGPT-User', 'Claude-User', 'Perplexity-User'],
};

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

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../../shared/bot-catalogue.js';
import {
  AI_BOTS,
  BOTS,
  KEY_BOTS,
  botByToken,
  botsForUseCase,
  isMalformedAgent,
  looksLikeAiBot,
  useCaseOf,
} from '../../../shared/bots.js';
import { agentToken } from '../../../shared/robots/parse.js';
import { BOT_PURPOSES, USE_CASES } from '../../../shared/values.js';
import { refresh, render } from '../../tools/refresh-bot-catalogue.js';

const AIRT_LIST = JSON.parse(readFileSync('../shared/corpora/ai-robots-txt/robots.json', 'utf8')) as Record<
  string,
  { operator: string; function: string; description: string }
>;

/** Every token docs/policy.md section 3 names, with the purpose it states. */
const SPEC: Record<string, string> = {
  GPTBot: 'training',
  ClaudeBot: 'training',
  'Google-Extended': 'training',
  CCBot: 'training',
  'OAI-SearchBot': 'search',
  'Claude-SearchBot': 'search',
  PerplexityBot: 'search',
  'ChatGPT-User': 'inference',
  'Claude-User': 'inference',
  'Perplexity-User': 'inference',
  'Applebot-Extended': 'training',
  'meta-externalagent': 'training',
  FacebookBot: 'training',
  Bytespider: 'training',
  Amazonbot: 'training',
  'cohere-training-data-crawler': 'training',
  'MistralAI-Training': 'training',
  KimiBot: 'training',
  AI2Bot: 'training',
  'Ai2Bot-Dolma': 'training',
  DeepSeekBot: 'training',
  PanguBot: 'training',
  TikTokSpider: 'training',
  Timpibot: 'training',
  ImagesiftBot: 'training',
  img2dataset: 'training',
  omgili: 'training',
  omgilibot: 'training',
  'anthropic-ai': 'training',
  'Amzn-SearchBot': 'search',
  'meta-webindexer': 'search',
  'Kimi-SearchBot': 'search',
  'MistralAI-Index': 'search',
  YouBot: 'search',
  'AzureAI-SearchBot': 'search',
  'MistralAI-User': 'inference',
  'meta-externalfetcher': 'inference',
  DuckAssistBot: 'inference',
  'Kimi-User': 'inference',
  'cohere-ai': 'inference',
  'Amzn-User': 'inference',
  'Diffbot-User': 'inference',
  'Google-NotebookLM': 'inference',
  'Gemini-Deep-Research': 'inference',
  YandexAdditional: 'inference',
  'Claude-Web': 'inference',
  'ChatGPT Agent': 'agent',
  Operator: 'agent',
  'Google-Agent': 'agent',
  'GoogleAgent-Mariner': 'agent',
  NovaAct: 'agent',
  'Manus-User': 'agent',
};
// docs/policy.md section 10: PetalBot (Huawei) and Exabot (Exalead) are general search engines too.
const ENGINES = [
  'Googlebot',
  'bingbot',
  'Applebot',
  'DuckDuckBot',
  'YandexBot',
  'Baiduspider',
  'PetalBot',
  'Exabot',
  'Bravebot',
];

describe('bot catalogue', () => {
  it('has at least 60 AI bots', () => {
    expect(AI_BOTS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(Object.entries(SPEC))('%s is catalogued with purpose %s', (token, purpose) => {
    const b = botByToken(token);
    expect(b?.token).toBe(token);
    expect(b?.purpose).toBe(purpose);
    expect(b?.is_ai_bot).toBe(true);
  });

  it.each(ENGINES)('search engine %s is known and not an AI bot', (token) => {
    expect(botByToken(token)?.is_ai_bot).toBe(false);
  });

  it('marks control and obsolete tokens as the spec says', () => {
    expect(botByToken('Google-Extended')?.control).toBe(true);
    expect(botByToken('Applebot-Extended')?.control).toBe(true);
    expect(botByToken('anthropic-ai')?.obsolete).toBe(true);
    expect(botByToken('Claude-Web')?.obsolete).toBe(true);
    expect(
      BOTS.filter((b) => b.obsolete)
        .map((b) => b.token)
        .sort(),
    ).toEqual(['Claude-Web', 'anthropic-ai']);
  });

  it('KEY_BOTS is the section 3 table, read from the entries (key bots are stored once)', () => {
    expect(KEY_BOTS).toEqual({
      training: ['GPTBot', 'ClaudeBot', 'Google-Extended', 'CCBot'],
      search: ['OAI-SearchBot', 'Claude-SearchBot', 'PerplexityBot'],
      inference: ['ChatGPT-User', 'Claude-User', 'Perplexity-User'],
    });
    for (const u of USE_CASES) {
      expect(BOTS.filter((b) => b.key === u).map((b) => b.token)).toEqual(KEY_BOTS[u]);
      for (const t of KEY_BOTS[u]) expect(useCaseOf(botByToken(t)!.purpose)).toBe(u);
    }
  });

  it('looks tokens up case-insensitively, and tokens are unique ignoring case', () => {
    expect(botByToken('gptbot')?.token).toBe('GPTBot');
    expect(botByToken(' CHATGPT AGENT ')?.token).toBe('ChatGPT Agent');
    expect(botByToken('NoSuchBot')).toBeUndefined();
    expect(new Set(BOTS.map((b) => b.token.toLowerCase())).size).toBe(BOTS.length);
  });

  it('every entry is complete: operator, one-sentence description, http(s) source, valid purpose', () => {
    for (const b of BOTS) {
      expect(b.operator.length, b.token).toBeGreaterThan(0);
      // Words for people: never an operator called "unknown".
      expect(b.operator, b.token).not.toMatch(/unknown|unclear/i);
      expect(b.description, b.token).toMatch(/^[A-Z].*\.$/);
      expect(b.source, b.token).toMatch(/^https:\/\/[^\s]+$/);
      expect(BOT_PURPOSES).toContain(b.purpose);
    }
  });

  it('agents count as inference; obsolete and non-AI bots never decide a use case', () => {
    expect(useCaseOf('agent')).toBe('inference');
    expect(useCaseOf('other')).toBeNull();
    const inference = botsForUseCase('inference').map((b) => b.token);
    expect(inference).toContain('ChatGPT Agent');
    expect(inference).not.toContain('Claude-Web');
    expect(botsForUseCase('search').map((b) => b.token)).not.toContain('Googlebot');
    expect(botsForUseCase('training').map((b) => b.token)).not.toContain('anthropic-ai');
  });

  it('knows every token of the ai.robots.txt list (166), each with a purpose; no entry awaits review', () => {
    const tokens = Object.keys(AIRT_LIST);
    expect(tokens).toHaveLength(166);
    // robots.txt compares the token cut at `/` (`MistralAI-User/1.0` names MistralAI-User).
    const unknown = tokens.filter((t) => botByToken(agentToken(t)) === undefined);
    expect(unknown).toEqual([]);
    for (const t of tokens) expect(BOT_PURPOSES, t).toContain(botByToken(agentToken(t))!.purpose);
    expect(CATALOGUE.filter((e) => e.review).map((e) => e.token)).toEqual([]);
  });

  it('counts the general search engines and previews of the list as known non-AI bots, the rest as AI bots', () => {
    const nonAi = Object.keys(AIRT_LIST)
      .map((t) => botByToken(agentToken(t))!)
      .filter((b) => !b.is_ai_bot)
      .map((b) => b.token);
    expect(nonAi.sort()).toEqual([
      'Applebot',
      'Bravebot',
      'Exabot',
      'GoogleOther',
      'GoogleOther-Image',
      'GoogleOther-Video',
      'PetalBot',
      'facebookexternalhit',
    ]);
  });
});

describe('refresh script (test/tools/refresh-bot-catalogue.ts)', () => {
  it('keeps the catalogue as it is for the list it was made from', () => {
    const r = refresh(CATALOGUE, AIRT_LIST);
    expect(r.added).toEqual([]);
    expect(r.gone).toEqual([]);
    expect(r.entries).toEqual(CATALOGUE);
  });

  it('adds the tokens of a newer list for review, keeping our entries and reporting dropped ones', () => {
    const newer = { ...AIRT_LIST };
    delete newer['Timpibot'];
    newer['NewSearchBot/2.0'] = {
      operator: '[Example AI](https://example.test)',
      function: 'AI Search Crawlers',
      description: 'Indexes pages for an AI search engine. More info can be found at https://knownagents.com/x',
    };
    newer['MysteryBot'] = {
      operator: 'Unclear at this time.',
      function: 'AI Assistants',
      description: 'Description unavailable from knownagents.com',
    };
    newer['GPTBot'] = { operator: 'Someone else', function: 'AI Agents', description: 'Changed upstream.' };
    const r = refresh(CATALOGUE, newer);
    expect(r.added).toEqual([
      {
        token: 'NewSearchBot',
        operator: 'Example AI',
        purpose: 'search',
        description: 'Indexes pages for an AI search engine.',
        source: 'https://github.com/ai-robots-txt/ai.robots.txt',
        review: true,
      },
      {
        token: 'MysteryBot',
        operator: 'Operator not published',
        purpose: 'inference',
        description: 'Listed by ai.robots.txt as MysteryBot; its use is not documented.',
        source: 'https://github.com/ai-robots-txt/ai.robots.txt',
        review: true,
      },
    ]);
    expect(r.gone).toEqual(['Timpibot']);
    expect(r.entries.find((e) => e.token === 'GPTBot')).toEqual(CATALOGUE.find((e) => e.token === 'GPTBot'));
    expect(r.entries.find((e) => e.token === 'Timpibot')).toBeDefined();
  });

  it('wrote shared/bot-catalogue.ts in its own format (one entry per line, defaults left out)', () => {
    expect(readFileSync('shared/bot-catalogue.ts', 'utf8')).toBe(render(CATALOGUE));
  });
});

describe('bots that decide no use (section 11)', () => {
  it.each([
    'Scrapy',
    'SemrushBot-SWA',
    'YaK',
    'Awario',
    'Datenbank Crawler',
    'WARDBot',
    'Spider',
    'imageSpider',
    'KunatoCrawler',
    'pplx-crawler',
  ])('%s is an AI-listed bot of purpose other: reported, deciding no use case', (t) => {
    const b = botByToken(t)!;
    expect(b).toMatchObject({ purpose: 'other', is_ai_bot: true });
    for (const u of USE_CASES) expect(botsForUseCase(u)).not.toContain(b);
  });
});

describe('malformed user-agent values (no product token)', () => {
  it.each([
    'compatible; "claudebot',
    'bytespider | byte spider | bytedance | bytedance',
    'omgilibot disallow:',
    'activ financial (cme group)',
    'sentibot admin@senti1.com',
  ])('%s is malformed and looks like no AI bot', (t) => {
    expect(isMalformedAgent(t)).toBe(true);
    expect(looksLikeAiBot(t)).toBe(false);
  });
  it.each([
    '*',
    'gptbot',
    'chatgpt agent',
    'brightbot 1.0',
    'archive.org_bot',
    'perplexity\u2011user',
    'amazon-kendra-',
  ])('%s is not malformed', (t) => {
    expect(isMalformedAgent(t)).toBe(false);
  });
});

describe('AI-looking tokens the catalogue does not know (section 10)', () => {
  it.each([
    'gemini-deepresearch',
    'ChatGPT-Agent',
    'chatgpt operator',
    'perplexity-ai',
    'grok-crawler',
    'grok',
    'sider.ai',
    'theknowledgeai',
    'CotoyogiBot',
    'liner bot',
    'gpt-bot',
    'oai-operator',
    'digitaloceangenaicrawler',
  ])('%s looks like an AI bot', (t) => {
    expect(looksLikeAiBot(t)).toBe(true);
  });
  it.each([
    'twitterbot',
    'ahrefsbot',
    'magpie-crawler',
    'ia_archiver',
    'mediapartners-google',
    'semrushbot',
    'wget',
    'msnbot',
    'GPTBot',
    '*',
    '',
    'mail.ru_bot',
    'bingpreview',
  ])('%s does not', (t) => {
    expect(looksLikeAiBot(t)).toBe(false);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AI_BOTS, BOTS, KEY_BOTS, botByToken, botsForUseCase, useCaseOf } from '../../../shared/bots.js';
import { BOT_PURPOSES, USE_CASES } from '../../../shared/values.js';

/** Every token classification.md section 3 names, with the purpose it states. */
const SPEC: Record<string, string> = {
  GPTBot: 'training', ClaudeBot: 'training', 'Google-Extended': 'training', CCBot: 'training',
  'OAI-SearchBot': 'search', 'Claude-SearchBot': 'search', PerplexityBot: 'search',
  'ChatGPT-User': 'inference', 'Claude-User': 'inference', 'Perplexity-User': 'inference',
  'Applebot-Extended': 'training', 'meta-externalagent': 'training', FacebookBot: 'training', Bytespider: 'training',
  Amazonbot: 'training', 'cohere-training-data-crawler': 'training', 'MistralAI-Training': 'training', KimiBot: 'training',
  AI2Bot: 'training', 'Ai2Bot-Dolma': 'training', DeepSeekBot: 'training', PanguBot: 'training', TikTokSpider: 'training',
  Timpibot: 'training', ImagesiftBot: 'training', img2dataset: 'training', omgili: 'training', omgilibot: 'training',
  'anthropic-ai': 'training',
  'Amzn-SearchBot': 'search', 'meta-webindexer': 'search', 'Kimi-SearchBot': 'search', 'MistralAI-Index': 'search',
  YouBot: 'search', 'AzureAI-SearchBot': 'search',
  'MistralAI-User': 'inference', 'meta-externalfetcher': 'inference', DuckAssistBot: 'inference', 'Kimi-User': 'inference',
  'cohere-ai': 'inference', 'Amzn-User': 'inference', 'Diffbot-User': 'inference', 'Google-NotebookLM': 'inference',
  'Gemini-Deep-Research': 'inference', YandexAdditional: 'inference', 'Claude-Web': 'inference',
  'ChatGPT Agent': 'agent', Operator: 'agent', 'Google-Agent': 'agent', 'GoogleAgent-Mariner': 'agent', NovaAct: 'agent',
  'Manus-User': 'agent',
};
const ENGINES = ['Googlebot', 'bingbot', 'Applebot', 'DuckDuckBot', 'YandexBot', 'Baiduspider'];

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
    expect(BOTS.filter((b) => b.obsolete).map((b) => b.token).sort()).toEqual(['Claude-Web', 'anthropic-ai']);
  });

  it('KEY_BOTS is the section 3 table, and key flags agree with it', () => {
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

  it('names the operators ai.robots.txt names for the tokens both list', () => {
    const airt = JSON.parse(readFileSync('../shared/corpora/ai-robots-txt/robots.json', 'utf8')) as Record<string, unknown>;
    const airtLower = new Set(Object.keys(airt).map((k) => k.toLowerCase()));
    const shared = AI_BOTS.filter((b) => airtLower.has(b.token.toLowerCase()));
    // Most of the catalogue comes from that list; the rest are documented by operators (Mistral, Kimi, Diffbot).
    expect(shared.length).toBeGreaterThanOrEqual(AI_BOTS.length - 8);
  });
});

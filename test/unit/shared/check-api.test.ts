/**
 * POST /v1/check's request rules (shared/check-api.ts): every bad body is a 400 whose message
 * names the field or entry; a good one is parsed into the question, the URLs and their domains.
 */
import { describe, expect, it } from 'vitest';
import { CHECK_MAX_URLS, CHECK_URL_MAX, checkCheckBody } from '../../../shared/check-api.js';

const bad = (body: unknown) => {
  const r = checkCheckBody(body);
  if (r.ok) throw new Error('accepted');
  return [r.code, r.message];
};

describe('checkCheckBody', () => {
  it('parses bot, use and URLs; each domain once, in first-seen order', () => {
    const r = checkCheckBody({
      bot: 'gptbot',
      use: 'search',
      urls: ['https://News.Example.com/a/../b?x=1#f', 'http://example.org/', 'https://news.example.com/c'],
    });
    expect(r.ok && r.value).toEqual({
      bot: 'GPTBot',
      use: 'search',
      question: { token: 'gptbot', use: 'search' },
      urls: [
        { url: 'https://News.Example.com/a/../b?x=1#f', domain: 'news.example.com', path: '/b?x=1', otherPort: false },
        { url: 'http://example.org/', domain: 'example.org', path: '/', otherPort: false },
        { url: 'https://news.example.com/c', domain: 'news.example.com', path: '/c', otherPort: false },
      ],
      domains: ['news.example.com', 'example.org'],
    });
  });

  it('a bot without a use is judged for its own purpose (agents count as inference); * alone asks robots.txt only', () => {
    const use = (q: object) => {
      const r = checkCheckBody({ ...q, urls: ['https://example.com/'] });
      return r.ok ? [r.value.bot, r.value.use, r.value.question] : r.message;
    };
    expect(use({ bot: 'ClaudeBot' })).toEqual(['ClaudeBot', 'training', { token: 'claudebot', use: 'training' }]);
    expect(use({ bot: 'OAI-SearchBot' })).toEqual([
      'OAI-SearchBot',
      'search',
      { token: 'oai-searchbot', use: 'search' },
    ]);
    expect(use({ bot: 'chatgpt agent' })).toEqual([
      'ChatGPT Agent',
      'inference',
      { token: 'chatgpt agent', use: 'inference' },
    ]);
    expect(use({ bot: '*' })).toEqual(['*', null, { token: '*', use: null }]);
    expect(use({ use: 'inference' })).toEqual([null, 'inference', { token: null, use: 'inference' }]);
  });

  it("a port other than the scheme's is kept as such", () => {
    const r = checkCheckBody({ bot: '*', urls: ['https://example.com:8443/x', 'https://example.com:443/y'] });
    expect(r.ok && r.value.urls.map((u) => u.otherPort)).toEqual([true, false]);
  });

  it('names what is wrong', () => {
    expect(bad(null)).toEqual(['invalid_params', expect.stringContaining('Send a JSON object')]);
    expect(bad([])).toEqual(['invalid_params', expect.stringContaining('Send a JSON object')]);
    expect(bad({ urls: ['https://example.com/'] })).toEqual([
      'invalid_params',
      expect.stringMatching(/^Give bot, use or both/),
    ]);
    expect(bad({ bot: 'FooBot', urls: ['https://example.com/'] })).toEqual([
      'invalid_params',
      expect.stringMatching(/^bot: "FooBot" is not an AI bot this service knows/),
    ]);
    expect(bad({ bot: 'Googlebot', urls: ['https://example.com/'] })).toEqual([
      'invalid_params',
      expect.stringMatching(/^bot: Googlebot is not an AI bot/),
    ]);
    expect(bad({ bot: 7, urls: ['https://example.com/'] })).toEqual(['invalid_params', 'bot: expected a string.']);
    expect(bad({ use: 'rag', urls: ['https://example.com/'] })).toEqual([
      'invalid_params',
      'use: expected one of training, search, inference, got "rag".',
    ]);
    expect(bad({ use: 'training' })).toEqual(['invalid_params', expect.stringMatching(/^urls: give 1 to 1000 URLs/)]);
    expect(bad({ use: 'training', urls: [] })).toEqual([
      'invalid_params',
      expect.stringMatching(/^urls: give 1 to 1000/),
    ]);
    expect(bad({ use: 'training', urls: Array(CHECK_MAX_URLS + 1).fill('https://example.com/') })).toEqual([
      'invalid_params',
      expect.stringMatching(/^urls: give 1 to 1000/),
    ]);
    expect(bad({ use: 'training', urls: ['https://example.com/', 5] })).toEqual([
      'invalid_params',
      expect.stringMatching(/^urls\[1\]: expected a URL/),
    ]);
    expect(bad({ use: 'training', urls: ['https://example.com/' + 'a'.repeat(CHECK_URL_MAX)] })).toEqual([
      'invalid_params',
      expect.stringMatching(/^urls\[0\]: expected a URL of at most 2048/),
    ]);
    expect(bad({ use: 'training', urls: ['/relative/path'] })).toEqual([
      'invalid_params',
      'urls[0]: "/relative/path" is not an absolute URL.',
    ]);
    expect(bad({ use: 'training', urls: ['https://a.com/', 'ftp://example.com/x'] })).toEqual([
      'invalid_params',
      'urls[1]: "ftp://example.com/x" is not an http or https URL.',
    ]);
    expect(bad({ use: 'training', urls: ['https://user:pw@example.com/'] })).toEqual([
      'invalid_params',
      'urls[0]: send the URL without a user name or password.',
    ]);
    expect(bad({ use: 'training', urls: ['https://127.0.0.1/x'] })).toEqual([
      'invalid_domain',
      'urls[0]: the host of "https://127.0.0.1/x" is not a valid domain: IP addresses are not domains.',
    ]);
    expect(bad({ use: 'training', urls: ['https://localhost/x'] })).toEqual([
      'invalid_domain',
      expect.stringMatching(
        /^urls\[0\]: the host of "https:\/\/localhost\/x" is not a valid domain: A domain needs at least two labels/,
      ),
    ]);
    expect(bad({ use: 'training', urls: ['https://example.com/'], extra: 1 })).toEqual([
      'invalid_params',
      'extra: unknown field; give bot, use and urls.',
    ]);
  });
});

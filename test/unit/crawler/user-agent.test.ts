/** The crawler's name: a fixed token, an operator's contact checked before it reaches a header. */
import { describe, expect, it } from 'vitest';
import { CRAWLER_TOKEN, DEFAULT_CONTACT, parseContact, userAgentFor } from '../../../proxy/crawler/user-agent.js';
import { agentToken } from '../../../shared/robots/index.js';

describe('userAgentFor', () => {
  it('puts the token first and the contact in a comment', () => {
    expect(userAgentFor('https://ops.example.org/bot')).toBe('AIPolicyLens/1.0 (+https://ops.example.org/bot)');
    expect(userAgentFor()).toBe(`AIPolicyLens/1.0 (+${DEFAULT_CONTACT})`);
  });

  it('is matched by a robots.txt group naming the token, whatever its case', () => {
    expect(agentToken(userAgentFor())).toBe(CRAWLER_TOKEN.toLowerCase());
  });
});

describe('parseContact', () => {
  it.each([
    'https://example.org/crawler',
    'http://example.org',
    'mailto:ops@example.org',
    'HTTPS://EXAMPLE.ORG/a?b=c#d',
  ])('accepts %s', (v) => {
    expect(parseContact(` ${v} `)).toBe(v);
  });

  it.each([
    ['example.org', 'is not a URL'],
    ['ftp://example.org/', 'must be an http(s) URL or a mailto: address'],
    ['https://user:pw@example.org/', 'must not carry a user name or password'],
    ['mailto:nobody', 'is not a mailto: address'],
    ['https://example.org/a b', 'printable ASCII without spaces'],
    ['https://example.org/(x)', 'parentheses'],
    ['https://example.org/\r\nX-Evil: 1', 'printable ASCII'],
    ['https://example.org/é', 'printable ASCII'],
    [`https://example.org/${'a'.repeat(200)}`, 'at most 200 characters'],
  ])('refuses %j: %s', (v, message) => {
    expect(() => parseContact(v)).toThrow(message);
  });
});

import { parse as parseQuery } from 'node:querystring';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { originAllowedBy, tokenCheck } from '../../../proxy/gateway/security.js';
import { parseBatchBody, BATCH_MAX } from '../../../proxy/gateway/routes/batch.js';
import { parseSearch } from '../../../proxy/gateway/routes/search.js';
import { domainFromPath } from '../../../proxy/gateway/routes/context.js';
import { noneMatch } from '../../../proxy/gateway/respond.js';

const withHeaders = (headers: Record<string, string>) => ({ headers }) as IncomingMessage;

describe('originAllowedBy', () => {
  const ext = originAllowedBy([]);
  it.each([
    ['chrome-extension://abcdefghijklmnopabcdefghijklmnop', true],
    ['chrome-extension://abcdefghijklmnopabcdefghijklmnoq', false],
    ['chrome-extension://abcdefghijklmnopabcdefghijklmno', false],
    ['moz-extension://0f3a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b', true],
    ['moz-extension://not-a-uuid', false],
    ['safari-web-extension://0F3A1B2C-3D4E-4F50-8A6B-7C8D9E0F1A2B', true],
    ['https://example.com', false],
    ['null', false],
    ['chrome-extension://abcdefghijklmnopabcdefghijklmnop.evil.com', false],
  ])('%s → %s by default', (origin, ok) => expect(ext(origin)).toBe(ok));

  it('uses exactly ALLOWED_ORIGINS when given', () => {
    const pinned = originAllowedBy(['https://dash.example']);
    expect(pinned('https://dash.example')).toBe(true);
    expect(pinned('chrome-extension://abcdefghijklmnopabcdefghijklmnop')).toBe(false);
  });
});

describe('tokenCheck', () => {
  const ok = tokenCheck('proxy-token-0123456789abcdef');
  it.each([
    [{ authorization: 'Bearer proxy-token-0123456789abcdef' }, true],
    [{ 'x-proxy-token': 'proxy-token-0123456789abcdef' }, true],
    [{ authorization: 'Bearer proxy-token-0123456789abcdefx' }, false],
    [{ authorization: 'Basic proxy-token-0123456789abcdef' }, false],
    [{ authorization: 'Bearer ' }, false],
    [{}, false],
  ])('%o → %s', (headers, expected) => expect(ok(withHeaders(headers))).toBe(expected));
});

describe('request parsing', () => {
  it('normalises, deduplicates and bounds batch bodies', () => {
    expect(parseBatchBody({ domains: ['Example.COM', 'example.com.', 'b.test'] })).toEqual(['example.com', 'b.test']);
    expect(() => parseBatchBody({ domains: [] })).toThrow(/1 to 500/);
    expect(() => parseBatchBody({ domains: Array(BATCH_MAX + 1).fill('a.test') })).toThrow(/1 to 500/);
    expect(() => parseBatchBody({ domains: [42] })).toThrow(/domains/);
    expect(() => parseBatchBody({ domains: ['http://a.test/'] })).toThrow(/http:\/\/a\.test/);
  });

  it('applies the seed search rules', () => {
    // As Express's query parser (node:querystring) gives them; a repeated parameter is an array.
    const search = (q: string) => parseSearch(parseQuery(q));
    expect(search('q=ex')).toEqual({ q: 'ex', limit: 20, offset: 0 });
    expect(search('q=news&stance=selective&limit=100&offset=40')).toEqual({
      q: 'news',
      stance: 'selective',
      limit: 100,
      offset: 40,
    });
    for (const bad of [
      '',
      'q=a',
      'q=ab&limit=101',
      'q=ab&limit=-1',
      'q=ab&offset=x',
      'q=ab&stance=open',
      'q=ab&limit=5&limit=6',
    ]) {
      expect(() => search(bad)).toThrow();
    }
  });

  it('validates domain path parameters (Express has percent-decoded them)', () => {
    expect(domainFromPath('Example.com')).toBe('example.com');
    expect(domainFromPath('bücher.de')).toBe('xn--bcher-kva.de');
    expect(() => domainFromPath('localhost')).toThrow();
    expect(() => domainFromPath('%zz')).toThrow();
  });
});

describe('noneMatch (RFC 9110 section 13.1.2)', () => {
  const tag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['', false],
  ])('If-None-Match %s → %s', (header, expected) => expect(noneMatch(header, tag)).toBe(expected));
});

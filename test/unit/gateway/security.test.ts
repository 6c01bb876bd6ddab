import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, originAllowedBy } from '../../../proxy/gateway/security.js';
import { parseBatchBody, BATCH_MAX } from '../../../proxy/gateway/routes/batch.js';
import { parseSearch } from '../../../proxy/gateway/routes/reads.js';
import { domainFromPath } from '../../../proxy/gateway/routes/context.js';

const req = (peer: string, xff?: string) => ({ socket: { remoteAddress: peer }, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } }) as unknown as IncomingMessage;

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

describe('clientAddress', () => {
  it('uses the peer with no trusted hops, whatever X-Forwarded-For says', () => {
    expect(clientAddress(req('127.0.0.1', '1.2.3.4'), 0)).toBe('127.0.0.1');
  });
  it('believes exactly the trusted hops, right to left', () => {
    expect(clientAddress(req('10.0.0.9', '6.6.6.6, 1.2.3.4'), 1)).toBe('1.2.3.4');
    expect(clientAddress(req('10.0.0.9', '6.6.6.6, 1.2.3.4'), 2)).toBe('6.6.6.6');
    expect(clientAddress(req('10.0.0.9', '1.2.3.4'), 3)).toBe('1.2.3.4');
    expect(clientAddress(req('10.0.0.9'), 1)).toBe('10.0.0.9');
  });
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
    expect(parseSearch('q=ex')).toEqual({ q: 'ex', limit: 20, offset: 0 });
    expect(parseSearch('q=news&stance=selective&limit=100&offset=40')).toEqual({ q: 'news', stance: 'selective', limit: 100, offset: 40 });
    for (const bad of ['', 'q=a', 'q=ab&limit=101', 'q=ab&limit=-1', 'q=ab&offset=x', 'q=ab&stance=open']) {
      expect(() => parseSearch(bad)).toThrow();
    }
  });

  it('decodes and validates domain path segments', () => {
    expect(domainFromPath('Example.com')).toBe('example.com');
    expect(domainFromPath('b%C3%BCcher.de')).toBe('xn--bcher-kva.de');
    expect(() => domainFromPath('localhost')).toThrow();
    expect(() => domainFromPath('%zz')).toThrow();
  });
});

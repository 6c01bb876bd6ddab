import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { rateLimit } from 'express-rate-limit';
import { strictTransportSecurity as hsts } from 'helmet';
import { describe, expect, it } from 'vitest';
import { addHeaders, ensureAppend, GatewayResponse } from '../../../proxy/gateway/http.js';
import {
  clientAddress,
  draft8Headers,
  forwardedHttps,
  helmetMiddleware,
  HSTS_HEADER,
  originAllowedBy,
  SECURITY_HEADERS,
  type RateLimitInfo,
} from '../../../proxy/gateway/security.js';
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

describe('precomputed security headers', () => {
  const fresh = () => {
    const req = new IncomingMessage(new Socket());
    req.url = '/v1/domain/a.test';
    return { req, res: new ServerResponse(req) };
  };

  it('SECURITY_HEADERS is exactly what helmet sets on a real response', () => {
    const { req, res } = fresh();
    helmetMiddleware()(req, res, () => {});
    const fromHelmet = res.getHeaders();
    const list: Record<string, string> = {};
    for (let i = 0; i < SECURITY_HEADERS.length; i += 2) list[SECURITY_HEADERS[i]!.toLowerCase()] = SECURITY_HEADERS[i + 1]!;
    expect(list).toEqual(fromHelmet);
    expect(Object.keys(list)).toEqual(expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'cross-origin-resource-policy']));
    expect(Object.keys(list)).not.toContain('strict-transport-security');
    expect(Object.isFrozen(SECURITY_HEADERS)).toBe(true);
  });

  it("HSTS_HEADER is helmet's Strict-Transport-Security, sent only when a trusted proxy says https", () => {
    const { req, res } = fresh();
    hsts()(req, res, () => {});
    expect(HSTS_HEADER).toEqual(['Strict-Transport-Security', res.getHeader('strict-transport-security')]);
    expect(HSTS_HEADER[1]).toBe('max-age=31536000; includeSubDomains');
    const forwarded = (proto?: string) => {
      const r = fresh().req;
      if (proto !== undefined) r.headers['x-forwarded-proto'] = proto;
      return r;
    };
    expect(forwardedHttps(forwarded('https'), 1)).toBe(true);
    expect(forwardedHttps(forwarded(' HTTPS , http'), 1)).toBe(true);
    expect(forwardedHttps(forwarded('http, https'), 2)).toBe(false);
    expect(forwardedHttps(forwarded('https'), 0)).toBe(false);
    expect(forwardedHttps(forwarded(), 1)).toBe(false);
  });

  it('draft-8 RateLimit headers are byte for byte those express-rate-limit writes', async () => {
    const limiter = rateLimit({ windowMs: 60_000, limit: 7, standardHeaders: 'draft-8', legacyHeaders: false, identifier: '7-in-1min', validate: false, keyGenerator: () => '203.0.113.9' });
    const { req, res } = fresh();
    ensureAppend(res);
    await new Promise<void>((resolve, reject) => limiter(req as never, res as never, (e?: unknown) => (e ? reject(e) : resolve())));
    const info = (req as unknown as { rateLimit: RateLimitInfo }).rateLimit;
    const ours = draft8Headers('7-in-1min', 60_000)(info);
    expect(ours).toEqual(['RateLimit', res.getHeader('ratelimit'), 'RateLimit-Policy', res.getHeader('ratelimit-policy')]);
    expect(ours[1]).toBe('"7-in-1min"; r=6; t=60');
  });
});

describe('GatewayResponse', () => {
  it('writes deferred headers with the status line, merged with headers set earlier, on every way a response starts', async () => {
    const { createServer } = await import('node:http');
    const server = createServer({ ServerResponse: GatewayResponse }, (request, response) => {
      addHeaders(response, SECURITY_HEADERS);
      response.append('RateLimit', '"x"; r=1; t=2');
      if (request.url === '/set') response.setHeader('Vary', 'Origin');
      if (request.url === '/flat') response.writeHead(201, ['X-Flat', '1']);
      else if (request.url === '/object') response.writeHead(202, { 'X-Object': '1' });
      response.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      for (const [path, status, extra] of [['/implicit', 200, null], ['/set', 200, 'vary'], ['/flat', 201, 'x-flat'], ['/object', 202, 'x-object']] as const) {
        const r = await fetch(base + path);
        expect(r.status).toBe(status);
        expect(r.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
        expect(r.headers.get('ratelimit')).toBe('"x"; r=1; t=2');
        if (extra) expect(r.headers.get(extra)).not.toBeNull();
        await r.text();
      }
    } finally {
      server.close();
    }
  });
});

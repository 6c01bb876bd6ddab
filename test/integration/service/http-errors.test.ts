/**
 * Bad input of every kind gets the seed's error object with a 4xx, never a 500 or a stack
 * trace; the API key never appears in a response.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorObjectSchema } from '../../../shared/schemas.js';
import { startHarness, type Harness } from './harness.js';

describe('bad input through the HTTP surface', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await startHarness();
    key = await h.key();
  });
  afterAll(() => h.close());

  const expectError = async (res: Response, status: number, error: string) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = ErrorObjectSchema.parse(JSON.parse(text));
    expect(body.error).toBe(error);
    expect(text).not.toMatch(/at .*\.(ts|js):\d+|node_modules|Error:/);
    expect(text).not.toContain(key);
    return body;
  };

  it.each([
    'localhost',
    '127.0.0.1',
    '0x7f.1',
    'exa mple.com',
    'example..com',
    '-bad-.com',
    `${'a'.repeat(64)}.com`,
    'http%3A%2F%2Fexample.com',
    'example.com%3A8080',
    '%5B%3A%3A1%5D',
  ])('GET /v1/domain/%s → 400 invalid_domain', async (d) => {
    await expectError(await h.get(`/v1/domain/${d}`, key), 400, 'invalid_domain');
    await expectError(await h.get(`/v1/domain/${d}/full`, key), 400, 'invalid_domain');
  });

  it('an undecodable domain in the path is 400 invalid_domain (seed: a malformed domain)', async () => {
    await expectError(await h.get('/v1/domain/%E0%A4%A', key), 400, 'invalid_domain');
    await expectError(await h.get('/v1/domain/exa%mple.com/full', key), 400, 'invalid_domain');
  });

  it('unknown domains are a normal answer on /full too, and queued', async () => {
    const res = await h.get('/v1/domain/Unknown-Site.test./full', key);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ domain: 'unknown-site.test', found: false, queued: true });
  });

  it.each([
    ['', 'q'],
    ['?q=a', 'q'],
    ['?q=%20a%20', 'q'],
    ['?q=ab&q=cd', 'q'],
    ['?q=ab&stance=open', 'stance'],
    ['?q=ab&limit=0', 'limit'],
    ['?q=ab&limit=101', 'limit'],
    ['?q=ab&limit=1.5', 'limit'],
    ['?q=ab&limit=-1', 'limit'],
    ['?q=ab&limit=ten', 'limit'],
    ['?q=ab&offset=-1', 'offset'],
    ['?q=ab&offset=99999999999', 'offset'],
    [`?q=${'a'.repeat(254)}`, 'q'],
  ])('GET /v1/search%s → 400 invalid_params naming %s', async (qs, field) => {
    const body = await expectError(await h.get(`/v1/search${qs}`, key), 400, 'invalid_params');
    expect(body.message).toContain(field);
  });

  it('search defaults: limit 20, offset 0', async () => {
    expect(await (await h.get('/v1/search?q=zz', key)).json()).toEqual({
      results: [],
      limit: 20,
      offset: 0,
      has_more: false,
    });
  });

  it('search text no name can hold (a NUL) finds nothing: never a 500', async () => {
    const res = await h.get('/v1/search?q=ex%00ample', key);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ results: [], limit: 20, offset: 0, has_more: false });
  });

  it.each([
    [{ domains: ['a.com'] }, 'invalid_params'],
    [{ domains: Array.from({ length: 26 }, (_, i) => `d${i}.com`) }, 'invalid_params'],
    [{ domains: 'a.com,b.com' }, 'invalid_params'],
    [{}, 'invalid_params'],
    [[], 'invalid_params'],
    [{ domains: ['a.com', 'not a domain'] }, 'invalid_domain'],
    [{ domains: ['a.com', 42] }, 'invalid_domain'],
  ])('POST /v1/batch %j → 400 %s', async (body, code) => {
    const err = await expectError(await h.post('/v1/batch', body, key), 400, code);
    if (code === 'invalid_domain') expect(err.message).toMatch(/not a domain|42/);
  });

  it('batch: 25 entries are fine; duplicates count towards the size but are answered once', async () => {
    const res = await h.post('/v1/compare', { domains: Array.from({ length: 25 }, (_, i) => `d${i % 3}.test`) }, key);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ domains: [], not_found: ['d0.test', 'd1.test', 'd2.test'] });
  });

  it('malformed JSON → 400 invalid_params; wrong content type → 415; over 64 KiB → 413', async () => {
    await expectError(await h.post('/v1/batch', '{"domains": [', key), 400, 'invalid_params');
    await expectError(
      await h.post('/v1/batch', 'domains=a.com', key, { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'unsupported_media_type',
    );
    await expectError(
      await h.post('/v1/batch', '{"domains":["a.com","b.com"]}', key, { 'content-type': 'text/plain' }),
      415,
      'unsupported_media_type',
    );
    const huge = JSON.stringify({ domains: ['a.com', 'b.com'], pad: 'x'.repeat(70 * 1024) });
    await expectError(await h.post('/v1/batch', huge, key), 413, 'payload_too_large');
    await expectError(
      await h.post('/v1/auth/signup', huge, undefined, { 'x-forwarded-for': '192.0.2.50' }),
      413,
      'payload_too_large',
    );
    await expectError(
      await h.post('/v1/auth/signup', '{"email":', undefined, { 'x-forwarded-for': '192.0.2.51' }),
      400,
      'invalid_params',
    );
    await expectError(
      await h.post('/v1/batch', '{"domains":["a.com","b.com"]}', key, {
        'content-type': 'application/json; charset=latin1',
      }),
      415,
      'unsupported_media_type',
    );
  });

  it('unknown paths → 404 not_found; wrong methods → 405 with Allow', async () => {
    await expectError(await h.get('/nothing'), 404, 'not_found');
    await expectError(await h.get('/v1/domain/example.com/other', key), 404, 'not_found');
    await expectError(await h.get('/v1/domain/', key), 404, 'not_found');
    const del = await h.post('/v1/domain/example.com', {}, key);
    await expectError(del, 405, 'method_not_allowed');
    expect(del.headers.get('allow')).toBe('GET, HEAD');
    const getBatch = await h.get('/v1/batch', key);
    await expectError(getBatch, 405, 'method_not_allowed');
    expect(getBatch.headers.get('allow')).toBe('POST');
    await expectError(await h.get('/v1/auth/signup'), 405, 'method_not_allowed');
    await expectError(await h.post('/health', {}), 405, 'method_not_allowed');
  });

  it('security headers on every answer; no x-powered-by', async () => {
    const res = await h.get('/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(await res.json()).toMatchObject({ status: 'ok', queue: { workers: 8 } });
  });

  it('Strict-Transport-Security only when the trusted proxy says the client came over TLS', async () => {
    const over = async (proto?: string) => {
      const res = await h.get('/health', undefined, proto ? { 'x-forwarded-proto': proto } : {});
      await res.arrayBuffer();
      return res.headers.get('strict-transport-security');
    };
    expect(await over('https')).toBe('max-age=31536000; includeSubDomains');
    expect(await over('http')).toBeNull();
    expect(await over()).toBeNull();
  });
});

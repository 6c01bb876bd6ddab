/**
 * The security chain on a real gateway (remote mode over the fault upstream): headers, origin
 * and custom-header guards, CORS preflights, the proxy token, per-client rate limits, body
 * caps and the seed's error objects for every refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorObjectSchema } from '../../../shared/schemas.js';
import { startFaultUpstream, type FaultUpstream } from '../../fixtures/fault-upstream.js';
import { CLIENT, EXT_ORIGIN, startTestGateway, type TestGateway } from './helpers.js';
import { json } from '../../helpers/json.js';

const KEY = 'sk-security-test-0123456789abcdef0123';
const TOKEN = 'proxy-token-0123456789abcdef';
let up: FaultUpstream;
let gw: TestGateway;
let locked: TestGateway;

beforeAll(async () => {
  up = await startFaultUpstream({ apiKey: KEY });
  gw = await startTestGateway({ UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: KEY, RATE_LIMIT_PER_MINUTE: '40' });
  locked = await startTestGateway({ UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: KEY, PROXY_TOKEN: TOKEN });
});
afterAll(async () => {
  await gw.close();
  await locked.close();
  await up.close();
});

const raw = (g: TestGateway, path: string, init: RequestInit = {}) => fetch(`${g.url}${path}`, init);

async function expectError(res: Response, status: number, code: string): Promise<string> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = ErrorObjectSchema.parse(await json(res));
  expect(body.error).toBe(code);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  return body.message;
}

describe('gateway security', () => {
  it('sets helmet headers with a CSP for JSON on every answer, errors included', async () => {
    const first = await gw.get('/v1/domain/h.test');
    const etag = first.headers.get('etag')!;
    const answers = [
      first,
      await gw.get('/v1/domain/h.test'),
      await gw.get('/v1/domain/h.test', { 'if-none-match': etag }),
      await gw.post('/v1/batch', { domains: ['h.test', 'h2.test'] }),
      await raw(gw, '/v1/domain/h.test'),
      await gw.get('/nope'),
      await gw.get('/v1/domain/h.test', { origin: 'https://evil.example' }),
      await raw(gw, '/v1/batch', {
        method: 'OPTIONS',
        headers: { origin: EXT_ORIGIN, 'access-control-request-method': 'POST' },
      }),
      await raw(gw, '/healthz'),
      await gw.get('/status'),
      await gw.get('/metrics'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 304, 200, 403, 404, 403, 204, 200, 200, 200]);
    for (const res of answers) {
      // The gateway speaks plain HTTP: RFC 6797 forbids HSTS there (see the proxy test below).
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-powered-by')).toBeNull();
      await res.arrayBuffer();
    }
  });

  it('refuses requests without the custom header, naming it; /healthz needs none', async () => {
    const msg = await expectError(await raw(gw, '/v1/domain/h.test'), 403, 'forbidden');
    expect(msg).toContain('X-AI-Policy-Lens: 1');
    await expectError(await raw(gw, '/status'), 403, 'forbidden');
    await expectError(await raw(gw, '/metrics'), 403, 'forbidden');
    const health = await raw(gw, '/healthz');
    expect(health.status).toBe(200);
    expect(await json(health)).toEqual({ status: 'ok' });
  });

  it('refuses web-page origins with 403 and serves extension origins with CORS', async () => {
    await expectError(await gw.get('/v1/domain/h.test', { origin: 'https://evil.example' }), 403, 'forbidden');
    await expectError(await gw.get('/v1/domain/h.test', { origin: 'null' }), 403, 'forbidden');
    await expectError(
      await gw.get('/v1/domain/h.test', { origin: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' }),
      403,
      'forbidden',
    );
    for (const origin of [EXT_ORIGIN, 'moz-extension://0f3a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b']) {
      const ok = await gw.get('/v1/domain/h.test', { origin });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe(origin);
      expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
      await ok.arrayBuffer();
    }
    const noOrigin = await gw.get('/v1/domain/h.test');
    expect(noOrigin.headers.get('access-control-allow-origin')).toBeNull();
    await noOrigin.arrayBuffer();
  });

  it('answers extension preflights and refuses page preflights', async () => {
    const pre = await raw(gw, '/v1/batch', {
      method: 'OPTIONS',
      headers: {
        origin: EXT_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-ai-policy-lens',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(EXT_ORIGIN);
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-ai-policy-lens');
    const page = await raw(gw, '/v1/batch', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(page.status).toBe(403);
  });

  it('honours ALLOWED_ORIGINS as the exact list', async () => {
    const pinned = await startTestGateway({
      UPSTREAM_BASE_URL: up.url,
      UPSTREAM_API_KEY: KEY,
      ALLOWED_ORIGINS: 'https://dash.example',
    });
    try {
      expect((await pinned.get('/v1/domain/h.test', { origin: 'https://dash.example' })).status).toBe(200);
      await expectError(await pinned.get('/v1/domain/h.test', { origin: EXT_ORIGIN }), 403, 'forbidden');
    } finally {
      await pinned.close();
    }
  });

  it('requires the proxy token when configured, in constant time, and lets it open /status and /metrics', async () => {
    await expectError(await locked.get('/v1/domain/t.test'), 401, 'unauthorized');
    await expectError(
      await locked.get('/v1/domain/t.test', { authorization: `Bearer ${TOKEN}x` }),
      401,
      'unauthorized',
    );
    expect((await locked.get('/v1/domain/t.test', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await locked.get('/v1/domain/t.test', { 'x-proxy-token': TOKEN })).status).toBe(200);
    // RFC 9110 section 11.1: the scheme is case-insensitive.
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      expect((await locked.get('/v1/domain/t.test', { authorization: `${scheme} ${TOKEN}` })).status, scheme).toBe(200);
    }
    // The token alone (no custom header) opens the operations pages, not the API.
    expect((await raw(locked, '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect((await raw(locked, '/status', { headers: { 'x-proxy-token': TOKEN } })).status).toBe(200);
    await expectError(
      await raw(locked, '/v1/domain/t.test', { headers: { 'x-proxy-token': TOKEN } }),
      403,
      'forbidden',
    );
    expect((await raw(locked, '/healthz')).status).toBe(200);
  });

  it('validates input before the cache: bad domains, search parameters, batch bodies', async () => {
    const before = up.requests.length;
    await expectError(await gw.get('/v1/domain/exa_mple.com'), 400, 'invalid_domain');
    await expectError(await gw.get('/v1/domain/127.0.0.1'), 400, 'invalid_domain');
    await expectError(await gw.get('/v1/domain/%E0%A4%A'), 400, 'invalid_domain');
    await expectError(await gw.get('/v1/search?q=a'), 400, 'invalid_params');
    await expectError(await gw.get('/v1/search?q=ab&limit=0'), 400, 'invalid_params');
    await expectError(await gw.get('/v1/search?q=ab&stance=open'), 400, 'invalid_params');
    await expectError(await gw.post('/v1/batch', { domains: [] }), 400, 'invalid_params');
    await expectError(await gw.post('/v1/batch', { nope: 1 }), 400, 'invalid_params');
    await expectError(await gw.post('/v1/batch', '{"domains": ['), 400, 'invalid_params');
    await expectError(await gw.post('/v1/batch', { domains: ['ok.test', 'bad domain'] }), 400, 'invalid_domain');
    await expectError(
      await gw.post('/v1/batch', { domains: Array.from({ length: 501 }, (_, i) => `d${i}.test`) }),
      400,
      'invalid_params',
    );
    await expectError(
      await gw.post('/v1/batch', { domains: ['a.test'] }, { 'content-type': 'text/plain' }),
      415,
      'unsupported_media_type',
    );
    await expectError(await gw.post('/v1/batch', { domains: ['x'.repeat(70_000)] }), 413, 'payload_too_large');
    await expectError(await gw.get('/v1/batch'), 405, 'method_not_allowed');
    await expectError(await gw.post('/v1/domain/a.test', {}), 405, 'method_not_allowed');
    await expectError(await gw.get('/v1/domain/a.test/raw'), 404, 'not_found');
    expect(up.requests.length).toBe(before);
    // IDNs arrive percent-encoded and are looked up in punycode.
    const idn = await gw.get(`/v1/domain/${encodeURIComponent('bücher.test')}`);
    expect((await json(idn)).domain).toBe('xn--bcher-kva.test');
  });

  it('limits each client per minute with draft-8 headers and the seed 429 body', async () => {
    const g = await startTestGateway({ UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: KEY, RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const first = await g.get('/v1/domain/r.test');
      expect(first.headers.get('ratelimit')).toMatch(/r=4/);
      expect(first.headers.get('ratelimit-policy')).toMatch(/q=5; w=60/);
      for (let i = 0; i < 4; i++) await (await g.get('/v1/domain/r.test')).arrayBuffer();
      const over = await g.get('/v1/domain/r.test');
      expect(over.status).toBe(429);
      expect(over.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
      expect(over.headers.get('ratelimit')).toMatch(/r=0/);
      expect(over.headers.get('ratelimit-policy')).toBe(first.headers.get('ratelimit-policy'));
      const body = await json(over);
      expect(body).toMatchObject({ error: 'rate_limit_exceeded', limit_type: 'minute' });
      expect(body.retry_after).toBeGreaterThan(0);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      // Health checks are not counted.
      expect((await raw(g, '/healthz')).status).toBe(200);
    } finally {
      await g.close();
    }
  });

  it("does not count requests refused 403 that any web page can send against the client's budget; a presented token is counted", async () => {
    const g = await startTestGateway({ UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: KEY, RATE_LIMIT_PER_MINUTE: '3' });
    const t = await startTestGateway({
      UPSTREAM_BASE_URL: up.url,
      UPSTREAM_API_KEY: KEY,
      RATE_LIMIT_PER_MINUTE: '3',
      PROXY_TOKEN: TOKEN,
    });
    try {
      // What an <img> or a plain fetch() from a page sends: no custom header, no Origin on GET.
      for (let i = 0; i < 10; i++) await expectError(await raw(g, '/v1/domain/p.test'), 403, 'forbidden');
      const served = await g.get('/v1/domain/p.test');
      expect(served.status).toBe(200);
      expect(served.headers.get('ratelimit')).toMatch(/r=2/);
      // Guessing the token is counted, right or wrong, also on the operations pages.
      const guesses = [];
      for (let i = 0; i < 4; i++)
        guesses.push(
          (await raw(t, '/status', { headers: { authorization: `Bearer wrong-token-${i}-0123456789` } })).status,
        );
      expect(guesses).toEqual([401, 401, 401, 429]);
    } finally {
      await g.close();
      await t.close();
    }
  });

  it('counts clients behind TRUST_PROXY hops by X-Forwarded-For, and ignores it otherwise', async () => {
    const proxied = await startTestGateway({
      UPSTREAM_BASE_URL: up.url,
      UPSTREAM_API_KEY: KEY,
      RATE_LIMIT_PER_MINUTE: '2',
      TRUST_PROXY: '1',
    });
    const direct = await startTestGateway({
      UPSTREAM_BASE_URL: up.url,
      UPSTREAM_API_KEY: KEY,
      RATE_LIMIT_PER_MINUTE: '2',
    });
    try {
      const as = (g: TestGateway, ip: string) =>
        g.get('/v1/domain/x.test', { 'x-forwarded-for': ip }).then((r) => r.status);
      expect([await as(proxied, '10.0.0.1'), await as(proxied, '10.0.0.1'), await as(proxied, '10.0.0.1')]).toEqual([
        200, 200, 429,
      ]);
      expect(await as(proxied, '10.0.0.2')).toBe(200);
      expect([await as(direct, '10.0.0.1'), await as(direct, '10.0.0.2'), await as(direct, '10.0.0.3')]).toEqual([
        200, 200, 429,
      ]);
    } finally {
      await proxied.close();
      await direct.close();
    }
  });

  it("tells the extension's GETs apart by its install id: from loopback or with the token, at most 8 an address", async () => {
    const env = { UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: KEY, RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '1' };
    const open = await startTestGateway(env);
    const tokened = await startTestGateway({ ...env, PROXY_TOKEN: TOKEN });
    const id = (n: number) => ({ 'x-ai-policy-lens-install': `install-id-${String(n).padStart(8, '0')}` });
    const as = (g: TestGateway, headers: Record<string, string> = {}) =>
      g.get('/v1/domain/i.test', headers).then(async (r) => (await r.arrayBuffer(), r.status));
    try {
      // On loopback a program without it spends the address's budget; the extension keeps its own.
      expect([await as(open), await as(open), await as(open)]).toEqual([200, 200, 429]);
      expect([await as(open, id(1)), await as(open, id(1)), await as(open, id(1))]).toEqual([200, 200, 429]);
      // Made-up ids: eight identities an address, then the address's own (spent) budget.
      const more = [];
      for (let n = 2; n <= 9; n++) more.push(await as(open, id(n)));
      expect(more).toEqual([200, 200, 200, 200, 200, 200, 200, 429]);
      // From another machine (a trusted proxy's X-Forwarded-For) the address tells it apart: the id is not believed.
      const remote = { 'x-forwarded-for': '10.0.0.9' };
      expect([await as(open, remote), await as(open, remote), await as(open, { ...remote, ...id(20) })]).toEqual([
        200, 200, 429,
      ]);
      // With the token it is.
      const token = { ...remote, authorization: `Bearer ${TOKEN}` };
      expect([await as(tokened, token), await as(tokened, token), await as(tokened, { ...token, ...id(21) })]).toEqual([
        200, 200, 200,
      ]);
      const bad = await open.get('/v1/domain/i.test', { 'x-ai-policy-lens-install': 'short' });
      expect([bad.status, (await json(bad)).error]).toEqual([400, 'invalid_params']);
    } finally {
      await open.close();
      await tokened.close();
    }
  });

  it('sends Strict-Transport-Security only when a trusted proxy says the browser came over TLS', async () => {
    const proxied = await startTestGateway({ UPSTREAM_BASE_URL: up.url, UPSTREAM_API_KEY: KEY, TRUST_PROXY: '1' });
    try {
      const hsts = async (g: TestGateway, path: string, headers: Record<string, string>) => {
        const r = await g.get(path, headers);
        await r.arrayBuffer();
        return [r.status, r.headers.get('strict-transport-security')];
      };
      const year = 'max-age=31536000; includeSubDomains';
      expect(await hsts(proxied, '/v1/domain/h.test', { 'x-forwarded-proto': 'https' })).toEqual([200, year]);
      expect(await hsts(proxied, '/nope', { 'x-forwarded-proto': 'https' })).toEqual([404, year]);
      expect(await hsts(proxied, '/v1/domain/h.test', { 'x-forwarded-proto': 'http' })).toEqual([200, null]);
      expect(await hsts(proxied, '/v1/domain/h.test', {})).toEqual([200, null]);
      // Without a trusted hop the header is anyone's word: ignored.
      expect(await hsts(gw, '/v1/domain/h.test', { 'x-forwarded-proto': 'https' })).toEqual([200, null]);
    } finally {
      await proxied.close();
    }
  });

  it('keeps the key out of /status and /metrics', async () => {
    const texts = [await (await gw.get('/status')).text(), await (await gw.get('/metrics')).text()];
    for (const t of texts) expect(t).not.toContain(KEY);
    expect(JSON.parse(texts[0]!)).toMatchObject({ mode: 'remote', features: { preview: true } });
    expect(CLIENT['x-ai-policy-lens']).toBe('1');
  });
});

// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normalizeDomain } from '../../../shared/domain.js';
import { createGatewayClient, failureAdvice } from '../../../extension/lib/gateway-client.js';
import { closedPortUrl, startFakeGateway, type FakeGateway } from '../helpers/fake-gateway.js';
import { announced, fullRecord, policy } from '../helpers/records.js';

let gw: FakeGateway;
beforeAll(async () => void (gw = await startFakeGateway()));
afterAll(() => gw.close());
beforeEach(() => {
  gw.routes.clear();
  gw.seen.length = 0;
});

const d = normalizeDomain('training.test');

describe('gateway client', () => {
  it('sends the marker header, no Authorization without a token, and only the host name', async () => {
    gw.routes.set('/v1/domain/training.test', { body: policy('training.test') });
    const r = await createGatewayClient({ baseUrl: gw.url }).domain(d);
    expect(r.ok && r.data.found && r.data.stance).toBe('blocks_training');
    expect(gw.seen).toHaveLength(1);
    expect(gw.seen[0]!.path).toBe('/v1/domain/training.test');
    expect(gw.seen[0]!.headers['x-ai-policy-lens']).toBe('1');
    expect(gw.seen[0]!.headers.authorization).toBeUndefined();
    expect(gw.seen[0]!.headers.cookie).toBeUndefined();
  });

  it('sends the access token as a Bearer token when set', async () => {
    gw.routes.set('/v1/domain/training.test', { body: policy('training.test') });
    await createGatewayClient({ baseUrl: gw.url + '/', token: 's3cret' }).domain(d);
    expect(gw.seen[0]!.headers.authorization).toBe('Bearer s3cret');
  });

  it('a 401 says whether a token was sent, never what it was', async () => {
    gw.routes.set('/v1/domain/training.test', {
      status: 401,
      body: { error: 'unauthorized', message: 'This gateway needs its access token.' },
    });
    const none = await createGatewayClient({ baseUrl: gw.url }).domain(d);
    expect(none).toMatchObject({ ok: false, kind: 'unauthorized', status: 401, tokenSent: false });
    const wrong = await createGatewayClient({ baseUrl: gw.url, token: 'wrong-token' }).domain(d);
    expect(wrong).toMatchObject({ ok: false, kind: 'unauthorized', status: 401, tokenSent: true });
    expect(JSON.stringify(wrong)).not.toContain('wrong-token');
  });

  it('reads the queued answer for an unknown domain', async () => {
    gw.routes.set('/v1/domain/training.test', { body: { domain: 'training.test', found: false, queued: true } });
    const r = await createGatewayClient({ baseUrl: gw.url }).domain(d);
    expect(r).toEqual({ ok: true, data: { domain: 'training.test', found: false, queued: true } });
  });

  it('reads the full record, announced record, history and status', async () => {
    gw.routes.set('/v1/domain/training.test/full', { body: fullRecord('training.test', { GPTBot: 'blocked' }) });
    gw.routes.set('/preview/v1/policy/training.test', {
      body: { domain: 'training.test', found: false, queued: true },
    });
    gw.routes.set('/status', {
      body: { mode: 'embedded', version: '0.1.0', features: { preview: true }, uptime_s: 3 },
    });
    const c = createGatewayClient({ baseUrl: gw.url });
    const full = await c.full(d);
    expect(full.ok && 'all_bots' in full.data && full.data.all_bots.GPTBot?.status).toBe('blocked');
    const pol = await c.policy(d);
    expect(pol.ok && !('purposes' in pol.data)).toBe(true);
    const st = await c.status();
    expect(st.ok && st.data.mode).toBe('embedded');
    const hist = await c.history(d);
    expect(hist.ok).toBe(false);
  });

  it.each([
    [401, { error: 'unauthorized', message: 'Invalid token.' }, 'unauthorized'],
    [403, { error: 'forbidden', message: 'Origin not allowed.' }, 'forbidden'],
    [400, { error: 'invalid_domain', message: 'Not a domain.' }, 'http_error'],
    [500, { error: 'internal_error', message: 'Server error.' }, 'http_error'],
  ])('maps HTTP %i to %s', async (status, body, kind) => {
    gw.routes.set('/v1/domain/training.test', { status, body });
    const r = await createGatewayClient({ baseUrl: gw.url }).domain(d);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.kind).toBe(kind);
      expect(r.status).toBe(status);
      expect(r.code).toBe(body.error);
      expect(r.message).toBe(body.message);
    }
  });

  it('reads retry_after of a rate limit (seed error object), or the Retry-After header', async () => {
    gw.routes.set('/v1/domain/training.test', {
      status: 429,
      body: { error: 'rate_limit_exceeded', message: 'Slow down.', retry_after: 17, limit_type: 'minute' },
    });
    const a = await createGatewayClient({ baseUrl: gw.url }).domain(d);
    expect(!a.ok && [a.kind, a.retryAfter]).toEqual(['rate_limited', 17]);
    gw.routes.set('/v1/domain/training.test', { status: 429, headers: { 'retry-after': '9' }, raw: 'busy' });
    const b = await createGatewayClient({ baseUrl: gw.url }).domain(d);
    expect(!b.ok && [b.kind, b.retryAfter]).toEqual(['rate_limited', 9]);
  });

  it('a 503 without retry_after or Retry-After is an error, not a rate limit to retry at once', async () => {
    gw.routes.set('/v1/domain/training.test', {
      status: 503,
      body: { error: 'upstream_unavailable', message: 'The upstream service could not be reached.' },
    });
    const r = await createGatewayClient({ baseUrl: gw.url }).domain(d);
    expect(r).toMatchObject({ ok: false, kind: 'http_error', status: 503, code: 'upstream_unavailable' });
    expect(!r.ok && r.retryAfter).toBeUndefined();
    gw.routes.set('/v1/domain/training.test', {
      status: 503,
      headers: { 'retry-after': '30' },
      body: { error: 'upstream_unavailable', message: 'Busy.' },
    });
    const s = await createGatewayClient({ baseUrl: gw.url }).domain(d);
    expect(!s.ok && [s.kind, s.retryAfter]).toEqual(['rate_limited', 30]);
    gw.routes.set('/v1/domain/training.test', {
      status: 429,
      body: { error: 'rate_limit_exceeded', message: 'Slow down.' },
    });
    const t = await createGatewayClient({ baseUrl: gw.url }).domain(d);
    expect(!t.ok && [t.kind, t.retryAfter]).toEqual(['rate_limited', 60]);
  });

  it('calls a server that is not a gateway a bad response', async () => {
    gw.routes.set('/v1/domain/training.test', { raw: '<html>hello</html>', headers: { 'content-type': 'text/html' } });
    const r = await createGatewayClient({ baseUrl: gw.url }).domain(d);
    expect(!r.ok && r.kind).toBe('bad_response');
    gw.routes.set('/v1/domain/training.test', { body: { domain: 'training.test', found: true, stance: 'maybe' } });
    const s = await createGatewayClient({ baseUrl: gw.url }).domain(d);
    expect(!s.ok && s.kind).toBe('bad_response');
  });

  it('refuses records whose fields the popup reads in a shape it cannot render', async () => {
    const c = createGatewayClient({ baseUrl: gw.url });
    gw.routes.set('/v1/domain/training.test/full', { body: { ...fullRecord('training.test', {}), robots_txt: 42 } });
    expect(await c.full(d)).toMatchObject({ ok: false, kind: 'bad_response' });
    gw.routes.set('/v1/domain/training.test/full', {
      body: { ...fullRecord('training.test', {}), explanations: [null] },
    });
    expect(await c.full(d)).toMatchObject({ ok: false, kind: 'bad_response' });
    const a = announced('training.test');
    gw.routes.set('/preview/v1/policy/training.test', {
      body: { ...a, purposes: { ...a.purposes, rag: { allowed: true } } },
    });
    expect(await c.policy(d)).toMatchObject({ ok: false, kind: 'bad_response' });
    gw.routes.set('/preview/v1/policy/training.test', { body: a });
    expect((await c.policy(d)).ok).toBe(true);
  });

  it('reports an unreachable gateway and a slow one', async () => {
    const closed = await closedPortUrl();
    const r = await createGatewayClient({ baseUrl: closed }).domain(d);
    expect(!r.ok && r.kind).toBe('unreachable');
    gw.routes.set('/v1/domain/training.test', { body: policy('training.test'), delayMs: 500 });
    const t = await createGatewayClient({ baseUrl: gw.url, timeoutMs: 100 }).domain(d);
    expect(!t.ok && t.kind).toBe('timeout');
  });
});

describe('failureAdvice', () => {
  it('says what to do for an unreachable gateway', () => {
    expect(failureAdvice('http://127.0.0.1:8787', { ok: false, kind: 'unreachable', message: 'x' })).toBe(
      'Cannot reach the AI Policy Lens gateway at http://127.0.0.1:8787: start it with npm start or change the address in the options.',
    );
  });
  it('points at the token for 401 and never repeats it', () => {
    const s = failureAdvice('http://127.0.0.1:8787', {
      ok: false,
      kind: 'unauthorized',
      status: 401,
      message: 'Invalid token.',
    });
    expect(s).toMatch(/token/);
    expect(s).toMatch(/options/);
  });
  it('asks for a token when none was sent, and for the right one when one was refused', () => {
    const f = { ok: false, kind: 'unauthorized', status: 401, message: 'x' } as const;
    expect(failureAdvice('http://g', { ...f, tokenSent: false })).toBe(
      'The gateway at http://g needs an access token: enter the gateway’s token in the options.',
    );
    expect(failureAdvice('http://g', { ...f, tokenSent: true })).toBe(
      'The gateway at http://g refused the access token: set the right token in the options.',
    );
  });
  it('has a sentence for every failure kind', () => {
    for (const kind of [
      'unreachable',
      'timeout',
      'unauthorized',
      'forbidden',
      'rate_limited',
      'bad_response',
      'http_error',
    ] as const) {
      expect(failureAdvice('http://g', { ok: false, kind, message: 'm' })).toMatch(/http:\/\/g/);
    }
  });
});

/**
 * Every route of both servers that reads a body refuses one just over its own cap with a 413
 * that states that cap, and reads one just under it (proxy/lib/http/errors.ts, security.ts):
 * `POST /v1/check` takes 2,200 KiB (1,000 URLs of the longest length), every other body 64 KiB.
 * The real gateway (embedded service) and the real lookup service's HTTP app, on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_BODY_LIMIT } from '../../../../shared/check-api.js';
import { startTestGateway, tempDir, type TestGateway } from '../../gateway/helpers.js';
import { startHarness, type Harness } from '../../service/harness.js';

const KIB = 1024;
const BODY = 64 * KIB;
const CHECK = Number.parseInt(CHECK_BODY_LIMIT, 10) * KIB;

/** A JSON object of exactly `bytes` bytes: the route's own fields, padded with one more the route does not know. */
function bodyOf(bytes: number, fields: Record<string, unknown>): string {
  const bare = JSON.stringify({ ...fields, pad: '' });
  const body = JSON.stringify({ ...fields, pad: 'x'.repeat(bytes - bare.length) });
  expect(Buffer.byteLength(body)).toBe(bytes);
  return body;
}

interface Route {
  path: string;
  limit: number;
  fields: Record<string, unknown>;
  /** The cap in the words of the 413. */
  words: string;
}

const CHECK_FIELDS = { bot: 'GPTBot', urls: ['https://a.test/'] };
const GATEWAY_ROUTES: Route[] = [
  { path: '/v1/batch', limit: BODY, fields: { domains: ['a.test'] }, words: '64 KiB' },
  { path: '/v1/check', limit: CHECK, fields: CHECK_FIELDS, words: '2,200 KiB' },
];
const SERVICE_ROUTES: Route[] = [
  ...GATEWAY_ROUTES,
  { path: '/v1/compare', limit: BODY, fields: { domains: ['a.test'] }, words: '64 KiB' },
  { path: '/preview/v1/policy/batch', limit: BODY, fields: { domains: ['a.test'] }, words: '64 KiB' },
  { path: '/v1/auth/signup', limit: BODY, fields: { email: 'a@example.com' }, words: '64 KiB' },
];

async function expectLimit(post: (path: string, body: string) => Promise<Response>, r: Route): Promise<void> {
  const under = await post(r.path, bodyOf(r.limit, r.fields));
  // Read past the cap: whatever the route then says of the fields, it is not about the size.
  expect(under.status, `${r.path} with ${r.limit} bytes`).not.toBe(413);
  await under.arrayBuffer();
  const over = await post(r.path, bodyOf(r.limit + 1, r.fields));
  expect(over.status, `${r.path} with ${r.limit + 1} bytes`).toBe(413);
  expect(await over.json()).toEqual({
    error: 'payload_too_large',
    message: `The request body is larger than ${r.words}, this endpoint's limit.`,
  });
}

describe('the gateway', () => {
  let gw: TestGateway;
  const dir = tempDir('gw-limits-');
  beforeAll(async () => {
    gw = await startTestGateway({ RATE_LIMIT_PER_MINUTE: '10000' }, {}, dir.path);
  });
  afterAll(async () => {
    await gw?.close();
    dir.remove();
  });

  it.each(GATEWAY_ROUTES.map((r) => [r.path, r] as const))('%s states its own cap', async (_, r) => {
    await expectLimit((path, body) => gw.post(path, body), r);
  });
});

describe('the lookup service', () => {
  let h: Harness;
  let key: string;
  let ip = 0;
  beforeAll(async () => {
    h = await startHarness();
    key = await h.key();
  });
  afterAll(() => h?.close());

  it.each(SERVICE_ROUTES.map((r) => [r.path, r] as const))('%s states its own cap', async (_, r) => {
    // Signups are limited per address: each gets its own.
    await expectLimit((path, body) => h.post(path, body, key, { 'x-forwarded-for': `192.0.2.${++ip}` }), r);
  });
});

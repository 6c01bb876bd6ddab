/**
 * The committed OpenAPI document matches the code: it is exactly what build.ts generates,
 * every route the app serves is in it, and real responses (successes and errors, both
 * surfaces) validate against the schemas and headers it documents.
 */
import { readFileSync } from 'node:fs';
import type { Express } from 'express';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../../../proxy/service/http/app.js';
import { serializeOpenApi } from '../../../proxy/service/openapi/build.js';
import { STANCE_SITES, sitesOf } from '../../fixtures/stance-sites.js';
import { startHarness, type Harness } from './harness.js';

type Obj = Record<string, unknown>;
/** The parts of the document these tests read. */
type ResponseSpec = { headers?: Obj; content: Record<string, { schema: unknown }> };
type Operation = { responses?: Record<string, ResponseSpec | undefined> };
type OpenApiDoc = {
  openapi: string;
  paths: Record<string, Record<string, Operation | undefined>>;
  components: { schemas: Obj };
};
const DOC = JSON.parse(
  readFileSync(new URL('../../../proxy/service/openapi.json', import.meta.url), 'utf8'),
) as OpenApiDoc;

/** A layer of an Express 5 router, as far as the route walk reads it. */
type Layer = { route?: { path: string; methods: Obj }; handle?: { stack?: Layer[] }; rawPath?: string };

/** (method, OpenAPI path) of every route in an Express 5 app, walking nested routers. */
function appRoutes(app: Express): string[] {
  const out: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = (prefix + layer.route.path).replace(/:(\w+)/g, '{$1}');
        for (const m of Object.keys(layer.route.methods)) if (m !== '_all') out.push(`${m.toUpperCase()} ${path}`);
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, prefix + (layer.rawPath === '/' ? '' : (layer.rawPath ?? '')));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return out;
}

/** Replaces `$ref`s to components with the components themselves. */
function inline(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inline);
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as Obj).$ref as string | undefined;
  if (ref) return inline(DOC.components.schemas[ref.replace('#/components/schemas/', '')]);
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v)]));
}

const TEMPLATES = Object.keys(DOC.paths).map((p) => ({ p, re: new RegExp(`^${p.replace(/\{\w+\}/g, '[^/]+')}$`) }));

/** Checks one real response against the document; returns the body. */
async function conforms(res: Response, method: string): Promise<unknown> {
  const path = new URL(res.url).pathname;
  const template = TEMPLATES.filter((t) => t.re.test(path)).sort(
    (a, b) => a.p.split('{').length - b.p.split('{').length,
  )[0];
  // Unknown paths, and methods a path does not take, cannot be documented under a path and
  // method: the document's description promises 404 not_found / 405 method_not_allowed (with
  // Allow), both ErrorObjects.
  const error = (headers: Obj): ResponseSpec => ({
    headers,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorObject' } } },
  });
  if (!template) expect(res.status, `${path} is documented`).toBe(404);
  const spec = !template
    ? error({})
    : res.status === 405
      ? error({ Allow: {} })
      : DOC.paths[template.p]?.[method.toLowerCase()]?.responses?.[String(res.status)];
  expect(spec, `${method} ${template?.p} documents ${res.status}`).toBeDefined();
  for (const h of Object.keys(spec?.headers ?? {}))
    expect(res.headers.get(h), `${method} ${path} ${res.status} header ${h}`).not.toBeNull();
  const body: unknown = await res.json();
  const schema = z.fromJSONSchema(inline(spec!.content['application/json']!.schema) as never);
  const r = schema.safeParse(body);
  expect(r.success, `${method} ${path} ${res.status}: ${JSON.stringify(r.error?.issues?.slice(0, 3))}`).toBe(true);
  return body;
}

describe('openapi.json', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await startHarness({
      sites: sitesOf({
        'training.test': STANCE_SITES['training.test']!,
        'signals.test': STANCE_SITES['signals.test']!,
      }),
    });
    key = await h.key();
    await h.service.lookup('training.test' as never);
    await h.service.lookup('signals.test' as never);
    await h.service.idle();
  });
  afterAll(() => h.close());

  it('is exactly what the code generates (run `npx tsx proxy/service/openapi/write.ts` after a change)', () => {
    expect(readFileSync(new URL('../../../proxy/service/openapi.json', import.meta.url), 'utf8')).toBe(
      serializeOpenApi(),
    );
    expect(DOC.openapi).toBe('3.1.0');
  });

  it('documents every route the app serves, and nothing it does not', () => {
    const app = createServiceApp({ service: h.service, store: h.service.store });
    const served = appRoutes(app);
    expect(served.length).toBeGreaterThan(10);
    const inDoc = Object.entries(DOC.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect([...new Set(served)].sort()).toEqual(inDoc.sort());
  });

  it('is served at /openapi.json without a key', async () => {
    const res = await h.get('/openapi.json');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(DOC);
  });

  it('real responses validate against the documented schemas and headers', async () => {
    const g = async (path: string, k: string | undefined = key, headers?: Record<string, string>) =>
      conforms(await h.get(path, k, headers), 'GET');
    const p = async (path: string, body: unknown, k: string | undefined = key, headers?: Record<string, string>) =>
      conforms(await h.post(path, body, k, headers), 'POST');

    await g('/health', undefined);
    await p('/v1/auth/signup', { email: 'doc@example.com' }, undefined, { 'x-forwarded-for': '192.0.2.200' });
    await p('/v1/auth/signup', { email: 'nope' }, undefined, { 'x-forwarded-for': '192.0.2.200' });
    await p('/v1/auth/signup', '{', undefined, { 'x-forwarded-for': '192.0.2.200' });
    await p('/v1/auth/signup', { email: 'a@example.com' }, undefined, {
      'x-forwarded-for': '192.0.2.200',
      'content-type': 'text/plain',
    });
    await p('/v1/auth/signup', { email: 'x'.repeat(70_000) }, undefined, { 'x-forwarded-for': '192.0.2.200' });
    await p('/v1/auth/signup', { email: 'b@example.com' }, undefined, { 'x-forwarded-for': '192.0.2.200' });
    await p('/v1/auth/signup', { email: 'c@example.com' }, undefined, { 'x-forwarded-for': '192.0.2.200' });
    await p('/v1/auth/signup', { email: 'd@example.com' }, undefined, { 'x-forwarded-for': '192.0.2.200' }); // 429
    await g('/v1/auth/signup', undefined); // 405

    expect(await g('/v1/domain/training.test')).toMatchObject({ found: true });
    expect(await g('/v1/domain/unseen-one.test')).toMatchObject({ found: false });
    await g('/v1/domain/bad_domain');
    await g('/v1/domain/training.test', undefined); // 401
    await g('/v1/domain/training.test/full');
    await g('/v1/domain/unseen-two.test/full');
    await g('/v1/domain/bad_domain/full');
    await g('/v1/search?q=test');
    await g('/v1/search?q=t');
    await g('/v1/nothing');
    await conforms(await h.post('/v1/domain/training.test', {}, key), 'POST'); // 405
    await g('/v1/domain/unseen-six.test', key, { prefer: 'wait=1' });
    expect(await p('/v1/domain/unseen-seven.test/recheck', {})).toMatchObject({ accepted: true }); // 202
    expect(await p('/v1/domain/training.test/recheck', {})).toMatchObject({ accepted: false }); // 200, refused
    await p('/v1/domain/bad_domain/recheck', {});
  }, 60_000);

  it('real responses of the batch endpoints and the announced surface validate too', async () => {
    const g = async (path: string) => conforms(await h.get(path, key), 'GET');
    const p = async (path: string, body: unknown, headers?: Record<string, string>) =>
      conforms(await h.post(path, body, key, headers), 'POST');
    for (const path of ['/v1/batch', '/v1/compare']) {
      await p(path, { domains: ['training.test', 'signals.test', 'unseen-three.test'] });
      await p(path, { domains: ['training.test'] });
      await p(path, { domains: ['training.test', 'x y'] });
      await p(path, 'x', { 'content-type': 'text/plain' });
      await p(path, { domains: ['a.com', 'b.com'], pad: 'x'.repeat(70_000) });
    }
    await p('/v1/check', {
      bot: 'GPTBot',
      urls: ['https://training.test/a', 'https://unseen-eight.test/b', 'https://training.test:8443/c'],
    });
    await p('/v1/check', { use: 'training', urls: ['https://signals.test/a'] }, { prefer: 'wait=1' });
    await p('/v1/check', { bot: 'NoSuchBot', urls: ['https://training.test/a'] });
    await p('/v1/check', 'x', { 'content-type': 'text/plain' });
    await conforms(await h.post('/v1/check', { use: 'training', urls: ['https://training.test/'] }), 'POST'); // 401
    await g('/v1/check'); // 405
    await g('/preview/v1/policy/training.test');
    await g('/preview/v1/policy/unseen-four.test');
    await g('/preview/v1/policy/training.test/score');
    await g('/preview/v1/policy/bad_domain');
    await p('/preview/v1/policy/batch', { domains: ['training.test', 'unseen-five.test'] });
    await g('/preview/v1/signals/signals.test');
    await g('/preview/v1/search?stance=blocks_training');
    await g('/preview/v1/stats');
    await g('/preview/v1/domain/training.test/history');
  }, 60_000);
});

/**
 * The gateway in embedded mode (no upstream configured): the lookup service runs in-process
 * and crawls fixture sites on 127.0.0.1 through CRAWL_OVERRIDES. A new domain goes
 * lookup → queued → found through the gateway, with the stance the spec gives its site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchResultSchema, DomainPolicyFoundSchema, FullRecordSchema } from '../../../shared/schemas.js';
import { startFixtureFarm, type FixtureFarm } from '../../fixtures/farm.js';
import { STANCE_SITES, sitesOf } from '../../fixtures/stance-sites.js';
import { until } from '../../helpers/until.js';
import { startTestGateway, tempDir, type TestGateway } from './helpers.js';
import { json } from '../../helpers/json.js';

let farm: FixtureFarm;
let gw: TestGateway;
const dir = tempDir('gw-embedded-');

beforeAll(async () => {
  farm = await startFixtureFarm(sitesOf(STANCE_SITES));
  gw = await startTestGateway(
    { CRAWL_OVERRIDES: farm.overrides(), CRAWL_CONCURRENCY: '4' },
    { ttl: { queuedMs: 100 } },
    dir.path,
  );
});
afterAll(async () => {
  await gw?.close();
  await farm.close();
  dir.remove();
});

const found = (domain: string) =>
  until(
    async () => {
      const body = await json(await gw.get(`/v1/domain/${domain}`));
      // The stored record, not an early answer given while the terms are read (kept only briefly).
      return body.found && !body.basis?.terms_pending ? DomainPolicyFoundSchema.parse(body) : undefined;
    },
    30_000,
    100,
  );

describe('embedded mode', () => {
  it('reports embedded mode and the service figures in /status', async () => {
    const s = await json(await gw.get('/status'));
    expect(s).toMatchObject({ mode: 'embedded', upstream: null, features: { preview: true } });
    expect(s.service).toMatchObject({ workers: 4 });
  });

  it('answers queued for a new domain, then found with the stance of its site', async () => {
    const first = await gw.get('/v1/domain/training.test');
    expect(await json(first)).toEqual({ domain: 'training.test', found: false, queued: true });
    const rec = await found('training.test');
    expect(rec).toMatchObject({
      stance: STANCE_SITES['training.test']!.stance,
      detail: STANCE_SITES['training.test']!.detail,
    });
    expect(rec.use_cases).toEqual(STANCE_SITES['training.test']!.use_cases);
    const again = await gw.get('/v1/domain/training.test');
    expect(again.headers.get('x-cache')).toBe('HIT');
    await again.arrayBuffer();
  });

  it('serves the full record, the announced surface and a batch of several stances', async () => {
    await found('training.test');
    const full = FullRecordSchema.parse(await json(await gw.get('/v1/domain/training.test/full')));
    expect(full.policy_detail).toBe('blocks_training');
    const policy = await (await gw.get('/preview/v1/policy/training.test')).json();
    expect(policy).toMatchObject({ domain: 'training.test', stance: 'blocks_training' });
    const names = ['blocks-all.test', 'selective.test', 'no-robots.test'];
    const first = BatchResultSchema.parse(
      await json(await gw.post('/v1/batch', { domains: ['training.test', ...names] })),
    );
    expect(first.domains.map((d) => d.domain)).toEqual(['training.test']);
    expect(first.not_found).toEqual(names);
    await Promise.all(names.map(found));
    const later = BatchResultSchema.parse(await json(await gw.post('/v1/batch', { domains: names })));
    expect(later.domains.map((d) => [d.domain, d.stance])).toEqual(names.map((n) => [n, STANCE_SITES[n]!.stance]));
  });
});

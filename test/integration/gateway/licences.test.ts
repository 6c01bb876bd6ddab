/**
 * RSL licences through the gateway (embedded service, real crawler, the RSL fixture sites on
 * 127.0.0.1; docs/policy.md section 15): POST /v1/check judges URLs under and outside a scoped
 * `<content>` as the service does, and the extension's "This page" (extension/lib/path-verdicts.ts,
 * judged from the lookup answer) gives the same verdict and deciding line, since both call
 * shared/url-check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathVerdicts } from '../../../extension/lib/path-verdicts.js';
import { CheckResponseSchema } from '../../../shared/check-api.js';
import { DomainPolicyFoundSchema } from '../../../shared/schemas.js';
import { USE_CASES } from '../../../shared/values.js';
import { startFixtureFarm, type FixtureFarm, type FixtureSite } from '../../fixtures/farm.js';
import { RSL_SITES } from '../../fixtures/rsl-sites.js';
import { startTestGateway, tempDir, type TestGateway } from './helpers.js';

let farm: FixtureFarm;
let gw: TestGateway;
const dir = tempDir('gw-rsl-');
const HOSTS = Object.keys(RSL_SITES);

beforeAll(async () => {
  const sites: Record<string, FixtureSite> = {};
  for (const host of HOSTS) sites[host] = RSL_SITES[host]!.site;
  farm = await startFixtureFarm(sites);
  gw = await startTestGateway({ CRAWL_OVERRIDES: farm.overrides(), RATE_LIMIT_PER_MINUTE: '10000' }, {}, dir.path);
  for (const d of HOSTS) await gw.get(`/v1/domain/${d}`, { prefer: 'wait=10' }).then((r) => r.arrayBuffer());
});
afterAll(async () => {
  await gw?.close();
  await farm?.close();
  dir.remove();
});

describe('RSL licences through the gateway', () => {
  it.each(HOSTS)('%s: the lookup carries the licence and its verdicts', async (host) => {
    const s = RSL_SITES[host]!;
    const body = DomainPolicyFoundSchema.parse(await (await gw.get(`/v1/domain/${host}`)).json());
    expect(body.use_cases).toEqual(s.use_cases);
    expect(body.basis!.licence).toMatchObject({ found_via: s.licence.found_via, state: s.licence.state });
  });

  it.each(HOSTS)('%s: POST /v1/check judges the homepage as the lookup judges the site', async (host) => {
    const s = RSL_SITES[host]!;
    for (const use of USE_CASES) {
      const res = await gw.post('/v1/check', { use, urls: [`https://${host}/`] });
      const [r] = CheckResponseSchema.parse(await res.json()).results;
      expect(r!.verdict, `${host} ${use}`).toBe(s.use_cases[use]);
      // A use the licence speaks of is decided by it; a licence not read decides nothing.
      if (s.licence.uses[use] !== null) expect(r!.decided_by?.source, `${host} ${use}`).toBe('rsl');
      if (s.licence.state !== 'read') expect(r!.decided_by?.source ?? null).not.toBe('rsl');
    }
  });

  it('POST /v1/check answers URLs under and outside the scoped <content>', async () => {
    const urls = RSL_SITES['rsl-paid.test']!.urls!;
    const res = await gw.post('/v1/check', { use: 'training', urls: urls.map((u) => u.url) });
    expect(res.status).toBe(200);
    const body = CheckResponseSchema.parse(await res.json());
    expect(body.results.map((r) => [r.verdict, r.decided_by?.source ?? null])).toEqual(
      urls.map((u) => [u.training, u.source]),
    );
  });

  it.each(HOSTS)('%s: "This page" and the API judge every use alike', async (host) => {
    const lookup = DomainPolicyFoundSchema.parse(await (await gw.get(`/v1/domain/${host}`)).json());
    const paths = ['/', '/news/today', '/research/paper-1', '/open/notes', '/research', '/open'];
    for (const use of USE_CASES) {
      const res = await gw.post('/v1/check', { use, urls: paths.map((p) => `https://${host}${p}`) });
      const body = CheckResponseSchema.parse(await res.json());
      body.results.forEach((api, i) => {
        const page = pathVerdicts(lookup, paths[i])?.[use] ?? null;
        expect({ verdict: page?.verdict, decider: page?.decider }, `${host}${paths[i]} ${use}`).toEqual({
          verdict: api.verdict,
          decider: api.decided_by,
        });
      });
    }
  });
});

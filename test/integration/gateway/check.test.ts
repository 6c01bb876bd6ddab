/**
 * POST /v1/check through the gateway (embedded service, real crawler, fixture sites built from
 * real robots.txt files), and the promise behind it: the extension's "This page"
 * (extension/lib/path-verdicts.ts, judged in the browser from the lookup answer) and the API
 * answer every case alike, verdict and deciding line, because both call shared/url-check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathVerdicts } from '../../../extension/lib/path-verdicts.js';
import { CheckResponseSchema, type CheckResponse } from '../../../shared/check-api.js';
import { parseRobotsTxt } from '../../../shared/robots/index.js';
import { DomainPolicyFoundSchema } from '../../../shared/schemas.js';
import { USE_CASES } from '../../../shared/values.js';
import { startFixtureFarm, text, type FixtureFarm, type FixtureSite } from '../../fixtures/farm.js';
import { PATHS_SITE } from '../../fixtures/check-sites.js';
import { homepage, realRobots } from '../../fixtures/stance-sites.js';
import { slowSite, startTestGateway, tempDir, type TestGateway } from './helpers.js';

const REAL = [
  'www.lequipe.fr',
  'www.usatoday.com',
  'www.dailymail.co.uk',
  'www.20minutes.fr',
  'cnn.com',
  'stackoverflow.com',
  'davidguetta.com',
  'lobste.rs',
];
const host = (name: string) => `${name.replace(/^www\./, '').replace(/\./g, '-')}.test`;
const realSite = (name: string): FixtureSite => ({
  routes: { '/': homepage(name), '/robots.txt': text(realRobots(`${name}.robots.txt`)) },
});

/** Paths worth asking about a site: the root, robots.txt, and one path per rule of its file. */
function pathsOf(robots: string): string[] {
  const fromRules = parseRobotsTxt(robots).groups.flatMap((g) =>
    g.rules.map((r) => r.pattern.replace(/\*/g, 'x').replace(/\$$/, '')),
  );
  return [
    ...new Set([
      '/',
      '/robots.txt',
      '/news/2026/story.html',
      '/photo.jpg',
      ...fromRules.filter((p) => p.startsWith('/')),
    ]),
  ].slice(0, 60);
}

let farm: FixtureFarm;
let gw: TestGateway;
const dir = tempDir('gw-check-');

beforeAll(async () => {
  const sites: Record<string, FixtureSite> = { 'paths.test': PATHS_SITE };
  for (const name of REAL) sites[host(name)] = realSite(name);
  farm = await startFixtureFarm(sites);
  gw = await startTestGateway({ CRAWL_OVERRIDES: farm.overrides(), RATE_LIMIT_PER_MINUTE: '10000' }, {}, dir.path);
  for (const d of Object.keys(sites))
    await gw.get(`/v1/domain/${d}`, { prefer: 'wait=10' }).then((r) => r.arrayBuffer());
});
afterAll(async () => {
  await gw?.close();
  await farm.close();
  dir.remove();
});

const check = async (body: unknown, headers?: Record<string, string>) => {
  const res = await gw.post('/v1/check', body, headers);
  return { res, body: (await res.json()) as CheckResponse & { error?: string; message?: string } };
};

describe('POST /v1/check on the gateway', () => {
  it('answers each URL without a key, from the cached lookup answers', async () => {
    const { res, body } = await check({
      bot: 'GPTBot',
      urls: ['https://paths.test/news/x', 'https://paths.test/shopping/tv', 'https://usatoday-com.test/story/1'],
    });
    expect(res.status).toBe(200);
    CheckResponseSchema.parse(body);
    expect(body.results.map((r) => [r.verdict, r.decided_by?.source, r.decided_by?.line ?? null])).toEqual([
      ['blocked', 'tdmrep', null],
      ['allowed', 'tdmrep', null],
      ['blocked', 'robots_txt', 33],
    ]);
  });

  it('holds domains not analysed yet with Prefer: wait, and says so', async () => {
    farm.set('late.test', slowSite('User-agent: GPTBot\nDisallow: /private/\n', 200));
    const { res, body } = await check(
      {
        bot: 'GPTBot',
        urls: ['https://late.test/private/a', 'https://late.test/public/b', 'https://paths.test/shopping/x'],
      },
      { prefer: 'wait=10' },
    );
    expect(res.headers.get('preference-applied')).toBe('wait=10');
    expect(res.headers.get('vary')).toMatch(/prefer/i);
    expect(body.results.map((r) => r.verdict)).toEqual(['blocked', 'allowed', 'allowed']);
    const unheld = await check({ bot: 'GPTBot', urls: ['https://never-seen-gw.test/a'] });
    expect(unheld.body.results[0]).toMatchObject({
      verdict: 'unknown',
      reason: 'not_in_registry',
      found: false,
      queued: true,
    });
    expect(unheld.res.headers.get('preference-applied')).toBeNull();
  });

  it('refuses bad input with the same 400s as the service, and other methods with 405', async () => {
    const bad = await check({ bot: 'GPTBot', urls: ['https://paths.test/', 'not a url'] });
    expect([bad.res.status, bad.body.error, bad.body.message]).toEqual([
      400,
      'invalid_params',
      'urls[1]: "not a url" is not an absolute URL.',
    ]);
    const res = await gw.get('/v1/check');
    expect([res.status, res.headers.get('allow')]).toEqual([405, 'POST']);
    await res.arrayBuffer();
  });
});

describe('the extension and the API judge a page alike', () => {
  const sites = ['paths.test', ...REAL.map(host)];
  it.each(sites)('%s: every use case, every path', async (domain) => {
    const lookup = DomainPolicyFoundSchema.parse(await (await gw.get(`/v1/domain/${domain}`)).json());
    const robots = await (await fetch(`${farm.origin}/robots.txt`, { headers: { host: domain } })).text();
    const paths = pathsOf(robots);
    let compared = 0;
    for (const use of USE_CASES) {
      const { body } = await check({ use, urls: paths.map((p) => `https://${domain}${p}`) });
      body.results.forEach((api, i) => {
        const page = pathVerdicts(lookup, paths[i])?.[use] ?? null;
        if (api.verdict === 'unknown') return void expect(page, `${domain}${paths[i]} ${use}`).toBeNull();
        expect({ verdict: page?.verdict, decider: page?.decider }, `${domain}${paths[i]} ${use}`).toEqual({
          verdict: api.verdict,
          decider: api.decided_by,
        });
        compared++;
      });
    }
    expect(compared).toBeGreaterThan(10);
  });
});

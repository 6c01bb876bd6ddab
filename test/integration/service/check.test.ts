/**
 * POST /v1/check on the real service (fixture sites on 127.0.0.1 through CRAWL_OVERRIDES, the
 * real crawler, SQLite, the HTTP app): answers per URL with the deciding line and the crawl
 * time; unknown domains queued (or, with `Prefer: wait`, held until analysed); each URL's domain
 * counted once against the key's limits; clear 400s naming the entry; and the RFC 9309
 * conformance cases, each answered through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckResponseSchema, type CheckResponse } from '../../../shared/check-api.js';
import { PATHS_SITE, rfcSites } from '../../fixtures/check-sites.js';
import { startHarness, type Harness } from './harness.js';
import { json } from '../../helpers/json.js';

const rfc = rfcSites();

describe('POST /v1/check', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await startHarness({
      sites: {
        'paths.test': PATHS_SITE,
        'slow.test': {
          ...PATHS_SITE,
          routes: {
            ...PATHS_SITE.routes,
            '/robots.txt': { ...(PATHS_SITE.routes['/robots.txt'] as object), delayMs: 300 },
          },
        },
        ...rfc.sites,
      },
    });
    key = await h.key();
    await h.service.analyseNow('paths.test' as never);
  });
  afterAll(() => h.close());

  const check = async (body: unknown, headers?: Record<string, string>, k = key) => {
    const res = await h.post('/v1/check', body, k, headers);
    return { res, body: (await res.json()) as CheckResponse & { error?: string; message?: string } };
  };

  it('answers each URL with its verdict, the line or field that decided, and the crawl time', async () => {
    const { res, body } = await check({
      bot: 'GPTBot',
      urls: [
        'https://paths.test/shopping/tv',
        'https://paths.test/story/x',
        'https://paths.test/news/x',
        'https://paths.test/shopping/a.jpg',
      ],
    });
    expect(res.status).toBe(200);
    CheckResponseSchema.parse(body);
    const lookup = await json(await h.get('/v1/domain/paths.test', key));
    expect(body.bot).toBe('GPTBot');
    expect(body.use).toBe('training');
    expect(
      body.results.map((r) => [r.verdict, r.decided_by?.source, r.decided_by?.line ?? null, r.decided_by?.evidence]),
    ).toEqual([
      ['allowed', 'tdmrep', null, '{"location":"/","tdm-reservation":0}'],
      ['blocked', 'robots_txt', 33, 'Disallow: /'],
      ['blocked', 'tdmrep', null, '{"location":"/news/","tdm-reservation":1}'],
      ['blocked', 'ai_txt', 2, 'Disallow: *.jpg'],
    ]);
    for (const r of body.results)
      expect(r).toMatchObject({ domain: 'paths.test', found: true, last_updated: lookup.last_updated });
  });

  it('a use case alone: its key bots, partial when some are refused', async () => {
    const { body } = await check({ use: 'inference', urls: ['https://paths.test/shopping/tv'] });
    expect(body.results[0]).toMatchObject({
      verdict: 'partial',
      bots: { 'ChatGPT-User': 'allowed', 'Claude-User': 'blocked', 'Perplexity-User': 'allowed' },
    });
  });

  it('queues a domain not in the registry, counts each domain once, and holds with Prefer: wait', async () => {
    const urls = ['https://new-one.test/a', 'https://new-one.test/b', 'https://paths.test/x', 'https://paths.test/y'];
    const first = await check({ bot: 'ClaudeBot', urls });
    expect(first.body.results.slice(0, 2)).toEqual([
      {
        url: urls[0],
        domain: 'new-one.test',
        verdict: 'unknown',
        decided_by: null,
        explicit: false,
        reason: 'not_in_registry',
        found: false,
        queued: true,
        last_updated: null,
      },
      {
        url: urls[1],
        domain: 'new-one.test',
        verdict: 'unknown',
        decided_by: null,
        explicit: false,
        reason: 'not_in_registry',
        found: false,
        queued: true,
        last_updated: null,
      },
    ]);
    // Two domains: the request counts twice in every window, whatever the number of URLs.
    const before = Number(first.res.headers.get('x-ratelimit-remaining-day'));
    const again = await check({ bot: 'ClaudeBot', urls: [...urls, 'https://paths.test/z'] });
    expect(Number(again.res.headers.get('x-ratelimit-remaining-day'))).toBe(before - 2);

    const t0 = performance.now();
    const held = await check({ bot: 'ClaudeBot', urls: ['https://slow.test/story'] }, { prefer: 'wait=10' });
    expect(performance.now() - t0).toBeGreaterThan(250);
    expect(held.res.headers.get('preference-applied')).toBe('wait=10');
    expect(held.res.headers.get('vary')).toMatch(/prefer/i);
    expect(held.body.results[0]).toMatchObject({ found: true, verdict: 'blocked', decided_by: { line: 16 } });
    // An answer that needs no wait is not held.
    const quick = await check({ bot: 'ClaudeBot', urls: ['https://paths.test/story'] }, { prefer: 'wait=10' });
    expect(quick.res.headers.get('preference-applied')).toBeNull();
  });

  it('refuses a bad request with a 400 naming the entry, counted once', async () => {
    const k = await h.key();
    const cases: [unknown, string, RegExp][] = [
      [{ bot: 'FooBot', urls: ['https://paths.test/'] }, 'invalid_params', /^bot: "FooBot"/],
      [{ use: 'rag', urls: ['https://paths.test/'] }, 'invalid_params', /^use: /],
      [{ bot: 'GPTBot', urls: ['https://paths.test/', 'mailto:x@paths.test'] }, 'invalid_params', /^urls\[1\]: /],
      [{ bot: 'GPTBot', urls: ['https://10.0.0.1/'] }, 'invalid_domain', /^urls\[0\]: /],
      [{ bot: 'GPTBot', urls: [] }, 'invalid_params', /^urls: /],
    ];
    let remaining = Number.NaN;
    for (const [req, code, message] of cases) {
      const { res, body } = await check(req, undefined, k);
      expect(res.status).toBe(400);
      expect(body.error).toBe(code);
      expect(body.message).toMatch(message);
      const now = Number(res.headers.get('x-ratelimit-remaining-minute'));
      if (!Number.isNaN(remaining)) expect(now).toBe(remaining - 1);
      remaining = now;
    }
    const tooLarge = await h.post(
      '/v1/check',
      { bot: 'GPTBot', urls: Array(1200).fill(`https://paths.test/${'a'.repeat(2000)}`) },
      k,
    );
    expect(tooLarge.status).toBe(413);
    expect(Number(tooLarge.headers.get('x-ratelimit-remaining-minute'))).toBe(remaining - 1);
    expect((await h.post('/v1/check', 'urls', k, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await h.post('/v1/check', { bot: 'GPTBot', urls: ['https://paths.test/'] })).status).toBe(401);
    const get = await h.get('/v1/check', k);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
  });

  it('takes 1,000 URLs of many domains in one request', async () => {
    const urls = Array.from({ length: 1000 }, (_, i) => `https://paths.test/p/${i}?q=${'x'.repeat(1900)}`);
    const { res, body } = await check({ bot: 'GPTBot', urls });
    expect(res.status).toBe(200);
    expect(body.results).toHaveLength(1000);
    expect(new Set(body.results.map((r) => r.verdict))).toEqual(new Set(['blocked']));
  });
});

describe('the RFC 9309 conformance cases through POST /v1/check', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await startHarness({ sites: rfc.sites });
    key = await h.key();
    for (const host of Object.keys(rfc.sites)) await h.service.analyseNow(host as never);
  });
  afterAll(() => h.close());

  it('has every case', () => expect(rfc.cases).toHaveLength(37));

  it.each(rfc.cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const res = await h.post('/v1/check', { bot: c.bot, urls: [c.checkUrl] }, key);
    expect(res.status).toBe(200);
    const [r] = ((await res.json()) as CheckResponse).results;
    expect(r!.found).toBe(true);
    expect(r!.verdict).toBe(c.allowed ? 'allowed' : 'blocked');
    if (!c.allowed) expect(r!.decided_by).toMatchObject({ source: 'robots_txt' });
  });
});

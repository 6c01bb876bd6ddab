/**
 * The announced launch surface end to end: the real service app and registry in a temp folder,
 * the real crawler reaching fixture sites on 127.0.0.1 through CRAWL_OVERRIDES, keys from the
 * real signup. Every endpoint under /preview/v1, its bad inputs, auth, and limits shared with /v1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PreviewBatchResultSchema,
  PreviewSearchResultSchema,
  SignalsResponseSchema,
} from '../../../proxy/service/preview/schemas.js';
import { scanStats } from '../../../proxy/service/store/sqlite/preview-stats.js';
import type { Domain } from '../../../shared/domain.js';
import {
  AnnouncedRecordSchema,
  ErrorObjectSchema,
  FullRecordSchema,
  HistoryResponseSchema,
  ScoreResponseSchema,
  StatsResponseSchema,
} from '../../../shared/schemas.js';
import { text, type FixtureResponse } from '../../fixtures/farm.js';
import { STANCE_SITES, homepage, sitesOf } from '../../fixtures/stance-sites.js';
import { startHarness, type Harness } from '../service/harness.js';

const HOSTS = Object.keys(STANCE_SITES);
const robotsOf = (host: string) => (STANCE_SITES[host]!.site.routes['/robots.txt'] as FixtureResponse).body as string;
const changing = (robots: string) => ({ routes: { '/': homepage('Changing Times'), '/robots.txt': text(robots) } });

let h: Harness;
let key: string;
const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
const errorOf = async (res: Response) => ErrorObjectSchema.parse(await res.json());

beforeAll(async () => {
  h = await startHarness({
    sites: { ...sitesOf(STANCE_SITES), 'changing.test': changing('User-agent: *\nDisallow: /private/\n') },
  });
  key = await h.key();
  // Unknown on the announced surface too: answered at once, queued through the service.
  for (const host of [...HOSTS, 'changing.test']) {
    const res = await h.get(`/preview/v1/policy/${host}`, key);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ domain: host, found: false, queued: true });
  }
  await h.service.idle();
});
afterAll(() => h?.close());

describe('auth and limits', () => {
  it.each([
    '/preview/v1/stats',
    '/preview/v1/policy/allows.test',
    '/preview/v1/search?stance=open',
    '/preview/v1/domain/allows.test/history',
  ])('%s without a key or with a wrong one → 401 unauthorized', async (path) => {
    for (const k of [undefined, 'apl_not-a-real-key']) {
      const res = await h.get(path, k);
      expect(res.status).toBe(401);
      expect((await errorOf(res)).error).toBe('unauthorized');
    }
  });

  it('one key’s per-minute count is shared with /v1, and the 429 comes from either surface', async () => {
    const k = await h.key();
    const remaining = (res: Response) => Number(res.headers.get('x-ratelimit-remaining-minute'));
    const a = remaining(await h.get('/v1/domain/allows.test', k));
    const b = remaining(await h.get('/preview/v1/policy/allows.test', k));
    const c = remaining(await h.get('/v1/domain/allows.test', k));
    expect([a - b, b - c]).toEqual([1, 1]);
    // Spend the rest of the minute on /v1, then the announced surface is refused too.
    for (let i = 0; i < c; i++) expect((await h.get('/v1/domain/allows.test', k)).status).toBe(200);
    const res = await h.get('/preview/v1/stats', k);
    expect(res.status).toBe(429);
    expect(await errorOf(res)).toMatchObject({ error: 'rate_limit_exceeded', limit_type: 'minute' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('GET /preview/v1/policy/{domain} and /score', () => {
  it.each(HOSTS)('%s: the stored announced record, naming the stored crawl', async (host) => {
    const res = await h.get(`/preview/v1/policy/${host}`, key);
    expect(res.status).toBe(200);
    const rec = AnnouncedRecordSchema.parse(await res.json());
    const full = FullRecordSchema.parse(await json(await h.get(`/v1/domain/${host}/full`, key)));
    const expected = STANCE_SITES[host]!;
    expect(rec.domain).toBe(host);
    expect(rec.stance).toBe(expected.stance === 'allows_all' ? 'open' : expected.stance);
    expect(rec.audit_id).toBe(full.audit_id);
    expect(rec.score).toBe(Math.round(100 * full.ai_openness_score));
    const score = ScoreResponseSchema.parse(await json(await h.get(`/preview/v1/policy/${host}/score`, key)));
    expect(score).toEqual({ domain: host, score: rec.score, last_crawled: rec.last_crawled });
  });

  it('normalises the name as /v1 does (case, trailing dot)', async () => {
    const rec = AnnouncedRecordSchema.parse(await json(await h.get('/preview/v1/policy/Training.TEST.', key)));
    expect(rec.domain).toBe('training.test');
  });

  it('an unknown domain’s score answers the unknown shape and queues it', async () => {
    const res = await h.get('/preview/v1/policy/later.test/score', key);
    expect(await res.json()).toEqual({ domain: 'later.test', found: false, queued: true });
  });

  it.each([
    '/preview/v1/policy/not_a_domain',
    '/preview/v1/policy/127.0.0.1',
    '/preview/v1/policy/localhost',
    '/preview/v1/policy/a..b.test/score',
    '/preview/v1/signals/%20x.test',
    '/preview/v1/domain/-bad-.test/history',
  ])('%s → 400 invalid_domain', async (path) => {
    const res = await h.get(path, key);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error).toBe('invalid_domain');
  });
});

describe('methods', () => {
  it.each([
    ['POST', '/preview/v1/stats', 'GET, HEAD'],
    ['DELETE', '/preview/v1/policy/allows.test', 'GET, HEAD'],
    ['GET', '/preview/v1/policy/batch', 'POST'],
  ])('%s %s → 405 method_not_allowed with Allow: %s', async (method, path, allow) => {
    const res = await fetch(h.base + path, { method, headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect((await errorOf(res)).error).toBe('method_not_allowed');
  });
});

describe('POST /preview/v1/policy/batch', () => {
  it('records for found domains in request order, each once; the rest in not_found and queued', async () => {
    const res = await h.post(
      '/preview/v1/policy/batch',
      { domains: ['Allows.test', 'training.test', 'allows.test.', 'batch-new.test'] },
      key,
    );
    expect(res.status).toBe(200);
    const body = PreviewBatchResultSchema.parse(await res.json());
    expect(body.domains.map((d) => [d.domain, d.stance])).toEqual([
      ['allows.test', 'open'],
      ['training.test', 'blocks_training'],
    ]);
    expect(body.not_found).toEqual(['batch-new.test']);
  });

  it('accepts a single domain and up to 100', async () => {
    expect((await h.post('/preview/v1/policy/batch', { domains: ['allows.test'] }, key)).status).toBe(200);
    const hundred = Array.from({ length: 100 }, () => 'allows.test');
    const body = PreviewBatchResultSchema.parse(
      await json(await h.post('/preview/v1/policy/batch', { domains: hundred }, key)),
    );
    expect(body.domains).toHaveLength(1);
  });

  it.each([
    ['no domains', { domains: [] }, 400, 'invalid_params'],
    ['101 domains', { domains: Array.from({ length: 101 }, (_, i) => `d${i}.test`) }, 400, 'invalid_params'],
    ['domains not an array', { domains: 'allows.test' }, 400, 'invalid_params'],
    ['no domains key', {}, 400, 'invalid_params'],
    ['a bare array', [], 400, 'invalid_params'],
    ['a URL entry', { domains: ['allows.test', 'http://x.test/'] }, 400, 'invalid_domain'],
    ['a number entry', { domains: ['allows.test', 42] }, 400, 'invalid_domain'],
    ['broken JSON', '{"domains": [', 400, 'invalid_params'],
  ])('%s → %i %s', async (_label, body, status, code) => {
    const res = await h.post('/preview/v1/policy/batch', body, key);
    expect(res.status).toBe(status);
    const err = await errorOf(res);
    expect(err.error).toBe(code);
    if (code === 'invalid_domain') expect(err.message).toMatch(/^domains\[1\]: /);
  });

  it('refuses a body that is not JSON (415) and one over 64 KiB (413)', async () => {
    const form = await h.post('/preview/v1/policy/batch', 'domains=allows.test', key, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect((await errorOf(form)).error).toBe('unsupported_media_type');
    const big = await h.post('/preview/v1/policy/batch', { domains: ['allows.test'], pad: 'x'.repeat(70_000) }, key);
    expect(big.status).toBe(413);
    expect((await errorOf(big)).error).toBe('payload_too_large');
  });
});

describe('GET /preview/v1/signals/{domain}', () => {
  it('gives each file as served, with the relevant headers and the terms', async () => {
    const res = await h.get('/preview/v1/signals/training.test', key);
    expect(res.status).toBe(200);
    const s = SignalsResponseSchema.parse(await res.json());
    const body = robotsOf('training.test');
    expect(s.domain).toBe('training.test');
    expect(s.files.robots_txt).toMatchObject({
      status: 200,
      content_type: 'text/plain',
      size: Buffer.byteLength(body),
      truncated: false,
      body,
      outcome: 'response',
    });
    expect(s.files.robots_txt.url).toMatch(/^https?:\/\/training\.test\/robots\.txt$/);
    expect(s.files.llms_txt).toMatchObject({ status: 404, outcome: 'response' });
    expect(s.homepage.status).toBe(200);
    expect(s.terms.url).toMatch(/\/terms$/);
    expect(s.terms.status).toBe(200);
    const full = FullRecordSchema.parse(await json(await h.get('/v1/domain/training.test/full', key)));
    expect(s.audit_id).toBe(full.audit_id);
    expect(s.terms.ai_stance).toBe(full.tos_ai_stance);
    expect(s.terms.excerpt).toBe(full.tos_excerpt);
    // Automated access apart from AI use (docs/policy.md section 11), as in the full record.
    expect(s.terms.automated_access).toBe(full.tos_automated_access);
    expect([s.terms.automated_access_excerpt, s.terms.automated_access_section, s.terms.ai_section]).toEqual([
      full.tos_automated_access_excerpt,
      full.tos_automated_access_section,
      full.tos_ai_section,
    ]);
  });

  it('an unknown domain answers the unknown shape', async () => {
    expect(await json(await h.get('/preview/v1/signals/unseen-signals.test', key))).toEqual({
      domain: 'unseen-signals.test',
      found: false,
      queued: true,
    });
  });
});

describe('GET /preview/v1/search', () => {
  const search = async (qs: string) => {
    const res = await h.get(`/preview/v1/search?${qs}`, key);
    expect(res.status).toBe(200);
    return PreviewSearchResultSchema.parse(await res.json());
  };

  it('filters by stance (open and its synonym allows_all), blocked bot, standard and score', async () => {
    const open = await search('stance=open');
    expect(open.results.map((r) => r.domain).sort()).toEqual(
      HOSTS.filter((x) => STANCE_SITES[x]!.stance === 'allows_all').sort(),
    );
    expect(await search('stance=allows_all')).toEqual(open);
    const gpt = (await search('blocks=gptbot')).results.map((r) => r.domain);
    expect(gpt).toEqual(expect.arrayContaining(['blocks-all.test', 'training.test', 'wildcard.test']));
    expect(gpt).not.toContain('allows.test');
    const llms = (await search('standard=llms_txt')).results.map((r) => r.domain);
    expect(llms).toContain('llms.test');
    const low = await search('max_score=0');
    expect(low.results.every((r) => r.score === 0)).toBe(true);
    expect(low.results.map((r) => r.domain)).toContain('blocks-all.test');
    expect((await search('q=raini')).results.map((r) => r.domain)).toEqual(['signal-training.test', 'training.test']);
  });

  it('pages with limit, offset and has_more, ordered by rank then name', async () => {
    const all = await search('limit=100');
    expect(all.results.map((r) => r.domain)).toEqual([...all.results.map((r) => r.domain)].sort());
    const first = await search('limit=2');
    const second = await search('limit=2&offset=2');
    expect(first.has_more).toBe(true);
    expect([...first.results, ...second.results]).toEqual(all.results.slice(0, 4));
    expect(first).toMatchObject({ limit: 2, offset: 0 });
  });

  it.each([
    'stance=allows',
    'blocks=%3Cscript%3E',
    'standard=robots',
    'min_score=-1',
    'max_score=101',
    'min_score=9&max_score=1',
    'limit=0',
    'limit=101',
    'offset=x',
    'q=a',
    'stance=open&stance=selective',
    'sort=name',
  ])('?%s → 400 invalid_params naming the parameter', async (qs) => {
    const res = await h.get(`/preview/v1/search?${qs}`, key);
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.error).toBe('invalid_params');
    expect(err.message.split(':')[0]).toBe(qs.split('=')[0]);
  });
});

describe('GET /preview/v1/stats', () => {
  it('aggregates the registry, equal to a full recount', async () => {
    const res = await h.get('/preview/v1/stats', key);
    expect(res.status).toBe(200);
    const s = StatsResponseSchema.parse(await res.json());
    expect(s.total_domains).toBe((await h.service.status()).domains);
    // One per fixture site of each blocks-all-AI detail (test/fixtures/stance-sites.ts).
    const details: Record<string, number> = {};
    for (const site of Object.values(STANCE_SITES))
      if (site.stance === 'blocks_all_ai') details[site.detail] = (details[site.detail] ?? 0) + 1;
    expect(s.by_stance.blocks_all_ai.details).toEqual(details);
    expect(s.top_blocked_bots[0]?.bot).toBeTruthy();
    expect(s.freshness.fresh).toBe(s.total_domains);
    expect(s).toEqual(scanStats(h.db, Date.parse(s.generated_at)));
  });
});

describe('GET /preview/v1/domain/{domain}/history', () => {
  it('says when a site started blocking GPTBot', async () => {
    const first = HistoryResponseSchema.parse(await json(await h.get('/preview/v1/domain/changing.test/history', key)));
    expect(first.crawls).toBe(1);
    expect(first.entries).toHaveLength(1);
    expect(first.entries[0]!.changes).toEqual([]);

    await h.service.analyseNow('changing.test' as Domain); // unchanged policy: counted, not listed
    h.farm.set('changing.test', changing('User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n'));
    const blocking = await h.service.analyseNow('changing.test' as Domain);

    const res = await h.get('/preview/v1/domain/changing.test/history', key);
    expect(res.status).toBe(200);
    const hist = HistoryResponseSchema.parse(await res.json());
    expect(hist.crawls).toBe(3);
    expect(hist.entries).toHaveLength(2);
    expect(hist.entries[0]!.audit_id).toBe(blocking.audit_id);
    expect(hist.entries[0]!.changes).toContain('started blocking GPTBot');
    expect(hist.entries[0]!.bots_blocked).toContain('GPTBot');
    expect(hist.entries[1]!.audit_id).toBe(first.entries[0]!.audit_id);
    // The service's own history() reads the same entries.
    expect(await h.service.history('changing.test' as Domain)).toEqual(hist);
  });

  it('an unknown domain answers the unknown shape', async () => {
    expect(await json(await h.get('/preview/v1/domain/unseen-history.test/history', key))).toEqual({
      domain: 'unseen-history.test',
      found: false,
      queued: true,
    });
  });
});

// Last: it edits the side tables behind the service's back, so counters are no longer checked after it.
describe('a registry that predates the announced surface’s tables', () => {
  it('a registry record these tables never saw is served from the service; its raw signals are 404 until the next crawl', async () => {
    h.db.prepare("DELETE FROM preview_policy WHERE domain = 'no-rules.test'").run();
    h.db.prepare("DELETE FROM preview_signals WHERE domain = 'no-rules.test'").run();
    const rec = AnnouncedRecordSchema.parse(await json(await h.get('/preview/v1/policy/no-rules.test', key)));
    expect(rec).toEqual(await h.service.policy('no-rules.test' as Domain));
    const res = await h.get('/preview/v1/signals/no-rules.test', key);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).error).toBe('not_found');
    await h.service.analyseNow('no-rules.test' as Domain);
    expect((await h.get('/preview/v1/signals/no-rules.test', key)).status).toBe(200);
  });
});

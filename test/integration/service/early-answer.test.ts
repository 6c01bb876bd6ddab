/**
 * Issue 11 part 1: a never-seen domain is answered as soon as everything but its terms page is
 * read. The polite crawler reads robots.txt, then the homepage, then the terms it links to; the
 * terms decide no verdict (docs/policy.md sections 5 and 6), so the lookup answers early with
 * the final stance, verdicts and bots and `basis.terms_pending`, and the stored record replaces it
 * when the terms are in. Real crawler, a fixture site whose terms page answers late, SQLite store
 * and HTTP app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Domain } from '../../../shared/domain.js';
import { DomainPolicyFoundSchema } from '../../../shared/schemas.js';
import { createCrawler } from '../../../proxy/crawler/index.js';
import type { Evidence } from '../../../proxy/analysis/evidence.js';
import { html, text } from '../../fixtures/farm.js';
import { homepage, SILENT_TERMS } from '../../fixtures/stance-sites.js';
import { startHarness, type Harness } from './harness.js';

const d = (s: string) => s as Domain;
const TERMS_MS = 1_500;
const BLOCK_GPT = 'User-agent: GPTBot\nDisallow: /\n';
/** robots.txt and the homepage at once, the terms page TERMS_MS later; `served` records when each answer left. */
const lateTerms = (served: Record<string, number>) => ({
  routes: {
    '/': () => ((served['/'] = Date.now()), homepage('Late Terms')),
    '/robots.txt': () => ((served['/robots.txt'] = Date.now()), text(BLOCK_GPT)),
    '/terms': () => ((served['/terms'] = Date.now() + TERMS_MS), { ...SILENT_TERMS, delayMs: TERMS_MS }),
  },
});

describe('the early answer, while the terms page is read', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await startHarness({ crawlConcurrency: 2 });
    key = await h.key();
  });
  afterAll(() => h.close());

  it('the crawler hands out the evidence without the terms once only they are missing, then the whole', async () => {
    const served: Record<string, number> = {};
    h.farm.set('crawl-early.test', lateTerms(served));
    const crawler = createCrawler({ overrides: h.farm.overrides() });
    try {
      const early: Array<{ at: number; evidence: Evidence }> = [];
      const whole = await crawler.crawl('crawl-early.test', undefined, (e) =>
        early.push({ at: Date.now(), evidence: e }),
      );
      const ended = Date.now();
      expect(early).toHaveLength(1);
      const e = early[0]!.evidence;
      expect(e.tosPending).toBe(true);
      expect(e.tosUrl).toBe('http://crawl-early.test/terms');
      expect(e.tos).toBeNull();
      expect(e.robots.kind).toBe('response');
      expect(e.homepage.kind).toBe('response');
      // Handed out before the terms page answered, and the crawl then waited for it.
      expect(early[0]!.at).toBeLessThan(served['/terms'] ?? Infinity);
      expect(ended).toBeGreaterThanOrEqual(served['/terms']!);
      expect(whole.tosPending).toBeUndefined();
      expect(whole.tos?.kind).toBe('response');
      expect({ ...whole, tos: null, tosPending: true }).toEqual(e);
    } finally {
      await crawler.close();
    }
  });

  it('when the homepage links no terms, the usual places are tried, and the early evidence comes while they are', async () => {
    h.farm.set('no-terms.test', {
      routes: { '/': html('<!doctype html><title>No Terms</title><p>Hello.</p>'), '/robots.txt': text(BLOCK_GPT) },
    });
    const crawler = createCrawler({ overrides: h.farm.overrides() });
    try {
      const early: Evidence[] = [];
      const whole = await crawler.crawl('no-terms.test', undefined, (e) => early.push(e));
      expect(early).toHaveLength(1);
      expect([early[0]!.tosPending, early[0]!.tosUrl]).toEqual([true, null]);
      // /terms, /terms-of-service, /legal and /tos all answered 404: no terms.
      expect([whole.tosUrl, whole.tos, whole.tosPending]).toEqual([null, null, undefined]);
    } finally {
      await crawler.close();
    }
  });

  it('lookup answers early with the final stance and terms_pending, the stored record replaces it', async () => {
    const served: Record<string, number> = {};
    h.farm.set('early.test', lateTerms(served));
    expect(await h.service.lookup(d('early.test'))).toMatchObject({ found: false, queued: true });
    expect(await h.service.whenAnalysed(d('early.test'), 10_000)).toBe(true);
    const answeredAt = Date.now();
    // Before the terms page answered (its request may not even have arrived yet).
    expect(answeredAt).toBeLessThan(served['/terms'] ?? Infinity);
    const early = DomainPolicyFoundSchema.parse(await h.service.lookup(d('early.test')));
    expect(early.basis?.terms_pending).toBe(true);
    expect(early.site.tos_url).toBe('http://early.test/terms');
    expect(early.site.has_tos).toBe(false);
    // Only the lookup has an early form: the full record waits for the store.
    expect(await h.service.full(d('early.test'))).toMatchObject({ found: false, queued: true });
    // Over HTTP, a held lookup gets the early answer too.
    const held = DomainPolicyFoundSchema.parse(
      await (await h.get('/v1/domain/early.test', key, { prefer: 'wait=10' })).json(),
    );
    expect(held.basis?.terms_pending).toBe(true);

    expect(await h.service.whenAnalysed(d('early.test'), 10_000, undefined, { stored: true })).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(served['/terms']!);
    const stored = DomainPolicyFoundSchema.parse(await h.service.lookup(d('early.test')));
    expect(stored.basis?.terms_pending).toBeUndefined();
    expect(stored.site.has_tos).toBe(true);
    // What the badge and the verdicts show did not change when the terms came in.
    expect({
      stance: early.stance,
      detail: early.detail,
      use_cases: early.use_cases,
      bots: early.bots,
      last_updated: early.last_updated,
    }).toEqual({
      stance: stored.stance,
      detail: stored.detail,
      use_cases: stored.use_cases,
      bots: stored.bots,
      last_updated: stored.last_updated,
    });
    expect(await h.service.full(d('early.test'))).toHaveProperty('ai_stance', stored.stance);
  });

  it('a failed crawl is never answered early', async () => {
    h.farm.set('failing.test', {
      routes: {
        '/': homepage('Failing'),
        '/robots.txt': text('Service unavailable', {}, 503),
        '/terms': { ...SILENT_TERMS, delayMs: TERMS_MS },
      },
    });
    await h.service.lookup(d('failing.test'));
    // robots.txt answers 503: the homepage is held (RFC 9309), no terms link is followed, and the
    // failed record is stored at once: there is no window in which an early answer could be given.
    expect(await h.service.whenAnalysed(d('failing.test'), 10_000)).toBe(true);
    const rec = DomainPolicyFoundSchema.parse(await h.service.lookup(d('failing.test')));
    expect(rec.basis?.terms_pending).toBeUndefined();
    expect(rec.basis?.robots_txt.status).toBe('error');
  });
});

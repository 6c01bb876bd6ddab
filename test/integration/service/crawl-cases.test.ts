/**
 * Signals and crawl faults end to end through the service: every standard found, redirects,
 * timeouts (short injected crawler timeouts), oversized files, soft 404s, CDN challenge pages,
 * unreachable hosts, and SSRF through the API: a domain that would resolve to a private
 * address is recorded as unreachable and never fetched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRAWLER_TOKEN } from '../../../proxy/crawler/index.js';
import { DomainPolicyFoundSchema, FullRecordSchema, type FullRecord } from '../../../shared/schemas.js';
import { html, json, text, type FixtureResponse } from '../../fixtures/farm.js';
import { homepage } from '../../fixtures/stance-sites.js';
import { startHarness, type Harness } from './harness.js';

const PRIVATE_ANSWERS: Record<string, string[]> = {
  'intranet.corp-example.com': ['127.0.0.1'],
  'router.corp-example.com': ['192.168.1.1'],
  'metadata.corp-example.com': ['169.254.169.254'],
  'mapped.corp-example.com': ['::ffff:10.0.0.1'],
};

describe('signals and crawl faults through the service', () => {
  let h: Harness;
  let key: string;
  const lookups: string[] = [];

  beforeAll(async () => {
    h = await startHarness({
      crawler: {
        timeouts: { connectMs: 500, requestMs: 800, domainMs: 3_000 },
        lookup: async (name) => {
          lookups.push(name);
          const a = PRIVATE_ANSWERS[name];
          if (!a) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
          return a;
        },
      },
    });
    const f = h.farm;
    f.set('all-signals.test', {
      routes: {
        '/': homepage('Everything Published', {
          head: '<meta name="robots" content="noai, noimageai"><meta name="tdm-reservation" content="1">',
          headers: { 'tdm-reservation': '1' },
        }),
        '/robots.txt': text('User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n'),
        '/llms.txt': text('# Everything Published\n\n> A site that publishes every AI policy file.\n', {
          'content-type': 'text/markdown',
        }),
        '/ai.txt': text('User-Agent: *\nDisallow: /\n'),
        '/.well-known/tdmrep.json': json([{ location: '/', 'tdm-reservation': 1 }]),
        '/.well-known/agents.json': json({
          agentsJson: '0.1.0',
          info: { title: 'x', version: '1' },
          sources: [],
          flows: [],
        }),
      },
    });
    f.set('redirects.test', {
      routes: {
        '/': homepage('Redirecting Site'),
        '/robots.txt': { redirect: '/static/robots.txt', status: 301 },
        '/static/robots.txt': { redirect: 'http://www.redirects.test/robots.txt', status: 302 },
      },
    });
    f.set('www.redirects.test', { routes: { '/robots.txt': text('User-agent: GPTBot\nDisallow: /\n') } });
    const loop = { routes: { '/': homepage('Loop'), '/robots.txt': { redirect: '/robots.txt?again', status: 302 } } };
    f.set('redirect-loop.test', loop);
    f.set('slow.test', {
      routes: {
        '/': homepage('Slow Robots'),
        '/robots.txt': { ...text('User-agent: *\nDisallow: /\n'), delayMs: 2_500 },
      },
    });
    f.set('all-slow.test', { routes: {}, fallback: { ...text('late'), delayMs: 5_000 } });
    f.set('dropper.test', { routes: {}, fallback: { drop: true } });
    f.set('huge.test', {
      routes: {
        '/': homepage('Huge robots.txt'),
        '/robots.txt': text(
          'User-agent: GPTBot\nDisallow: /\n\n' + '# padding line to make the file large\n'.repeat(20_000),
        ),
      },
    });
    f.set('soft404.test', {
      routes: { '/': homepage('Soft'), '/robots.txt': html('<html><body>Not found</body></html>') },
    });
    f.set('challenge-403.test', {
      routes: {
        '/': {
          status: 403,
          headers: { 'content-type': 'text/html', server: 'cloudflare', 'cf-mitigated': 'challenge' },
          body: '<html><title>Just a moment...</title></html>',
        },
        '/robots.txt': {
          status: 403,
          headers: { 'content-type': 'text/html', server: 'cloudflare', 'cf-mitigated': 'challenge' },
          body: '<html><title>Just a moment...</title></html>',
        },
      },
    });
    // The crawler's manners (RFC 9309): pages it was asked not to fetch, or held back from.
    const withTerms = (robots: FixtureResponse) => ({
      routes: {
        '/': homepage('Opted Out'),
        '/terms': html('<h1>Terms</h1><p>No scraping.</p>'),
        '/robots.txt': robots,
      },
    });
    f.set(
      'optout-ai.test',
      withTerms(
        text(`User-agent: ${CRAWLER_TOKEN}\nDisallow: /\n\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n`),
      ),
    );
    f.set('robots-503.test', withTerms(text('Service Unavailable', {}, 503)));
    f.set('robots-429.test', withTerms(text('Too Many Requests', {}, 429)));
    f.set('ssrf-redirect.test', {
      routes: {
        '/': homepage('Sneaky'),
        '/robots.txt': { redirect: `http://127.0.0.1:${f.port}/secret`, status: 302 },
      },
    });
    key = await h.key();
  });
  afterAll(() => h.close());

  /** Looks the domain up (queued), waits for the workers, returns summary, full record and evidence. */
  async function analysed(domain: string) {
    const first = await (await h.get(`/v1/domain/${domain}`, key)).json();
    expect(first).toEqual({ domain, found: false, queued: true });
    await h.service.idle();
    const summary = DomainPolicyFoundSchema.parse(await (await h.get(`/v1/domain/${domain}`, key)).json());
    const full: FullRecord = FullRecordSchema.parse(await (await h.get(`/v1/domain/${domain}/full`, key)).json());
    const audit = await h.service.store.records.audit(full.audit_id);
    return { summary, full, evidence: audit!.evidence };
  }

  it('finds every standard', async () => {
    const { summary, full } = await analysed('all-signals.test');
    expect(summary.signals).toEqual({
      robots_txt: true,
      llms_txt: true,
      ai_txt: true,
      tdmrep: true,
      content_signals: true,
      agents_json: true,
    });
    expect(summary.use_cases.training).toBe('blocked');
    expect(full.usage_signals.training).toBe(false);
    expect(full.meta_tags).toBeTypeOf('object');
  });

  it('follows redirects (relative and to another host of the site)', async () => {
    const { summary, evidence } = await analysed('redirects.test');
    expect(evidence.robots).toMatchObject({
      kind: 'response',
      status: 200,
      redirects: 2,
      finalUrl: 'http://www.redirects.test/robots.txt',
    });
    expect(summary.bots.blocked).toContain('GPTBot');
  });

  it('more than 5 redirects: robots.txt unreachable, so robots_blocked', async () => {
    const { summary, evidence } = await analysed('redirect-loop.test');
    expect(evidence.robots).toMatchObject({ kind: 'failed', reason: 'too_many_redirects' });
    expect(summary.detail).toBe('robots_blocked');
  });

  it('a robots.txt slower than the request timeout is unreachable, so the homepage is not requested (RFC 9309 2.3.1.4)', async () => {
    const { summary, full, evidence } = await analysed('slow.test');
    expect(evidence.robots).toMatchObject({ kind: 'failed', reason: 'timeout' });
    expect(evidence.homepage).toMatchObject({ kind: 'failed', reason: 'timeout', robots: 'unreachable' });
    expect(h.farm.requests.filter((r) => r.host === 'slow.test').map((r) => r.path)).not.toContain('/');
    expect(full.homepage_status).toBeNull();
    // Row 6, not row 1: llms.txt, ai.txt and the well-known files answered (404), so the site
    // was reached (docs/policy.md section 11); told as it happened, with the time waited
    // (this harness's request limit is 800 ms: "1 s"), the homepage not said not to answer.
    expect(summary).toMatchObject({ stance: 'no_policy', detail: 'robots_blocked' });
    expect(summary.basis!.robots_txt).toEqual({
      status: 'unreachable',
      http_status: null,
      problem: 'timeout',
      waited_s: 1,
    });
    expect(full.confidence).toBe(0.4);
    const stance = full.explanations.find((x) => x.subject === 'stance')!.reason;
    expect(stance).toBe(
      'robots.txt could not be read because it did not answer within 1 s, and no other signal decides, so the site’s AI rules are not known. As RFC 9309 asks in that case, the homepage and the site’s other pages were not requested.',
    );
    expect(full.explanations.map((x) => x.reason).join(' ')).not.toMatch(/Neither the homepage|could not be reached/);
    // A failed check (section 8), robots.txt's own: the other files answered.
    const audit = (await h.service.store.records.audits('slow.test')).at(-1)!;
    expect(audit.failure).toBe('robots.txt: timed out');
  });

  it('a site whose robots.txt disallows the crawler: policy from robots.txt, full confidence, the homepage and terms said not fetched at its request', async () => {
    const { summary, full, evidence } = await analysed('optout-ai.test');
    const paths = h.farm.requests.filter((r) => r.host === 'optout-ai.test').map((r) => r.path);
    expect(paths).toContain('/robots.txt');
    expect(paths).not.toContain('/');
    expect(paths).not.toContain('/terms');
    expect(evidence.homepage).toMatchObject({ kind: 'refused', robots: 'disallowed' });
    expect(summary).toMatchObject({ stance: 'selective', detail: 'selective' });
    expect(summary.bots.blocked).toEqual(['GPTBot', 'ClaudeBot']);
    expect(full.confidence).toBe(1);
    expect(full.homepage_status).toBeNull();
    expect(summary.site.has_tos).toBe(false);
    expect(full.tos_ai_stance).toBe('unknown');
    expect(full.explanations.find((x) => x.subject === 'homepage')).toMatchObject({
      value: 'not_fetched',
      source: 'robots_txt',
      line: 2,
      evidence: 'Disallow: /',
      reason: expect.stringContaining('at the site’s request'),
    });
    expect(full.explanations.find((x) => x.subject === 'tos_ai_stance')!.reason).toContain(
      'not fetched at the site’s request',
    );
    expect((await h.service.store.records.audits('optout-ai.test')).at(-1)!.failure).toBeNull();
  });

  it.each([
    ['robots-503.test', 503, 'the server failed (HTTP 503)', 'robots.txt: server error (HTTP 503)'],
    ['robots-429.test', 429, 'the server asked to slow down (HTTP 429)', null],
  ] as const)(
    '%s: robots.txt answered %i, so no page was requested: row 6, told truly',
    async (domain, code, why, failure) => {
      const { summary, full, evidence } = await analysed(domain);
      expect(h.farm.requests.filter((r) => r.host === domain).map((r) => r.path)).not.toContain('/');
      expect(evidence.homepage).toMatchObject({ kind: 'refused', robots: 'unreachable' });
      expect(summary).toMatchObject({ stance: 'no_policy', detail: 'robots_blocked' });
      expect(full.confidence).toBe(0.4);
      const stance = full.explanations.find((x) => x.subject === 'stance')!.reason;
      expect(stance).toContain(`robots.txt could not be read because ${why}`);
      expect(stance).toContain('the homepage and the site’s other pages were not requested');
      expect(full.explanations.find((x) => x.subject === 'homepage')).toMatchObject({
        value: 'not_fetched',
        evidence: expect.stringContaining(`HTTP ${code}`),
      });
      // 5xx may pass: a failed check, retried; 429 is the site's answer (section 8).
      expect((await h.service.store.records.audits(domain)).at(-1)!.failure).toBe(failure);
    },
  );

  it('a site that answers nothing in time, or drops every connection, is unreachable', async () => {
    for (const d of ['all-slow.test', 'dropper.test']) {
      const { summary, full } = await analysed(d);
      expect(summary).toMatchObject({ stance: 'no_policy', detail: 'unreachable' });
      expect(full.confidence).toBe(0);
    }
  });

  it('an oversized robots.txt is read up to 500 KiB and still classified, with a warning', async () => {
    const { summary, full, evidence } = await analysed('huge.test');
    expect(evidence.robots).toMatchObject({ kind: 'response', truncated: true, bytes: 500 * 1024 });
    expect(summary.bots.blocked).toContain('GPTBot');
    expect(full.warnings.join(' ')).toMatch(/truncated|500/);
  });

  it('a soft 404 is a missing robots.txt; a CDN challenge is a blocked one', async () => {
    expect((await analysed('soft404.test')).summary.detail).toBe('no_robots');
    const challenged = await analysed('challenge-403.test');
    expect(challenged.summary.detail).toBe('robots_blocked');
    expect(challenged.full.robots_txt_status).toBe('blocked');
  });

  it.each(Object.keys(PRIVATE_ANSWERS))('SSRF: %s resolves privately → unreachable, never fetched', async (domain) => {
    const { summary, full, evidence } = await analysed(domain);
    expect(summary.detail).toBe('unreachable');
    // Told as it was: refused by the address guard, not "did not answer".
    expect(full.explanations.find((x) => x.subject === 'stance')!.reason).toMatch(
      /^Nothing was fetched \(.+\), so nothing about AI could be read\.$/,
    );
    expect(evidence.homepage.kind).toBe('refused');
    expect(evidence.robots.kind).toBe('refused');
    expect(lookups).toContain(domain);
    expect(h.farm.requests.some((r) => r.host === domain)).toBe(false);
  });

  it('SSRF: a redirect to a private address is refused, not followed', async () => {
    const { evidence } = await analysed('ssrf-redirect.test');
    expect(evidence.robots.kind).toBe('refused');
    expect(h.farm.requests.some((r) => r.path === '/secret')).toBe(false);
  });

  it('SSRF: IP literals never reach the crawler (400 invalid_domain)', async () => {
    for (const d of ['127.0.0.1', '2130706433', '0x7f.0.0.1', '[::1]']) {
      expect((await h.get(`/v1/domain/${encodeURIComponent(d)}`, key)).status).toBe(400);
    }
  });
});

/**
 * Signals and crawl faults end to end through the service: every standard found, redirects,
 * timeouts (short injected crawler timeouts), oversized files, soft 404s, CDN challenge pages,
 * unreachable hosts, and SSRF through the API: a domain that would resolve to a private
 * address is recorded as unreachable and never fetched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Evidence } from '../../../proxy/analysis/evidence.js';
import { DomainPolicyFoundSchema, FullRecordSchema, type FullRecord } from '../../../shared/schemas.js';
import { html, json, text } from '../../fixtures/farm.js';
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
        '/llms.txt': text('# Everything Published\n\n> A site that publishes every AI policy file.\n', { 'content-type': 'text/markdown' }),
        '/ai.txt': text('User-Agent: *\nDisallow: /\n'),
        '/.well-known/tdmrep.json': json([{ location: '/', 'tdm-reservation': 1 }]),
        '/.well-known/agents.json': json({ agentsJson: '0.1.0', info: { title: 'x', version: '1' }, sources: [], flows: [] }),
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
    f.set('slow.test', { routes: { '/': homepage('Slow Robots'), '/robots.txt': { ...text('User-agent: *\nDisallow: /\n'), delayMs: 2_500 } } });
    f.set('all-slow.test', { routes: {}, fallback: { ...text('late'), delayMs: 5_000 } });
    f.set('dropper.test', { routes: {}, fallback: { drop: true } });
    f.set('huge.test', {
      routes: {
        '/': homepage('Huge robots.txt'),
        '/robots.txt': text('User-agent: GPTBot\nDisallow: /\n\n' + '# padding line to make the file large\n'.repeat(20_000)),
      },
    });
    f.set('soft404.test', { routes: { '/': homepage('Soft'), '/robots.txt': html('<html><body>Not found</body></html>') } });
    f.set('challenge-403.test', {
      routes: {
        '/': { status: 403, headers: { 'content-type': 'text/html', server: 'cloudflare', 'cf-mitigated': 'challenge' }, body: '<html><title>Just a moment...</title></html>' },
        '/robots.txt': { status: 403, headers: { 'content-type': 'text/html', server: 'cloudflare', 'cf-mitigated': 'challenge' }, body: '<html><title>Just a moment...</title></html>' },
      },
    });
    f.set('ssrf-redirect.test', {
      routes: { '/': homepage('Sneaky'), '/robots.txt': { redirect: `http://127.0.0.1:${f.port}/secret`, status: 302 } },
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
    return { summary, full, evidence: audit!.evidence as Evidence };
  }

  it('finds every standard', async () => {
    const { summary, full } = await analysed('all-signals.test');
    expect(summary.signals).toEqual({ robots_txt: true, llms_txt: true, ai_txt: true, tdmrep: true, content_signals: true, agents_json: true });
    expect(summary.use_cases.training).toBe('blocked');
    expect(full.usage_signals.training).toBe(false);
    expect(full.meta_tags).toBeTypeOf('object');
  });

  it('follows redirects (relative and to another host of the site)', async () => {
    const { summary, evidence } = await analysed('redirects.test');
    expect(evidence.robots).toMatchObject({ kind: 'response', status: 200, redirects: 2, finalUrl: 'http://www.redirects.test/robots.txt' });
    expect(summary.bots.blocked).toContain('GPTBot');
  });

  it('more than 5 redirects: robots.txt unreachable, so robots_blocked', async () => {
    const { summary, evidence } = await analysed('redirect-loop.test');
    expect(evidence.robots).toMatchObject({ kind: 'failed', reason: 'too_many_redirects' });
    expect(summary.detail).toBe('robots_blocked');
  });

  it('a robots.txt slower than the request timeout is unreachable, so the homepage is not requested (RFC 9309 2.3.1.4)', async () => {
    const { full, evidence } = await analysed('slow.test');
    expect(evidence.robots).toMatchObject({ kind: 'failed', reason: 'timeout' });
    expect(evidence.homepage).toMatchObject({ kind: 'failed', reason: 'timeout', robots: 'unreachable' });
    expect(full.homepage_status).toBeNull();
  });

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
    const { summary, evidence } = await analysed(domain);
    expect(summary.detail).toBe('unreachable');
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

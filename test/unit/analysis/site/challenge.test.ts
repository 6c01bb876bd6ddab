import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectChallenge } from '../../../../proxy/analysis/site/challenge.js';

const DIR = new URL('../../../../../shared/corpora/real-robots/2026-01/', import.meta.url);
const files = readdirSync(DIR).filter((f) => f.endsWith('.robots.txt'));

/**
 * The robots.txt answers of the January 2026 corpus that are bot challenges or CDN block
 * pages, by reading each HTML body (the scraper lower-cased them). Every other body,
 * including the HTML 404 pages and real HTML pages served at /robots.txt, is not a challenge.
 */
const CHALLENGES: Readonly<Partial<Record<string, string>>> = {
  'medium.com': 'cloudflare', // "just a moment..." interstitial
  'www.aps.org': 'cloudflare',
  'www.economist.com': 'cloudflare',
  'www.pexels.com': 'cloudflare',
  'www.substack.com': 'cloudflare',
  'www.indeed.com': 'cloudflare', // "security check" page built on the challenge platform
  'www.scopus.com': 'cloudflare', // "attention required! | cloudflare" block page
  'www.sciencedirect.com': 'cloudflare', // an 834 KB challenge page, `_cf_chl_opt` 773 KB in (once missed: the search stopped at 512 KiB)
  'www.edsheeran.com': 'akamai', // "access denied" with an errors.edgesuite.net reference
  'www.mdpi.com': 'akamai',
  'www.twentyonepilots.com': 'akamai',
  'www.cairn.info': 'datadome', // captcha-delivery.com loader
  'sci-hub.se': 'ddos_guard', // DDoS-Guard JS challenge
};

describe('challenge pages among 204 real robots.txt answers (../shared/corpora/real-robots)', () => {
  it('reads the whole corpus', () => {
    expect(files.length).toBe(204);
  });

  it.each(files.map((f) => [f.replace(/\.robots\.txt$/, ''), f] as const))('%s', (domain, f) => {
    const body = readFileSync(new URL(f, DIR), 'utf8');
    const r = detectChallenge({ headers: {}, body, status: 200 });
    expect(r.vendor).toBe(CHALLENGES[domain] ?? null);
    expect(r.challenged).toBe(domain in CHALLENGES);
  });
});

describe('challenge headers', () => {
  const page =
    '<!doctype html><html><head><title>One moment</title></head><body><p>Checking your browser.</p></body></html>';
  const html = (headers: Record<string, string>, body = page) => ({
    headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
    body,
    status: 403,
  });

  it('reads the headers vendors document, on an HTML answer', () => {
    expect(detectChallenge(html({ 'cf-mitigated': 'challenge' }))).toEqual({
      challenged: true,
      vendor: 'cloudflare',
      evidence: 'cf-mitigated: challenge',
    });
    expect(detectChallenge(html({ 'x-vercel-mitigated': 'challenge' })).vendor).toBe('vercel');
    expect(detectChallenge(html({ 'x-amzn-waf-action': 'captcha' })).vendor).toBe('aws_waf');
    expect(
      detectChallenge({
        headers: { server: 'cloudflare', 'cf-ray': '1-AMS' },
        body: 'User-agent: *\nDisallow:',
        status: 200,
      }).challenged,
    ).toBe(false);
  });

  it('takes a header every protected answer carries (x-datadome, server: ddos-guard) for a challenge only on a page without text', () => {
    expect(
      detectChallenge(
        html({ 'x-datadome': 'protected' }, '<html><head><script src="/tags.js"></script></head><body></body></html>'),
      ).vendor,
    ).toBe('datadome');
    expect(detectChallenge(html({ 'x-datadome': 'protected' })).challenged).toBe(false);
    expect(detectChallenge(html({ server: 'ddos-guard' })).challenged).toBe(false);
  });

  it('reads Akamai\'s "Access Denied" page by its reference, entity-encoded as served (www.visa.com, 2019, scrapy/protego)', () => {
    const denied =
      '<HTML><HEAD>\n<TITLE>Access Denied</TITLE>\n</HEAD><BODY>\n<H1>Access Denied</H1>\n \nYou don\'t have permission to access "http&#58;&#47;&#47;www&#46;visa&#46;com&#47;robots&#46;txt" on this server.<P>\nReference&#32;&#35;18&#46;394c3917&#46;1563829117&#46;3c859224\n</BODY>\n</HTML>\n';
    expect(detectChallenge({ headers: {}, body: denied, status: 200 })).toMatchObject({
      challenged: true,
      vendor: 'akamai',
      evidence: 'Reference&#32;&#35;18&#46;394c3917&#46;1563829117',
    });
    // A page that only speaks of a reference number is no block page.
    expect(
      detectChallenge({ headers: {}, body: '<p>Reference #18 of the catalogue</p>', status: 200 }).challenged,
    ).toBe(false);
  });

  it('never calls a plain-text answer a challenge, whatever its headers (section 11)', () => {
    expect(
      detectChallenge({
        headers: { 'content-type': 'text/plain', 'cf-mitigated': 'challenge' },
        body: 'User-agent: *\nDisallow: /cdn-cgi/challenge-platform/\n',
        status: 200,
      }).challenged,
    ).toBe(false);
  });
});

/** Real answers served for /robots.txt (test/fixtures/real-files, sources in SOURCES.md). */
describe('challenge pages, exactly (docs/policy.md section 11): real answers', () => {
  const REAL = new URL('../../../fixtures/real-files/', import.meta.url);
  const answer = (name: string, contentType: string) => {
    const body = readFileSync(new URL(name, REAL), 'utf8');
    return { headers: { 'content-type': contentType }, contentType, body, status: 200 };
  };

  it.each([
    [
      'www.informatech.com.robots.txt',
      'text/plain',
      'a plain-text robots.txt disallowing /cdn-cgi/challenge-platform/',
    ],
    [
      'newsroom.paypal-corp.com.robots.html',
      'text/html',
      'an HTML "Page not found" page with Cloudflare\'s JavaScript-detections beacon',
    ],
    ['manage.techsmith.com.robots.html', 'text/html', "nginx's 404 page with Imperva's _Incapsula_Resource beacon"],
  ])('%s is no challenge: %s', (name, contentType) => {
    expect(detectChallenge(answer(name, contentType))).toEqual({ challenged: false, vendor: null, evidence: null });
  });

  it.each([
    [
      'account.reviewjournal.com.robots.html',
      'imperva',
      '_Incapsula_Resource',
      "an empty page running Imperva's script (JavaScript challenge)",
    ],
    [
      'jobs.libraryjournal.com.robots.html',
      'imperva',
      '_Incapsula_Resource?CWUDNSAI=',
      'Imperva\'s block page (its iframe, and "Incapsula incident ID")',
    ],
    ['www.kobo.com.robots.html', 'cloudflare', '_cf_chl_opt', "Cloudflare's challenge, its marker 80 KB into the page"],
    [
      'clientconnect.eib.org.robots.html',
      'f5',
      'The requested URL was rejected. Please consult with your administrator.',
      "F5's firewall block page, served 200",
    ],
    [
      'afrocrowd.org.robots.html',
      'modsecurity',
      'This error was generated by Mod_Security',
      "ModSecurity's block page",
    ],
  ])('%s is a %s challenge (%s): %s', (name, vendor, evidence) => {
    expect(detectChallenge(answer(name, 'text/html'))).toEqual({ challenged: true, vendor, evidence });
  });
});

describe('challenge markers anywhere in a large body', () => {
  it('finds a marker after 800 KB of markup (no cut-off below the crawler cap)', () => {
    const body = `<html><head><title>x</title></head><body>${'<p>filler text '.repeat(55_000)}<script>window._cf_chl_opt={}</script></body></html>`;
    expect(body.length).toBeGreaterThan(800_000);
    expect(detectChallenge({ headers: { 'content-type': 'text/html' }, body, status: 200 })).toEqual({
      challenged: true,
      vendor: 'cloudflare',
      evidence: '_cf_chl_opt',
    });
  });
});

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
  it('reads the headers vendors document', () => {
    expect(detectChallenge({ headers: { 'cf-mitigated': 'challenge' }, body: '', status: 403 })).toEqual({ challenged: true, vendor: 'cloudflare', evidence: 'cf-mitigated: challenge' });
    expect(detectChallenge({ headers: { 'x-vercel-mitigated': 'challenge' }, body: '', status: 429 }).vendor).toBe('vercel');
    expect(detectChallenge({ headers: { 'x-amzn-waf-action': 'captcha' }, body: '', status: 405 }).vendor).toBe('aws_waf');
    expect(detectChallenge({ headers: { 'x-datadome': 'protected' }, body: '', status: 403 }).vendor).toBe('datadome');
    expect(detectChallenge({ headers: { server: 'cloudflare', 'cf-ray': '1-AMS' }, body: 'User-agent: *\nDisallow:', status: 200 }).challenged).toBe(false);
  });
});

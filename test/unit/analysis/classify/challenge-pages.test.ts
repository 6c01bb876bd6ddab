/**
 * Challenge pages, exactly (docs/policy.md section 11), through classify(): a plain-text
 * robots.txt naming a CDN's challenge path is read as a robots.txt; an HTML "not found" page
 * carrying a CDN beacon is a soft 404 (`missing`); a real challenge page is `blocked` with the
 * problem `challenge`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classify } from '../../../../proxy/analysis/index.js';
import { buildEvidence, html, text } from '../helpers/evidence-builder.js';

const REAL = new URL('../../../fixtures/real-files/', import.meta.url);
const real = (name: string): string => readFileSync(new URL(name, REAL), 'utf8');

describe('plain-text robots.txt files that name challenge paths are read', () => {
  it('informatech.com (real): `Disallow: /cdn-cgi/challenge-platform/` is a rule, not a challenge page', () => {
    const c = classify(
      buildEvidence({ domain: 'www.informatech.com', robots: text(real('www.informatech.com.robots.txt')) }),
    );
    expect(c.full.robots_txt_status).toBe('ok');
    expect(c.full.basis!.robots_txt.problem).toBeNull();
    expect(c.summary.detail).not.toBe('robots_blocked');
    expect(c.full.all_bots['*']!.disallowed_paths).toContain('/cdn-cgi/challenge-platform/');
  });

  it("a file shaped like elconfidencial.com's (per its description: `Allow: /_Incapsula_Resource`, AI bots blocked) is read and its AI blocks count", () => {
    const body =
      'User-agent: *\nAllow: /_Incapsula_Resource\nDisallow: /buscador/\n\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: CCBot\nUser-agent: Google-Extended\nDisallow: /\n';
    const c = classify(buildEvidence({ domain: 'www.elconfidencial.com', robots: text(body) }));
    expect(c.full.robots_txt_status).toBe('ok');
    expect([c.summary.detail, c.summary.use_cases.training]).toEqual(['blocks_training', 'blocked']);
    expect(c.summary.bots.blocked.slice(0, 4)).toEqual(['GPTBot', 'ClaudeBot', 'Google-Extended', 'CCBot']);
  });
});

describe('HTML answers', () => {
  it('a "Page not found" page with Cloudflare\'s beacon, served 200 (paypal-corp.com, real), is a soft 404', () => {
    const c = classify(buildEvidence({ robots: html(real('newsroom.paypal-corp.com.robots.html')) }));
    expect([c.full.robots_txt_status, c.summary.detail]).toEqual(['missing', 'no_robots']);
  });

  it("nginx's 404 page with Imperva's beacon, served 200 (techsmith.com, real), is a soft 404", () => {
    const c = classify(buildEvidence({ robots: html(real('manage.techsmith.com.robots.html')) }));
    expect(c.full.robots_txt_status).toBe('missing');
  });

  it.each([
    ['account.reviewjournal.com.robots.html'],
    ['jobs.libraryjournal.com.robots.html'],
    ['www.kobo.com.robots.html'],
    ['clientconnect.eib.org.robots.html'],
    ['afrocrowd.org.robots.html'],
  ])('%s (real) is a challenge: robots.txt could not be read', (name) => {
    const c = classify(buildEvidence({ robots: html(real(name)) }));
    expect([c.full.robots_txt_status, c.summary.detail, c.full.basis!.robots_txt.problem]).toEqual([
      'blocked',
      'robots_blocked',
      'challenge',
    ]);
  });
});

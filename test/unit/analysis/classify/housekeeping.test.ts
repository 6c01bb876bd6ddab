/**
 * Housekeeping, exactly (docs/policy.md section 11): a named bot's group is housekeeping
 * only when every path it closes is closed for `*` too; a group that closes any path `*` leaves
 * open is an AI rule and makes the bot `partial` with source `named`, which restricts. Shown on
 * vrt.be's real robots.txt and as a property over generated files.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classify } from '../../../../proxy/analysis/index.js';
import { readBots, restricts } from '../../../../proxy/analysis/classify/bot-readings.js';
import { parseRobotsTxt } from '../../../../shared/robots/index.js';
import { buildEvidence, text } from '../helpers/evidence-builder.js';

const REAL = new URL('../../../fixtures/real-files/', import.meta.url);
const real = (name: string): string => readFileSync(new URL(name, REAL), 'utf8');

describe('vrt.be (real file): a named group closing /vrtnws/ for six AI bots', () => {
  const c = classify(buildEvidence({ domain: 'www.vrt.be', robots: text(real('www.vrt.be.robots.txt')) }));

  it('is selective, not "no AI rules": the group closes /vrtnws/, which `*` leaves open', () => {
    expect([c.summary.stance, c.summary.detail]).toEqual(['selective', 'selective']);
    // GPTBot and CCBot are training key bots, partly blocked; ChatGPT-User answers users.
    expect(c.summary.use_cases).toEqual({ training: 'partial', search: 'allowed', inference: 'partial' });
  });

  it('lists the named bots as partly blocked, with the closed path', () => {
    for (const t of ['GPTBot', 'CCBot', 'ChatGPT-User', 'Google-Extended', 'cohere-ai'])
      expect(c.full.ai_bots[t], t).toBe('partial');
    expect(c.full.all_bots['GPTBot']).toMatchObject({ status: 'partial', disallowed_paths: ['/vrtnws/'] });
    // `*` closes /libs/ and query paths; the named group does not repeat them: it is looser there, and still an AI rule.
    expect(c.full.all_bots['*']!.disallowed_paths).toContain('/libs/');
    expect(c.summary.bots.blocked).toEqual([]);
  });

  it('says so in words', () => {
    expect(c.full.explanations[0]!.reason).toBe(
      'AI training and AI answers are partly blocked; AI search is not restricted.',
    );
    expect(c.full.explanations.find((e) => e.subject === 'training')!.reason).toBe(
      'AI training is partly blocked: robots.txt restricts GPTBot, Google-Extended and CCBot, but not every main bot.',
    );
    expect(c.full.explanations.find((e) => e.subject === 'GPTBot')!.reason).toBe(
      'GPTBot may not fetch /vrtnws/, by rules that name it; the rest of the site is open to it.',
    );
  });

  it('names the deciding line for training', () => {
    expect(c.full.basis!.decided_by.training[0]).toMatchObject({
      source: 'robots_txt',
      evidence: 'Disallow: /vrtnws/',
    });
  });
});

/**
 * Generated files. `*` rules (and the named group's copies of them) only name paths under /a,
 * /b and /c, so no `*` rule reaches a path under /q; a named `Disallow: /q…` therefore closes a
 * path `*` leaves open. A named group whose disallows are a subset of the `*` group's, when the
 * `*` group has no allow rule, closes only paths `*` closes too, whatever allows it adds.
 */
const segment = fc.stringMatching(/^[a-z0-9]{0,4}$/);
const star = fc.constantFrom('', '*', '$', '/', '*/', '.pdf$');
const abcPattern = fc.tuple(fc.constantFrom('/a', '/b', '/c'), segment, star).map(([h, s, t]) => h + s + t);
const qPattern = fc.tuple(segment, fc.constantFrom('', '/', '*', '$')).map(([s, t]) => `/q${s}${t}`);
const bot = fc.constantFrom(
  { token: 'GPTBot', use: 'training' },
  { token: 'OAI-SearchBot', use: 'search' },
  { token: 'ChatGPT-User', use: 'inference' },
) as fc.Arbitrary<{ token: string; use: 'training' | 'search' | 'inference' }>;
const rule = (type: 'Allow' | 'Disallow') => (p: string) => `${type}: ${p}`;

function file(wildcard: string[], named: string[], token: string, namedFirst: boolean): string {
  const w = `User-agent: *\n${wildcard.join('\n')}\n`;
  const n = `User-agent: ${token}\n${named.join('\n')}\n`;
  return namedFirst ? `${n}\n${w}` : `${w}\n${n}`;
}

function reading(body: string, token: string) {
  const r = readBots(parseRobotsTxt(body)).catalogue.get(token.toLowerCase())!;
  return { restricts: restricts(r), status: r.status.status, source: r.status.source };
}

describe('property: a named group restricts exactly when it closes a path `*` leaves open', () => {
  it('a named group closing a path `*` leaves open always restricts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(abcPattern.map(rule('Disallow')), abcPattern.map(rule('Allow'))), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.array(fc.oneof(abcPattern.map(rule('Disallow')), abcPattern.map(rule('Allow'))), { maxLength: 6 }),
        qPattern,
        bot,
        fc.boolean(),
        (wildcard, copied, q, b, namedFirst) => {
          const body = file(wildcard, [...copied, `Disallow: ${q}`], b.token, namedFirst);
          const r = reading(body, b.token);
          expect(r.restricts, body).toBe(true);
          expect(r.source).toBe('named');
          const c = classify(buildEvidence({ robots: text(body) }));
          expect(['partial', 'blocked'], body).toContain(c.summary.use_cases[b.use]);
          expect(c.summary.detail, body).not.toBe('no_ai_rules');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a named group closing nothing beyond `*` never restricts', () => {
    fc.assert(
      fc.property(
        fc.array(abcPattern, { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.array(fc.oneof(abcPattern, qPattern), { maxLength: 4 }),
        bot,
        fc.boolean(),
        (disallows, picks, allows, b, namedFirst) => {
          const subset = [...new Set(picks.map((i) => disallows[i % disallows.length]!))];
          const named = [...subset.map(rule('Disallow')), ...allows.map(rule('Allow'))];
          if (named.length === 0) named.push('Disallow:');
          const body = file(disallows.map(rule('Disallow')), named, b.token, namedFirst);
          expect(reading(body, b.token).restricts, body).toBe(false);
          const c = classify(buildEvidence({ robots: text(body) }));
          expect(c.summary.use_cases[b.use], body).toBe('allowed');
          // A group that closes nothing at all names its bot allowed: an explicit allow, still no restriction.
          expect(['no_ai_rules', 'allows_all'], body).toContain(c.summary.detail);
        },
      ),
      { numRuns: 300 },
    );
  });
});

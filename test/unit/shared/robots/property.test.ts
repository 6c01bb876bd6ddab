/**
 * Property tests (fast-check): the parser and matcher never throw on any input, and the
 * linear pattern matcher agrees with a straightforward regular-expression oracle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestMatch,
  botStatus,
  compilePattern,
  compiledRulesFor,
  isAllowed,
  parseRobotsTxt,
  patternMatches,
} from '../../../../shared/robots/index.js';

/** Lines built from robots.txt vocabulary, so the generator reaches the interesting states. */
const robotsLine = fc.oneof(
  fc.constantFrom(
    'User-agent: *',
    'User-agent: FooBot',
    'user-agent FooBot',
    'Sitemap: /s',
    'Crawl-delay: x',
    'Content-Signal: ai-train=no',
    '#c',
    '',
  ),
  fc
    .tuple(
      fc.constantFrom('Allow:', 'Disallow:', 'allow', 'DISALLOW :'),
      fc.stringMatching(/^[/a-z*$%0-9?=&.ツ]{0,12}$/),
    )
    .map(([k, v]) => `${k} ${v}`),
  fc.string({ maxLength: 30 }),
);
const robotsText = fc
  .tuple(fc.array(robotsLine, { maxLength: 25 }), fc.constantFrom('\n', '\r\n', '\r'))
  .map(([lines, eol]) => lines.join(eol));
const anyUrl = fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string({ maxLength: 40 }));
const anyAgent = fc.oneof(
  fc.constantFrom('FooBot', '*', '', 'GPTBot/1.1', 'ChatGPT Agent'),
  fc.string({ maxLength: 12 }),
);

describe('never throws', () => {
  it('parseRobotsTxt on random strings (full Unicode)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (s) => {
        parseRobotsTxt(s);
      }),
      { numRuns: 500 },
    );
  });

  it('parseRobotsTxt on random bytes decoded as UTF-8 with replacement', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        const r = parseRobotsTxt(new TextDecoder('utf-8').decode(bytes));
        expect(r.truncated).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('isAllowed and botStatus on random robots-like files, agents and URLs', () => {
    fc.assert(
      fc.property(robotsText, anyAgent, anyUrl, (text, agent, url) => {
        const r = parseRobotsTxt(text);
        expect(typeof isAllowed(r, agent, url)).toBe('boolean');
        expect(['blocked', 'partial', 'allowed']).toContain(botStatus(r, agent).status);
      }),
      { numRuns: 1000 },
    );
  });

  it('isAllowed with lone surrogates and odd percent escapes', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 40 }),
        (rule, path) => {
          const r = parseRobotsTxt(`User-agent: *\nDisallow: ${rule}\n`);
          isAllowed(r, 'x', '/' + path);
          isAllowed(r, 'x', `https://h/${path}%`);
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** Oracle: the pattern as an anchored regular expression (only safe for tiny inputs). */
function oracle(pattern: string, path: string): boolean {
  if (pattern === '') return false;
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const re =
    '^' +
    body
      .split('*')
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*') +
    (anchored ? '$' : '');
  return new RegExp(re, 's').test(path);
}

describe('patternMatches', () => {
  it('agrees with a regular-expression oracle on plain ASCII patterns', () => {
    const alphabet = fc.constantFrom('a', 'b', '/', '*', '$', '.');
    const pattern = fc.array(alphabet, { maxLength: 8 }).map((a) => a.join(''));
    const path = fc.array(fc.constantFrom('a', 'b', '/', '.', '$'), { maxLength: 10 }).map((a) => a.join(''));
    fc.assert(
      fc.property(pattern, path, (p, s) => {
        expect(patternMatches(compilePattern(p), s)).toBe(oracle(p, s));
      }),
      { numRuns: 5000 },
    );
  });

  it('answers adversarial star patterns on long paths (no backtracking)', () => {
    const p = compilePattern('/' + 'a*'.repeat(200) + 'b$');
    const path = '/' + 'a'.repeat(50_000);
    expect(patternMatches(p, path)).toBe(false);
    expect(patternMatches(p, path + 'b')).toBe(true);
  });
});

/** Every path over `/ a b c` of up to 7 characters ('c' occurs in no generated pattern). */
const PATHS: string[] = (() => {
  const out = ['/'];
  for (let k = 0; k < out.length; k++) if (out[k]!.length < 7) for (const c of '/abc') out.push(out[k]! + c);
  return out;
})();

describe('botStatus agrees with the matcher (docs/policy.md section 10: computed, not probed)', () => {
  const rule = fc
    .tuple(
      fc.constantFrom('Allow', 'Disallow'),
      fc.array(fc.constantFrom('/', 'a', 'b', '*'), { maxLength: 5 }),
      fc.boolean(),
    )
    .map(([k, v, anchored]) => `${k}: ${v.join('')}${anchored && v.length > 0 ? '$' : ''}`);

  it('lists exactly the rules that decide some path; allowed closes no path; blocked opens only its exceptions', () => {
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 10 }), (rules) => {
        const robots = parseRobotsTxt(['User-agent: bot', ...rules].join('\n'));
        const set = compiledRulesFor(robots, 'bot');
        const s = botStatus(robots, 'bot');
        // Brute force: the deciding rule of every short path.
        const decided = new Set<number>();
        const open: string[] = [];
        let closed = 0;
        for (const path of PATHS) {
          const i = bestMatch(set.compiled, set.isAllow, path);
          if (i >= 0) decided.add(i);
          if (i >= 0 && !set.isAllow[i]) closed++;
          else open.push(path);
        }
        const listed = (allow: boolean): string[] => [
          ...new Set(set.rules.filter((r, i) => decided.has(i) && set.isAllow[i] === allow).map((r) => r.pattern)),
        ];
        expect(s.allowedPaths).toEqual(listed(true));
        expect(s.disallowedPaths).toEqual(listed(false));
        if (s.status === 'allowed') expect(closed).toBe(0);
        if (s.status === 'partial') {
          expect(closed).toBeGreaterThan(0);
          expect(open.length).toBeGreaterThan(0);
          // Some path no narrower rule names stays open.
          expect(open).toContain('/c');
        }
        if (s.status === 'blocked') {
          const exceptions = s.allowedPaths.map((p) => compilePattern(p));
          for (const path of open)
            expect(
              exceptions.some((e) => patternMatches(e, path)),
              path,
            ).toBe(true);
          expect(open).not.toContain('/c');
        }
      }),
      { numRuns: 400 },
    );
  }, 30_000); // about 1 s; every run matches 5,461 paths against up to 10 rules
});

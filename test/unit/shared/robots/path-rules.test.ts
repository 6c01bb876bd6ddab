/**
 * path_rules and judgePath (shared/robots/path-rules.ts): the compact rules of a found answer
 * judge a path for a catalogue AI bot exactly as the service's matcher does on the whole file.
 */
import { describe, expect, it } from 'vitest';
import { AI_BOTS, KEY_BOTS } from '../../../../shared/bots.js';
import {
  PATH_RULES_LIMIT,
  judgePath,
  matchPath,
  parseRobotsTxt,
  toPathRules,
} from '../../../../shared/robots/index.js';
import { realRobotsFiles } from './corpora.js';

const keepAi = (t: string): boolean => t === '*' || AI_BOTS.some((b) => b.token.toLowerCase() === t);
const TOKENS = [
  '*',
  ...Object.values(KEY_BOTS).flat(),
  'Bytespider',
  'Amazonbot',
  'meta-externalagent',
  'ChatGPT Agent',
  'Google-CloudVertexBot',
];
const PATHS = [
  '/',
  '/robots.txt',
  '/news/2026/01/article.html',
  '/search?q=x',
  '/wp-admin/',
  '/buyline/x',
  '/guide-achat/',
  '/api/v1',
  '/a$',
  '/%7Euser',
  '/ツ',
];

describe('judgePath', () => {
  it('agrees with the matcher on every real file, for the key bots and others, on common paths and on every rule pattern', () => {
    let compared = 0;
    for (const { name, text } of realRobotsFiles()) {
      const robots = parseRobotsTxt(text);
      const rules = toPathRules(robots, keepAi);
      expect(rules.truncated, name).toBe(false);
      const patterns = robots.groups.flatMap((g) =>
        g.rules.map((r) => r.pattern.replace(/\*/g, 'x').replace(/\$$/, '')).filter((p) => p.startsWith('/')),
      );
      for (const token of TOKENS) {
        for (const path of [...PATHS, ...patterns.slice(0, 40)]) {
          const want = matchPath(robots, token, path);
          const got = judgePath(rules, token, path)!;
          expect(
            { allowed: got.allowed, line: got.rule?.[2] ?? null, source: got.source },
            `${name} ${token} ${path}`,
          ).toEqual({ allowed: want.allowed, line: want.rule?.line ?? null, source: want.source });
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(50_000);
  }, 60_000);

  it('names the deciding rule, and answers null when the rules were cut', () => {
    const robots = parseRobotsTxt(
      'User-agent: GPTBot\nDisallow: /articles/\nAllow: /articles/free/\n\nUser-agent: *\nDisallow: /wp-admin/\n',
    );
    const rules = toPathRules(robots, keepAi);
    expect(judgePath(rules, 'GPTBot', 'https://example.test/articles/2026/x.html?ref=1')).toEqual({
      allowed: false,
      rule: [0, '/articles/', 2],
      source: 'named',
    });
    expect(judgePath(rules, 'gptbot', '/articles/free/x')).toEqual({
      allowed: true,
      rule: [1, '/articles/free/', 3],
      source: 'named',
    });
    expect(judgePath(rules, 'ClaudeBot', '/wp-admin/')).toEqual({
      allowed: false,
      rule: [0, '/wp-admin/', 6],
      source: 'wildcard',
    });
    expect(judgePath(rules, 'ClaudeBot', '/articles/')).toEqual({ allowed: true, rule: null, source: 'wildcard' });
    expect(judgePath({ ...rules, truncated: true }, 'GPTBot', '/')).toBeNull();
  });

  it('keeps whole groups within the limit, then stops and says so', () => {
    const body = [
      'User-agent: GPTBot',
      'Disallow: /a/',
      '',
      'User-agent: *',
      ...Array.from({ length: PATH_RULES_LIMIT.rules }, (_, i) => `Disallow: /p${i}/`),
    ].join('\n');
    const rules = toPathRules(parseRobotsTxt(body), keepAi);
    expect(rules).toEqual({ groups: [{ agents: ['gptbot'], rules: [[0, '/a/', 2]] }], truncated: true });
    const long = toPathRules(
      parseRobotsTxt(`User-agent: *\nDisallow: /${'x'.repeat(PATH_RULES_LIMIT.chars)}\n`),
      keepAi,
    );
    expect(long).toEqual({ groups: [], truncated: true });
  });

  it('leaves out groups naming no AI bot, and agents that are not AI bots', () => {
    const rules = toPathRules(
      parseRobotsTxt(
        'User-agent: Googlebot\nDisallow: /g/\n\nUser-agent: Googlebot\nUser-agent: CCBot/2.0\nDisallow: /c/\n',
      ),
      keepAi,
    );
    expect(rules).toEqual({ groups: [{ agents: ['ccbot'], rules: [[0, '/c/', 6]] }], truncated: false });
  });
});

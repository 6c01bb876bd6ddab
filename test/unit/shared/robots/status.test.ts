/** rulesFor, matchPath and botStatus on representative files (docs/policy.md section 2). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { botStatus, matchPath, parseRobotsTxt, rulesFor } from '../../../../shared/robots/index.js';
import { CORPORA } from './corpora.js';

const FILE = parseRobotsTxt(
  [
    'User-agent: *', //                 1
    'Disallow: /wp-admin/', //          2
    'Allow: /wp-admin/admin-ajax.php', // 3
    '', //                              4
    'User-agent: GPTBot', //            5
    'Disallow: /', //                   6
    '', //                              7
    'User-agent: ClaudeBot', //         8
    'Crawl-delay: 10', //               9
    'Disallow: /', //                   10
    'Allow: /public/', //               11
    '', //                              12
    'User-agent: ChatGPT Agent', //     13
    'User-agent: AI2Bot', //            14
    'Allow: /', //                      15
    '', //                              16
    'User-agent: gptbot/2.0', //        17
    'Disallow: /private', //            18
    '', //                              19
    'User-agent: OAI-SearchBot', //     20
    'Disallow: /$', //                  21
    '', //                              22
    'User-agent: PerplexityBot', //     23
    'Disallow: /', //                   24
    'Allow: /', //                      25
    '', //                              26
    'User-agent: Bytespider', //        27
    'Disallow: /*', //                  28
    'Allow:', //                        29
    '', //                              30
    'User-agent: Claude-User', //       31
    'Disallow: /', //                   32
    'Allow: /$', //                     33
  ].join('\n'),
);

describe('rulesFor', () => {
  it('merges every group naming the bot, matching the token case-insensitively after the `/`', () => {
    const r = rulesFor(FILE, 'GPTBot');
    expect(r.source).toBe('named');
    expect(r.groups.map((g) => g.line)).toEqual([5, 17]);
    expect(r.rules.map((x) => x.line)).toEqual([6, 18]);
  });

  it('matches tokens with spaces and digits as whole strings', () => {
    expect(rulesFor(FILE, 'chatgpt agent').source).toBe('named');
    expect(rulesFor(FILE, 'AI2Bot').source).toBe('named');
    expect(rulesFor(FILE, 'ChatGPT').source).toBe('wildcard');
    expect(rulesFor(FILE, 'AI').source).toBe('wildcard');
  });

  it('falls back to `*` for an unnamed bot, and to nothing without a `*` group', () => {
    expect(rulesFor(FILE, 'CCBot')).toMatchObject({ source: 'wildcard', rules: [{ line: 2 }, { line: 3 }] });
    expect(rulesFor(parseRobotsTxt('User-agent: a\nDisallow: /\n'), 'b')).toEqual({
      source: 'none',
      groups: [],
      rules: [],
    });
  });
});

describe('matchPath', () => {
  it.each([
    ['CCBot', '/wp-admin/x', false, 2],
    ['CCBot', '/wp-admin/admin-ajax.php?x=1', true, 3],
    ['CCBot', 'https://example.com/blog/', true, null],
    ['GPTBot', '/private/x', false, 18], // longest pattern wins
    ['GPTBot', '/robots.txt', true, null], // always allowed
    ['ClaudeBot', '/public/a', true, 11],
    ['PerplexityBot', '/x', true, 25], // equal length: allow wins
    ['OAI-SearchBot', '/', false, 21],
    ['OAI-SearchBot', '/page', true, null],
  ] as const)('%s %s → allowed %s, line %s', (bot, path, allowed, line) => {
    const d = matchPath(FILE, bot, path);
    expect(d.allowed).toBe(allowed);
    expect(d.rule?.line ?? null).toBe(line);
  });
});

describe('botStatus', () => {
  it.each([
    ['GPTBot', 'blocked', 'named', 6, [], ['/', '/private']],
    ['ClaudeBot', 'blocked', 'named', 10, ['/public/'], ['/']], // blocked except /public/ (section 10)
    ['ChatGPT Agent', 'allowed', 'named', 15, ['/'], []],
    ['CCBot', 'partial', 'wildcard', 2, ['/wp-admin/admin-ajax.php'], ['/wp-admin/']],
    ['OAI-SearchBot', 'partial', 'named', 21, [], ['/$']], // only the home page is closed
    ['PerplexityBot', 'allowed', 'named', 25, ['/'], []], // the disallow is cancelled by the equal allow
    ['Bytespider', 'blocked', 'named', 28, [], ['/*']], // empty Allow: opens nothing
    ['Claude-User', 'blocked', 'named', 32, ['/$'], ['/']], // blocked except the home page
  ] as const)('%s is %s (%s), deciding line %s', (bot, status, source, line, allowedPaths, disallowedPaths) => {
    const s = botStatus(FILE, bot);
    expect(s).toMatchObject({ status, source, decidingLine: line });
    expect(s.allowedPaths).toEqual(allowedPaths);
    expect(s.disallowedPaths).toEqual(disallowedPaths);
  });

  it('reads the crawl delay of the applicable groups', () => {
    expect(botStatus(FILE, 'ClaudeBot').crawlDelay).toBe(10);
    expect(botStatus(FILE, 'GPTBot').crawlDelay).toBeNull();
  });

  it('is allowed with source none when nothing applies, and for an empty file', () => {
    expect(botStatus(parseRobotsTxt('User-agent: a\nDisallow: /\n'), 'b')).toMatchObject({
      status: 'allowed',
      source: 'none',
      decidingLine: null,
    });
    expect(botStatus(parseRobotsTxt(''), 'GPTBot')).toMatchObject({ status: 'allowed', source: 'none' });
  });

  it('treats a `*` that disallows everything as blocked with source wildcard', () => {
    const r = parseRobotsTxt('User-agent: *\nDisallow: /\n');
    expect(botStatus(r, 'GPTBot')).toMatchObject({ status: 'blocked', source: 'wildcard', decidingLine: 2 });
  });

  it('ignores an empty Disallow (no effect)', () => {
    const r = parseRobotsTxt('User-agent: GPTBot\nDisallow:\n');
    expect(botStatus(r, 'GPTBot')).toMatchObject({ status: 'allowed', source: 'named', disallowedPaths: [] });
  });
});

describe('status computed from the rules (docs/policy.md section 10)', () => {
  const status = (...rules: string[]) => botStatus(parseRobotsTxt(['User-agent: bot', ...rules].join('\n')), 'bot');
  it.each([
    // [rules, status, allowed paths, disallowed paths]
    [['Disallow: /', 'Allow: /$', 'Allow: /~'], 'blocked', ['/$', '/~'], ['/']], // never allowed: every article is closed
    [['Disallow: /', 'Allow: /buyline/'], 'blocked', ['/buyline/'], ['/']],
    [['Disallow: /*', 'Allow: /$'], 'blocked', ['/$'], ['/*']],
    [['Disallow: /', 'Allow: /'], 'allowed', ['/'], []],
    [['Disallow: /', 'Allow: /*'], 'allowed', ['/*'], []],
    [['Disallow: /*x', 'Allow: /x*'], 'partial', ['/x*'], ['/*x']], // /ax is closed although /x… is open
    [['Disallow: /a', 'Allow: /a*'], 'allowed', ['/a*'], []], // the disallow decides no path
    [['Disallow: /*.pdf', 'Allow: /*.pdf$'], 'partial', ['/*.pdf$'], ['/*.pdf']], // /a.pdf?x is closed
    [['Disallow: /$'], 'partial', [], ['/$']],
    [['Allow: /public/'], 'allowed', ['/public/'], []],
  ] as const)('%j is %s', (rules, expected, allowedPaths, disallowedPaths) => {
    const s = status(...rules);
    expect(s.status).toBe(expected);
    expect(s.allowedPaths).toEqual(allowedPaths);
    expect(s.disallowedPaths).toEqual(disallowedPaths);
  });
});

describe('group boundaries in a real file', () => {
  it('keeps a Crawl-delay-only group open, so the next user-agent joins it (mirror.co.uk)', () => {
    // `user-agent: grapeshot / crawl-delay: 0 / user-agent: bingbot / crawl-delay: 1 /
    // user-agent: meta-externalagent / disallow: /` is one group (docs/policy.md section 2; Google reads it the same way, robots-parser does not).
    const robots = parseRobotsTxt(readFileSync(CORPORA + 'real-robots/2026-01/www.mirror.co.uk.robots.txt', 'utf8'));
    const s = botStatus(robots, 'bingbot');
    expect(s).toMatchObject({ status: 'blocked', source: 'named', crawlDelay: 0, decidingLine: 88 });
    expect(rulesFor(robots, 'bingbot').groups[0]!.agents.map((a) => a.token)).toEqual([
      'grapeshot',
      'bingbot',
      'meta-externalagent',
    ]);
  });
});

describe('witness budget', () => {
  it('still answers for a hostile file of thousands of star-heavy rules of both types', () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `${i % 2 ? 'Allow' : 'Disallow'}: /${'a*'.repeat(30)}${i}b$`);
    const s = botStatus(parseRobotsTxt(['User-agent: *', 'Disallow: /', ...lines].join('\n')), 'x');
    expect(s.status).toBe('blocked');
    expect(s.disallowedPaths[0]).toBe('/');
    expect(s.allowedPaths.length).toBeGreaterThan(0);
  });
});

describe('ai.robots.txt block-all file', () => {
  const robots = parseRobotsTxt(readFileSync(CORPORA + 'ai-robots-txt/robots.txt', 'utf8'));
  const tokens = Object.keys(
    JSON.parse(readFileSync(CORPORA + 'ai-robots-txt/robots.json', 'utf8')) as Record<string, unknown>,
  );

  it('lists 166 tokens', () => {
    expect(tokens).toHaveLength(166);
  });

  it.each(tokens)('%s is blocked by a named group', (token) => {
    expect(botStatus(robots, token)).toMatchObject({ status: 'blocked', source: 'named', disallowedPaths: ['/'] });
  });

  it('leaves a bot it does not name alone', () => {
    expect(botStatus(robots, 'Googlebot')).toMatchObject({ status: 'allowed', source: 'none' });
  });
});

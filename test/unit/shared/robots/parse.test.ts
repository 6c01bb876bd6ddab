/** Parser structure: groups, records, diagnostics, line numbers, size cap (RFC 9309 section 2). */
import { describe, expect, it } from 'vitest';
import { MAX_ROBOTS_BYTES, agentToken, parseRobotsTxt } from '../../../../shared/robots/index.js';
import { realRobotsFiles } from './corpora.js';

describe('parseRobotsTxt', () => {
  it('builds groups with line numbers, keeps group records and global sitemaps', () => {
    const r = parseRobotsTxt(
      [
        'Content-Signal: search=yes, ai-train=no', // 1: before any group
        '# comment', //                               2
        'User-agent: GPTBot/1.1', //                  3
        'User-Agent: ChatGPT Agent', //               4
        'Crawl-delay: 5', //                          5
        'Disallow: / # all', //                       6
        'Sitemap: https://example.com/s.xml', //      7
        'Content-Usage: train-ai=n', //               8
        '', //                                        9
        'user-agent: *', //                           10
        'allow: /', //                                11
      ].join('\n'),
    );
    expect(r.outside).toEqual([{ name: 'content-signal', value: 'search=yes, ai-train=no', line: 1 }]);
    expect(r.groups).toHaveLength(2);
    expect(r.groups[0]).toEqual({
      line: 3,
      agents: [
        { value: 'GPTBot/1.1', token: 'gptbot', line: 3 },
        { value: 'ChatGPT Agent', token: 'chatgpt agent', line: 4 },
      ],
      rules: [{ type: 'disallow', pattern: '/', line: 6 }],
      records: [
        { name: 'crawl-delay', value: '5', line: 5 },
        { name: 'content-usage', value: 'train-ai=n', line: 8 },
      ],
    });
    expect(r.groups[1]!.agents[0]!.token).toBe('*');
    expect(r.sitemaps).toEqual([{ name: 'sitemap', value: 'https://example.com/s.xml', line: 7 }]);
    expect(r.lines).toBe(11);
    expect(r.diagnostics).toEqual([]);
    expect(r.truncated).toBe(false);
  });

  it.each([
    ['LF', 'user-agent: a\ndisallow: /x\nallow: /y'],
    ['CRLF', 'user-agent: a\r\ndisallow: /x\r\nallow: /y'],
    ['CR', 'user-agent: a\rdisallow: /x\rallow: /y'],
    ['mixed', 'user-agent: a\r\ndisallow: /x\rallow: /y\n'],
    ['BOM', '\ufeffuser-agent: a\ndisallow: /x\nallow: /y'],
  ])('%s line endings give the same rules and line numbers', (_n, text) => {
    const r = parseRobotsTxt(text);
    expect(r.groups).toHaveLength(1);
    expect(r.groups[0]!.rules.map((x) => [x.type, x.pattern, x.line])).toEqual([
      ['disallow', '/x', 2],
      ['allow', '/y', 3],
    ]);
  });

  it('keeps unknown lines as diagnostics with line numbers, and unknown fields as records', () => {
    const r = parseRobotsTxt('<html>\nuser-agent: a\nfoo-bar: baz\ndisallow: /\nnot a field at all\n');
    expect(r.diagnostics.map((d) => [d.line, d.text])).toEqual([
      [1, '<html>'],
      [3, 'foo-bar: baz'],
      [5, 'not a field at all'],
    ]);
    expect(r.groups[0]!.records).toEqual([{ name: 'foo-bar', value: 'baz', line: 3 }]);
    // An unknown field does not end the group.
    expect(r.groups[0]!.rules).toEqual([{ type: 'disallow', pattern: '/', line: 4 }]);
  });

  it('ignores rules before the first user-agent with a diagnostic (RFC 9309 section 2.2.2)', () => {
    const r = parseRobotsTxt('disallow: /\nuser-agent: a\nallow: /x\n');
    expect(r.groups).toHaveLength(1);
    expect(r.groups[0]!.rules).toHaveLength(1);
    expect(r.diagnostics[0]!.line).toBe(1);
  });

  it('accepts a missing colon in a two-word known field, with a diagnostic', () => {
    const r = parseRobotsTxt('user-agent FooBot\ndisallow /\n');
    expect(r.groups[0]!.agents[0]!.token).toBe('foobot');
    expect(r.groups[0]!.rules[0]!.pattern).toBe('/');
    expect(r.diagnostics).toHaveLength(2);
  });

  it('does not let Sitemap, Crawl-delay, Content-Signal or unknown fields split consecutive user-agents', () => {
    for (const between of [
      'Sitemap: /s.xml',
      'Crawl-delay: 1',
      'Content-Signal: ai-train=no',
      'X-Thing: 1',
      'License: x',
    ]) {
      const r = parseRobotsTxt(`User-agent: a\n${between}\nUser-agent: b\nDisallow: /\n`);
      expect(r.groups).toHaveLength(1);
      expect(r.groups[0]!.agents.map((a) => a.token)).toEqual(['a', 'b']);
    }
  });

  it('starts a new group at a user-agent line after rules', () => {
    const r = parseRobotsTxt('User-agent: a\nDisallow: /a\nUser-agent: b\nDisallow: /b\n');
    expect(r.groups.map((g) => g.agents.map((a) => a.token))).toEqual([['a'], ['b']]);
  });

  it('reads at most 500 KiB, drops the partial last line and says so', () => {
    const line = 'Disallow: /private/area/number/0123456789\n';
    const text = 'User-agent: *\n' + line.repeat(Math.ceil((MAX_ROBOTS_BYTES + 10_000) / line.length));
    const r = parseRobotsTxt(text);
    expect(r.truncated).toBe(true);
    const rules = r.groups[0]!.rules;
    // Every rule kept is whole: no `Disallow: /pri` from a cut line.
    expect(rules.every((x) => x.pattern === '/private/area/number/0123456789')).toBe(true);
    expect(rules.length).toBe(Math.floor((MAX_ROBOTS_BYTES - 14) / line.length));
    expect(r.diagnostics.at(-1)!.message).toMatch(/500|512000/);
  });

  it('counts the cap in UTF-8 octets, not characters', () => {
    const line = 'Disallow: /ツツツツツツツツツツ\n'; // 11 ASCII + 30 octets + LF
    const text = 'User-agent: *\n' + line.repeat(Math.ceil(MAX_ROBOTS_BYTES / 42) + 100);
    const r = parseRobotsTxt(text);
    expect(r.truncated).toBe(true);
    const kept = 14 + r.groups[0]!.rules.length * new TextEncoder().encode(line).length;
    expect(kept).toBeLessThanOrEqual(MAX_ROBOTS_BYTES);
  });

  it('returns an empty result for empty or non-string input', () => {
    expect(parseRobotsTxt('')).toMatchObject({ groups: [], lines: 0, truncated: false });
    expect(parseRobotsTxt(undefined as unknown as string).groups).toEqual([]);
  });

  it.each([
    ['GPTBot/1.1', 'gptbot'],
    ['  ChatGPT Agent ', 'chatgpt agent'],
    ['AI2Bot', 'ai2bot'],
    ['*', '*'],
    ['barbarbot*', 'barbarbot'],
    ['', ''],
  ])('agentToken(%j) is %j', (value, token) => {
    expect(agentToken(value)).toBe(token);
  });
});

describe('real robots.txt files (January 2026)', () => {
  const files = realRobotsFiles();
  it('are all present', () => {
    expect(files.length).toBe(204);
  });
  it.each(files.map((f) => [f.name, f.text] as const))('%s parses without throwing', (_name, text) => {
    const r = parseRobotsTxt(text);
    // Cross-check with a plain line count: every user-agent and rule line is accounted for.
    const lines = text
      .replace(/^\ufeff/, '')
      .split(/\r\n|\r|\n/)
      .map((l) => l.replace(/#.*/, '').trim());
    const uaLines = lines.filter((l) => /^user-agent\s*:/i.test(l)).length;
    expect(r.groups.reduce((n, g) => n + g.agents.length, 0)).toBe(uaLines);
    const ruleLines = lines.filter((l) => /^(allow|disallow)\s*:/i.test(l)).length;
    const ignored = r.diagnostics.filter((d) => /before any user-agent/.test(d.message)).length;
    expect(r.groups.reduce((n, g) => n + g.rules.length, 0) + ignored).toBe(ruleLines);
    expect(r.lines).toBeLessThanOrEqual(lines.length);
  });
});

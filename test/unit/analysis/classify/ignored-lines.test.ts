/**
 * robots.txt lines no crawler understands, with what ignoring them costs (docs/policy.md section
 * 16): a User-agent line spoiled by stray bytes costs its crawlers the rules after it, which
 * belong to no group before the first one and to the group before it later in the file.
 */
import { describe, expect, it } from 'vitest';
import { ignoredLines } from '../../../../proxy/analysis/classify/ignored-lines.js';
import { parseRobotsTxt } from '../../../../shared/robots/index.js';

const read = (text: string) => ignoredLines(parseRobotsTxt(text));

describe('a User-agent line spoiled by stray bytes', () => {
  it('first in the file (a byte-order mark decoded twice): its rules belong to no group, each listed as ignored', () => {
    expect(read('\u00ef\u00bb\u00bfUser-agent: *\nDisallow: /search\n\nUser-agent: GPTBot\nDisallow: /\n')).toEqual([
      { line: 1, text: '\u00ef\u00bb\u00bfUser-agent: *', loses: 'group', agents: ['*'], joins: null },
      { line: 2, text: 'Disallow: /search', loses: 'nothing', agents: [] },
    ]);
  });

  it('later in the file (www.spiegel.de, January 2025: a zero-width joiner before claude-web): its rule counts for the group before', () => {
    const text =
      'user-agent: anthropic-ai\ndisallow: /\n\n\u200duser-agent: claude-web\ndisallow: /\n\nuser-agent: claudebot\ndisallow: /\n';
    expect(read(text)).toEqual([
      { line: 4, text: '\u200duser-agent: claude-web', loses: 'group', agents: ['claude-web'], joins: 1 },
    ]);
  });

  it('with no rule before the next group: nothing is lost', () => {
    expect(read('User-agent: a\nDisallow: /x\n\u200dUser-agent: b\nUser-agent: c\nDisallow: /\n')).toEqual([
      { line: 3, text: '\u200dUser-agent: b', loses: 'nothing', agents: [] },
    ]);
  });
});

/** RANKLIST_CSV loading. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRankList } from '../../../proxy/crawler/rank-list.js';

const dir = mkdtempSync(join(tmpdir(), 'ranks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, body: string) => {
  const p = join(dir, name);
  writeFileSync(p, body);
  return p;
};

describe('loadRankList', () => {
  it('reads rank,domain lines with or without a header, any line ending, lower-cased', () => {
    expect([...loadRankList(file('a.csv', 'rank,domain\r\n1,Google.com\r\n2,example.org.\n\n3,bbc.co.uk'))]).toEqual([
      ['google.com', 1],
      ['example.org', 2],
      ['bbc.co.uk', 3],
    ]);
    expect(loadRankList(file('b.csv', '1,a.com\n2,b.com\n')).get('b.com')).toBe(2);
  });

  it('keeps the best rank of a repeated domain', () => {
    expect(loadRankList(file('c.csv', '5,a.com\n2,a.com\n9,a.com')).get('a.com')).toBe(2);
  });

  it('throws naming the file when it cannot be read', () => {
    expect(() => loadRankList(join(dir, 'missing.csv'))).toThrow(/cannot read rank list .*missing\.csv/);
  });

  it.each([
    ['1,a.com\nx,b.com', /line 2/],
    ['1,a.com\n2', /line 2/],
    ['0,a.com', /line 1/],
    ['1,a.com\n3,', /line 2/],
    ['rank,domain\nfoo,bar', /line 2/],
  ])('throws naming the bad line in %j', (body, where) => {
    expect(() => loadRankList(file('bad.csv', body))).toThrow(where);
  });
});

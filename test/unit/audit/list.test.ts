import { describe, expect, it } from 'vitest';
import { readDomainList } from '../../../proxy/audit/list.js';

const read = (text: string) => readDomainList(Buffer.from(text, 'utf8'));

describe('readDomainList', () => {
  it('reads one domain a line and the Tranco rank,domain form, normalised as the service does', () => {
    const l = read(
      '\uFEFFExample.COM.\r\nbücher.de\n\n# a comment\n3,news.example.org\nhttps://shop.example.net/path?q=1\n',
    );
    expect(l.entries).toEqual([
      { domain: 'example.com', rank: null, line: 1 },
      { domain: 'xn--bcher-kva.de', rank: null, line: 2 },
      { domain: 'news.example.org', rank: 3, line: 5 },
      { domain: 'shop.example.net', rank: null, line: 6 },
    ]);
    expect(l.invalid).toEqual([]);
    expect(l.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('skips a header line, merges duplicates (the first keeps its rank) and reports each bad line with its number', () => {
    const l = read(
      'rank,domain\n1,example.com\n2,EXAMPLE.com\n3,localhost\nx,example.org\n4,127.0.0.1\n1,2,3\nexample.com:8080\n5,example.org\n',
    );
    expect(l.entries.map((e) => [e.domain, e.rank])).toEqual([
      ['example.com', 1],
      ['example.org', 5],
    ]);
    expect(l.duplicates).toBe(1);
    expect(l.invalid.map((i) => [i.line, i.text])).toEqual([
      [4, '3,localhost'],
      [5, 'x,example.org'],
      [6, '4,127.0.0.1'],
      [7, '1,2,3'],
      [8, 'example.com:8080'],
    ]);
    expect(l.invalid[0]!.reason).toMatch(/two labels/);
    expect(l.invalid[1]!.reason).toMatch(/must be a rank/);
    expect(l.invalid[2]!.reason).toMatch(/IP addresses/);
    expect(l.invalid[3]!.reason).toMatch(/3 columns/);
  });

  it('takes a header only as the first line; an empty file has no domain', () => {
    expect(read('example.com\ndomain\n').invalid.map((i) => i.line)).toEqual([2]);
    expect(read('').entries).toEqual([]);
    expect(read('# nothing\n\n').invalid).toEqual([]);
  });

  it('cuts a very long bad line in the report', () => {
    const l = read('x'.repeat(5000) + ' y\n');
    expect(l.invalid[0]!.text).toHaveLength(200);
  });
});

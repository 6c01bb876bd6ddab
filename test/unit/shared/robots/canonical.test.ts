/** Percent-encoding normalisation and path extraction (RFC 9309 section 2.2.2). */
import { describe, expect, it } from 'vitest';
import { canonicalize, compilePattern, pathOf, patternMatches } from '../../../../shared/robots/index.js';

describe('canonicalize', () => {
  it.each([
    ['/plain/path?q=1&r=2', '/plain/path?q=1&r=2'],
    ['/%62%61%7a', '/baz'], // unreserved octets are decoded
    ['/%2A/%24', '/*/$'], // an escaped * or $ means the character itself
    ['/ツ', '/%E3%83%84'], // non-ASCII is percent-encoded as UTF-8
    ['/%e3%83%84', '/%E3%83%84'], // hex is upper-cased
    ['/a%2Fb', '/a%2Fb'], // an escaped delimiter keeps its escape
    ['/a b', '/a%20b'],
    ['/100%', '/100%25'], // a lone % is a literal percent sign
    ['/%zz', '/%25zz'],
    ['/\ud83d\ude00', '/%F0%9F%98%80'],
    ['/\ud83d', '/%EF%BF%BD'], // lone surrogate → U+FFFD
  ])('%j → %j', (input, expected) => {
    expect(canonicalize(input)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const s of ['/ツ%2a %zz?x=%41', '/%25%32%35', '/%E3%83%84'])
      expect(canonicalize(canonicalize(s))).toBe(canonicalize(s));
  });
});

describe('pathOf', () => {
  it.each([
    ['http://example.com/a/b?c=d#frag', '/a/b?c=d'],
    ['https://example.com', '/'],
    ['https://example.com?x', '/?x'],
    ['//example.com/p', '/p'],
    ['/p#x', '/p'],
    ['', '/'],
    ['http://example.com#x/y', '/'],
    ['http://example.com;params', '/;params'],
    ['/a?u=http://b/c', '/a?u=http://b/c'],
  ])('%j → %j', (url, path) => {
    expect(pathOf(url)).toBe(path);
  });
});

describe('compilePattern', () => {
  it('measures specificity in octets of the canonical pattern', () => {
    expect(compilePattern('/ツ').length).toBe(10);
    expect(compilePattern('/a*b$').length).toBe(5);
  });

  it('keeps an escaped star literal and a trailing $ as the anchor', () => {
    const p = compilePattern('/a%2Ab$');
    expect(patternMatches(p, '/a*b')).toBe(true);
    expect(patternMatches(p, '/axb')).toBe(false);
    expect(patternMatches(p, '/a*bc')).toBe(false);
  });

  it('treats a $ that is not last as a literal', () => {
    expect(patternMatches(compilePattern('/a$b'), '/a$bc')).toBe(true);
  });

  it('never matches with an empty pattern', () => {
    expect(patternMatches(compilePattern(''), '/')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { InvalidDomainError, normalizeDomain, parseDomain, searchTextToAscii } from '../../../shared/domain.js';

describe('normalizeDomain', () => {
  it.each([
    ['Example.COM', 'example.com'],
    ['example.com.', 'example.com'],
    ['www.example.com', 'www.example.com'],
    ['WWW.Example.com', 'www.example.com'],
    ['docs.example.co.uk', 'docs.example.co.uk'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['BÜCHER.de', 'xn--bcher-kva.de'],
    ['xn--bcher-kva.de', 'xn--bcher-kva.de'],
    ['例え.テスト', 'xn--r8jz45g.xn--zckzah'],
    ['news.test', 'news.test'],
    ['blocks-all.test', 'blocks-all.test'],
    ['site.example', 'site.example'],
    ['foo.invalid', 'foo.invalid'],
    ['my.localhost', 'my.localhost'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
    ['1password.com', '1password.com'],
    [`${'a'.repeat(63)}.com`, `${'a'.repeat(63)}.com`],
  ])('%s → %s', (input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });

  it('accepts a name of exactly 253 characters', () => {
    const name = [...Array(3).fill('a'.repeat(63)), 'b'.repeat(57), 'com'].join('.');
    expect(name.length).toBe(253);
    expect(normalizeDomain(name)).toBe(name);
  });

  it.each([
    ['', 'empty'],
    ['.', 'only a dot'],
    ['com', 'single label'],
    ['localhost', 'single label'],
    ['127.0.0.1', 'IPv4'],
    ['0x7f.1', 'hex IPv4 shorthand'],
    ['0x7f000001', 'hex IPv4'],
    ['2130706433', 'decimal IPv4'],
    ['0177.0.0.1', 'octal IPv4'],
    ['127.1', 'short IPv4'],
    ['[::1]', 'IPv6 literal'],
    ['::1', 'bare IPv6'],
    ['[::ffff:127.0.0.1]', 'IPv4-mapped IPv6'],
    ['example.com:8080', 'port'],
    ['example.com/path', 'path'],
    ['example.com?q=1', 'query'],
    ['example.com#x', 'fragment'],
    ['https://example.com', 'scheme'],
    ['user@example.com', 'userinfo'],
    [`${'a'.repeat(64)}.com`, 'label over 63'],
    [[...Array(4).fill('a'.repeat(63)), 'com'].join('.'), 'name over 253'],
    ['exa mple.com', 'space'],
    [' example.com', 'leading space'],
    ['example.com\n', 'newline'],
    ['exam\tple.com', 'tab'],
    ['exam\u0000ple.com', 'NUL'],
    ['exam\u200bple.com', 'zero-width space'],
    ['-example.com', 'leading hyphen'],
    ['example-.com', 'trailing hyphen'],
    ['exa_mple.com', 'underscore'],
    ['example..com', 'empty label'],
    ['.example.com', 'leading dot'],
    ['example.com..', 'two trailing dots'],
    ['example.123', 'numeric TLD'],
    ['exa%6dple.com', 'percent-encoding'],
  ])('rejects %j (%s)', (input) => {
    const r = parseDomain(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toBe('invalid_domain');
      expect(r.message.length).toBeGreaterThan(0);
    }
    expect(() => normalizeDomain(input)).toThrow(InvalidDomainError);
  });

  it.each([[undefined], [null], [42], [{}], [['example.com']]])('rejects non-strings (%j)', (input) => {
    expect(parseDomain(input).ok).toBe(false);
  });

  it('carries the seed error code on the thrown error', () => {
    try {
      normalizeDomain('127.0.0.1');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidDomainError);
      expect((e as InvalidDomainError).code).toBe('invalid_domain');
    }
  });

  it('is idempotent', () => {
    for (const d of ['Example.COM.', 'bücher.de', 'www.news.test']) {
      const once = normalizeDomain(d);
      expect(normalizeDomain(once)).toBe(once);
    }
  });
});

describe('normalizeDomain with full-width dots (UTS-46 maps U+3002 to a dot)', () => {
  it('maps ideographic full stops', () => {
    expect(normalizeDomain('example\u3002com')).toBe('example.com');
  });
  it('rejects an empty label made of full-width dots', () => {
    expect(parseDomain('example\u3002\u3002com').ok).toBe(false);
  });
});

describe('searchTextToAscii', () => {
  it.each([
    ['Bücher', 'xn--bcher-kva'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['NEWS.example', 'news.example'],
    ['münchen.', 'xn--mnchen-3ya.'],
    ['ex ü', 'ex ü'], // a label the URL parser refuses is kept: it matches nothing
    ['ü@evil', 'ü@evil'], // URL structure is kept as typed, not read as user@host
    ['bü#x.de', 'bü#x.de'],
  ])('%s → %s', (input, expected) => {
    expect(searchTextToAscii(input)).toBe(expected);
  });
});

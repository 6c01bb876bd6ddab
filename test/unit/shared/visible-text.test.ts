/**
 * Invisible and bidi characters in crawled text are shown as `⟨U+XXXX⟩` (issue 33,
 * shared/visible-text.ts); ordinary text, emoji and other scripts are left as they are.
 */
import { describe, expect, it } from 'vitest';
import { marker, visibleText } from '../../../shared/visible-text.js';
import { BIDI_RULE } from '../../fixtures/hostile-sites.js';

const hex = (cp: number) => cp.toString(16).toUpperCase().padStart(4, '0');
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('visibleText', () => {
  it('shows the probe rule as its code points, not as the path it renders as', () => {
    expect(visibleText(BIDI_RULE)).toBe('/private\u27E8U+202E\u27E9evil\u27E8U+202C\u27E9/');
    expect(visibleText(`Disallow: ${BIDI_RULE}`)).toBe('Disallow: /private⟨U+202E⟩evil⟨U+202C⟩/');
    expect(visibleText(BIDI_RULE)).not.toMatch(/[\u202A-\u202E]/);
  });

  it.each([
    ['bidi embeddings and overrides', range(0x202a, 0x202e)],
    ['bidi isolates', range(0x2066, 0x2069)],
    ['zero-width characters and directional marks', range(0x200b, 0x200f)],
    ['word joiner and invisible operators', range(0x2060, 0x2064)],
    ['soft hyphen, Arabic letter mark, byte order mark', [0xad, 0x61c, 0xfeff]],
    [
      'other format characters (Mongolian vowel separator, interlinear annotation, tags)',
      [0x180e, 0xfff9, 0xe0001, 0xe0041],
    ],
    ['control characters', [0x0, 0x7, 0x1b, 0x7f, 0x85, 0x9f]],
  ])('marks each of the %s between Latin letters', (_, cps) => {
    for (const cp of cps) {
      const ch = String.fromCodePoint(cp);
      expect(visibleText(`a${ch}b`), hex(cp)).toBe(`a\u27E8U+${hex(cp)}\u27E9b`);
      expect(visibleText(ch)).not.toBe(ch);
    }
  });

  it('names code points beyond the BMP whole, in upper case', () => {
    expect(marker('\u{E007F}')).toBe('⟨U+E007F⟩');
    expect(marker('\u00AD')).toBe('⟨U+00AD⟩');
  });

  it('marks a zero-width character that makes a path look like another', () => {
    expect(visibleText('Disallow: /adm\u200Bin/')).toBe('Disallow: /adm⟨U+200B⟩in/');
    expect(visibleText('/adm\u200Din')).toBe('/adm⟨U+200D⟩in');
    expect(visibleText('\uFEFFUser-agent: *')).toBe('⟨U+FEFF⟩User-agent: *');
  });

  it('is idempotent: a value marked at one layer is not marked again at the next', () => {
    const once = visibleText(`Disallow: ${BIDI_RULE}`);
    expect(visibleText(once)).toBe(once);
    // A marker written literally by a site is shown as written.
    expect(visibleText('/\u27E8U+202E\u27E9/')).toBe('/\u27E8U+202E\u27E9/');
  });

  it.each([
    ['plain ASCII', 'User-agent: GPTBot\nDisallow: /\n'],
    ['tabs, newlines and CRLF', 'a\tb\nc\r\nd'],
    ['accents and other scripts', 'Café naïve — 日本語 中文 한국어 Ελληνικά русский עברית العربية'],
    ['emoji, with skin tones and ZWJ sequences', '👍 👍🏽 👩\u200D💻 👨🏽\u200D🚀 ❤\uFE0F 🇫🇷'],
    ['a subdivision flag (tag characters)', '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
    ['Persian with ZWNJ inside a word', 'می\u200Cخواهم'],
    ['Devanagari with ZWJ', 'क्\u200Dष'],
    ['the empty string', ''],
  ])('leaves %s untouched', (_, s) => {
    expect(visibleText(s)).toBe(s);
  });

  it('marks a lone carriage return (it would hide what came before it in a terminal)', () => {
    expect(visibleText('shown\rhidden')).toBe('shown⟨U+000D⟩hidden');
  });

  it('reads a long hostile string in one pass', () => {
    const s = `/p${'\u202E\u200B'.repeat(100_000)}/`;
    const out = visibleText(s);
    expect(out.length).toBe(2 + 200_000 * 8 + 1);
    expect(out).not.toMatch(/[\u202E\u200B]/);
  });
});

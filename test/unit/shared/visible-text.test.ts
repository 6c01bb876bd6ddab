/**
 * Invisible and bidi characters of crawled text are shown as markers wherever people read it
 * (issue 33): the sentences (every substitution of say()), the popup's and web page's Details
 * (robots.txt as served, each verdict's evidence, the group's names), the audit report and the
 * lookup CLI. The record keeps the text as served.
 */
import { describe, expect, it } from 'vitest';
import { BIDI_ROBOTS, BIDI_RULE } from '../../fixtures/hostile-sites.js';
import { say } from '../../../shared/say.js';
import { formatMarker, visibleText } from '../../../shared/visible-text.js';

describe('visibleText', () => {
  it('shows the probe’s bidi override as markers, so the rule reads as the path it is', () => {
    expect(visibleText(BIDI_RULE)).toBe('/private\u27e8U+202E\u27e9evil\u27e8U+202C\u27e9/');
    expect(visibleText(`Disallow: ${BIDI_RULE}`)).not.toMatch(/[\u202a-\u202e]/);
  });

  it.each([
    ['bidi embeddings and overrides', [0x202a, 0x202b, 0x202c, 0x202d, 0x202e]],
    ['bidi isolates', [0x2066, 0x2067, 0x2068, 0x2069]],
    ['zero-width characters and marks', [0x200b, 0x200c, 0x200d, 0x200e, 0x200f]],
    ['word joiner and invisible operators', [0x2060, 0x2061, 0x2062, 0x2063, 0x2064]],
    ['byte-order mark, soft hyphen, Arabic letter mark', [0xfeff, 0x00ad, 0x061c]],
  ])('%s each become a marker with the code point', (_, points) => {
    for (const cp of points) {
      const ch = String.fromCodePoint(cp);
      const hex = cp.toString(16).toUpperCase().padStart(4, '0');
      expect(visibleText(`GPT${ch}Bot`)).toBe(`GPT\u27e8U+${hex}\u27e9Bot`);
      expect(formatMarker(ch)).toBe(`\u27e8U+${hex}\u27e9`);
    }
  });

  it('leaves ordinary text as it is: letters of any script, emoji, tabs and line ends', () => {
    for (const s of ['User-agent: *\tDisallow: /\n', 'Ünïcödé /wiki/東京 /ar/مرحبا', '🤖 /emoji/', 'ï»¿User-agent: *'])
      expect(visibleText(s)).toBe(s);
    // An emoji joined by U+200D is shown with its joiner: exactness over looks in crawled text.
    expect(visibleText('👩\u200d💻')).toBe('👩\u27e8U+200D\u27e9💻');
  });

  it('every substitution of a sentence shows them, and a marker is never marked again', () => {
    const once = say('testKey', 'Line $1 reads ‘$2’.', 3, `Disallow: ${BIDI_RULE}`);
    expect(once).toBe('Line 3 reads ‘Disallow: /private\u27e8U+202E\u27e9evil\u27e8U+202C\u27e9/’.');
    expect(say('testKey', '$1', once)).toBe(once);
  });

  it('the robots.txt of the hostile fixture holds the raw characters (what the record keeps)', () => {
    expect(BIDI_ROBOTS).toContain('\u202e');
  });
});

/**
 * Character references in HTML text and attribute values (WHATWG HTML 13.2.5.72–80).
 * Only the numeric forms and the named references that occur in heads, link texts and terms
 * pages are decoded; the full table (2,231 names) would cost more than it ever changes a verdict.
 */

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '\u00a9',
  reg: '\u00ae',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  laquo: '\u00ab',
  raquo: '\u00bb',
  middot: '\u00b7',
  eacute: '\u00e9',
  egrave: '\u00e8',
  agrave: '\u00e0',
  aacute: '\u00e1',
  uuml: '\u00fc',
  ouml: '\u00f6',
  auml: '\u00e4',
  szlig: '\u00df',
  ccedil: '\u00e7',
  trade: '\u2122',
  bull: '\u2022',
  shy: '\u00ad',
  sbquo: '\u201a',
  bdquo: '\u201e',
  ntilde: '\u00f1',
  iacute: '\u00ed',
  oacute: '\u00f3',
  uacute: '\u00fa',
};

// Bounded quantifiers only: no backtracking blow-up whatever the input.
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));?/g;

/** Code points a numeric reference may not produce (WHATWG: NUL, surrogates, beyond U+10FFFF). */
function fromCodePoint(cp: number): string {
  if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(cp);
}

/** Decodes character references; unknown names are left as written, as browsers do. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, dec?: string, hex?: string, name?: string) => {
    if (dec !== undefined) return fromCodePoint(Number.parseInt(dec, 10));
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    const hit = name === undefined ? undefined : NAMED[name];
    return hit ?? whole;
  });
}

/**
 * Decodes references, drops soft hyphens and zero-width characters (they split words a reader
 * sees whole) and folds runs of white space (HTML's ASCII white space plus NBSP) to one space.
 */
export function normaliseText(text: string): string {
  return decodeEntities(text)
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

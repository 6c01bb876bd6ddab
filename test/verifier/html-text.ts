/**
 * HTML reduced to text by the verifier's own simple rules (not proxy/analysis/html/): scripts,
 * styles and comments dropped, block elements ending a line, entities decoded. Good enough to
 * find a quoted passage and to search for words; not a renderer.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  sect: '§',
  copy: '©',
  reg: '®',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  agrave: 'à',
  acirc: 'â',
  ccedil: 'ç',
  ocirc: 'ô',
  ucirc: 'û',
  ugrave: 'ù',
  icirc: 'î',
  iuml: 'ï',
  euml: 'ë',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  ntilde: 'ñ',
  aacute: 'á',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  Eacute: 'É',
  iexcl: '¡',
  iquest: '¿',
};

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return NAMED[e] ?? NAMED[e.toLowerCase()] ?? m;
  });
}

const BLOCK =
  /<\/?(p|div|li|ul|ol|br|h[1-6]|tr|td|th|table|section|article|header|footer|nav|main|aside|blockquote|dd|dt|dl|hr|pre|form|figure|figcaption|details|summary)\b[^>]*>/gi;

/** The page's text, one block per line, spaces collapsed within a line. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style|noscript|template|svg|head)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(BLOCK, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((l) => l.replace(/[ \t\r\f\v\u00a0]+/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n');
}

/** A text page or an HTML page, as text. */
export function pageText(body: string, contentType: string | null): string {
  const html = (contentType !== null && /html/.test(contentType)) || /^[\s\uFEFF]*</.test(body);
  return html ? htmlToText(body) : body;
}

/**
 * The form used to find a quoted passage: curly quotes straight, every space and line end
 * removed, lower case. Tolerant of how two readers join blocks, strict about the words.
 */
export function squashed(s: string): string {
  return s
    .replace(/[‘’‚‛′`´]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/[\s\u00a0]+/g, '')
    .toLowerCase();
}

/**
 * The parts of an excerpt between ellipses (" … " joins a lead-in and its item; a clipped end)
 * and after a colon ("You will not: Use any data mining …": the lead-in, then an item of its
 * list, with other items between them in the text).
 */
export function excerptParts(excerpt: string): string[] {
  return excerpt
    .split(/…|\.\.\.|(?<=:)\s+/)
    .map((p) => p.trim())
    .filter((p) => squashed(p).length > 0);
}

/** The meta tags of a page: `<meta name=… content=…>`, names lower case. */
export function metaTags(html: string): Array<{ name: string; content: string }> {
  const out: Array<{ name: string; content: string }> = [];
  for (const m of html.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = m[0];
    const name = /\bname\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
    const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    if (name && content)
      out.push({ name: name.toLowerCase(), content: decodeEntities(content[1] ?? content[2] ?? content[3] ?? '') });
  }
  return out;
}

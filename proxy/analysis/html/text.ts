/**
 * Visible text of an HTML document, for reading terms pages: tags dropped, the content of
 * raw-text elements (`script`, `style`, ...) skipped, block-level tags turned into line
 * breaks so sentences of different paragraphs stay apart. Linear, never throws.
 */
import { normaliseText } from './entities.js';
import { findEndTag, isLetter, RAW_TEXT, readTag } from './scan.js';

/** Tags that end a line of text (HTML's block-level and line-breaking elements). */
const BLOCK = new Set(['p', 'div', 'br', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article', 'tr', 'td', 'th', 'table', 'header', 'footer', 'main', 'nav', 'blockquote', 'dd', 'dt', 'hr', 'pre']);

/** Text of `html`, one line per block; at most `cap` characters of output. */
export function htmlToText(html: string, cap = 1024 * 1024): string {
  const parts: string[] = [];
  let size = 0;
  const emit = (text: string): void => {
    if (size >= cap) return;
    parts.push(text);
    size += text.length;
  };
  const n = html.length;
  let i = 0;
  while (i < n && size < cap) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      emit(html.slice(i));
      break;
    }
    if (lt > i) emit(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? n : end + 3;
      continue;
    }
    const c = html.charCodeAt(lt + 1);
    const closing = c === 0x2f;
    if (!closing && !isLetter(c) && c !== 0x21 && c !== 0x3f) {
      emit('<');
      i = lt + 1;
      continue;
    }
    const tag = readTag(html, closing ? lt + 1 : lt);
    i = tag.end;
    if (BLOCK.has(tag.name)) emit('\n');
    if (!closing && RAW_TEXT.has(tag.name) && tag.name !== 'title') {
      const close = findEndTag(html, tag.name, i);
      if (close < 0) break;
      const gt = html.indexOf('>', close);
      i = gt < 0 ? n : gt + 1;
    }
  }
  // Fold white space within lines, keep the line structure.
  return parts.join('').slice(0, cap).split('\n').map(normaliseText).filter((l) => l !== '').join('\n');
}

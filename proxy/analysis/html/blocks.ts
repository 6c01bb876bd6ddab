/**
 * The text of an HTML document as blocks that keep the structure a reader sees: headings,
 * paragraphs, list items with their nesting depth, and table cells. Terms of service are read
 * clause by clause (site/terms-clauses.ts), and a clause often only makes sense with its
 * heading or with the lead-in above its list ("You agree not to:"), so the structure is kept
 * rather than flattened. One linear pass over the markup (html/scan.ts's tokenizer pieces),
 * bounded output, never throws.
 */
import { normaliseText } from './entities.js';
import { findEndTag, isLetter, RAW_TEXT, readTag } from './scan.js';

export interface Block {
  kind: 'heading' | 'paragraph' | 'item' | 'cell';
  /** Heading level (1-6) for headings, list depth (1 = a top-level list) for items, else 0. */
  level: number;
  /** Visible text, references decoded, white space folded. */
  text: string;
}

/** Tags that end a block of text (HTML's block-level and line-breaking elements). */
const BREAKS = new Set([
  'p',
  'div',
  'br',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'blockquote',
  'dd',
  'dt',
  'dl',
  'hr',
  'pre',
  'figure',
  'figcaption',
  'address',
  'details',
  'summary',
  'form',
  'fieldset',
  'center',
]);
const LISTS = new Set(['ul', 'ol', 'menu']);
const TABLE = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'caption']);
const CELLS = new Set(['td', 'th']);
/** Elements whose content is never the document's text: drawings, templates, menus. */
const SKIPPED = new Set(['svg', 'math', 'template', 'nav']);

const MAX_BLOCKS = 50_000;

class Builder {
  readonly blocks: Block[] = [];
  private parts: string[] = [];
  size = 0;
  heading = 0;
  listDepth = 0;
  /** Depths of the open list items, innermost last (`</li>` may be left out, HTML 13.1.2.4). */
  items: number[] = [];
  cells = 0;

  constructor(private readonly cap: number) {}

  add(text: string): void {
    if (this.size >= this.cap) return;
    this.parts.push(text);
    this.size += text.length;
  }

  flush(): void {
    if (this.parts.length === 0) return;
    const text = normaliseText(this.parts.join(''));
    this.parts = [];
    if (text === '' || this.blocks.length >= MAX_BLOCKS) return;
    if (this.heading > 0) this.blocks.push({ kind: 'heading', level: this.heading, text });
    else if (this.cells > 0) this.blocks.push({ kind: 'cell', level: 0, text });
    else if (this.items.length > 0) this.blocks.push({ kind: 'item', level: this.items[this.items.length - 1]!, text });
    else this.blocks.push({ kind: 'paragraph', level: 0, text });
  }

  private closeItems(depth: number): void {
    while (this.items.length > 0 && this.items[this.items.length - 1]! >= depth) this.items.pop();
  }

  /** A tag that changes the structure: the text so far is a block of the structure it was in. */
  tag(name: string, closing: boolean): void {
    const h = /^h[1-6]$/.test(name) ? Number(name[1]) : 0;
    if (h === 0 && !BREAKS.has(name) && !LISTS.has(name) && !TABLE.has(name) && !CELLS.has(name) && name !== 'li')
      return;
    this.flush();
    if (h > 0) this.heading = closing ? 0 : h;
    else if (LISTS.has(name)) {
      if (closing) this.closeItems(this.listDepth);
      this.listDepth = Math.max(0, this.listDepth + (closing ? -1 : 1));
    } else if (name === 'li') {
      if (closing) this.items.pop();
      else {
        // A new item closes an open one of the same list.
        const depth = Math.max(1, this.listDepth);
        this.closeItems(depth);
        this.items.push(depth);
      }
    } else if (CELLS.has(name)) this.cells = Math.max(0, this.cells + (closing ? -1 : 1));
    else if (name === 'table' && closing) this.cells = 0;
  }
}

/** Skips past the element opened by a tag ending at `from` (its end tag found case-insensitively). */
function skipElement(html: string, name: string, from: number): number {
  const close = findEndTag(html, name, from);
  if (close < 0) return html.length;
  const gt = html.indexOf('>', close);
  return gt < 0 ? html.length : gt + 1;
}

/** Blocks of `html`, at most `cap` characters of text in all. */
export function htmlBlocks(html: string, cap = 1024 * 1024): Block[] {
  const b = new Builder(cap);
  const n = html.length;
  let i = 0;
  while (i < n && b.size < cap) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      b.add(html.slice(i));
      break;
    }
    if (lt > i) b.add(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? n : end + 3;
      continue;
    }
    const c = html.charCodeAt(lt + 1);
    const closing = c === 0x2f;
    if (c === 0x21 || c === 0x3f) {
      const end = html.indexOf('>', lt + 2);
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (!closing && !isLetter(c)) {
      b.add('<');
      i = lt + 1;
      continue;
    }
    const tag = readTag(html, closing ? lt + 1 : lt);
    i = tag.end;
    // Raw text (scripts, styles, the title) and drawings are not part of the document's text.
    if (!closing && (RAW_TEXT.has(tag.name) || SKIPPED.has(tag.name))) {
      i = skipElement(html, tag.name, i);
      continue;
    }
    b.tag(tag.name, closing);
  }
  b.flush();
  return b.blocks;
}

/** Visible text of an HTML document, one line per block. */
export function blocksToText(blocks: readonly Block[]): string {
  return blocks.map((x) => x.text).join('\n');
}

/**
 * A small, linear, non-throwing HTML scanner: no DOM, no regular expression over the document.
 * It walks the text once with indexOf, following the shape of the WHATWG tokenizer closely
 * enough for what the analysis reads (HTML 13.2.5): start tags with their attributes, end tags
 * of `<a>`, comments, doctype/processing instructions, and the raw-text elements whose content
 * is not markup (`script`, `style`, `title`, `textarea`, ...). Every loop advances the cursor,
 * and every collection is capped, so a 1 MiB page of hostile markup costs one pass.
 */
import { decodeEntities, normaliseText } from './entities.js';

/** Attributes of one tag: lower-case names, the first occurrence wins (HTML 13.2.5.33). */
export type HtmlAttributes = Readonly<Record<string, string>>;

export interface MetaTag {
  /** `name`, lower-case, or null. */
  name: string | null;
  /** `property` (Open Graph), lower-case, or null. */
  property: string | null;
  /** `http-equiv`, lower-case, or null. */
  httpEquiv: string | null;
  /** `content`, decoded and trimmed, or null. */
  content: string | null;
  charset: string | null;
}

export interface LinkTag {
  /** `rel` tokens, lower-case. */
  rel: string[];
  href: string;
  /** `type`, lower-case, without parameters, or null. */
  type: string | null;
  hreflang: string | null;
}

export interface Anchor {
  href: string;
  /** Visible text, references decoded, white space folded, at most TEXT_CAP characters. */
  text: string;
  /** `title` or `aria-label`, for icon-only links. */
  label: string | null;
  rel: string[];
}

export interface ScriptTag {
  src: string | null;
  /** `type`, lower-case, or null. */
  type: string | null;
  /** The first INLINE_CAP characters of an inline script (empty for external ones). */
  inline: string;
}

export interface HtmlScan {
  title: string | null;
  /** `<base href>`, the first one (HTML 4.2.3). */
  base: string | null;
  metas: MetaTag[];
  links: LinkTag[];
  anchors: Anchor[];
  scripts: ScriptTag[];
  /** Raw bodies of `<script type="application/ld+json">` blocks, each at most JSON_LD_CAP characters. */
  jsonLd: string[];
  /** True when a cap was reached and later items of a kind were dropped. */
  capped: boolean;
}

const LIMITS = { metas: 500, links: 500, anchors: 5000, scripts: 500, jsonLd: 50 } as const;
const TEXT_CAP = 300;
const INLINE_CAP = 4096;
const JSON_LD_CAP = 256 * 1024;
const TITLE_CAP = 500;

/** Elements whose content is text up to the matching end tag (HTML 13.2.5.2–5.4, 13.2.6.4.7). */
export const RAW_TEXT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'title',
  'textarea',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
]);

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
export const isLetter = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
/** A tag name runs until white space, `/` or `>` (HTML 13.2.5.8). */
const endsName = (c: number): boolean => isSpace(c) || c === 0x2f || c === 0x3e;

export interface Tag {
  name: string;
  attrs: Record<string, string>;
  /** Index just past the tag's `>` (or the end of input). */
  end: number;
}

/** Reads a start tag whose `<` is at `lt`. Linear in the tag's length. */
export function readTag(html: string, lt: number): Tag {
  const n = html.length;
  let i = lt + 1;
  const nameStart = i;
  while (i < n && !endsName(html.charCodeAt(i))) i++;
  const name = html.slice(nameStart, i).toLowerCase();
  const attrs: Record<string, string> = {};
  while (i < n) {
    let c = html.charCodeAt(i);
    if (isSpace(c) || c === 0x2f) {
      i++;
      continue;
    }
    if (c === 0x3e) return { name, attrs, end: i + 1 };
    // Attribute name (HTML 13.2.5.33): up to white space, `/`, `>` or `=` (a leading `=` belongs to the name).
    const attrStart = i;
    i++;
    while (i < n) {
      c = html.charCodeAt(i);
      if (isSpace(c) || c === 0x2f || c === 0x3e || c === 0x3d) break;
      i++;
    }
    const attrName = html.slice(attrStart, i).toLowerCase();
    while (i < n && isSpace(html.charCodeAt(i))) i++;
    let value = '';
    if (i < n && html.charCodeAt(i) === 0x3d) {
      i++;
      while (i < n && isSpace(html.charCodeAt(i))) i++;
      const q = html.charCodeAt(i);
      if (q === 0x22 || q === 0x27) {
        const close = html.indexOf(q === 0x22 ? '"' : "'", i + 1);
        const stop = close < 0 ? n : close;
        value = html.slice(i + 1, stop);
        i = close < 0 ? n : close + 1;
      } else {
        const valueStart = i;
        while (i < n && !isSpace(html.charCodeAt(i)) && html.charCodeAt(i) !== 0x3e) i++;
        value = html.slice(valueStart, i);
      }
    }
    if (!(attrName in attrs)) attrs[attrName] = decodeEntities(value);
  }
  return { name, attrs, end: n };
}

/** Index of the `</name` that closes a raw-text element, searched case-insensitively from `from`; -1 when absent. */
export function findEndTag(html: string, name: string, from: number): number {
  let at = html.indexOf('</', from);
  while (at >= 0) {
    const after = at + 2 + name.length;
    if (
      html.slice(at + 2, after).toLowerCase() === name &&
      (after >= html.length || endsName(html.charCodeAt(after)))
    ) {
      return at;
    }
    at = html.indexOf('</', at + 2);
  }
  return -1;
}

const tokens = (value: string | undefined): string[] =>
  value === undefined
    ? []
    : value
        .toLowerCase()
        .split(/[\s,]+/)
        .filter((t) => t !== '');
const orNull = (value: string | undefined): string | null => (value === undefined ? null : value.trim());
const lowerOrNull = (value: string | undefined): string | null =>
  value === undefined ? null : value.trim().toLowerCase();
const mediaType = (value: string | undefined): string | null =>
  value === undefined ? null : (value.split(';')[0] ?? '').trim().toLowerCase();

interface OpenAnchor {
  href: string;
  label: string | null;
  rel: string[];
  text: string;
}

/** Scans a whole document once. Never throws; input of any size and shape is accepted. */
export function scanHtml(html: string): HtmlScan {
  return new Scanner(html).run();
}

/** One pass over a document: text between tags feeds the open link, each `<` is read by `markup`. */
class Scanner {
  private readonly out: HtmlScan = {
    title: null,
    base: null,
    metas: [],
    links: [],
    anchors: [],
    scripts: [],
    jsonLd: [],
    capped: false,
  };
  private open: OpenAnchor | null = null;

  constructor(private readonly html: string) {}

  run(): HtmlScan {
    const { html } = this;
    const n = html.length;
    let i = 0;
    while (i < n) {
      const lt = html.indexOf('<', i);
      if (lt < 0) {
        this.addText(i, n);
        break;
      }
      this.addText(i, lt);
      i = this.markup(lt);
    }
    this.closeAnchor();
    return this.out;
  }

  /** Reads what starts at the `<` at `lt`; returns the index to go on from (the input's length to stop). */
  private markup(lt: number): number {
    const { html } = this;
    const n = html.length;
    const c = html.charCodeAt(lt + 1);
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      return end < 0 ? n : end + 3;
    }
    if (c === 0x21 || c === 0x3f) {
      // Doctype, CDATA or a bogus comment: skipped to the next `>` (HTML 13.2.5.41).
      const end = html.indexOf('>', lt + 2);
      return end < 0 ? n : end + 1;
    }
    if (c === 0x2f) {
      const tag = readTag(html, lt + 1);
      if (tag.name === 'a') this.closeAnchor();
      return tag.end;
    }
    if (!isLetter(c)) {
      // A `<` that starts no tag is text.
      this.addText(lt, lt + 1);
      return lt + 1;
    }
    const tag = readTag(html, lt);
    this.startTag(tag);
    return RAW_TEXT.has(tag.name) ? this.rawText(tag) : tag.end;
  }

  /** What a start tag adds: a meta, a link, the base, or a link's start. */
  private startTag({ name, attrs: a }: Tag): void {
    const out = this.out;
    switch (name) {
      case 'meta':
        this.push(out.metas, LIMITS.metas, {
          name: lowerOrNull(a['name']),
          property: lowerOrNull(a['property']),
          httpEquiv: lowerOrNull(a['http-equiv']),
          content: orNull(a['content']),
          charset: orNull(a['charset']),
        });
        break;
      case 'link':
        if (a['href'] !== undefined) {
          this.push(out.links, LIMITS.links, {
            rel: tokens(a['rel']),
            href: a['href'].trim(),
            type: mediaType(a['type']),
            hreflang: orNull(a['hreflang']),
          });
        }
        break;
      case 'base':
        if (out.base === null && a['href'] !== undefined) out.base = a['href'].trim();
        break;
      case 'a':
        // An `<a>` inside an open `<a>` closes the first one (HTML 13.2.6.4.7, "a" start tag).
        this.closeAnchor();
        if (a['href'] !== undefined) {
          this.open = {
            href: a['href'].trim(),
            label: orNull(a['title'] ?? a['aria-label']),
            rel: tokens(a['rel']),
            text: '',
          };
        }
        break;
    }
  }

  /** A raw-text element's content (a script, JSON-LD, the title); returns the index past its end tag, or the input's length when it has none. */
  private rawText(tag: Tag): number {
    const { html, out } = this;
    const n = html.length;
    const i = tag.end;
    const close = findEndTag(html, tag.name, i);
    const contentEnd = close < 0 ? n : close;
    if (tag.name === 'script') {
      const type = mediaType(tag.attrs['type']);
      const src = tag.attrs['src'] === undefined ? null : tag.attrs['src'].trim();
      const inline = src === null ? html.slice(i, Math.min(contentEnd, i + INLINE_CAP)) : '';
      this.push(out.scripts, LIMITS.scripts, { src, type, inline });
      if (type === 'application/ld+json')
        this.push(out.jsonLd, LIMITS.jsonLd, html.slice(i, Math.min(contentEnd, i + JSON_LD_CAP)));
    } else if (tag.name === 'title' && out.title === null) {
      out.title = normaliseText(html.slice(i, Math.min(contentEnd, i + TITLE_CAP * 4))).slice(0, TITLE_CAP);
    }
    if (close < 0) return n;
    const gt = html.indexOf('>', close);
    return gt < 0 ? n : gt + 1;
  }

  private push<T>(list: T[], cap: number, item: T): void {
    if (list.length < cap) list.push(item);
    else this.out.capped = true;
  }

  private addText(from: number, to: number): void {
    const open = this.open;
    // Only what can still fit is sliced, so a huge text run inside a link costs nothing extra.
    if (open === null || open.text.length >= TEXT_CAP * 2) return;
    open.text += this.html.slice(from, Math.min(to, from + TEXT_CAP * 2 - open.text.length));
  }

  private closeAnchor(): void {
    const open = this.open;
    if (open === null) return;
    this.push(this.out.anchors, LIMITS.anchors, {
      href: open.href,
      text: normaliseText(open.text).slice(0, TEXT_CAP),
      label: open.label,
      rel: open.rel,
    });
    this.open = null;
  }
}

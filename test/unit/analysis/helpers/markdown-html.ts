/**
 * Markdown as Open Terms Archive records terms (the page's HTML turned to markdown) back to the
 * HTML structure it came from: headings, paragraphs, nested lists, tables, block quotes. The
 * labelled terms set is stored as those markdown records; the reader is measured on HTML, as
 * the crawler gives it. Only the markdown those records use is handled.
 */
const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Inline markdown: escapes, emphasis, links, code, as the HTML a browser would show. */
function inline(s: string): string {
  return escape(s)
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\(([^)\s]*)[^)]*\)/g, '<a href="$2">$1</a>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/__([^_]+)__/g, '<strong>$1</strong>')
    .replace(/(^|[\s(])[_*]([^_*\s][^_*]*?)[_*](?=[\s.,;:)!?]|$)/g, '$1<em>$2</em>')
    .replace(/`([^`]*)`/g, '<code>$1</code>')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>])/g, '$1');
}

const ITEM = /^(\s*)([*+-]|\d{1,3}[.)])\s+(.*)$/;
// Open Terms Archive records sometimes indent headings inside a list item; they are headings still.
const ATX = /^\s*(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s{0,3}(?:[-*_]\s*){3,}$/;

/** A line's text, marked where it ends in two spaces or a backslash: a hard line break (`<br>`), as CommonMark renders it. */
const hardBreak = (line: string): string =>
  /\S {2,}$/.test(line)
    ? `${line.trim()}\u0001`
    : /[^\\]\\$/.test(line)
      ? `${line.trim().slice(0, -1)}\u0001`
      : line.trim();

export function markdownToHtml(md: string): string {
  const out: string[] = [];
  const lists: { indent: number; tag: 'ul' | 'ol' }[] = [];
  let para: string[] = [];
  let table = false;
  let blank = false;
  const flush = (): void => {
    if (para.length > 0)
      out.push(
        `<p>${inline(para.join(' '))
          .replace(/\u0001\s*$/, '')
          .replace(/\u0001 /g, '<br>')}</p>`,
      );
    para = [];
  };
  const closeLists = (indent: number): void => {
    while (lists.length > 0 && lists[lists.length - 1]!.indent > indent) out.push(`</li></${lists.pop()!.tag}>`);
  };
  const endTable = (): void => {
    if (table) out.push('</table>');
    table = false;
  };
  const lines = md.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') {
      flush();
      endTable();
      blank = true;
      continue;
    }
    const next = lines[i + 1] ?? '';
    const atx = ATX.exec(line);
    const setext = para.length === 0 && lists.length === 0 && /^\s{0,3}(?:=+|-+)\s*$/.test(next) && !ITEM.test(line);
    if (atx || setext) {
      flush();
      endTable();
      closeLists(-1);
      const level = atx ? atx[1]!.length : next.trim().startsWith('=') ? 1 : 2;
      out.push(`<h${level}>${inline(atx ? atx[2]! : line.trim())}</h${level}>`);
      if (setext) i++;
      blank = false;
      continue;
    }
    if (RULE.test(line)) {
      flush();
      closeLists(-1);
      out.push('<hr>');
      continue;
    }
    if (/^\s*\|/.test(line)) {
      flush();
      closeLists(-1);
      if (!table) out.push('<table>');
      table = true;
      if (!/^\s*\|?\s*:?-{2,}/.test(line)) {
        const cells = line
          .trim()
          .replace(/^\||\|$/g, '')
          .split('|');
        out.push(`<tr>${cells.map((c) => `<td>${inline(c.trim())}</td>`).join('')}</tr>`);
      }
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      flush();
      const indent = item[1]!.length;
      const tag = /\d/.test(item[2]!) ? 'ol' : 'ul';
      closeLists(indent);
      const top = lists[lists.length - 1];
      if (top !== undefined && top.indent === indent) out.push('</li><li>');
      else {
        lists.push({ indent, tag });
        out.push(`<${tag}><li>`);
      }
      para.push(hardBreak(item[3]!));
      blank = false;
      continue;
    }
    const indent = line.length - line.trimStart().length;
    const quote = /^\s*>\s?(.*)$/.exec(line);
    // After a blank line, text indented less than the open item's content ends the list.
    if (lists.length > 0 && blank && indent <= lists[lists.length - 1]!.indent) closeLists(-1);
    if (blank) flush();
    para.push(hardBreak(quote ? quote[1]! : line));
    blank = false;
  }
  flush();
  endTable();
  closeLists(-1);
  return `<!doctype html><html><body>${out.join('\n')}</body></html>`;
}

/**
 * Plain-text terms (served as text/plain, or markdown) as blocks (html/blocks.ts): blank lines
 * end paragraphs, hard-wrapped lines join, a line starting with a bullet or an enumerator
 * ("(a)", "iv.", "2)") starts a list item nested by its indentation, `#` lines and lines
 * underlined with `===`/`---` are headings. Linear in the text.
 */
import type { Block } from '../html/blocks.js';
import { LEAD_BANS, LEAD_END } from './terms-clauses.js';

/** A bullet or an enumerator at the start of a line; bullets are dropped, enumerators kept. */
const BULLET = /^[-–—•·*▪●◦◆■►➢+]\s+/;
/** A mark that says what the item is ("❌ Scrape or abuse our service", "✅ Provide accurate information"): kept in its text. */
const MARK = /^(?:❌|🚫|⛔|✖️?|✅|✔️?|☑️?)/u;
const ENUMERATOR = /^(?:\(?(?:[a-z]|[ivxlc]{1,6}|\d{1,3})\)|[a-z]\.|[ivxlc]{1,6}\.|\d{1,3}\.(?!\d))\s+/i;
const ATX = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const NUMBERED_TITLE =
  /^\d{1,3}(?:\.\d{1,3})*\.?\s+\p{Lu}[\p{L}'’-]*(?:\s+(?:\p{Lu}[\p{L}'’-]*|and|of|the|or|to|for|on|in|&)){1,6}$/u;
const SETEXT = /^(?:=+|-{3,})\s*$/;
/** A line that leads a ban's items without its colon: "Users are prohibited from engaging in the following actions while using the Service". */
const FOLLOWING_LEAD = /\b(?:the following|as follows)\b[^.;:!?]{0,80}$/i;
/** Markdown escapes and emphasis marks, which a reader does not see. */
const MARKUP = /\\(?=[\\`*_{}[\]()#+\-.!|])|\*\*|__/g;

const clean = (s: string): string => s.replace(MARKUP, '').replace(/\s+/g, ' ').trim();

export function plainBlocks(text: string): Block[] {
  const out: Block[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  let open: { kind: Block['kind']; level: number; parts: string[] } | null = null;
  /** Inside a run of one-line items without bullets; the indentation of the paragraph before them,
   * and of the items a deeper indentation opened (-1 when the open item has a bullet). */
  let listed = false;
  let base = 0;
  let itemIndent = -1;
  const flush = (): void => {
    if (open === null) return;
    const t = clean(open.parts.join(' '));
    if (t !== '') out.push({ kind: open.kind, level: open.level, text: t });
    open = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const line = raw.trim();
    if (line === '') {
      flush();
      listed = false;
      continue;
    }
    const atx = ATX.exec(line);
    const next = lines[i + 1]?.trim() ?? '';
    if (atx !== null || (open === null && SETEXT.test(next) && !BULLET.test(line))) {
      flush();
      out.push({
        kind: 'heading',
        level: atx ? atx[1]!.length : next.startsWith('=') ? 1 : 2,
        text: clean(atx ? atx[2]! : line),
      });
      if (atx === null) i++;
      listed = false;
      continue;
    }
    // A numbered title in title case ("5. Bot Actions", "4.2 Prohibited Conduct"), a heading copied as a line: it ends
    // the list before it, whose lead-in would otherwise govern it.
    if (NUMBERED_TITLE.test(line)) {
      flush();
      out.push({ kind: 'heading', level: 2, text: clean(line) });
      listed = false;
      continue;
    }
    const indent = raw.length - raw.trimStart().length;
    const bullet = BULLET.exec(line);
    // Items copied from a page without their bullets, one per line right under their lead-in
    // ("you agree that you will not:" then "Violate any law…", "Use any robot…"; or a paragraph of one line that bans "the
    // following actions" without a colon) or indented
    // under it ("stimmen Sie zu," then "    keine Roboter … einzusetzen"): after a line ending in
    // ":", a line starting with a capital opens an item, until a blank line; a line indented
    // deeper than the paragraph it follows opens one whatever its case, and so does each line at
    // that depth after it. A line in lower case under an unindented item, or under a bulleted one
    // (its hanging indent), continues it (a hard-wrapped item).
    const byIndent: boolean =
      open !== null &&
      ((open.kind === 'paragraph' && indent >= base + 2) ||
        (open.kind === 'item' && itemIndent >= 0 && indent === itemIndent));
    const unmarked: boolean = byIndent || (open !== null && listed && /^\p{Lu}/u.test(line));
    const marked = bullet !== null || ENUMERATOR.test(line) || MARK.test(line);
    if (marked || unmarked) {
      flush();
      open = { kind: 'item', level: 1 + Math.floor(indent / 2), parts: [bullet ? line.slice(bullet[0].length) : line] };
      itemIndent = !marked && byIndent ? indent : -1;
      listed ||= unmarked;
      if (LEAD_END.test(line)) listed = true;
      continue;
    }
    if (open === null) {
      open = { kind: 'paragraph', level: 0, parts: [] };
      base = indent;
    }
    open.parts.push(line);
    if (LEAD_END.test(line) || (open.parts.length === 1 && FOLLOWING_LEAD.test(line) && LEAD_BANS.test(line)))
      listed = true;
  }
  flush();
  return out;
}

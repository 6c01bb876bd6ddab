/**
 * Clauses of a terms document: its sentences, each with the lead-in that governs it and the
 * section it stands in. "You agree not to: (a) … (b) use any robot…" is read as a prohibition
 * in every item, so an item carries the lead-ins of the lists it is nested in; a paragraph of
 * enumerated items ("(2) use robots…") after a paragraph ending in ":" is read the same way.
 * The section is the nearest number ("4.2", from a heading or a numbered paragraph) or, when
 * there is none, the heading's text. Linear in the number of blocks.
 */
import type { Block } from '../html/blocks.js';

export interface Clause {
  /** The sentence as published (white space folded). */
  text: string;
  /** The lead-ins that govern it, outermost first, joined; '' when none. */
  leadIn: string;
  /** Section number or heading text, null when the document has neither above it. */
  section: string | null;
}

/** An enumerator starting a block or a sentence: "(a)", "(iv)", "2)", "b.", "•". */
const ENUMERATED = /^(?:\(?(?:[a-z]|[ivxlc]{1,6}|\d{1,3})\)|[a-z]\.|[ivxlc]{1,6}\.|\d{1,3}\.(?!\d)|[-–—•·▪●◦])\s/i;
/** A numbered section at the start of a heading or paragraph: "4.2", "§ 11", "Article 4", "IV.". */
const SECTION =
  /^(?:(?:section|article|art\.|artikel|artículo|articulo|clause|chapter|chapitre|kapitel|paragraph|§)\s*)?(\d{1,3}(?:\.\d{1,3}){0,3}|[IVXLC]{1,6})(?=[.):\-–—\s]|$)/i;
/** A multi-level number at the start of a paragraph ("4.1 You may not…") opens a subsection. */
const SUBSECTION = /^(?:§\s*)?(\d{1,3}(?:\.\d{1,3}){1,3})\.?(?=\s)/;
/** The first item of an enumeration inside a paragraph: "…the following: (i) …; (ii) …", "…NoAI Content (i) in datasets…". */
const INLINE_LIST = /(?:^|[\s:,])\(?(?:a|i|1)\)\s/;
/** A sentence that says the previous one applies again ("This also applies to robots"). */
const ANAPHORA =
  /^(?:this|the same|that|these) (?:also |equally )?appl(?:y|ies)\b|^(?:it|this|that|such (?:permission|licen[cs]e|right|consent)) (?:does|do|shall|will) not (?:—[^—]{0,60}— )?(?:authori[sz]e|permit|allow|grant|extend|include|apply)\b|^(?:dies|das) gilt\b|^(?:cela|ceci) s['’]applique\b|^il en va de même\b|^(?:lo mismo|esto|ello) (?:también )?se aplica\b/i;
/** Short cells are a table's data (a cookie table's names and durations), not clauses. */
const CELL_MIN = 160;
const LEAD_MAX = 400;
const TITLE_MAX = 60;
const LABEL_MAX = 100;
const MAX_LEADS = 3;
const SENTENCE_MAX = 4000;

/** Abbreviations after which a period does not end a sentence. */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'inc',
  'ltd',
  'co',
  'corp',
  'no',
  'nr',
  'art',
  'abs',
  'vs',
  'cf',
  'z.b',
  'bzw',
  'ggf',
  'usw',
  'ca',
  'p. ex',
  'ex',
  'approx',
  'dr',
  'mr',
  'mrs',
  'st',
  'u.s',
  'sec',
  'para',
  'ziff',
  'lit',
  'vgl',
  's.a',
  'n.v',
  'b.v',
  'gmbh',
  'sr',
]);

/**
 * Sentences of a block: split after `.!?;` and white space (`.!?` only in a list item, whose
 * "; however, …" belongs to it), not after an abbreviation or an initial.
 */
export function sentences(text: string, item = false): string[] {
  const out: string[] = [];
  let start = 0;
  const re = item ? /[.!?]\s+/g : /[.!?;]\s+/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (text[m.index] === '.') {
      const before = text.slice(Math.max(start, m.index - 6), m.index).toLowerCase();
      const word = /(?:^|[\s(])([a-zäöüéè.]{1,5})$/.exec(before)?.[1] ?? '';
      // "e.g.", "Inc.", an initial, a list number ("4. ") do not end a sentence.
      if (ABBREVIATIONS.has(word) || /^[a-z]$/.test(word) || /(?:^|[\s(])\d{1,3}$/.test(before)) continue;
    }
    const s = text.slice(start, m.index + 1).trim();
    if (s !== '') out.push(s.length > SENTENCE_MAX ? s.slice(0, SENTENCE_MAX) : s);
    start = m.index + m[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest !== '') out.push(rest.length > SENTENCE_MAX ? rest.slice(0, SENTENCE_MAX) : rest);
  return out;
}

/**
 * What a block ending in ":" contributes as a lead-in: its last sentence, or two when the last
 * is only "For example:"; a long one keeps its start (the subject and modal) and its end.
 */
function leadOf(parts: readonly string[]): string {
  const last = parts[parts.length - 1] ?? '';
  const lead = last.length < 40 && parts.length > 1 ? `${parts[parts.length - 2]} ${last}` : last;
  return lead.length > LEAD_MAX ? `${lead.slice(0, 200)} … ${lead.slice(lead.length - LEAD_MAX + 200)}` : lead;
}

class Sections {
  private readonly stack: { level: number; label: string }[] = [];
  private sub: string | null = null;

  heading(level: number, text: string): void {
    while (this.stack.length > 0 && this.stack[this.stack.length - 1]!.level >= level) this.stack.pop();
    const n = SECTION.exec(text);
    this.stack.push({ level, label: n ? n[1]! : text.slice(0, 80) });
    this.sub = null;
  }

  paragraph(text: string): void {
    const n = SUBSECTION.exec(text);
    if (n) this.sub = n[1]!;
  }

  get current(): string | null {
    return this.sub ?? this.stack[this.stack.length - 1]?.label ?? null;
  }
}

/**
 * Blocks a line break cut in the middle of a sentence (`<br>` in running text, hard-wrapped
 * text): a block after one that ends without punctuation continues it when it starts in lower
 * case, or (paragraphs only: list items often end unpunctuated) the one before is longer than a label.
 */
function joinBroken(blocks: readonly Block[]): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    const prev = out[out.length - 1];
    const cut =
      prev !== undefined &&
      prev.kind === b.kind &&
      prev.level === b.level &&
      b.kind !== 'heading' &&
      !ENUMERATED.test(b.text) &&
      !/[.!?;:]["'”’)]?$/.test(prev.text);
    // A short unpunctuated line before a capital is a label; a long one was cut mid-sentence.
    if (cut && (/^[a-zà-ÿß]/.test(b.text) || (b.kind === 'paragraph' && prev.text.length > LABEL_MAX))) {
      out[out.length - 1] = { ...prev, text: `${prev.text} ${b.text}` };
    } else out.push(b);
  }
  return out;
}

/** A short line without end punctuation between a lead-in and its items: a label ("Misuse of facilities"), not a clause. */
const isLabel = (b: Block, enumerated: boolean): boolean =>
  b.kind === 'paragraph' && !enumerated && b.text.length <= LABEL_MAX && !/[.!?;:]$/.test(b.text);

export function clausesOf(input: readonly Block[]): Clause[] {
  const blocks = joinBroken(input);
  const out: Clause[] = [];
  const sections = new Sections();
  // Open lead-ins by depth: a paragraph's is -1, an enumerated paragraph's -0.5, a list item's its
  // level (plus 0.5 when enumerated); a paragraph numbered under a numbered lead-in ("13.1.2"
  // under "13.1 …:") is that lead-in's item.
  let leads: { depth: number; text: string; number: string | null }[] = [];
  for (const b of blocks) {
    if (b.kind === 'heading') {
      sections.heading(b.level, b.text);
      leads = [];
      continue;
    }
    if (b.kind === 'cell' && b.text.length < CELL_MIN) continue;
    const number = SUBSECTION.exec(b.text)?.[1] ?? null;
    const parent =
      number === null ? undefined : leads.find((l) => l.number !== null && number.startsWith(`${l.number}.`));
    const enumerated = ENUMERATED.test(b.text) || parent !== undefined;
    if (leads.length > 0 && isLabel(b, enumerated)) continue;
    const depth =
      parent !== undefined ? parent.depth + 0.5 : (b.kind === 'item' ? b.level : -1) + (enumerated ? 0.5 : 0);
    if (b.kind !== 'item' && !enumerated) sections.paragraph(b.text);
    leads = leads.filter((l) => l.depth < depth);
    // The innermost few lead-ins govern an item; deeper chains are markup, not prose.
    const outer = leads
      .slice(-MAX_LEADS)
      .map((l) => l.text)
      .join(' ');
    const parts = sentences(b.text, enumerated || b.kind === 'item');
    // An item's short title ("Scrape or harvest data.") is read with the rule that follows it.
    if ((enumerated || b.kind === 'item') && parts.length > 1 && parts[0]!.length <= TITLE_MAX)
      parts.splice(0, 2, `${parts[0]} ${parts[1]}`);
    const inline = INLINE_LIST.exec(b.text);
    const inlineLead = inline ? b.text.slice(0, inline.index + 1) : '';
    for (let i = 0; i < parts.length; i++) {
      const s = parts[i]!;
      // A sentence ending in ":" is a lead-in: it is read with what follows it, not alone.
      if (/[:：]$/.test(s)) continue;
      let lead = outer;
      if (i > 0 && inlineLead !== '' && ENUMERATED.test(s)) lead = `${lead} ${leadOf(sentences(inlineLead))}`;
      if (i > 0 && ANAPHORA.test(s)) lead = `${lead} ${parts[i - 1]}`;
      out.push({ text: s, leadIn: lead.trim(), section: sections.current });
    }
    if (/[:：]$/.test(b.text)) leads.push({ depth, text: leadOf(parts), number });
  }
  return out;
}

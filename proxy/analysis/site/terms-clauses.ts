/**
 * Clauses of a terms document: its sentences, each with the lead-in that governs it and the
 * section it stands in. "You agree not to: (a) … (b) use any robot…" is read as a prohibition
 * in every item, so an item carries the lead-ins of the lists it is nested in; a paragraph of
 * enumerated items ("(2) use robots…") after a paragraph ending in ":" is read the same way.
 * The section is the nearest number ("4.2", from a heading or a numbered paragraph) or, when
 * there is none, the heading's text. Linear in the number of blocks.
 */
import type { Block } from '../html/blocks.js';
import { RESTRICTION_APPLIES } from './terms-words.js';

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
/** A one-level number starting a lead-in ("15 You can't …:"): its "15.1" paragraphs are its items. */
const LEAD_NUMBER = /^(?:§\s*)?(\d{1,3})\.?(?=\s)/;
/** The first item of an enumeration inside a paragraph: "…the following: (i) …; (ii) …", "…NoAI Content (i) in datasets…". */
const INLINE_LIST = /(?:^|[\s:,])\(?(?:a|i|1)\)\s/;
/** A sentence that says the previous one applies again ("This also applies to robots"). */
const ANAPHORA =
  /^examples include\b|^this (?:also )?includes?\b(?! (?:the|your|our|its) (?:right|licen[cs]e|permission)\b)|^(?:this|the same|that|these) (?:also |equally )?appl(?:y|ies)\b|^(?:it|this|that|such (?:permission|licen[cs]e|right|consent)) (?:does|do|shall|will) not (?:—[^—]{0,60}— )?(?:authori[sz]e|permit|allow|grant|extend|include|apply)\b|^(?:dies|das) gilt\b|^(?:cela|ceci) s['’]applique\b|^il en va de même\b|^(?:lo mismo|esto|ello) (?:también )?se aplica\b/i;
/** Short cells are a table's data (a cookie table's names and durations), not clauses. */
const CELL_MIN = 160;
const LEAD_MAX = 400;
const TITLE_MAX = 60;
const LABEL_MAX = 100;
/** A list item shorter than this that ends unpunctuated is a whole item, not a sentence a line break cut. */
const ITEM_CUT_MIN = 200;
const MAX_LEADS = 3;
const SENTENCE_MAX = 4000;

/** A bullet glued to the end of the item before it, or standing between two items, then a capital. */
const INLINE_BULLET = /(?<=\S)[*•▪●]\s+(?=\p{Lu})|\s[•▪●]\s+(?=\p{L})/u;
/** Any bullet character: INLINE_BULLET starts with a look-behind, which V8 tries at every offset, so most texts are cleared by this first. */
const BULLET_CHAR = /[*•▪●]/;

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
  'bspw',
  'insb',
  'vgl',
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
  // A list flattened into one block with its bullets kept ("…these recommendations.* Not to
  // publish…* Do not use automated means…"): each bullet starts a sentence.
  if (BULLET_CHAR.test(text) && INLINE_BULLET.test(text))
    return text.split(INLINE_BULLET).flatMap((t) => sentences(t, item));
  const out: string[] = [];
  let start = 0;
  // "…used to train AI?We never sell…": a question or exclamation glued to the next sentence ends too.
  // In an item, "; (b) " still starts the next of its inline items ("(a) you … the right to scrape …; (b) …; (d) you
  // must not use the scraping workflow to harvest personal data").
  const re = item
    ? /[.!?]\s+|;\s+(?=\((?:[a-z]|[ivx]{1,4}|\d{1,2})\)\s)|[?!](?=\p{Lu}\p{Ll})/gu
    : /[.!?;]\s+|[?!](?=\p{Lu}\p{Ll})/gu;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (text[m.index] === '.') {
      const before = text.slice(Math.max(start, m.index - 6), m.index).toLowerCase();
      const word = /(?:^|[\s(])([a-zäöüéè.]{1,5})$/.exec(before)?.[1] ?? '';
      // "e.g.", "Inc.", an initial, a list number ("4. ") do not end a sentence.
      if (ABBREVIATIONS.has(word) || /^[a-z]$/.test(word) || /(?:^|[\s(])\d{1,3}(?:\.\d{1,3})*$/.test(before)) continue;
    }
    pushPieces(out, text.slice(start, m.index + 1));
    start = m.index + m[0].length;
  }
  pushPieces(out, text.slice(start));
  return out;
}

/** A sentence, or pieces of at most SENTENCE_MAX characters cut at white space when it is longer (text without sentence ends). */
function pushPieces(out: string[], raw: string): void {
  const s = raw.trim();
  if (s.length <= SENTENCE_MAX) {
    if (s !== '') out.push(s);
    return;
  }
  for (let at = 0; at < s.length;) {
    let end = Math.min(s.length, at + SENTENCE_MAX);
    if (end < s.length) {
      const space = s.lastIndexOf(' ', end);
      if (space > at + SENTENCE_MAX / 2) end = space;
    }
    const piece = s.slice(at, end).trim();
    if (piece !== '') out.push(piece);
    at = end;
  }
}

/**
 * What a block ending in ":" contributes as a lead-in: its last sentence, or two when the last
 * is only "For example:"; a long one keeps its start (the subject and modal) and its end.
 */
function leadOf(parts: readonly string[]): string {
  // "You agree that you will not do any of the following in connection with the Services. If you do any of this stuff,
  // we may terminate your use." leads with both.
  const following = parts.length > 1 ? parts.findLastIndex((p) => FOLLOWING.test(p)) : -1;
  if (following >= 0 && following >= parts.length - 3 && following < parts.length - 1)
    return clip(parts.slice(following).join(' '));
  const last = parts[parts.length - 1] ?? '';
  // "Such activities include, but are not limited to:" points back to the sentence before it.
  const lead =
    (last.length < 40 || ANAPHORIC_LEAD.test(last)) && parts.length > 1 ? `${parts[parts.length - 2]} ${last}` : last;
  return clip(lead);
}
const clip = (lead: string): string =>
  lead.length > LEAD_MAX ? `${lead.slice(0, 200)} … ${lead.slice(lead.length - LEAD_MAX + 200)}` : lead;
export const LEAD_BANS = /\bnot\b|n['’]t\b|\bprohibit|\bforbid/i;
const FOLLOWING = /\b(?:any|all|each|one) of the following\b/i;
/** "… any of the following …" with one or two sentences after it, at the end of a block. */
const FOLLOWING_THEN = new RegExp(`${FOLLOWING.source}[^.;:]{0,80}[.;]\\s+(?:[^.;:]{1,160}[.;]\\s*){1,2}$`, 'i');

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
 * A full stop standing alone between spaces is no sentence end: archives that flattened a page keep "&nbsp." where it
 * had "&nbsp;" (". (a) . use any automated device…" in ToS;DR's store). Dropped, and a block left empty with it.
 */
function withoutStrayStops(blocks: readonly Block[]): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    if (!STRAY_STOP_AT.test(b.text)) out.push(b);
    else {
      const text = b.text.replace(STRAY_STOP, ' ').replace(/\s+/g, ' ').trim();
      if (text !== '') out.push({ ...b, text });
    }
  }
  return out;
}
const STRAY_STOP = /(?<=^|\s)\.(?=\s|$)/g;
const STRAY_STOP_AT = /(?:^|\s)\.(?:\s|$)/;

/**
 * Blocks a line break cut in the middle of a sentence (`<br>` in running text, hard-wrapped
 * text): a block after one that ends without punctuation continues it when it starts in lower
 * case, or (paragraphs only: list items often end unpunctuated) the one before is longer than a label.
 */
function joinBroken(blocks: readonly Block[]): Block[] {
  // Parts of the block being joined are kept apart and joined once: a text grown by repeated
  // concatenation and tested again each time is quadratic (issue 34).
  const out: Block[] = [];
  const parts: string[][] = [];
  let prevLength = 0;
  for (const b of blocks) {
    const prev = out[out.length - 1];
    const last = parts[parts.length - 1];
    const prevText = last?.[last.length - 1] ?? '';
    // A line ending in a hyphenated word's first half ("der idealo-") or in a word no sentence
    // ends with ("…by accessing the") was cut, whatever the next line starts with, even when the
    // line before is a list item ("8. You may not … by accessing the" then "Services through…").
    const hyphen = /\p{L}-$/u.test(prevText);
    const midSentence = hyphen || CUT_AFTER.test(prevText);
    const startsLower = /^[a-zà-ÿß]/.test(b.text);
    const cut =
      prev !== undefined &&
      ((prev.kind === b.kind && prev.level === b.level) || ((midSentence || startsLower) && b.kind === 'paragraph')) &&
      b.kind !== 'heading' &&
      prev.kind !== 'heading' &&
      !ENUMERATED.test(b.text) &&
      // Numbered clauses one after the other ("5.8.8 Interfering with … the Website" then "5.8.9 Utilisation of data
      // mining, robots…") end unpunctuated as list items do.
      !(SUBSECTION.test(b.text) && SUBSECTION.test(prev.text)) &&
      // List items that end in a comma are its members, the comma their separator ("* access or use Our Content to build
      // … competitive to our products or services," then "* use any web scraping, web harvesting, …"), not a sentence cut.
      !(b.kind === 'item' && prev.kind === 'item' && /,["'”’)]?$/.test(prevText)) &&
      !PUNCTUATED.test(prevText);
    // A short unpunctuated line before a capital is a label; a long one was cut mid-sentence.
    // Short list items in lower case are items ("phishing", "creating fake accounts…"), not one cut sentence.
    const lower = startsLower && (b.kind !== 'item' || prevLength > ITEM_CUT_MIN);
    // An enumerated paragraph ("(ii) comply with … the Dashboard Services") ends unpunctuated as a list item does: a
    // capital after it starts the next block ("Authorized Users shall not:").
    const itemLike = prev !== undefined && ENUMERATED.test(prev.text);
    if (cut && (lower || midSentence || (b.kind === 'paragraph' && prevLength > LABEL_MAX && !itemLike))) {
      // A hyphenated word's halves are joined without a space when the parts are (GLUE).
      last!.push(hyphen ? `${GLUE}${b.text}` : b.text);
      prevLength += b.text.length + 1;
    } else {
      out.push(b);
      parts.push([b.text]);
      prevLength = b.text.length;
    }
  }
  return out.map((b, i) => {
    const text = parts[i]!.join(' ').replaceAll(` ${GLUE}`, '');
    return text === b.text ? b : { ...b, text };
  });
}

const GLUE = '\u0000';
/** A text that ends a sentence or a lead-in (a closing quote or bracket may follow). */
const PUNCTUATED = /[.!?;:]["'”’)]?$/;
/** A lead-in ends in a colon. */
export const LEAD_END = /[:：]$/;
/**
 * A heading that names what follows as banned leads its items as a lead-in does ("Prohibited
 * Uses", "Points that may lead to termination", "What you can't do", "Usages interdits").
 */
const BANNING_HEADING =
  /^[\d.\s]*(?:prohibited|forbidden|unacceptable|impermissible|restricted) (?:uses?|activit(?:y|ies)|conduct|actions?|acts?|practices?|behaviou?rs?|content and (?:conduct|activities))\b|\bmay (?:lead|result) (?:to|in) (?:the )?(?:termination|suspension)\b|^[\d.\s]*(?:what|things) you (?:can(?:no|')t|cannot|must not|may not|should not) do\b|^(?:don['’]ts?|do not|what not to do|not allowed)\s*[:!]?$|^[\d.\s]*(?:usages?|utilisations?|activités|comportements) (?:interdit|prohibé)e?s?\b|^[\d.\s]*(?:verbotene|unzulässige) (?:Nutzung|Handlungen|Aktivitäten|Verhaltensweisen)\b|^[\d.\s]*(?:usos?|actividades|conductas) (?:prohibid|no permitid)[oa]s?\b/i;

/** A finite verb, a modal or a verdict: a short paragraph without one is a title ("Prohibition on Training AI Models."), not "Scraping prohibited." or "All Text and Datamining (TDM) rights reserved.". */
const TITLE_VERB =
  /\b(?:is|are|was|were|be|may|must|shall|will|can|cannot|do|does|did|has|have|agree\w*|use|uses|est|sont|doit|peut|ist|sind|darf|muss|es|son|debe|puede|prohibited|forbidden|permitted|allowed|reserved|réservée?s?|interdit\w*|autoris\w*|untersagt|verboten|gestattet|vorbehalten|prohibid\w*|permitid\w*|reservad[oa]s?)\b|n't\b/i;

const isTitle = (s: string): boolean =>
  s.length <= TITLE_MAX &&
  /^[\d.\s]*\p{Lu}/u.test(s) &&
  !/[;:,]$/.test(s) &&
  !TITLE_VERB.test(s) &&
  !/^[\d.\s]*(?:no|not|never|don't|do not)\b/i.test(s);

/** A clause's title that names what it bans without a verb: "No Unauthorized Copying, Broadcasting or Screen Scraping.". */
const NO_TITLE =
  /^\.?\s+No (?:\p{Lu}[\p{L}'’-]*,?|or|and|of|the|to|&)(?: (?:\p{Lu}[\p{L}'’-]*,?|or|and|of|the|to|&)){0,8}\.$/u;

/** A paragraph that is only an enumerator: "1.8.4", "(b)", "iv.", "3)". */
const LONE_ENUMERATOR = /^(?:\(?(?:[a-z]|[ivxlc]{1,6}|\d{1,3})[.)]|\d{1,3}(?:\.\d{1,3}){1,3}\.?)$/i;

/** Words no sentence ends with: a line ending in one was cut in the middle of a sentence. */
const CUT_AFTER =
  /\s(?:the|a|an|of|to|in|on|by|for|with|from|and|or|that|which|any|our|your|its|their|as|at|der|die|das|den|dem|des|und|oder|von|zu|mit|für|le|la|les|du|de|et|ou|à|au|aux|un|une|el|los|las|del|y|o|en|con|para|por)$/i;

/** A short line without end punctuation between a lead-in and its items: a label ("Misuse of facilities"), not a clause. */
const isLabel = (b: Block, enumerated: boolean): boolean =>
  b.kind === 'paragraph' && !enumerated && b.text.length <= LABEL_MAX && !/[.!?;:]$/.test(b.text);

/**
 * Words of a lead-in before a colon inside a sentence: "You may not do any of the following: use…",
 * "you also agree not to: copy…", "Prohibited uses include: …", "Examples of prohibited uses: …".
 */
const LEAD_WORDS =
  /\b(?:following|not|never|includ(?:e|es|ing)|prohibit\w*|forbid\w*|may|must|shall|will|cannot|can't|agrees?|undertakes?|such as|examples?|restrictions?|conduct|activities|interdit\w*|ne pas|nicht|untersagt|prohibid\w*)\b/i;

/** A sentence holding a lead-in and its first item, split at the colon; null when it holds none. */
function splitLead(s: string): [string, string] | null {
  const at = s.search(/[:：]\s+\S/);
  if (at < 8 || at > LEAD_MAX * 2) return null;
  const before = s.slice(0, at + 1);
  return LEAD_WORDS.test(before.slice(-100)) ? [before, s.slice(at + 1).trim()] : null;
}

/**
 * A paragraph that stops without punctuation right before enumerated items leads them as if it
 * ended in ":" ("Se considerará que es un uso indebido especialmente" then "• la consulta
 * automatizada…"); a short one is a label.
 */
function leadsWithoutColon(b: Block, next: Block | undefined): boolean {
  if (next === undefined) return false;
  // "Users are prohibited from … engaging in the following conduct, whether intentional or out of negligence." over a list.
  if (b.kind === 'paragraph' && next.kind === 'item' && THE_FOLLOWING.test(b.text)) return true;
  // "You agree that you will not do any of the following in connection with the Services. If you do any of this stuff,
  // we may terminate your use of the Application." over one <p> per item ("use any data mining, robots …;").
  if (b.kind === 'paragraph' && FOLLOWING_THEN.test(b.text) && (next.kind === 'item' || /;$|^\p{Ll}/u.test(next.text)))
    return true;
  // "(b) You may not" cut off before its items by the list that follows.
  if (UNFINISHED_BAN.test(b.text) && (next.kind === 'item' || ENUMERATED.test(next.text))) return true;
  // A heading copied as a line of its own ("Don't", "Prohibited Uses") over its list.
  if (b.kind === 'paragraph' && next.kind === 'item' && BANNING_HEADING.test(b.text)) return true;
  if (PUNCTUATED.test(b.text)) return false;
  // A list item's title over its own sub-list ("<li>Other prohibited acts<ol><li>Collection of information using crawlers…").
  if (b.kind === 'item') return next.kind === 'item' && next.level > b.level;
  // An enumerated paragraph before its sibling ("(i) abide by …" then "(ii) comply with …") is an item, not their lead-in.
  const marker = b.kind === 'paragraph' && next.kind === 'paragraph' ? markerOf(b.text) : null;
  const nextMarker = marker === null ? null : markerOf(next.text);
  if (marker !== null && nextMarker !== null && sameMarker(marker, nextMarker)) return false;
  return b.kind === 'paragraph' && b.text.length > LABEL_MAX && (next.kind === 'item' || ENUMERATED.test(next.text));
}

const UNFINISHED_BAN = /\b(?:may|must|shall|will|can|should) not$|\bcannot$|\bagrees? not to$/i;
const THE_FOLLOWING = /\b(?:the following|as follows)\b[^.;:]{0,80}[.;]?$/i;
/** A short lead-in that points back to the sentence before it. */
const ANAPHORIC_LEAD =
  /^(?:(?:this|these|that)(?: (?:prohibitions?|restrictions?|bans?|limitations?))?|such (?:conduct|use|activit\w+|prohibitions?|restrictions?)) (?:concerns?|includes?|covers?|means?|applies|apply|extends?)\b[^.]{0,30}:$|^in particular:$/i;

/** First words that open a statement of its own, not an item of the enumeration before it. */
const OWN_START = new Set(
  (
    'we you your our us i it its they their he she this that these those the a an if when where whenever while in for by as ' +
    'all each no nothing notwithstanding except unless subject although however please such violation violations failure there ' +
    'here what how why additionally also further furthermore moreover finally otherwise accordingly thus therefore at on upon ' +
    'after before without with from to since because nous vous wir sie nosotros usted le la les der die das el los las si'
  ).split(' '),
);
/** A subject and its verb at the start: "Company may terminate…", "Content is provided…". */
const SUBJECT_VERB =
  /^\S+(?:\s+\S+){0,2}?\s+(?:may|will|shall|must|can|is|are|was|were|has|have|reserves?|does|do|agrees?|acknowledges?)\b/i;

/**
 * A sentence after a lead-in is one of its items (issue 34): enumerated, in lower case, a
 * gerund, or a verb without a subject ("Use the Content to train…"); a sentence with its own
 * subject or opening a condition ("We may…", "If you…", "Company will…") ends the enumeration.
 */
export function continuesEnumeration(s: string): boolean {
  if (ENUMERATED.test(s) || /^[\p{Ll}]/u.test(s)) return true;
  const first = (/^[^\p{L}]*(\p{L}+)/u.exec(s)?.[1] ?? '').toLowerCase();
  if (first === '' || OWN_START.has(first)) return false;
  return first.endsWith('ing') || !SUBJECT_VERB.test(s);
}

/** The kind of an enumerator ("•", "-", "1.", "(a)"), so that a list of one kind under an item of another is seen nested. */
function markerOf(text: string): string | null {
  const m = ENUMERATED.exec(text);
  if (m === null) return null;
  const token = /^\(?([a-z]+|\d+|.)/i.exec(m[0])![1]!;
  if (/\d/.test(token)) return '1';
  // "B. You also agree not to:" over "i. Violate the Terms;" … "iii. Use any robot…", "d. Certain Restrictions. … you
  // shall not:" over "(i) …" … "(x) use any … automated software": capitals, lower-case letters and lower-case roman
  // numerals are three kinds of marker. "i", "v" and "x" alone are either ('?'): the first item after a lead-in reads
  // "i" as a numeral and "v", "x" as letters (strictMarker), later ones go with the list they stand in (sameMarker).
  if (/^[ivx]{2,}$/.test(token)) return 'i';
  if (/^[ivx]$/.test(token)) return token === 'i' ? 'i?' : 'a?';
  return /[a-z]/.test(token) ? 'a' : /[A-Z]/.test(token) ? 'A' : /[-–—]/.test(token) ? '-' : '•';
}
const strictMarker = (m: string): string => m.replace('?', '');
/** Markers of one list: the same kind, or a lone "i", "v", "x" among letters or numerals. */
function sameMarker(m: string, n: string): boolean {
  if (strictMarker(m) === strictMarker(n)) return true;
  const either = (k: string) => k === 'i' || k === 'a';
  return (m.endsWith('?') || n.endsWith('?')) && either(strictMarker(m)) && either(strictMarker(n));
}

/** At most this many sentences in a row are read as a lead-in's items; past them the lead-in is dropped. */
const MAX_ITEMS = 60;

export function clausesOf(input: readonly Block[]): Clause[] {
  const blocks = joinBroken(withoutStrayStops(input));
  const out: Clause[] = [];
  const sections = new Sections();
  // Open lead-ins by depth: a paragraph's is -1, an enumerated paragraph's -0.5, a list item's its
  // level (plus 0.5 when enumerated); a paragraph numbered under a numbered lead-in ("13.1.2"
  // under "13.1 …:") is that lead-in's item, and so is a paragraph after a paragraph's lead-in
  // that reads as an item (one <p> per clause).
  // `grouped`: the lead-in's items stand under labels from its first block on ("You must not:" then "Unauthorized use",
  // items, "Cheating or tampering", items), so a label after its items does not end it.
  let leads: {
    depth: number;
    text: string;
    number: string | null;
    items: number;
    marker: string | null;
    grouped?: boolean;
  }[] = [];
  // A paragraph enumerated one way that ends in ":" and the paragraphs enumerated another way after
  // it ("· … You further agree not to use the Services to:" then "- Post…", "- Access…"), or a list
  // item that ends in ":" and the items after it at its own level ("<li>you will not:</li></ul><ul>
  // <li>use any means to scrape…"): its items, also when a paragraph of the outer kind stands among
  // them, until a heading or a plain paragraph.
  let nested: { lead: (typeof leads)[number]; marker: string } | null = null;
  // The last sentence of the block before, for a lead-in that points back to it.
  let before = '';
  // A lead-in that ends in an ellipsis, and where its items start in `out`: the paragraph after them may finish it.
  let ellipsisLead: { text: string; from: number } | null = null;
  // An enumerator standing alone ("1.8.4" as a paragraph or list item of its own, the item's text in the next).
  let numberedNext = false;
  for (let bi = 0; bi < blocks.length; bi++) {
    const b = blocks[bi]!;
    const numberedHere = numberedNext && b.kind !== 'cell';
    numberedNext = false;
    if (b.kind === 'heading') {
      sections.heading(b.level, b.text);
      leads = [];
      nested = null;
      // A heading that ends in ":" is a lead-in ("### You agree to not use the Furk.net Services to:").
      if (LEAD_END.test(b.text) || BANNING_HEADING.test(b.text))
        leads.push({ depth: -1, text: b.text, number: null, items: 0, marker: null });
      continue;
    }
    if (b.kind === 'cell' && b.text.length < CELL_MIN) continue;
    if (b.kind !== 'cell' && leads.length > 0 && LONE_ENUMERATOR.test(b.text)) {
      numberedNext = true;
      continue;
    }
    // "…you'll need to get permission." after the list finishes the lead-in that ended in an ellipsis ("To use any of
    // the following things…"): its items are read with it.
    if (b.kind === 'paragraph' && ellipsisLead !== null && /^(?:…|\.\.\.)\s*\p{Ll}/u.test(b.text)) {
      const { text, from } = ellipsisLead;
      for (let i = from; i < out.length; i++)
        if (out[i]!.leadIn.includes(text)) out[i] = { ...out[i]!, leadIn: `${out[i]!.leadIn} ${b.text}` };
      ellipsisLead = null;
    }
    const number = SUBSECTION.exec(b.text)?.[1] ?? null;
    const top = leads[leads.length - 1];
    // Subsections right after a paragraph's lead-in that bans are its items ("Additionally, you agree not to:" then "0.1.
    // Use the Service in any manner…", "0.2. Use any robot…"): the first one's parent number then stands for the lead-in.
    // Under "You must:" each numbered clause says its own "not" ("21.5 not collect…").
    if (
      number !== null &&
      number.includes('.') &&
      top?.depth === -1 &&
      top.items === 0 &&
      top.number === null &&
      LEAD_END.test(top.text) &&
      LEAD_BANS.test(top.text)
    )
      top.number = number.slice(0, number.lastIndexOf('.'));
    const parent =
      number === null ? undefined : leads.findLast((l) => l.number !== null && number.startsWith(`${l.number}.`));
    // A paragraph numbered as a section of its own ("2.11. …") is not an item of the lead-in before it.
    const governed =
      b.kind === 'paragraph' &&
      number === null &&
      top?.depth === -1 &&
      top.items < MAX_ITEMS &&
      !(top.items > 0 && isTitle(b.text)) &&
      // A lead-in of its own after the items ("All Authorized Users agree to: (i) … (ii) …" then "Authorized Users
      // shall not:" over "(a) … (d) use or launch automated systems …") is the next lead-in, not one more item.
      !(top.items > 0 && LEAD_END.test(b.text)) &&
      continuesEnumeration(b.text);
    // A label right after a paragraph's lead-in ("Unauthorized use"): its items stand in labelled groups.
    if (top?.depth === -1 && top.items === 0 && isLabel(b, false)) top.grouped = true;
    const enumerated = ENUMERATED.test(b.text) || parent !== undefined || governed || numberedHere;
    if (leads.length > 0 && isLabel(b, enumerated)) {
      // After the items of a paragraph's lead-in, a label is the next section's title ("License & Site access"),
      // unless the lead-in grouped its items under labels from the start.
      if (top!.depth === -1 && top!.grouped !== true) leads = [];
      // So is a label after the items of a list item's lead-in ("2. … the following criteria:" then its lines, then
      // "§6 Communication with EC" over the next list).
      if (nested !== null && nested.lead.items > 0) {
        const ended = nested.lead;
        leads = leads.filter((l) => l.depth < ended.depth);
        nested = null;
      }
      continue;
    }
    // Numbered paragraphs right after a list item that ends in ":" are that item's items (a Word
    // page: "…You agree that You will NOT:" as the last <li>, then "<p>1. Use…</p>").
    // So are paragraphs numbered as sections ("You can't:" as the <li>, then "<p>12.1. use our services…</p>"): the
    // first one's top number ("12") then stands for the lead-in, so that its siblings and their items follow it.
    const underItem =
      b.kind === 'paragraph' &&
      top !== undefined &&
      top.depth >= 1 &&
      (ENUMERATED.test(b.text) || (number !== null && top.number === null && top.items === 0));
    if (underItem && number !== null && top.number === null) top.number = number.split('.')[0]!;
    const marker = b.kind === 'paragraph' ? markerOf(b.text) : b.kind === 'item' ? `li${b.level}` : null;
    if (
      marker !== null &&
      top?.marker != null &&
      top.items === 0 &&
      (b.kind === 'item'
        ? top.marker === marker
        : top.depth === -0.5 && strictMarker(top.marker) !== strictMarker(marker) && !top.marker.startsWith('li'))
    )
      nested = { lead: top, marker: strictMarker(marker) };
    else if (
      (b.kind === 'paragraph' && marker === null && !governed) ||
      (b.kind === 'item' && nested?.marker.startsWith('li') && b.level < Number(nested.marker.slice(2)))
    )
      nested = null;
    const inNested = nested !== null && marker !== null && sameMarker(marker, nested.marker);
    if (inNested && !leads.includes(nested!.lead))
      leads = [...leads.filter((l) => l.depth < nested!.lead.depth), nested!.lead];
    const depth = inNested
      ? nested!.lead.depth + 0.5
      : underItem
        ? top.depth + 0.5
        : parent !== undefined
          ? parent.depth + 0.5
          : (b.kind === 'item' ? b.level : -1) + (enumerated ? 0.5 : 0);
    // A numbered paragraph names its section even as an item of a list item's lead-in ("12.6." under "You can't:").
    if (b.kind !== 'item' && (!enumerated || (number !== null && leads.some((l) => l.depth >= 1))))
      sections.paragraph(b.text);
    leads = leads.filter((l) => l.depth < depth);
    for (const l of leads) l.items++;
    // The innermost few lead-ins govern an item; deeper chains are markup, not prose.
    const outer = leads
      .slice(-MAX_LEADS)
      .map((l) => l.text)
      .join(' ');
    const parts = sentences(b.text, b.kind === 'item' || ENUMERATED.test(b.text) || parent !== undefined);
    // An item's short title ("Scrape or harvest data.") is read with the rule that follows it, and so is a numbered
    // clause's "No …" title ("4.2.3 No Unauthorized Copying, Broadcasting or Screen Scraping. You shall not …").
    if (
      parts.length > 1 &&
      (((enumerated || b.kind === 'item') && parts[0]!.length <= TITLE_MAX) ||
        (number !== null && NO_TITLE.test(parts[0]!.slice(number.length))))
    )
      parts.splice(0, 2, `${parts[0]} ${parts[1]}`);
    // A paragraph's title, without a verb ("5.4. Prohibition on Training AI Models."), states no rule.
    if (b.kind === 'paragraph' && !enumerated && isTitle(parts[0] ?? '')) {
      parts.shift();
      if (parts.length === 0) continue;
    }
    // INLINE_LIST opens with an alternation V8 tries at every offset: a text without ")" is cleared first.
    const inline = b.text.includes(')') ? INLINE_LIST.exec(b.text) : null;
    // A block that opens with its first item ("(a) …; (b) …") has no lead-in of its own.
    const inlineLead = inline && inline.index > 0 ? b.text.slice(0, inline.index + 1) : '';
    // A lead-in inside the block ("…the following: Use… . Use…") governs the sentences after it
    // until one says the enumeration is over or the block ends; then it may go on in the next paragraph.
    let open: string | null = null;
    let openItems = 0;
    // The last sentence that did not start in lower case: the one a run of lower-case items goes back to.
    let opener = -1;
    for (let i = 0; i < parts.length; i++) {
      let s = parts[i]!;
      // A sentence ending in ":" is a lead-in: it is read with what follows it, not alone.
      if (LEAD_END.test(s)) {
        open = leadOf(parts.slice(0, i + 1));
        openItems = 0;
        continue;
      }
      const split = splitLead(s);
      if (split !== null) {
        open = leadOf([split[0]]);
        openItems = 0;
        s = split[1];
      } else if (open !== null && (openItems >= MAX_ITEMS || !continuesEnumeration(s))) open = null;
      let lead = open === null ? outer : `${outer} ${open}`;
      if (open !== null) openItems++;
      else if (i > 0 && inlineLead !== '' && ENUMERATED.test(s)) lead = `${lead} ${leadOf(sentences(inlineLead))}`;
      const lower = /^\p{Ll}/u.test(s);
      if (i > 0 && (ANAPHORA.test(s) || RESTRICTION_APPLIES.test(s))) lead = `${lead} ${parts[i - 1]}`;
      // An item in lower case after a full stop, its lead-in lost in the flattening ("…you shall not damage … the
      // Services or misuse them in any way. use scripts, robots, web crawlers…"): read with the sentence before it or,
      // when no lead-in governs the block, with the sentence that opened the run ("This license does not include any
      // resale… any collection… or any use of data mining, robots…"); under a lead-in that sentence is a sibling item.
      else if (open === null && i > 0 && lower && !/^\p{Ll}{1,6}[.)]/u.test(s))
        lead = `${lead} ${parts[outer === '' && opener >= 0 ? opener : i - 1]}`;
      if (!lower) opener = i;
      out.push({ text: s, leadIn: lead.trim(), section: sections.current });
      // "You may not post … any material that …; mass mailings, spam mail, any robot…": the items
      // after a ";" that go on in lower case are governed by the sentence that opened them.
      if (open === null && s.endsWith(';') && /^\p{Ll}/u.test(parts[i + 1] ?? '')) {
        open = leadOf([s]);
        openItems = 0;
      }
    }
    if (LEAD_END.test(b.text) || leadsWithoutColon(b, blocks[bi + 1])) {
      // "This concerns in particular:" on a line of its own leads with the sentence before it
      // ("Circumventing those restrictions or limitations is strictly prohibited.").
      const own = leadOf(parts);
      if (/(?:…|\.\.\.)$/.test(own)) ellipsisLead = { text: own, from: out.length };
      leads.push({
        depth,
        text: parts.length === 1 && ANAPHORIC_LEAD.test(own) ? `${before} ${own}` : own,
        number: number ?? LEAD_NUMBER.exec(b.text)?.[1] ?? null,
        items: 0,
        marker,
      });
    } else if (open !== null && b.kind === 'paragraph' && depth === -1)
      leads.push({ depth, text: open, number, items: openItems, marker });
    before = parts[parts.length - 1] ?? '';
  }
  return out;
}

/**
 * RSL 1.0 (Really Simple Licensing, https://rslstandard.org/rsl, namespace
 * `https://rslstandard.org/rsl`): a licence document read into plain data (docs/policy.md
 * section 15). `<content url>` scopes, each with one or more `<license>` elements of
 * `<permits>` / `<prohibits>` (types `usage`, `user`, `geo`), `<payment type>` with `<amount
 * currency>`, `<standard>` and `<custom>` rate cards, `<legal>` statements; `<terms>` and
 * `<copyright>` of the content.
 *
 * The document comes from outside, so it is read for hostile input: saxes (a streaming,
 * non-validating XML parser) with namespaces tracked here, never by the library (its own
 * namespace tracking is quadratic in the depth), no DTD processing at all (a DOCTYPE is
 * skipped and its entities are never defined, so a "billion laughs" or an external entity
 * stays the literal text `&name;`), depth bounded (MAX_DEPTH), input bounded (MAX_RSL_CHARS),
 * every collection and text capped. Linear in the input. Never throws: what cannot be read
 * is a warning, and a document that is not well-formed XML, or holds no RSL content, is
 * `readable: false`. Pure: no node:*.
 */
import { SaxesParser } from 'saxes';

export const RSL_NAMESPACE = 'https://rslstandard.org/rsl';
/** Characters read; RSL documents are a few KiB, and the crawler caps the body first (limits.ts). */
export const MAX_RSL_CHARS = 512 * 1024;
/** Element nesting read; an RSL document nests five deep, an RSS licence feed seven. */
export const MAX_DEPTH = 32;
const MAX_CONTENTS = 100;
const MAX_LICENCES = 20;
const MAX_VALUES = 50;
const MAX_TEXT = 2048;
const MAX_WARNINGS = 20;

/** RSL 1.0 usage vocabulary (section 3.4.1). */
export const RSL_USAGE = ['all', 'ai-all', 'ai-train', 'ai-input', 'ai-index', 'search'] as const;
/** RSL 1.0 user vocabulary (section 3.4.1). */
export const RSL_USERS = ['commercial', 'non-commercial', 'education', 'government', 'personal'] as const;
/**
 * Payment types of RSL 1.0 `<payment type>`; `inference` is the draft's name for `use`. Any
 * other value is warned about and read as a payment that is not free.
 */
export const RSL_PAYMENTS = [
  'free',
  'attribution',
  'purchase',
  'subscription',
  'training',
  'crawl',
  'use',
  'inference',
  'contribution',
] as const;
const CONSTRAINT_TYPES = ['usage', 'user', 'geo'] as const;
export type RslConstraintType = (typeof CONSTRAINT_TYPES)[number];

export interface RslStatement {
  kind: 'permits' | 'prohibits';
  type: RslConstraintType;
  /** Values as written, lower-case (geo: upper-case ISO 3166 codes). */
  values: string[];
  line: number;
}

export interface RslPayment {
  /** Lower-case; `free` when the element has no type. */
  type: string;
  /** `<amount>` as written (a decimal), null without one. */
  amount: string | null;
  /** `<amount currency>`, upper-case ISO 4217, null without one. */
  currency: string | null;
  /** `<standard>` licences (URLs as written). */
  standards: string[];
  /** `<custom>` rate card, null without one. */
  custom: string | null;
  line: number;
}

export interface RslLicence {
  statements: RslStatement[];
  payments: RslPayment[];
  /** `<legal type>` statements: type and the values it lists. */
  legal: { type: string; values: string[] }[];
  line: number;
}

export interface RslContent {
  /** `url` as written. */
  url: string;
  /** `server` (an RSL licence server), null without one. */
  server: string | null;
  licences: RslLicence[];
  /** `<terms>` links. */
  terms: string[];
  copyright: string | null;
  line: number;
}

export interface RslWarning {
  line: number | null;
  message: string;
}

export interface RslDocument {
  /** Well-formed XML with RSL content: its licences may decide (docs/policy.md section 15). */
  readable: boolean;
  contents: RslContent[];
  warnings: RslWarning[];
}

/** Element text that is kept, per RSL element name. */
const TEXT_ELEMENTS = new Set(['permits', 'prohibits', 'amount', 'standard', 'custom', 'terms', 'legal', 'copyright']);
const KNOWN_ELEMENTS = new Set([
  'rsl',
  'content',
  'license',
  'payment',
  'schema',
  'alternate',
  'link',
  'reporting',
  ...TEXT_ELEMENTS,
]);

/** Thrown inside a handler to stop reading (depth exceeded); never leaves this module. */
class Stop extends Error {}

interface Open {
  /** Namespace bindings declared on this element (prefix '' for the default). */
  ns: Map<string, string> | null;
  /** Local name when the element is RSL's, else null. */
  rsl: string | null;
  attrs: Record<string, string>;
  line: number;
  text: string;
}

class Reader {
  readonly doc: RslDocument = { readable: false, contents: [], warnings: [] };
  private readonly stack: Open[] = [];
  private content: RslContent | null = null;
  private licence: RslLicence | null = null;
  private payment: RslPayment | null = null;
  private wellFormed = true;
  private dropped = 0;
  private readonly said = new Set<string>();
  private readonly foreign = new Set<string>();
  private sawRoot = false;

  constructor(private readonly parser: SaxesParser) {}

  /** Each message once (a hostile document repeats one fault thousands of times), at most MAX_WARNINGS. */
  warn(line: number | null, message: string): void {
    if (this.said.has(message)) return;
    this.said.add(message);
    if (this.doc.warnings.length < MAX_WARNINGS) this.doc.warnings.push({ line, message: message.slice(0, 200) });
    else this.dropped++;
  }

  malformed(message: string): void {
    const undefinedEntity = /undefined entity/i.test(message);
    if (!undefinedEntity) this.wellFormed = false;
    const what = undefinedEntity
      ? 'an entity that is not defined is read as its literal text (DTD entities are never expanded)'
      : `not well-formed XML: ${message.replace(/^\d+:\d+:\s*/, '')}`;
    this.warn(this.parser.line, what);
  }

  /** Namespace URI of a prefix, innermost binding first. */
  private uri(prefix: string): string | null {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const b = this.stack[i]!.ns?.get(prefix);
      if (b !== undefined) return b;
    }
    return null;
  }

  open(tag: { name: string; attributes: Record<string, unknown> }): void {
    if (this.stack.length >= MAX_DEPTH) {
      this.warn(this.parser.line, `elements nested deeper than ${MAX_DEPTH} levels: the rest is not read`);
      this.wellFormed = false;
      throw new Stop();
    }
    let ns: Map<string, string> | null = null;
    const attrs: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes)) {
      // Without namespace processing every attribute is a plain string.
      const v = typeof value === 'string' ? value : '';
      if (name === 'xmlns' || name.startsWith('xmlns:')) (ns ??= new Map()).set(name.slice(6), v.trim());
      else attrs[name.toLowerCase()] = v;
    }
    const colon = tag.name.indexOf(':');
    const prefix = colon < 0 ? '' : tag.name.slice(0, colon);
    const local = colon < 0 ? tag.name : tag.name.slice(colon + 1);
    const frame: Open = { ns, rsl: null, attrs, line: this.parser.line, text: '' };
    this.stack.push(frame);
    const uri = this.uri(prefix);
    frame.rsl = this.rslName(local, uri, prefix);
    if (frame.rsl !== null) this.start(frame);
  }

  /** The local name when the element is RSL's; a root `<rsl>` without the namespace is read, with a warning. */
  private rslName(local: string, uri: string | null, prefix: string): string | null {
    const depth = this.stack.length;
    if (uri === RSL_NAMESPACE) return local;
    if (depth === 1 && !this.sawRoot && local === 'rsl' && uri === null && prefix === '') {
      this.warn(this.parser.line, `<rsl> without the RSL namespace (xmlns="${RSL_NAMESPACE}"); read as RSL`);
      return local;
    }
    // Inside a namespace-less root <rsl>, its unprefixed children are read as RSL too.
    if (uri === null && prefix === '' && this.stack[0]?.rsl === 'rsl' && this.stack[0].ns === null) return local;
    const key = uri ?? `prefix ${prefix || '(none)'}`;
    if (!this.foreign.has(key)) {
      this.foreign.add(key);
      this.warn(this.parser.line, `elements outside the RSL namespace are ignored (<${local}> in ${key})`);
    }
    return null;
  }

  private start(f: Open): void {
    const name = f.rsl!;
    if (name === 'rsl') this.sawRoot = true;
    else if (!KNOWN_ELEMENTS.has(name)) this.warn(f.line, `unknown RSL element <${name}> is ignored`);
    if (name === 'content') this.startContent(f);
    else if (name === 'license') this.startLicence(f);
    else if (name === 'payment') this.startPayment(f);
  }

  private startContent(f: Open): void {
    if (this.content !== null) return this.warn(f.line, '<content> inside <content> is ignored');
    const url = (f.attrs.url ?? '').trim();
    if (url === '') return this.warn(f.line, '<content> without a url attribute is ignored');
    const server = f.attrs.server?.trim() || null;
    this.content = { url, server, licences: [], terms: [], copyright: null, line: f.line };
    // Past the cap the content is still read (so its children warn nothing), but not kept.
    if (this.doc.contents.length < MAX_CONTENTS) this.doc.contents.push(this.content);
    else this.warn(f.line, `more than ${MAX_CONTENTS} <content> elements: the rest are ignored`);
  }

  private startLicence(f: Open): void {
    if (this.content === null) return this.warn(f.line, '<license> outside a <content> is ignored');
    this.licence = { statements: [], payments: [], legal: [], line: f.line };
    if (this.content.licences.length < MAX_LICENCES) this.content.licences.push(this.licence);
    else this.warn(f.line, `more than ${MAX_LICENCES} <license> elements in one <content>: the rest are ignored`);
  }

  private startPayment(f: Open): void {
    if (this.licence === null) return this.warn(f.line, '<payment> outside a <license> is ignored');
    const type = (f.attrs.type ?? 'free').trim().toLowerCase() || 'free';
    if (!(RSL_PAYMENTS as readonly string[]).includes(type))
      this.warn(f.line, `unknown payment type "${type}": read as a payment that is not free`);
    this.payment = { type, amount: null, currency: null, standards: [], custom: null, line: f.line };
    if (this.licence.payments.length < MAX_VALUES) this.licence.payments.push(this.payment);
  }

  text(t: string): void {
    const f = this.stack.at(-1);
    if (f?.rsl && TEXT_ELEMENTS.has(f.rsl) && f.text.length < MAX_TEXT) f.text += t.slice(0, MAX_TEXT - f.text.length);
  }

  close(): void {
    const f = this.stack.pop();
    if (!f || f.rsl === null) return;
    const text = f.text.trim();
    switch (f.rsl) {
      case 'content':
        this.content = null;
        return;
      case 'license':
        this.licence = null;
        return;
      case 'payment':
        this.payment = null;
        return;
      case 'permits':
      case 'prohibits':
        return this.statement(f, f.rsl, text);
      default:
        return this.closeText(f, text);
    }
  }

  private closeText(f: Open, text: string): void {
    const name = f.rsl!;
    if (name === 'amount') return this.amount(f, text);
    if (name === 'standard' || name === 'custom') {
      if (this.payment === null) return this.warn(f.line, `<${name}> outside a <payment> is ignored`);
      if (name === 'custom') this.payment.custom = text || null;
      else if (text && this.payment.standards.length < MAX_VALUES) this.payment.standards.push(text);
      return;
    }
    if (name === 'legal') {
      if (this.licence === null) return this.warn(f.line, '<legal> outside a <license> is ignored');
      const values = splitValues(text);
      if (this.licence.legal.length < MAX_VALUES)
        this.licence.legal.push({ type: (f.attrs.type ?? '').trim(), values });
      return;
    }
    if (this.content === null) return;
    if (name === 'terms' && text && this.content.terms.length < MAX_VALUES) this.content.terms.push(text);
    if (name === 'copyright') this.content.copyright = (text || f.attrs.name?.trim() || f.attrs.email?.trim()) ?? null;
  }

  private amount(f: Open, text: string): void {
    if (this.payment === null) return this.warn(f.line, '<amount> outside a <payment> is ignored');
    if (!/^\d+(\.\d+)?$/.test(text)) this.warn(f.line, `amount "${text.slice(0, 40)}" is not a decimal number`);
    this.payment.amount = text || null;
    const currency = (f.attrs.currency ?? '').trim().toUpperCase();
    if (currency !== '' && !/^[A-Z]{3}$/.test(currency))
      this.warn(f.line, `currency "${currency.slice(0, 20)}" is not an ISO 4217 code`);
    this.payment.currency = currency || null;
  }

  private statement(f: Open, kind: 'permits' | 'prohibits', text: string): void {
    if (this.licence === null) return this.warn(f.line, `<${kind}> outside a <license> is ignored`);
    const type = (f.attrs.type ?? 'usage').trim().toLowerCase();
    if (!(CONSTRAINT_TYPES as readonly string[]).includes(type))
      return this.warn(f.line, `<${kind} type="${type.slice(0, 40)}"> is not an RSL constraint type; ignored`);
    const t = type as RslConstraintType;
    const raw = splitValues(text).slice(0, MAX_VALUES);
    const values = t === 'geo' ? raw.map((v) => v.toUpperCase()) : raw.map((v) => v.toLowerCase());
    const known: readonly string[] = t === 'usage' ? RSL_USAGE : t === 'user' ? RSL_USERS : [];
    for (const v of values)
      if (t !== 'geo' && !known.includes(v)) this.warn(f.line, `unknown ${t} value "${v.slice(0, 40)}" is ignored`);
    const kept = t === 'geo' ? values : values.filter((v) => known.includes(v));
    if (this.licence.statements.length < MAX_VALUES)
      this.licence.statements.push({ kind, type: t, values: kept, line: f.line });
  }

  finish(): RslDocument {
    if (this.doc.contents.length === 0)
      this.warn(
        null,
        this.sawRoot
          ? 'no RSL content: the <rsl> document has no <content> with a url'
          : 'no RSL content: the document has no <rsl> root or <content> in the RSL namespace',
      );
    if (this.dropped > 0) this.doc.warnings.push({ line: null, message: `and ${this.dropped} more warnings` });
    this.doc.readable = this.wellFormed && this.doc.contents.length > 0;
    return this.doc;
  }
}

/** RSL lists values separated by white space or commas (section 3.4). */
function splitValues(text: string): string[] {
  return text.split(/[\s,]+/).filter((v) => v !== '');
}

/** Reads one RSL document. Never throws. */
export function parseRsl(input: string): RslDocument {
  const parser = new SaxesParser({ position: true });
  const reader = new Reader(parser);
  let text = typeof input === 'string' ? input : '';
  if (text.length > MAX_RSL_CHARS) {
    reader.warn(null, `document longer than ${MAX_RSL_CHARS} characters: the rest is not read`);
    text = text.slice(0, MAX_RSL_CHARS);
  }
  parser.on('error', (e) => reader.malformed(e.message));
  parser.on('doctype', () => reader.warn(parser.line, 'a DOCTYPE is ignored: its entities are never expanded'));
  parser.on('opentag', (tag) => reader.open(tag));
  parser.on('closetag', () => reader.close());
  parser.on('text', (t) => reader.text(t));
  parser.on('cdata', (t) => reader.text(t));
  try {
    parser.write(text).close();
  } catch (e) {
    // Stop (depth) ends the read on purpose; anything else is a parser fault, reported, never thrown.
    if (!(e instanceof Stop)) reader.malformed(e instanceof Error ? e.message : String(e));
  }
  return reader.finish();
}

/**
 * robots.txt parser (RFC 9309 section 2, docs/policy.md section 2). One pass over the
 * text, never throws: every line becomes a group member, a record, or a diagnostic with its
 * line number. Matching is separate (match.ts), as in google/robotstxt.
 */
import type { RobotsGroup, RobotsTxt } from './types.js';

/** RFC 9309 section 2.5: crawlers must parse at least the first 500 KiB. We read exactly that. */
export const MAX_ROBOTS_BYTES = 500 * 1024;

/** Fields kept as group records; they do not end a group (docs/policy.md section 2). */
const GROUP_RECORDS = new Set(['crawl-delay', 'content-signal', 'content-usage', 'license']);

/** Every field this parser understands; only these are accepted without a colon. */
const KNOWN = new Set(['user-agent', 'allow', 'disallow', 'sitemap', ...GROUP_RECORDS]);

const MAX_DIAGNOSTIC_TEXT = 200;

/**
 * A user-agent value as a comparable token: cut at the first `/` (`GPTBot/1.1` names
 * `gptbot`), trimmed, lower-cased. A trailing `*` is dropped too (`barbarbot*` names
 * `barbarbot`, as in google/robotstxt-spec-test stress/701159), but a lone `*` stays the wildcard.
 */
export function agentToken(value: string): string {
  const slash = value.indexOf('/');
  let token = trimSpace(slash < 0 ? value : value.slice(0, slash)).toLowerCase();
  if (token.length > 1 && token.endsWith('*')) token = trimSpace(token.replace(/\*+$/, '')) || '*';
  return token;
}

/**
 * Trims ASCII whitespace only (SP, HTAB, VT, FF, as google/robotstxt does). String#trim would
 * also drop U+FEFF, but a BOM inside the file makes its line unreadable
 * (robotstxt-spec-test BOM-characters#t5e1).
 */
export function trimSpace(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isSpace(s.charCodeAt(a))) a++;
  while (b > a && isSpace(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 11 || c === 12;
}

export function parseRobotsTxt(input: string): RobotsTxt {
  const text = typeof input === 'string' ? input : '';
  const { body, truncated } = capToBytes(text, MAX_ROBOTS_BYTES);
  const out = new Parser(body, truncated).run();
  if (truncated) {
    out.diagnostics.push({
      line: out.lines + 1,
      message: `file larger than ${MAX_ROBOTS_BYTES} bytes: the rest is ignored (RFC 9309 section 2.5)`,
      text: '',
    });
  }
  return out;
}

/** One pass over the lines: `run` finds each line's bounds, `readField` its name and value, `place` where it goes. */
class Parser {
  private readonly out: RobotsTxt;
  private group: RobotsGroup | null = null;
  private groupHasRules = false;
  private lineNo = 0;
  /** The current line, from its start to its end (before CR/LF); for diagnostics. */
  private lineStart = 0;
  private lineEnd = 0;
  /** Next position of `:` (as `run` keeps LF, CR and `#`), searched again only once passed. */
  private colon = -1;
  /** The field `readField` read. */
  private name = '';
  private value = '';
  /** `name` is one of the KNOWN fields. */
  private known = false;

  constructor(
    private readonly body: string,
    truncated: boolean,
  ) {
    this.out = { groups: [], sitemaps: [], outside: [], diagnostics: [], lines: 0, truncated };
  }

  run(): RobotsTxt {
    const body = this.body;
    const n = body.length;
    // Next positions of LF, CR and `#`, each searched again only once passed, so the scan stays
    // linear and uses the engine's native search.
    let lf = -1;
    let cr = -1;
    let hash = -1;
    let start = skipByteOrderMark(body);
    while (start < n) {
      // CR, LF and CRLF all end a line (RFC 9309 section 2.2).
      if (lf < start) lf = nextIndex(body, '\n', start);
      if (cr < start) cr = nextIndex(body, '\r', start);
      const end = lf < cr ? lf : cr;
      this.lineNo++;
      this.lineStart = start;
      this.lineEnd = end;
      // `#` starts a comment (RFC 9309 section 2.2.3); then trim SP/HTAB.
      if (hash < start) hash = nextIndex(body, '#', start);
      let b = hash < end ? hash : end;
      let a = start;
      start = end + (end === cr && lf === end + 1 ? 2 : 1);
      while (a < b && isSpace(body.charCodeAt(a))) a++;
      while (b > a && isSpace(body.charCodeAt(b - 1))) b--;
      if (a !== b && this.readField(a, b)) this.place(this.name, this.value);
    }
    this.out.lines = this.lineNo;
    return this.out;
  }

  /** Reads `name: value` from the trimmed line `body[a, b)` into `name` and `value`; false (diagnosed) when it is none. */
  private readField(a: number, b: number): boolean {
    const body = this.body;
    if (this.colon !== body.length && this.colon < a) this.colon = nextIndex(body, ':', a);
    const colon = this.colon;
    if (colon < b) {
      let ne = colon;
      while (ne > a && isSpace(body.charCodeAt(ne - 1))) ne--;
      let vs = colon + 1;
      while (vs < b && isSpace(body.charCodeAt(vs))) vs++;
      const known = knownField(body, a, ne);
      this.name = known ?? body.slice(a, ne).toLowerCase();
      // Only a name of a known field's length can be one once lower-cased (`K`, U+212A, and the like).
      this.known = known !== null || (FIELDS_BY_LENGTH[this.name.length] !== undefined && KNOWN.has(this.name));
      this.value = body.slice(vs, b);
      if (this.name.length > 0) return true;
      this.diagnose('not a "name: value" line, ignored');
      return false;
    }
    // Like google/robotstxt, a missing colon is accepted when the line is exactly two
    // whitespace-separated words and the first is a known field (`disallow /`). Found by
    // scanning, not split: most such lines are not fields at all (an HTML page served as
    // robots.txt), and they cost no string until one is known.
    let ne = a + 1;
    while (ne < b && !isSpace(body.charCodeAt(ne))) ne++;
    let vs = ne;
    while (vs < b && isSpace(body.charCodeAt(vs))) vs++;
    let ve = vs;
    while (ve < b && !isSpace(body.charCodeAt(ve))) ve++;
    const name = vs < b && ve === b ? knownField(body, a, ne) : null;
    if (name === null) {
      this.diagnose('not a "name: value" line, ignored');
      return false;
    }
    this.name = name;
    this.known = true;
    this.value = body.slice(vs, b);
    this.diagnose(`missing ":" after "${name}", read as "${name}: ${this.value}"`);
    return true;
  }

  /** Puts one field where it belongs: a group's agents or rules, the sitemaps, or a record. */
  private place(name: string, value: string): void {
    const { out, lineNo: line } = this;
    if (name === 'user-agent') {
      // A user-agent line after rules starts a new group; consecutive ones share a group
      // (RFC 9309 section 2.1). Non-rule lines between them do not split the group.
      if (this.group === null || this.groupHasRules) {
        this.group = { agents: [], rules: [], records: [], line };
        out.groups.push(this.group);
        this.groupHasRules = false;
      }
      const token = agentToken(value);
      if (token.length === 0) this.diagnose('user-agent without a name, matches no bot');
      this.group.agents.push({ value, token, line });
    } else if (name === 'disallow' || name === 'allow') {
      if (this.group === null)
        return this.diagnose('rule before any user-agent line, ignored (RFC 9309 section 2.2.2)');
      this.group.rules.push({ type: name, pattern: value, line });
      this.groupHasRules = true;
    } else if (name === 'sitemap') {
      out.sitemaps.push({ name, value, line });
    } else {
      // A known field here is a group record (crawl-delay, content-signal, content-usage, license).
      if (!this.known) this.diagnose(`unknown field "${name}"`);
      (this.group === null ? out.outside : this.group.records).push({ name, value, line });
    }
  }

  /** A diagnostic for the current line, with the line as published (trimmed, cut to its first characters). */
  private diagnose(message: string): void {
    const body = this.body;
    let a = this.lineStart;
    let b = this.lineEnd;
    while (a < b && isSpace(body.charCodeAt(a))) a++;
    while (b > a && isSpace(body.charCodeAt(b - 1))) b--;
    const text = body.slice(a, b - a > MAX_DIAGNOSTIC_TEXT ? a + MAX_DIAGNOSTIC_TEXT : b);
    this.out.diagnostics.push({ line: this.lineNo, message, text });
  }
}

/** The known field names by length, so a line's name is compared with at most three of them. */
const FIELDS_BY_LENGTH: string[][] = [];
for (const f of KNOWN) (FIELDS_BY_LENGTH[f.length] ??= []).push(f);

/** The known field name spelled by `text[from, to)` in any case, without allocating; or null. */
function knownField(text: string, from: number, to: number): string | null {
  const fields = FIELDS_BY_LENGTH[to - from];
  if (fields === undefined) return null;
  outer: for (const f of fields) {
    for (let i = 0; i < f.length; i++) {
      let c = text.charCodeAt(from + i);
      if (c >= 65 && c <= 90) c |= 32;
      if (c !== f.charCodeAt(i)) continue outer;
    }
    return f;
  }
  return null;
}

/** Index of `ch` at or after `from`, or `text.length` when there is none. */
function nextIndex(text: string, ch: string, from: number): number {
  const i = text.indexOf(ch, from);
  return i < 0 ? text.length : i;
}

/**
 * Index after a leading byte order mark. A BOM cut short by the sender (EF or EF BB) decodes
 * to one U+FFFD, which is skipped as well (google/robotstxt-spec-test BOM-characters).
 */
function skipByteOrderMark(text: string): number {
  const c = text.charCodeAt(0);
  return c === 0xfeff || c === 0xfffd ? 1 : 0;
}

let scratch: Uint8Array | null = null;

/**
 * The text cut to at most `max` UTF-8 octets, dropping the last partial line so a cut rule
 * (`Disallow: /` from `Disallow: /private`) can never appear. TextEncoder.encodeInto stops
 * before the first character that would not fit, which gives the cut in one native pass.
 */
function capToBytes(text: string, max: number): { body: string; truncated: boolean } {
  if (text.length * 3 <= max) return { body: text, truncated: false };
  if (scratch === null || scratch.length !== max) scratch = new Uint8Array(max);
  const { read } = new TextEncoder().encodeInto(text, scratch);
  if (read >= text.length) return { body: text, truncated: false };
  // After the last CR or LF before the cut (the engine's native search, not a walk back over
  // what may be one very long line); 0 when there is none.
  const cut = read === 0 ? 0 : Math.max(text.lastIndexOf('\n', read - 1), text.lastIndexOf('\r', read - 1)) + 1;
  return { body: text.slice(0, cut), truncated: true };
}

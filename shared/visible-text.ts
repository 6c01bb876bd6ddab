/**
 * Crawled text shown to people with its invisible characters made visible (issue 33): a
 * bidirectional control (U+202A–U+202E, U+2066–U+2069) would reorder what follows it on
 * screen, so `Disallow: /private\u202Eevil\u202C/` would read as another path; a zero-width
 * character (U+200B–U+200F, U+2060–U+2064, U+FEFF) or a soft hyphen would hide inside a name.
 * Every format character (Unicode category Cf) becomes a marker naming its code point,
 * `⟨U+202E⟩`; the record keeps the text as served. One pass, linear in the text.
 */

/** Unicode's format characters: bidi controls, zero-width characters, the BOM, the soft hyphen and the rest of Cf. */
const FORMAT = /\p{Cf}/gu;
const ANY_FORMAT = /\p{Cf}/u;

/** The marker a format character is shown as: `⟨U+202E⟩` (mathematical angle brackets, which no path or name uses). */
export function formatMarker(ch: string): string {
  return `\u27e8U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}\u27e9`;
}

/** `text` with every format character replaced by its marker; the same string when it has none. */
export function visibleText(text: string): string {
  return ANY_FORMAT.test(text) ? text.replace(FORMAT, formatMarker) : text;
}

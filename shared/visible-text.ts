/**
 * Crawled text made safe to look at (issue 33): every invisible format character (Unicode
 * general category Cf: the bidi embeddings, overrides and isolates U+202A-U+202E and
 * U+2066-U+2069, the zero-width characters and marks U+200B-U+200F, U+00AD, U+061C,
 * U+2060-U+2064, U+FEFF, the tag characters, …) and every control character but tab, line
 * feed and a carriage return before a line feed, is replaced by a marker naming its code point:
 * `⟨U+202E⟩`. So `Disallow: /private\u202Eevil\u202C/` reads `/private⟨U+202E⟩evil⟨U+202C⟩/`,
 * never `/private/live/` as it would render, and `/adm\u200Bin` is not taken for `/admin`.
 *
 * The marker is in mathematical angle brackets (U+27E8, U+27E9), which no robots.txt, header or
 * path needs, and which no ASCII text can be taken for: `<U+202E>` could be a real path,
 * `⟨U+202E⟩` is not one anybody writes by chance. The marker is itself visible text, so
 * visibleText() is idempotent: a value may pass through it at more than one layer (a sentence's
 * substitutions in shared/say.ts, then the face that prints the sentence) and is marked once.
 * The price: a site that writes `⟨U+202E⟩` literally is shown as writing it, the same as one
 * that put the character there; that misleads no one into reading a rule that is not there.
 *
 * Two uses of the joiners are ordinary text and kept: a zero-width joiner inside an emoji
 * sequence (👩‍💻) and the tag characters of a flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿); and a zero-width (non-)joiner
 * between letters of the scripts that write with them (Persian `می‌خواهم`, Devanagari), where it
 * changes how the letters join, so it is seen. Beside Latin, Greek or Cyrillic letters it is not
 * seen, and is marked.
 *
 * Only for showing text: records, claims and the JSON API keep the text as served. One pass of
 * one regular expression (each look-around at most a few characters): linear in the length.
 * No node:* and no browser API: every face imports it.
 */

/** A letter of a script that writes with ZWJ/ZWNJ inside words (Unicode 15, chapter 9 and 12). */
const JOINING =
  '[\\p{sc=Arabic}\\p{sc=Syriac}\\p{sc=Nko}\\p{sc=Mongolian}\\p{sc=Devanagari}\\p{sc=Bengali}\\p{sc=Gurmukhi}' +
  '\\p{sc=Gujarati}\\p{sc=Oriya}\\p{sc=Tamil}\\p{sc=Telugu}\\p{sc=Kannada}\\p{sc=Malayalam}\\p{sc=Sinhala}]';

/** A pictograph, with its skin tone or emoji presentation selector. */
const PICTO = '\\p{Extended_Pictographic}(?:[\\u{1F3FB}-\\u{1F3FF}]|\\uFE0F)?';

const SHOWN = new RegExp(
  [
    // Kept: a flag's tag sequence (U+1F3F4, tag characters, CANCEL TAG).
    '(\\u{1F3F4}[\\u{E0020}-\\u{E007E}]{1,32}\\u{E007F})',
    // Kept: ZWJ between two pictographs.
    `((?<=${PICTO})\\u200D(?=\\p{Extended_Pictographic}))`,
    // Kept: ZWJ or ZWNJ between letters (and their marks) of a joining script.
    `((?<=${JOINING}\\p{M}{0,4})[\\u200C\\u200D](?=${JOINING}))`,
    // Kept: the CR of CRLF.
    '(\\r(?=\\n))',
    // Marked: format characters, and control characters but tab and line feed.
    '[\\p{Cf}\\p{Cc}]',
  ].join('|'),
  'gu',
);

const KEEP = /[\t\n]/;

/** Whether there is anything to look at: most text has nothing, and is returned as it is. */
const ANY = /[\p{Cf}\0-\x08\x0B-\x1F\x7F-\x9F]/u;

/** `⟨U+202E⟩`: the marker for one code point (at least four hex digits, upper case). */
export function marker(ch: string): string {
  return `\u27E8U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}\u27E9`;
}

/** `s` with each invisible format or control character shown as `⟨U+XXXX⟩`; ordinary text untouched. */
export function visibleText(s: string): string {
  if (!ANY.test(s)) return s;
  return s.replace(SHOWN, (m: string, flag?: string, emoji?: string, joiner?: string, crlf?: string) =>
    flag !== undefined || emoji !== undefined || joiner !== undefined || crlf !== undefined || KEEP.test(m)
      ? m
      : marker(m),
  );
}

/** `\u202e`: a code point as JSON escapes (two for one beyond the BMP). */
const jsonEscape = (ch: string): string =>
  Array.from({ length: ch.length }, (_, i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');

const JSON_SHOWN = /[\p{Cf}\u007F-\u009F]/gu;

/**
 * JSON.stringify(value, null, space) with every format character (and DEL and the C1 controls,
 * which JSON.stringify leaves as they are) written as a `\uXXXX` escape: the same JSON value, so
 * a program reads the record as served, and a person reading the output in a terminal sees the
 * escape instead of text reordered by a bidi override. For the CLIs' JSON output.
 */
export function visibleJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(JSON_SHOWN, jsonEscape);
}

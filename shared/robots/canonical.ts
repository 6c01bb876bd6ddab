/**
 * Path normalisation before comparison (RFC 9309 section 2.2.2): both the URL's path and every
 * rule's literal text are put in one canonical form, so `%62az`, `baz` and `%62%61%7A` compare
 * equal, and a raw `ツ` equals `%E3%83%84`.
 *
 * Per ASCII octet the canonical spelling is fixed by its class:
 * - DECODED: unreserved characters (RFC 3986 section 2.3) plus `*` and `$`. RFC 9309 section
 *   2.2.3 writes a literal `*` or `$` in a rule as `%2A` / `%24`; decoding them here makes such
 *   a rule match the raw character in a URL.
 * - ENCODED: controls, space and `" < > \` { }`, which cannot appear raw in a URI, and every
 *   non-ASCII octet (UTF-8, upper-case hex).
 * - everything else (reserved delimiters such as `/ ? & = ; %`): raw stays raw and `%XX` stays
 *   `%XX` with upper-case hex, because decoding them would change the URL's meaning
 *   (RFC 3986 section 2.2).
 */

/** Octet classes; 0 = keep as written. */
const DECODE = 1;
const ENCODE = 2;

const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9\-._~*$]/.test(ch)) CLASS[c] = DECODE;
  else if (c <= 0x20 || c === 0x7f || '"<>`{}'.includes(ch)) CLASS[c] = ENCODE;
}

const HEX = '0123456789ABCDEF';
const pct = (octet: number): string => '%' + HEX[octet >> 4] + HEX[octet & 15];

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/** Is `code` a lower-case hex digit (`a`-`f`)? */
const isLowerHex = (code: number): boolean => code >= 97 && code <= 102;

/**
 * The canonical spelling of `text` (a path, or a rule's literal part). Linear time. Only the
 * spans that change are rebuilt; the rest is copied in runs, and text that is canonical already
 * (most paths and rules, `%3A` escapes included) comes back as it is, without a copy.
 */
export function canonicalize(text: string): string {
  const n = text.length;
  let out = '';
  /** Start of the span not yet copied to `out` (it reads the same in canonical form). */
  let run = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 37 /* % */) {
      const hi = i + 2 < n ? hexValue(text.charCodeAt(i + 1)) : -1;
      const lo = hi >= 0 ? hexValue(text.charCodeAt(i + 2)) : -1;
      if (lo < 0) {
        out += text.slice(run, i) + '%25'; // a lone `%` is not an escape: spell it as one
        run = i + 1;
        continue;
      }
      const octet = hi * 16 + lo;
      if (octet < 128 && CLASS[octet] === DECODE) {
        out += text.slice(run, i) + String.fromCharCode(octet);
        run = i + 3;
      } else if (isLowerHex(text.charCodeAt(i + 1)) || isLowerHex(text.charCodeAt(i + 2))) {
        out += text.slice(run, i) + pct(octet); // kept escaped, in upper-case hex
        run = i + 3;
      }
      i += 2;
    } else if (c < 128) {
      if (CLASS[c] === ENCODE) {
        out += text.slice(run, i) + pct(c);
        run = i + 1;
      }
    } else {
      // Non-ASCII: percent-encode its UTF-8 octets; a lone surrogate becomes U+FFFD.
      out += text.slice(run, i);
      let cp = c;
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        }
      }
      out += utf8Escaped(cp >= 0xd800 && cp <= 0xdfff ? 0xfffd : cp);
      run = i + 1;
    }
  }
  return run === 0 ? text : out + text.slice(run);
}

/** A non-ASCII code point as its percent-encoded UTF-8 octets. */
function utf8Escaped(cp: number): string {
  if (cp < 0x800) return pct(0xc0 | (cp >> 6)) + pct(0x80 | (cp & 63));
  if (cp < 0x10000) return pct(0xe0 | (cp >> 12)) + pct(0x80 | ((cp >> 6) & 63)) + pct(0x80 | (cp & 63));
  return pct(0xf0 | (cp >> 18)) + pct(0x80 | ((cp >> 12) & 63)) + pct(0x80 | ((cp >> 6) & 63)) + pct(0x80 | (cp & 63));
}

/**
 * The part of a URL that rules are matched against: path, params and query, without the
 * fragment (RFC 9309 section 2.2.2, same extraction as google/robotstxt's
 * GetPathParamsQuery). Accepts a full URL (`https://host/p?q`), a scheme-relative one
 * (`//host/p`) or a bare path (`/p`); anything without a path gives `/`.
 */
export function pathOf(url: string): string {
  const searchStart = url.startsWith('//') ? 2 : 0;
  const earlyPath = firstOf(url, searchStart);
  let protocolEnd = url.indexOf('://', searchStart);
  if (protocolEnd < 0 || (earlyPath >= 0 && earlyPath < protocolEnd)) protocolEnd = searchStart;
  else protocolEnd += 3;
  const pathStart = firstOf(url, protocolEnd);
  if (pathStart < 0) return '/';
  const hash = url.indexOf('#', searchStart);
  if (hash >= 0 && hash < pathStart) return '/';
  const path = url.slice(pathStart, hash < 0 ? url.length : hash);
  return path.charCodeAt(0) === 47 /* / */ ? path : '/' + path;
}

/** Index of the first `/`, `?` or `;` at or after `from`, or -1. */
function firstOf(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 47 || c === 63 || c === 59) return i;
  }
  return -1;
}

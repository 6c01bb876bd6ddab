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

/** Needs work when it holds `%`, an ENCODED ASCII character or anything non-ASCII. */
const NEEDS_WORK = /[%\x00-\x20\x7f-\uffff"<>`{}]/;

/** The canonical spelling of `text` (a path, or a rule's literal part). Linear time. */
export function canonicalize(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  let out = '';
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 37 /* % */) {
      const hi = i + 2 < n ? hexValue(text.charCodeAt(i + 1)) : -1;
      const lo = hi >= 0 ? hexValue(text.charCodeAt(i + 2)) : -1;
      if (lo < 0) {
        out += '%25'; // a lone `%` is not an escape: spell it as one
        continue;
      }
      const octet = hi * 16 + lo;
      out += octet < 128 && CLASS[octet] === DECODE ? String.fromCharCode(octet) : pct(octet);
      i += 2;
    } else if (c < 128) {
      out += CLASS[c] === ENCODE ? pct(c) : text[i];
    } else {
      // Non-ASCII: percent-encode its UTF-8 octets; a lone surrogate becomes U+FFFD.
      let cp = c;
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        }
      }
      if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
      if (cp < 0x800) out += pct(0xc0 | (cp >> 6)) + pct(0x80 | (cp & 63));
      else if (cp < 0x10000) out += pct(0xe0 | (cp >> 12)) + pct(0x80 | ((cp >> 6) & 63)) + pct(0x80 | (cp & 63));
      else
        out +=
          pct(0xf0 | (cp >> 18)) + pct(0x80 | ((cp >> 12) & 63)) + pct(0x80 | ((cp >> 6) & 63)) + pct(0x80 | (cp & 63));
    }
  }
  return out;
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

/**
 * A host name as people write it: each punycode label (`xn--…`) in Unicode, so
 * `xn--bcher-kva.example` reads `bücher.example` (RFC 3492, punycode.js; only its decoder is
 * bundled). A name that does not decode is kept as given. Display only: lookups use ASCII.
 * The CLI uses Node's url.domainToUnicode for the same.
 */
import { toUnicode } from 'punycode.js/punycode.es6.js';

export function domainToUnicode(ascii: string): string {
  if (!/(^|\.)xn--/i.test(ascii)) return ascii;
  try {
    return toUnicode(ascii);
  } catch {
    return ascii;
  }
}

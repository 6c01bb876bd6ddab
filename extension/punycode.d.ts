/** punycode.js ships no types; its ES module's decoder (https://github.com/mathiasbynens/punycode.js). */
declare module 'punycode.js/punycode.es6.js' {
  export function toUnicode(domain: string): string;
}

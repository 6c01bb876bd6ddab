/** punycode.js ships no types; the two functions used here (https://github.com/mathiasbynens/punycode.js). */
declare module 'punycode.js' {
  const punycode: { toUnicode(domain: string): string; toASCII(domain: string): string };
  export default punycode;
}

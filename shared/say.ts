/**
 * Messages for people in their language, usable from every module that tells
 * something: `say(key, english, ...subs)` returns the English written at the call, `$1`…`$9`
 * replaced by the substitutions, unless a translator was installed with `setTranslator()`.
 * The extension installs one at the start of each entry point (popup, options, background:
 * extension/lib/i18n.ts, over `i18n.getMessage` and `_locales/<language>/messages.json`); the
 * CLI and the servers install none and tell the English. No browser API and no node:* here.
 *
 * A message is looked up when it is said, never when a module loads, so tables of words are
 * getters or functions (shared/labels.ts). `_locales/en/messages.json` holds every key with
 * exactly the English of its call; test/extension/locales.test.ts extracts the calls.
 *
 * The substitutions are where crawled text enters what people read (a robots.txt line, a path,
 * a bot's name as the site writes it): each is passed through visibleText() (issue 33), so an
 * invisible or bidi character shows as `⟨U+202E⟩` in every sentence, on every face. The
 * messages themselves are ours and untouched; a translation that needs a directional mark
 * writes it in its message, not in a substitution.
 */
import { visibleText } from './visible-text.js';

/** The translation of `key` with the substitutions in place, or '' (or undefined) when it has none. */
export type Translator = (key: string, subs: string[]) => string | undefined;

let translator: Translator | null = null;

/** Installs the translator every later `say()` asks first; null goes back to the English. */
export function setTranslator(fn: Translator | null): void {
  translator = fn;
}

export function say(key: string, english: string, ...subs: Array<string | number>): string {
  const args = subs.map((x) => visibleText(String(x)));
  return translator?.(key, args) || english.replace(/\$([1-9])/g, (_, n: string) => args[Number(n) - 1] ?? '');
}

/**
 * Messages for people in the browser's language: `t(key, english, ...subs)` is
 * shared/say.ts's `say`, the one mechanism for the extension's components and for the shared
 * modules that also tell the CLI (labels, story). Each entry point calls `installBrowserLanguage()`
 * once at its start; from then on every message is asked of `i18n.getMessage`, which reads
 * `_locales/<language>/messages.json` (falling back to `en`), and the English written at the
 * call is the answer wherever the i18n API is missing (unit tests). `$1`…`$9` are the
 * substitutions, declared as placeholders in messages.json. A translation is a new
 * `_locales/<language>/messages.json` with the same keys; test/extension/locales.test.ts keeps
 * the English one complete (`UPDATE_LOCALES=1` rewrites it).
 */
import { browser } from 'wxt/browser';
import { say, setTranslator } from '~~/shared/say.js';

export const t = say;

/** Installs `i18n.getMessage` as the translator of every `t()` and `say()` in this context. */
export function installBrowserLanguage(): void {
  setTranslator((key, subs) => {
    try {
      // The typed overloads know only the predefined @@ names; our keys come from _locales.
      return (browser.i18n.getMessage as (name: string, substitutions?: string[]) => string)(key, subs);
    } catch {
      // No i18n API here (WXT's fake browser in the tests): the English.
      return undefined;
    }
  });
}

/**
 * Installs the browser's language as the translator of every `t()` and `say()` in this context
 * (lib/i18n.ts): called once at the start of each entry point (popup, options, background).
 */
import { browser } from 'wxt/browser';
import { setTranslator } from '~~/shared/say.js';

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

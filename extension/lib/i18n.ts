/**
 * Messages for people in the browser's language (issue 13): `t(key, english, ...subs)` asks
 * `i18n.getMessage` for `key` in `_locales/<language>/messages.json` and falls back to the
 * English written at the call, so the code reads as English and runs without the i18n API
 * (unit tests). `_locales/en/messages.json` holds every key with exactly that English; a test
 * extracts the calls and checks it is complete (`UPDATE_LOCALES=1` rewrites it). `$1`…`$9` are
 * the substitutions, declared as placeholders in messages.json. A translation is a new
 * `_locales/<language>/messages.json` with the same keys.
 */
import { browser } from 'wxt/browser';

export function t(key: string, english: string, ...subs: Array<string | number>): string {
  const args = subs.map(String);
  let message = '';
  try {
    // The typed overloads know only the predefined @@ names; our keys come from _locales.
    message = (browser.i18n.getMessage as (name: string, substitutions?: string[]) => string)(key, args);
  } catch {
    // No i18n API here (component tests): the English below.
  }
  return message || english.replace(/\$([1-9])/g, (_, n: string) => args[Number(n) - 1] ?? '');
}

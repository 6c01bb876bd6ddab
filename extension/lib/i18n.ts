/**
 * Messages for people in the browser's language: `t(key, english, ...subs)` is
 * shared/say.ts's `say`, the one mechanism for the extension's components and for the shared
 * modules that also tell the CLI (labels, the reading). Each entry point installs the browser's
 * language once at its start (lib/browser-language.ts); from then on every message is asked of
 * `i18n.getMessage`, which reads `_locales/<language>/messages.json` (falling back to `en`), and
 * the English written at the call is the answer wherever no translator is installed (unit tests,
 * the gateway's web page). `$1`…`$9` are the substitutions, declared as placeholders in
 * messages.json. A translation is a new `_locales/<language>/messages.json` with the same keys;
 * test/extension/locales.test.ts keeps the English one complete (`UPDATE_LOCALES=1` rewrites it).
 * No browser API here, so the web page's components import it without WXT's browser.
 */
import { say } from '~~/shared/say.js';

export const t = say;

/** Thin entry point (CONVENTIONS 1): installs the browser's language, mounts the app. */
import { render } from 'preact';
import '../../components/styles.css';
import { installBrowserLanguage } from '../../lib/browser-language.js';
import { loadPopupStart } from '../../lib/popup-data.js';
import { App } from './app.js';

// Every message from here on in the browser's language (lib/i18n.ts).
installBrowserLanguage();

// Marks for the benchmark's breakdown of popup open → verdicts painted (test/bench/extension.bench.ts).
performance.mark('lens:script');
void loadPopupStart(location.search).then((start) => {
  performance.mark('lens:data');
  render(<App start={start} />, document.getElementById('app')!);
});

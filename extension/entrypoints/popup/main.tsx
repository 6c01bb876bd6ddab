/** Thin entry point (CONVENTIONS 1): mounts the app. */
import { render } from 'preact';
import '../../components/styles.css';
import { loadPopupStart } from '../../lib/popup-data.js';
import { App } from './app.js';

// Marks for the benchmark's breakdown of popup open → verdicts painted (test/bench/extension.bench.ts).
performance.mark('lens:script');
void loadPopupStart(location.search).then((start) => {
  performance.mark('lens:data');
  render(<App start={start} />, document.getElementById('app')!);
});

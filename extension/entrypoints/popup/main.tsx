/** Thin entry point (CONVENTIONS 1): mounts the app. */
import { render } from 'preact';
import '../../components/styles.css';
import { loadPopupStart } from '../../lib/popup-data.js';
import { App } from './app.js';

void loadPopupStart(location.search).then((start) => render(<App start={start} />, document.getElementById('app')!));

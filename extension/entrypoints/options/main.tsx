/** Thin entry point (CONVENTIONS 1): installs the browser's language, mounts the app. */
import { render } from 'preact';
import '../../components/styles.css';
import { installBrowserLanguage } from '../../lib/browser-language.js';
import { App } from './app.js';

// Every message from here on in the browser's language (lib/i18n.ts).
installBrowserLanguage();

render(<App />, document.getElementById('app')!);

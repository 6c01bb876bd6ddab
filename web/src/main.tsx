/**
 * The web app's entry (thin, as the extension's): which page the address asks for, then that
 * page. Messages are the English written at each t() call; dates and numbers follow the
 * browser's language (Intl, with no locale given).
 */
import { render } from 'preact';
import '~~/extension/components/styles.css';
import './web.css';
import { App } from './app.js';

render(<App location={location} />, document.getElementById('app')!);

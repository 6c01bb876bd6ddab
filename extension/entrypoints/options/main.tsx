/** Thin entry point (CONVENTIONS 1): mounts the app. */
import { render } from 'preact';
import '../../components/styles.css';
import { App } from './app.js';

render(<App />, document.getElementById('app')!);

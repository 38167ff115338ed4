// The page's entry: fonts and styles, the settings from the URL, and the app.
import '@fontsource/atkinson-hyperlegible/latin-400.css';
import '@fontsource/atkinson-hyperlegible/latin-700.css';
import '@fontsource/atkinson-hyperlegible/latin-ext-400.css';
import '@fontsource/atkinson-hyperlegible/latin-ext-700.css';
import './style.css';
import { App } from './app';
import { settingsFromQuery } from './settings';

const root = document.getElementById('app');
if (root === null) throw new Error('the page has no #app element');
const { settings, problems } = settingsFromQuery(location.search);
// Loaded before the first drawing, so no text is ever drawn in a fallback font.
await Promise.all(['400', '700'].map((weight) => document.fonts.load(`${weight} 16px "Atkinson Hyperlegible"`, 'Tablić')));
const app = new App(root, settings, problems);
app.start(new URLSearchParams(location.search).has('seed'));
// Once the bot worker has answered, everything is loaded: tests go offline after it.
void app.bots.ready.then(() => {
  document.documentElement.dataset['worker'] = 'ready';
});
document.documentElement.dataset['ready'] = 'true';
// The moment the first position can be played (or the menu used): web/bench.mjs reads it.
performance.mark('tablic-ready');

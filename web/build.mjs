// web/build.mjs: builds the page into target/web (or $TABLIC_WEB_DIR): type-checks the
// TypeScript (strict), bundles it and its styles and fonts with esbuild, renders
// docs/RULES.md into the page with markdown-it, and copies the package's WebAssembly and
// its bot worker.
// The package `tablic` must be built (ffi-wasm/build.sh) and linked at node_modules/tablic.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import MarkdownIt from 'markdown-it';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const out = process.env.TABLIC_WEB_DIR ?? join(root, 'target', 'web');
const tablic = join(here, 'node_modules', 'tablic');

execFileSync(join(here, 'node_modules', '.bin', 'tsc'), ['-p', here], { stdio: 'inherit' });

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await esbuild.build({
  entryPoints: { app: join(here, 'src', 'main.ts') },
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  outdir: out,
  assetNames: 'fonts/[name]-[hash]',
  loader: { '.woff2': 'file', '.woff': 'file' },
  logLevel: 'warning',
});
// The WebAssembly (for the page's bundle, which finds it beside itself), and the package's
// bot worker as it ships: BotWorker starts ./bot-worker.js beside the bundle, which loads
// the package's own entry and the same WebAssembly.
for (const file of ['tablic_wasm_bg.wasm', 'bot-worker.js', 'worker-requests.js', 'index.js', 'tablic_wasm.js']) {
  copyFileSync(join(tablic, file), join(out, file));
}

// The rules, as HTML at build time; raw HTML in the file is not passed through. What the
// file says to command-line users alone (its options, `tablic rules`), between
// `<!-- cli -->` and `<!-- /cli -->`, is left out: the page has its own settings.
const markdown = new MarkdownIt({ html: false, typographer: true });
const rulesText = readFileSync(join(root, 'docs', 'RULES.md'), 'utf8').replace(/<!-- cli -->[\s\S]*?<!-- \/cli -->/g, '');
if (rulesText.includes('<!--')) throw new Error('docs/RULES.md: a comment other than a closed <!-- cli --> part');
const rules = markdown.render(rulesText);
const page = readFileSync(join(here, 'index.html'), 'utf8').replace('<!-- RULES -->', () => rules);
writeFileSync(join(out, 'index.html'), page);
console.log(`build.mjs: ${out}`);

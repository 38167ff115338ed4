// The package README's examples, and typed.mts: the JavaScript one runs, the TypeScript
// ones compile under tsc --strict against the package's .d.ts, and then run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const MODULES = fileURLToPath(new URL('../node_modules/', import.meta.url));
// Inside node_modules, so that `import 'tablic'` finds the package beside it.
const WORK = `${MODULES}.examples/`;
const TSC = `${MODULES}.bin/tsc`;
const PACKAGE = realpathSync(`${MODULES}tablic`);

function readmeBlock(language) {
  const readme = readFileSync(`${PACKAGE}/README.md`, 'utf8');
  const blocks = [...readme.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))];
  assert.equal(blocks.length, 1, `one ${language} example in the README`);
  return blocks[0][1];
}

const run = (file) => execFileSync(process.execPath, [file], { encoding: 'utf8' });

rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });

test("the README's JavaScript example runs", () => {
  writeFileSync(`${WORK}readme.mjs`, readmeBlock('js'));
  const lines = run(`${WORK}readme.mjs`).trim().split('\n');
  assert.match(lines[0], /^Uint32Array\(2\) \[ \d+, \d+ \]$/);
  assert.equal(lines[1], 'tablic-record 1');
  assert.equal(lines.at(-2), 'true');
  assert.equal(lines.at(-1), 'illegal move 5S 2C: the game is over');
});

test("the README's TypeScript example and typed.mts compile under --strict and run", () => {
  writeFileSync(`${WORK}readme.mts`, readmeBlock('ts'));
  execFileSync(TSC, ['--strict', '--noEmit', '--module', 'nodenext', '--target', 'es2022',
    '--lib', 'es2022,esnext.disposable,dom', `${WORK}readme.mts`, `${HERE}typed.mts`], { encoding: 'utf8' });
  execFileSync(TSC, ['--module', 'nodenext', '--target', 'es2022', '--lib', 'es2022,esnext.disposable,dom',
    '--outDir', WORK, `${WORK}readme.mts`], { encoding: 'utf8' });
  assert.match(run(`${WORK}readme.mjs`),
    /^Uint32Array\(2\) \[ \d+, \d+ \] (0|1|undefined)\n(0|1) Uint32Array\(2\) \[ \d+, \d+ \] true true true true\n$/);
  mkdirSync(`${WORK}typed`, { recursive: true });
  execFileSync(TSC, ['--module', 'nodenext', '--target', 'es2022', '--lib', 'es2022,esnext.disposable,dom',
    '--outDir', `${WORK}typed`, `${HERE}typed.mts`], { encoding: 'utf8' });
  assert.match(run(`${WORK}typed/typed.mjs`),
    /^0\.1\.0 2 \d+n false 2 2 2 true 10D 2C \d+\nit is not seat 0's turn true true\n$/);
});

test('the packed package installs into a new project and runs its example there', () => {
  const project = `${WORK}project/`;
  mkdirSync(project, { recursive: true });
  const npm = (...args) => execFileSync('npm', args, { cwd: project, encoding: 'utf8' });
  const tarball = npm('pack', '--silent', '--pack-destination', project, PACKAGE).trim();
  writeFileSync(`${project}package.json`, '{ "name": "a-user", "private": true, "type": "module" }\n');
  npm('install', '--silent', '--no-audit', '--no-fund', `./${tarball}`);
  writeFileSync(`${project}game.js`, readmeBlock('js'));
  const lines = execFileSync(process.execPath, ['game.js'], { cwd: project, encoding: 'utf8' }).trim().split('\n');
  assert.equal(lines.at(-1), 'illegal move 5S 2C: the game is over');
});

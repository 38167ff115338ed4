// The package README's examples, in a new project that installs the packed package as the
// README says (`npm install ./tablic-VERSION.tgz`, offline: it needs no registry): the
// JavaScript example runs as an ES module, and the TypeScript example and typed.mts compile
// under the README's tsconfig.json (strict, no "dom" library) against the installed types,
// and then run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, lstatSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const MODULES = fileURLToPath(new URL('../node_modules/', import.meta.url));
const TSC = `${MODULES}.bin/tsc`;
// The package as built, and the tarball build.sh packed beside it.
const BUILT = realpathSync(`${MODULES}tablic`);
const { version } = JSON.parse(readFileSync(`${BUILT}/package.json`, 'utf8'));
const TARBALL = `${dirname(BUILT)}/tablic-${version}.tgz`;
// Made anew each run, inside ffi-wasm/node_modules only so that tsc finds TypeScript's
// and Node's types (ffi-wasm's devDependencies) above it, as a user's own devDependencies.
const PROJECT = `${MODULES}.examples/project/`;
const INSTALLED = `${PROJECT}node_modules/tablic/`;

function readmeBlock(language) {
  const readme = readFileSync(`${INSTALLED}README.md`, 'utf8');
  const blocks = [...readme.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))];
  assert.equal(blocks.length, 1, `one ${language} block in the README`);
  return blocks[0][1];
}

/** What `command` prints, run in the project; its failure says what it printed (tsc's errors). */
function inProject(command, ...args) {
  try {
    return execFileSync(command, args, { cwd: PROJECT, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${error.stdout}${error.stderr}`);
  }
}
const node = (file) => inProject(process.execPath, file);
// The repository README's example: best against itself on seed 42, the sides' totals.
const FRONT_DOOR_PRINTS = '[ 11, 16 ]\n';

rmSync(PROJECT, { recursive: true, force: true });
mkdirSync(PROJECT, { recursive: true });
copyFileSync(TARBALL, `${PROJECT}tablic-${version}.tgz`);
writeFileSync(`${PROJECT}package.json`, '{ "name": "a-user", "private": true, "type": "module" }\n');
inProject('npm', 'install', '--offline', '--silent', '--no-audit', '--no-fund', `./tablic-${version}.tgz`);

test('the tarball installs as a copy, recorded by its file name, and Node imports it from there', () => {
  assert.ok(!lstatSync(`${PROJECT}node_modules/tablic`).isSymbolicLink());
  const manifest = JSON.parse(readFileSync(`${PROJECT}package.json`, 'utf8'));
  assert.deepEqual(manifest.dependencies, { tablic: `file:tablic-${version}.tgz` });
  const resolved = inProject(process.execPath, '--input-type=module', '-e',
    "console.log(import.meta.resolve('tablic'), import.meta.resolve('tablic/worker'))");
  assert.equal(resolved, `file://${INSTALLED}node.js file://${INSTALLED}worker-node.js\n`);
});

test("the README's JavaScript example runs", () => {
  writeFileSync(`${PROJECT}readme.js`, readmeBlock('js'));
  const lines = node('readme.js').trim().split('\n');
  assert.equal(lines[0], '[ 7, 20 ]');
  assert.equal(lines[1], 'tablic-record 1');
  assert.equal(lines.at(-2), 'true');
  assert.equal(lines.at(-1), 'illegal move 5S 2C: the game is over');
});

test("the README's TypeScript example and typed.mts compile with its tsconfig.json, without the DOM, and run", () => {
  writeFileSync(`${PROJECT}tsconfig.json`, readmeBlock('json'));
  writeFileSync(`${PROJECT}game.ts`, readmeBlock('ts'));
  copyFileSync(`${HERE}typed.mts`, `${PROJECT}typed.ts`);
  const files = inProject(TSC, '--listFilesOnly').trim().split('\n');
  assert.ok(files.includes(`${INSTALLED}tablic_wasm.d.ts`), 'the installed package\'s types');
  assert.ok(files.includes(`${INSTALLED}worker.d.ts`));
  assert.deepEqual(files.filter((file) => /lib\.(dom|webworker)\b/.test(file)), []);
  inProject(TSC);
  assert.equal(node('game.js'), '[ 24, 2 ] 0\n1 [ 11, 47 ] true true true true\n');
  assert.equal(node('typed.js'),
    `${version} 2 10451216379200822465n false 2 2 2 [ 0, 0 ] [] true 10D 2C 48\nit is not seat 0's turn true true\n`);
});

test("the repository README's JavaScript example runs on the installed package", () => {
  const readme = readFileSync(`${HERE}../../README.md`, 'utf8');
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)];
  assert.equal(blocks.length, 1, 'one js block in the repository README');
  writeFileSync(`${PROJECT}front-door.js`, blocks[0][1]);
  assert.equal(node('front-door.js'), FRONT_DOOR_PRINTS);
});

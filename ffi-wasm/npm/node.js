// The package in Node: reads the WebAssembly next to this file (Node's fetch cannot read
// files) and loads it once, before anything is used, so every export is ready at import.
import { readFile } from 'node:fs/promises';
import init from './tablic_wasm.js';

await init({ module_or_path: await readFile(new URL('./tablic_wasm_bg.wasm', import.meta.url)) });

export * from './tablic_wasm.js';

// The package in a browser, a worker or a bundler: loads the WebAssembly next to this file
// once, before anything is used, so every export is ready at import.
import init from './tablic_wasm.js';

await init({ module_or_path: new URL('./tablic_wasm_bg.wasm', import.meta.url) });

export * from './tablic_wasm.js';

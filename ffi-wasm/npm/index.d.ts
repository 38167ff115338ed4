// Types of both entry points: everything wasm-bindgen declares, already loaded.
export * from './tablic_wasm.js';

//! Lists of numbers as plain JavaScript arrays: wasm-bindgen would hand a `Vec<u32>` over
//! as a `Uint32Array`, which prints and compares unlike the `number[]` a caller expects.

use wasm_bindgen::JsValue;

/// The numbers as the elements of a plain array (declared `number[]` where returned).
pub fn plain_array(numbers: impl IntoIterator<Item = u32>) -> Vec<JsValue> {
    numbers.into_iter().map(JsValue::from).collect()
}

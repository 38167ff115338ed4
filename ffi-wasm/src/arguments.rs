//! Arguments from JavaScript, checked: texts, seats, counts and seeds. wasm-bindgen would
//! read any value as a string's bytes (a trap for a number) and wrap a negative or
//! fractional number silently; these refuse a wrong value with a message instead.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const SEED_TYPE: &'static str = r#"
/** A seed, 0 to 2^64 - 1: a bigint, a safe integer, or its decimal text. */
export type Seed = bigint | number | string;
"#;

#[wasm_bindgen]
extern "C" {
    /// A seed as JavaScript gives it: `bigint | number | string`.
    #[wasm_bindgen(typescript_type = "Seed")]
    pub type Seed;

    /// A string as JavaScript gives it, or any other value by mistake.
    #[wasm_bindgen(typescript_type = "string")]
    pub type Text;
}

/// The string of a `Text`, or an `Error` naming what was given instead.
pub fn text(value: &Text, what: &str) -> Result<String, JsError> {
    let value: &JsValue = value.as_ref();
    value.as_string().ok_or_else(|| {
        let given = value.js_typeof().as_string().unwrap_or_default();
        JsError::new(&format!("{what} must be a string, not {given}"))
    })
}

/// A count or a seat: a non-negative integral `number` below 2³².
pub fn index(value: f64, what: &str) -> Result<usize, JsError> {
    if value.fract() == 0.0 && (0.0..4_294_967_296.0).contains(&value) {
        Ok(value as usize)
    } else {
        Err(JsError::new(&format!(
            "{what} must be a whole number from 0, not {value}"
        )))
    }
}

/// A seed: a `bigint` or a safe integral `number`, 0 to 2⁶⁴ − 1, or its decimal text.
pub fn seed(value: &Seed, what: &str) -> Result<u64, JsError> {
    let value: &JsValue = value.as_ref();
    const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
    let refused = || JsError::new(&format!("{what} must be an integer from 0 to 2^64-1"));
    if value.is_bigint() {
        return u64::try_from(value.clone()).map_err(|_| refused());
    }
    if let Some(number) = value.as_f64() {
        return if number.fract() == 0.0 && (0.0..=MAX_SAFE).contains(&number) {
            Ok(number as u64)
        } else {
            Err(refused())
        };
    }
    if let Some(text) = value.as_string() {
        return text.trim().parse().map_err(|_| refused());
    }
    Err(refused())
}

#[wasm_bindgen]
extern "C" {
    /// A list of names as JavaScript gives it: `(string | null | undefined)[]`, or any other
    /// value by mistake.
    #[wasm_bindgen(typescript_type = "(string | null | undefined)[]")]
    pub type Names;

    #[wasm_bindgen(js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> bool;

    #[wasm_bindgen(method, getter, structural)]
    fn length(this: &Names) -> u32;

    #[wasm_bindgen(method, structural, indexing_getter)]
    fn get(this: &Names, index: u32) -> JsValue;
}

/// At most `most` names from an array, `None` for `null` or `undefined` (a name left out).
/// Whether a name can be recorded is the core's to say.
pub fn names(value: &Names, most: usize) -> Result<Vec<Option<String>>, JsError> {
    if !is_array(value.as_ref()) {
        return Err(JsError::new("names must be an array"));
    }
    let count = value.length();
    if count as usize > most {
        return Err(JsError::new(&format!("{count} names for {most} players")));
    }
    (0..count)
        .map(|index| {
            let name = value.get(index);
            if name.is_null_or_undefined() {
                Ok(None)
            } else {
                name.as_string().map(Some).ok_or_else(|| {
                    let given = name.js_typeof().as_string().unwrap_or_default();
                    JsError::new(&format!("a name must be a string, not {given}"))
                })
            }
        })
        .collect()
}

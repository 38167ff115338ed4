//! Core errors as JavaScript `Error`s carrying the engine's message.

use tablic_core::{IllegalMove, Move};
use wasm_bindgen::JsError;

/// Any core error as an `Error` with its message.
pub fn js_error(error: impl core::fmt::Display) -> JsError {
    JsError::new(&error.to_string())
}

/// An illegal move as `Error("illegal move 5S 2C: …")`.
pub fn illegal(played: Move, reason: IllegalMove) -> JsError {
    JsError::new(&format!("illegal move {played}: {reason}"))
}

//! Moves as text: `"5S 2C 3D"`, the card played and then what it takes.

use tablic_core::game::record::{parse_move, RecordError};
use tablic_core::Move;
use wasm_bindgen::prelude::*;

use crate::arguments;
use crate::errors::js_error;

/// A move from its text, checked only for itself (whether a game allows it is the game's
/// to say).
pub fn read(text: &arguments::Text) -> Result<Move, JsError> {
    let played = parse_move(&arguments::text(text, "a move")?)
        .map_err(|kind| js_error(RecordError { line: 0, kind }))?;
    if played.capture.contains(played.card) {
        return Err(JsError::new(&format!(
            "a card cannot capture itself: {}",
            played.card
        )));
    }
    Ok(played)
}

/// Moves as a list of their texts.
pub fn texts(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    moves.into_iter().map(|played| played.to_string()).collect()
}

/// A move as the engine writes it, from any text of one (`"10♦ 2c"` gives `"10D 2C"`).
#[wasm_bindgen(js_name = moveText)]
pub fn move_text(text: &arguments::Text) -> Result<String, JsError> {
    Ok(read(text)?.to_string())
}

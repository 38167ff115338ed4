//! `SheetLine`: a finished game's line on a match's score sheet.

use tablic_core::game::match_to_target::SheetLine as CoreLine;
use wasm_bindgen::prelude::*;

use crate::numbers::plain_array;
use crate::outcome::SeatResult;

/// A finished game's line on the score sheet, by the match's sides and players (not the
/// game's seats): each side's part of the game (its `total` the game's score) and running
/// total after it, and each player's share.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub struct SheetLine(CoreLine);

impl From<CoreLine> for SheetLine {
    fn from(line: CoreLine) -> SheetLine {
        SheetLine(line)
    }
}

#[wasm_bindgen]
impl SheetLine {
    /// The game's number in the match, from 1.
    #[wasm_bindgen(getter)]
    pub fn game(&self) -> u32 {
        self.0.game()
    }

    /// The player who led the game.
    #[wasm_bindgen(getter)]
    pub fn leader(&self) -> usize {
        self.0.leader()
    }

    /// Each side's card points, tablas, cards, +3 and total in the game, side 0 first.
    #[wasm_bindgen(getter)]
    pub fn sides(&self) -> Vec<SeatResult> {
        (0..self.0.side_count())
            .map(|side| SeatResult::from(&self.0.side(side)))
            .collect()
    }

    /// Each side's running total after the game, side 0 first.
    #[wasm_bindgen(getter, js_name = runningTotals, unchecked_return_type = "number[]")]
    pub fn running_totals(&self) -> Vec<JsValue> {
        plain_array((0..self.0.side_count()).map(|side| self.0.running_total(side)))
    }

    /// Each player's share of the game (its own pile's points, tablas and cards), player 0
    /// first.
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> Vec<SeatResult> {
        (0..self.0.result().players().get())
            .map(|player| SeatResult::from(&self.0.player(player)))
            .collect()
    }
}

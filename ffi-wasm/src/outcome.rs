//! A game's result, per side and per seat, and what one move did.

use tablic_core::{GameResult as CoreResult, Played as CorePlayed, SeatResult as CoreSeat};
use wasm_bindgen::prelude::*;

use crate::numbers::plain_array;

/// One seat's result, or one side's.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub struct SeatResult {
    /// Points of the cards in the pile (22 in the deck).
    #[wasm_bindgen(js_name = cardPoints)]
    pub card_points: u32,
    /// Tablas (sweeps).
    pub tablas: u32,
    /// Cards in the pile.
    pub cards: u32,
    /// Strictly the most cards: +3.
    #[wasm_bindgen(js_name = mostCards)]
    pub most_cards: bool,
    /// Card points + tablas + 3 for the most cards.
    pub total: u32,
}

impl From<&CoreSeat> for SeatResult {
    fn from(seat: &CoreSeat) -> SeatResult {
        SeatResult {
            card_points: seat.card_points,
            tablas: seat.tablas,
            cards: seat.cards,
            most_cards: seat.most_cards,
            total: seat.total(),
        }
    }
}

/// A game's result: `sides[i]` is side i's score and `seats[i]` seat i's (in a game of
/// sides, its share of its side's, without the +3, which is the side's). When everyone
/// plays alone a side is its seat.
#[wasm_bindgen]
pub struct GameResult(CoreResult);

impl From<CoreResult> for GameResult {
    fn from(result: CoreResult) -> GameResult {
        GameResult(result)
    }
}

#[wasm_bindgen]
impl GameResult {
    /// One result per seat, seat 0 first.
    #[wasm_bindgen(getter)]
    pub fn seats(&self) -> Vec<SeatResult> {
        self.0.seats().iter().map(SeatResult::from).collect()
    }

    /// One result per side, side 0 first.
    #[wasm_bindgen(getter)]
    pub fn sides(&self) -> Vec<SeatResult> {
        (0..self.0.side_count())
            .map(|side| SeatResult::from(&self.0.side(side)))
            .collect()
    }

    /// Each side's total, side 0 first.
    #[wasm_bindgen(getter, js_name = sideTotals, unchecked_return_type = "number[]")]
    pub fn side_totals(&self) -> Vec<JsValue> {
        plain_array((0..self.0.side_count()).map(|side| self.0.side_total(side)))
    }

    /// The side (the seat, when everyone plays alone) with the strictly highest total, or
    /// `undefined` for a tie.
    #[wasm_bindgen(getter)]
    pub fn winner(&self) -> Option<usize> {
        self.0.winner()
    }
}

/// What a move did beyond its capture.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub struct Played {
    /// The seat that moved.
    pub seat: usize,
    /// The move emptied the table.
    pub tabla: bool,
    /// The hands ran out and new ones were dealt.
    #[wasm_bindgen(js_name = newDeal)]
    pub new_deal: bool,
    /// The move ended the game.
    pub finished: bool,
}

impl From<CorePlayed> for Played {
    fn from(played: CorePlayed) -> Played {
        Played {
            seat: played.seat,
            tabla: played.tabla,
            new_deal: played.new_deal,
            finished: played.finished,
        }
    }
}

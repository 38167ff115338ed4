//! `View`: what one seat may know of a game, as a snapshot.

use tablic_core::{Game as CoreGame, PlayerView, Position};
use wasm_bindgen::prelude::*;

use crate::arguments;
use crate::card;
use crate::errors::js_error;
use crate::moves;

/// What one seat may know: its hand, the table, every pile, the history. Later moves in the
/// game do not change it. Bots that play fair decide from this alone.
#[wasm_bindgen]
pub struct View {
    /// The whole game, private: only what `seat` may know is exposed.
    game: CoreGame,
    seat: usize,
}

/// `seat` as a seat of `game`, or an `Error` for one it does not have.
pub fn check_seat(game: &CoreGame, seat: f64) -> Result<usize, JsError> {
    let seat = arguments::index(seat, "a seat")?;
    if seat >= game.players().get() {
        return Err(JsError::new(&format!(
            "no seat {seat} in a game of {} players",
            game.players()
        )));
    }
    Ok(seat)
}

impl View {
    /// The view of `seat`, already checked.
    pub fn of(game: &CoreGame, seat: usize) -> Result<View, JsError> {
        let view = View {
            game: game.clone(),
            seat,
        };
        view.player_view()?;
        Ok(view)
    }

    /// The core's view.
    pub fn player_view(&self) -> Result<PlayerView<'_>, JsError> {
        self.game
            .view(self.seat)
            .ok_or_else(|| JsError::new(&format!("no seat {}", self.seat)))
    }

    /// The game behind the view, for the bots that decide from the view.
    pub fn game(&self) -> &CoreGame {
        &self.game
    }
}

#[wasm_bindgen]
impl View {
    /// The seat this view belongs to.
    #[wasm_bindgen(getter)]
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// The number of players.
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> usize {
        self.game.players().get()
    }

    /// This seat's hand.
    pub fn hand(&self) -> Result<String, JsError> {
        Ok(card::text(self.player_view()?.hand()))
    }

    /// The cards on the table.
    pub fn table(&self) -> Result<String, JsError> {
        Ok(card::text(self.player_view()?.table()))
    }

    /// True when this seat is to move.
    #[wasm_bindgen(js_name = isMyTurn)]
    pub fn is_my_turn(&self) -> Result<bool, JsError> {
        Ok(self.player_view()?.is_my_turn())
    }

    /// `seat`'s captured cards.
    pub fn pile(&self, seat: f64) -> Result<String, JsError> {
        let seat = check_seat(&self.game, seat)?;
        Ok(card::text(self.player_view()?.pile(seat)))
    }

    /// How many cards `seat` holds.
    #[wasm_bindgen(js_name = handSize)]
    pub fn hand_size(&self, seat: f64) -> Result<usize, JsError> {
        let seat = check_seat(&self.game, seat)?;
        Ok(self.player_view()?.hand_size(seat))
    }

    /// `seat`'s tablas so far.
    pub fn tablas(&self, seat: f64) -> Result<u32, JsError> {
        let seat = check_seat(&self.game, seat)?;
        Ok(self.player_view()?.tablas(seat))
    }

    /// Cards still to be dealt.
    pub fn undealt(&self) -> Result<usize, JsError> {
        Ok(self.player_view()?.undealt())
    }

    /// The cards this seat has not seen: the other hands and the cards to come.
    pub fn unseen(&self) -> Result<String, JsError> {
        Ok(card::text(self.player_view()?.unseen()))
    }

    /// Every move played so far, first first.
    pub fn history(&self) -> Result<Vec<String>, JsError> {
        Ok(moves::texts(self.player_view()?.history().iter().copied()))
    }

    /// The position as this seat sees it, as one line of text (`Game.fromPosition` reads
    /// it; the cards the seat has not seen are then placed in a fixed order).
    pub fn position(&self) -> Result<String, JsError> {
        Ok(Position::of_view(&self.player_view()?).to_string())
    }

    /// This seat's legal moves (none unless it is to move).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Result<Vec<String>, JsError> {
        let view = self.player_view()?;
        let mut legal = Vec::new();
        if view.is_my_turn() {
            self.game
                .list_legal_moves(|played| legal.push(played))
                .map_err(js_error)?;
        }
        Ok(moves::texts(legal))
    }
}

//! `View`: what one seat may know, as a snapshot.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyFrozenSet, PyList};
use tablic_core::{list_moves_capped, Game, PlayerView};

use crate::card::card_set_object;
use crate::errors::{illegal, IllegalMoveError};
use crate::int_arg;
use crate::listing;
use crate::moves::{move_list, to_move};
use crate::rules::PyRules;

/// What one seat may know of a game: its hand, the table, every pile, the history. A
/// snapshot: later moves in the game do not change it. Bots and Python players decide
/// from this alone.
#[pyclass(name = "View", module = "tablic._tablic", frozen)]
pub struct PyView {
    /// The whole game, kept private: only what `seat` may know is exposed.
    game: Game,
    seat: usize,
}

impl PyView {
    /// The view of `seat` in `game`, or a `ValueError` for a seat that does not exist.
    pub fn of(game: &Game, seat: usize) -> PyResult<PyView> {
        check_seat(game, seat)?;
        Ok(PyView {
            game: game.clone(),
            seat,
        })
    }

    /// The core's view.
    pub fn view(&self) -> PlayerView<'_> {
        self.game
            .view(self.seat)
            .expect("the seat was checked when the view was made")
    }

    /// The game behind the view, for the bots that are allowed to see it all.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

/// A `ValueError` for a seat `game` does not have.
pub fn check_seat(game: &Game, seat: usize) -> PyResult<()> {
    if seat >= game.players().get() {
        return Err(PyValueError::new_err(format!(
            "no seat {seat} in a game of {} players",
            game.players()
        )));
    }
    Ok(())
}

#[pymethods]
impl PyView {
    /// The seat this view belongs to.
    #[getter]
    fn seat(&self) -> usize {
        self.seat
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.game.players().get()
    }

    /// The rules the game is played under.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: self.game.rules(),
        }
    }

    /// The side `seat` plays for.
    fn side_of(&self, #[pyo3(from_py_with = int_arg::seat)] seat: usize) -> PyResult<usize> {
        check_seat(&self.game, seat)?;
        Ok(self.game.side_of(seat))
    }

    /// True when `seat` plays on this seat's side (this seat included).
    fn is_on_my_side(&self, #[pyo3(from_py_with = int_arg::seat)] seat: usize) -> PyResult<bool> {
        check_seat(&self.game, seat)?;
        Ok(self.view().is_on_my_side(seat))
    }

    /// This seat's hand.
    #[getter]
    fn hand<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyFrozenSet>> {
        card_set_object(py, self.view().hand())
    }

    /// The cards on the table.
    #[getter]
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyFrozenSet>> {
        card_set_object(py, self.view().table())
    }

    /// The seat to move, or None when the game is over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        self.view().to_move()
    }

    /// True when this seat is to move.
    #[getter]
    fn is_my_turn(&self) -> bool {
        self.view().is_my_turn()
    }

    /// Every seat's captured cards, seat 0 first.
    #[getter]
    fn piles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let view = self.view();
        let piles = (0..self.players())
            .map(|seat| card_set_object(py, view.pile(seat)))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, piles)
    }

    /// Every seat's tablas so far.
    #[getter]
    fn tablas(&self) -> Vec<u32> {
        let view = self.view();
        (0..self.players()).map(|seat| view.tablas(seat)).collect()
    }

    /// How many cards each seat holds.
    #[getter]
    fn hand_sizes(&self) -> Vec<usize> {
        let view = self.view();
        (0..self.players())
            .map(|seat| view.hand_size(seat))
            .collect()
    }

    /// The seat that captured last, or None.
    #[getter]
    fn last_capturer(&self) -> Option<usize> {
        self.view().last_capturer()
    }

    /// Cards not dealt yet.
    #[getter]
    fn undealt(&self) -> usize {
        self.view().undealt()
    }

    /// Deals so far (1 during the first).
    #[getter]
    fn deals_dealt(&self) -> usize {
        self.view().deals_dealt()
    }

    /// True during the last deal.
    #[getter]
    fn is_last_deal(&self) -> bool {
        self.view().is_last_deal()
    }

    /// Moves made in the game, counting those before the position it started from.
    #[getter]
    fn plies(&self) -> usize {
        self.view().plies()
    }

    /// Every move so far, in order (all public); for a game started from a position, every
    /// move since.
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, self.view().history().iter().copied())
    }

    /// The cards this seat has seen: its hand, the table, every pile.
    #[getter]
    fn seen<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyFrozenSet>> {
        card_set_object(py, self.view().seen())
    }

    /// The cards this seat has not seen: the other hands and the undealt deck.
    #[getter]
    fn unseen<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyFrozenSet>> {
        card_set_object(py, self.view().unseen())
    }

    /// This seat's legal moves (none unless it is its turn).
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let view = self.view();
        let mut moves = Vec::new();
        if view.is_my_turn() {
            self.game
                .list_legal_moves(|legal| moves.push(legal))
                .map_err(listing::too_many_moves)?;
        }
        move_list(py, moves)
    }

    /// Raises `IllegalMoveError` (saying why) unless this seat may play the move now: a
    /// `Move`, or a card and the cards it captures.
    #[pyo3(signature = (card, capture = None))]
    fn check(&self, card: &Bound<'_, PyAny>, capture: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let played = to_move(card, capture)?;
        if !self.view().is_my_turn() {
            return Err(IllegalMoveError::new_err(format!(
                "illegal move {played}: it is not seat {}'s turn",
                self.seat
            )));
        }
        self.game
            .check(played)
            .map_err(|reason| illegal(played, reason))
    }

    /// This seat's legal moves as `(card index, capture bits)` pairs (bit i: card i), at
    /// most `captures_per_card` captures for each card (all when None), in a fixed order:
    /// cards from the lowest; for each, the discard first, then the captures in the order
    /// the capture search finds them. Cheap even on crowded tables, where the full list can
    /// run to millions: with no cap, more than `MAX_LISTED` moves raise `ValueError`. Empty
    /// unless it is this seat's turn.
    #[pyo3(signature = (captures_per_card = None))]
    fn legal_move_codes(
        &self,
        #[pyo3(from_py_with = int_arg::captures_per_card)] captures_per_card: Option<usize>,
    ) -> PyResult<Vec<(u8, u64)>> {
        if captures_per_card == Some(0) {
            return Err(PyValueError::new_err(
                "captures_per_card must be at least 1",
            ));
        }
        let view = self.view();
        if !view.is_my_turn() {
            return Ok(Vec::new());
        }
        let cap = captures_per_card.unwrap_or(usize::MAX);
        let mut codes = Vec::new();
        list_moves_capped(view.hand(), view.table(), cap, |legal| {
            codes.push((legal.card.index(), legal.capture.bits()));
        })
        .map_err(listing::too_many_moves)?;
        codes.sort_by_key(|&(card, _)| card);
        Ok(codes)
    }

    fn __repr__(&self) -> String {
        let view = self.view();
        format!(
            "<View seat={} hand='{}' table='{}'>",
            self.seat,
            view.hand(),
            view.table()
        )
    }
}

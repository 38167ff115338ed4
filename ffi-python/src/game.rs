//! `Game`: a whole game of tablić, as the engine knows it.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyFrozenSet, PyList, PyType};
use tablic_core::{Card, Deck, DeckOrigin, Game, Move, PlayerCount};

use crate::card::{card_object, card_set_object, to_card, to_card_set};
use crate::errors::{illegal, value_error};
use crate::int_arg;
use crate::listing;
use crate::moves::{PyMove, PyPlayed};
use crate::outcome::PyGameResult;
use crate::view::PyView;

/// A game of tablić: `Game(players=2, seed=…)` deals from the deck of `seed` (the same deck
/// on every platform, forever); `deck=` gives the order instead (52 cards, top first).
/// Without either, the seed is random. Copies, deep copies and pickles are independent games.
#[pyclass(name = "Game", module = "tablic._tablic")]
#[derive(Clone)]
pub struct PyGame {
    pub game: Game,
}

/// A move from `play`'s arguments: a `Move`, or a card and its capture.
pub fn to_move(card: &Bound<'_, PyAny>, capture: Option<&Bound<'_, PyAny>>) -> PyResult<Move> {
    if let Ok(played) = card.cast::<PyMove>() {
        if capture.is_some() {
            return Err(PyValueError::new_err(
                "give a Move, or a card and its capture, not both",
            ));
        }
        return Ok(played.get().0);
    }
    let card = to_card(card)?;
    let capture = capture.map(to_card_set).transpose()?.unwrap_or_default();
    Ok(Move::new(card, capture))
}

/// A random seed, for games made without one.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

/// The moves of a list as `Move` objects.
pub fn move_list<'py>(
    py: Python<'py>,
    moves: impl IntoIterator<Item = Move>,
) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, moves.into_iter().map(PyMove))
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (players = 2, seed = None, deck = None))]
    fn new(
        #[pyo3(from_py_with = int_arg::players)] players: usize,
        #[pyo3(from_py_with = int_arg::seed)] seed: Option<u64>,
        deck: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let players = PlayerCount::new(players).map_err(value_error)?;
        let game = match (seed, deck) {
            (Some(_), Some(_)) => {
                return Err(PyValueError::new_err("give a seed or a deck, not both"))
            }
            (_, Some(deck)) => {
                let cards = deck
                    .try_iter()?
                    .map(|card| to_card(&card?))
                    .collect::<PyResult<Vec<Card>>>()?;
                Game::from_deck(players, Deck::from_cards(&cards).map_err(value_error)?)
            }
            (seed, None) => Game::from_seed(players, seed.unwrap_or_else(fresh_seed)),
        };
        Ok(PyGame { game })
    }

    /// A game replayed from its record (as `record()` writes it); every move is checked.
    #[classmethod]
    fn from_record(_class: &Bound<'_, PyType>, record: &str) -> PyResult<PyGame> {
        Game::from_record(record)
            .map(|game| PyGame { game })
            .map_err(value_error)
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.game.players().get()
    }

    /// The seed the deck came from, or None for a given deck.
    #[getter]
    fn seed(&self) -> Option<u64> {
        match self.game.origin() {
            DeckOrigin::Seed(seed) => Some(seed),
            DeckOrigin::Given => None,
        }
    }

    /// The deck the game was dealt from, top card first: `Game(deck=game.deck)` deals it
    /// again.
    #[getter]
    fn deck<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let cards = self
            .game
            .deck()
            .cards()
            .iter()
            .map(|&card| card_object(py, card))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, cards)
    }

    /// The seat to move, or None when the game is over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        self.game.to_move()
    }

    /// True once every card is played and the table settled.
    #[getter]
    fn is_finished(&self) -> bool {
        self.game.is_finished()
    }

    /// The cards on the table.
    #[getter]
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyFrozenSet>> {
        card_set_object(py, self.game.table())
    }

    /// Every move so far, in order.
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, self.game.history().iter().copied())
    }

    /// What `seat` may know: a snapshot that later moves do not change.
    fn view(&self, #[pyo3(from_py_with = int_arg::seat)] seat: usize) -> PyResult<PyView> {
        PyView::of(&self.game, seat)
    }

    /// The view of the seat to move (None when the game is over).
    fn current_view(&self) -> Option<PyView> {
        let seat = self.game.to_move()?;
        PyView::of(&self.game, seat).ok()
    }

    /// Every legal move of the seat to move (none when the game is over).
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        if let Some(seat) = self.game.to_move() {
            listing::check_moves(self.game.hand(seat), self.game.table())?;
        }
        let mut moves = Vec::new();
        self.game.for_each_legal_move(|legal| moves.push(legal));
        move_list(py, moves)
    }

    /// Raises `IllegalMoveError` (saying why) unless the seat to move may play this move:
    /// a `Move`, or a card and the cards it captures.
    #[pyo3(signature = (card, capture = None))]
    fn check(&self, card: &Bound<'_, PyAny>, capture: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let played = to_move(card, capture)?;
        self.game
            .check(played)
            .map_err(|reason| illegal(played, reason))
    }

    /// Plays a move for the seat to move: a `Move`, or a card and the cards it captures
    /// (`game.play("5S", "2C 3D")`). An illegal move raises `IllegalMoveError` and changes
    /// nothing.
    #[pyo3(signature = (card, capture = None))]
    fn play(
        &mut self,
        card: &Bound<'_, PyAny>,
        capture: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPlayed> {
        let played = to_move(card, capture)?;
        self.game
            .play(played)
            .map(PyPlayed::from)
            .map_err(|reason| illegal(played, reason))
    }

    /// The result, once the game is over (else a `ValueError`).
    fn result(&self) -> PyResult<PyGameResult> {
        self.game
            .result()
            .map(PyGameResult::from)
            .ok_or_else(|| PyValueError::new_err("the game is not over"))
    }

    /// The game's record: its deck or seed and every move, as text `from_record` reads.
    fn record(&self) -> String {
        self.game.record().to_string()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_record = slf.get_type().getattr("from_record")?;
        Ok((from_record, (slf.borrow().record(),)))
    }

    fn __repr__(&self) -> String {
        let state = match self.game.to_move() {
            Some(seat) => format!("seat {seat} to move"),
            None => "finished".to_string(),
        };
        let origin = match self.game.origin() {
            DeckOrigin::Seed(seed) => format!("seed={seed}"),
            DeckOrigin::Given => "deck=…".to_string(),
        };
        format!(
            "<Game players={} {origin}, {} moves, {state}>",
            self.game.players(),
            self.game.history().len()
        )
    }
}

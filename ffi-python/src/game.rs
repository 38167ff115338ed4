//! `Game`'s methods: a whole game of tablić, as the engine knows it (the class itself is
//! `game_class.rs`, so that the files it is passed to need not use this one).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyFrozenSet, PyList, PyString, PyTuple, PyType};
use tablic_core::bots::{RankedCaptures, RankingError};
use tablic_core::{Card, CardSet, Deck, DeckOrigin, Game, Move};

use crate::card::{card_list, card_set_object, to_card};
use crate::errors::{illegal, value_error};
use crate::files;
use crate::game_class::PyGame;
use crate::int_arg;
use crate::listing;
use crate::moves::{move_list, move_object, to_move, PyPlayed};
use crate::outcome::PyGameResult;
use crate::position::PyPosition;
use crate::rules::{checked, to_rules, PyRules};
use crate::view::{check_seat, PyView};

/// A random seed, for games and matches made without one.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (players = 2, seed = None, deck = None, *, rules = None))]
    fn new(
        #[pyo3(from_py_with = int_arg::players)] players: usize,
        #[pyo3(from_py_with = int_arg::seed)] seed: Option<u64>,
        deck: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let rules = to_rules(rules)?;
        let players = checked(rules, players)?;
        let game = match (seed, deck) {
            (Some(_), Some(_)) => {
                return Err(PyValueError::new_err("give a seed or a deck, not both"))
            }
            (_, Some(deck)) => {
                let cards = deck
                    .try_iter()?
                    .map(|card| to_card(&card?))
                    .collect::<PyResult<Vec<Card>>>()?;
                let deck = Deck::from_cards(&cards).map_err(value_error)?;
                Game::from_deck_with_rules(players, rules, deck).map_err(value_error)?
            }
            (seed, None) => {
                let seed = seed.unwrap_or_else(fresh_seed);
                Game::from_seed_with_rules(players, rules, seed).map_err(value_error)?
            }
        };
        Ok(PyGame { game })
    }

    /// A game replayed from a record's text (as `record()` writes it); every move is
    /// checked. `Game.load(path)` reads a record from a file.
    #[classmethod]
    fn from_record(_class: &Bound<'_, PyType>, record: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let Ok(text) = record.cast::<PyString>() else {
            return Err(PyTypeError::new_err(if record.hasattr("__fspath__")? {
                "from_record reads a record's text, not a path: Game.load(path) reads a file"
                    .to_string()
            } else {
                format!(
                    "expected a record's text, not {}",
                    record.get_type().name()?
                )
            }));
        };
        let text = text.to_str()?;
        Game::from_record(text)
            .map(|game| PyGame { game })
            .map_err(|error| {
                // No record fits on one line: a line is more likely a file's name.
                if text.trim_end().contains('\n') {
                    value_error(error)
                } else {
                    PyValueError::new_err(format!(
                        "{error} (from_record reads a record's text; Game.load(path) reads a \
                         file)"
                    ))
                }
            })
    }

    /// A game that plays on from `position`. With its moves, it is dealt and replayed from
    /// the start, history and all; without them, it starts at the position, with no
    /// history. For a seat's position, the cards that seat has not seen are placed in a
    /// fixed order: any placement gives that seat the same view.
    #[classmethod]
    fn from_position(_class: &Bound<'_, PyType>, position: PyRef<'_, PyPosition>) -> PyGame {
        PyGame {
            game: Game::from_position(&position.position),
        }
    }

    /// A game replayed from the record in the file at `path` (a str or an `os.PathLike`,
    /// read as UTF-8), as `save` writes it or `tablic match --save-records` saves it; every
    /// move is checked, and an error names the file and the line.
    #[classmethod]
    fn load(_class: &Bound<'_, PyType>, path: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let (path, text) = files::read(path)?;
        Game::from_record(&text)
            .map(|game| PyGame { game })
            .map_err(|error| PyValueError::new_err(format!("{path}: {error}")))
    }

    /// Writes the game's record (`record()`) to the file at `path` (a str or an
    /// `os.PathLike`) as UTF-8, replacing the file; `Game.load(path)` reads it back.
    fn save(&self, path: &Bound<'_, PyAny>) -> PyResult<()> {
        files::write(path, self.record())
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

    /// How many sides play (the players, when everyone plays alone).
    #[getter]
    fn side_count(&self) -> usize {
        self.game.side_count()
    }

    /// The side `seat` plays for.
    fn side_of(&self, #[pyo3(from_py_with = int_arg::seat)] seat: usize) -> PyResult<usize> {
        check_seat(&self.game, seat)?;
        Ok(self.game.side_of(seat))
    }

    /// The seed the deck came from, or None for a given deck or a position.
    #[getter]
    fn seed(&self) -> Option<u64> {
        match self.game.origin() {
            DeckOrigin::Seed(seed) => Some(seed),
            DeckOrigin::Given | DeckOrigin::Position => None,
        }
    }

    /// The deck the game was dealt from, top card first: `Game(deck=game.deck)` deals it
    /// again. A game from a position without moves has the cards already out first, in the
    /// engine's order, then the cards to come: dealt again, they make another game.
    #[getter]
    fn deck<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        card_list(py, self.game.deck().cards().iter().copied())
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

    /// Every move so far, in order; for a game started from a position without moves,
    /// every move since.
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, self.game.history().iter().copied())
    }

    /// Moves made in the game, counting those before the position it started from.
    #[getter]
    fn plies(&self) -> usize {
        self.game.plies()
    }

    /// Moves made before the game's start: 0 unless it started from a position without
    /// moves (`plies` is `opening_plies + len(history)`).
    #[getter]
    fn opening_plies(&self) -> usize {
        self.game.opening_plies()
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
        let mut moves = Vec::new();
        self.game
            .list_legal_moves(|legal| moves.push(legal))
            .map_err(listing::too_many_moves)?;
        move_list(py, moves)
    }

    /// The moves of the seat to move with `card`, best first, for a person choosing one:
    /// the greedy player's order (a tabla, then points, then cards taken, ...), laying the
    /// card down always last. `IllegalMoveError` when the card cannot be played.
    fn card_moves<'py>(
        &self,
        py: Python<'py>,
        card: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let card = to_card(card)?;
        let ranking = RankedCaptures::of(&self.game, card).map_err(|error| match error {
            RankingError::Illegal(reason) => illegal(Move::discard(card), reason),
            RankingError::TooMany(reason) => listing::too_many_captures(card)(reason),
        })?;
        let mut best = vec![CardSet::EMPTY; ranking.rank_into(&mut [])];
        ranking.rank_into(&mut best);
        move_list(py, best.into_iter().map(|capture| Move::new(card, capture)))
    }

    /// The last move and what it did (`Played`: the seat, a tabla), or None before the
    /// first.
    fn last_played<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Option<(Bound<'py, PyTuple>, PyPlayed)>> {
        self.game
            .last_played()
            .map(|(last, played)| Ok((move_object(py, last)?, PyPlayed::from(played))))
            .transpose()
    }

    /// The score as the piles stand, during play too (the cards still on the table are
    /// nobody's yet, `most_cards` is for the most taken so far); at the end, `result()`.
    fn result_so_far(&self) -> PyGameResult {
        PyGameResult::from(self.game.result_so_far())
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

    /// The game's record: its seed, deck or starting position and every move, as text
    /// `from_record` reads.
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
            DeckOrigin::Position => "position=…".to_string(),
        };
        format!(
            "<Game players={} {origin}, {} moves, {state}>",
            self.game.players(),
            self.game.plies()
        )
    }
}

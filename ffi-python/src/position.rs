//! `Position`: a game part way through as one line of text (the core's `Position`).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyFrozenSet, PyList, PyString, PyType};
use tablic_core::Position;

use crate::card::{card_list, card_set_object};
use crate::errors::value_error;
use crate::game_class::PyGame;
use crate::moves::move_list;
use crate::rules::PyRules;
use crate::view::PyView;

/// A game part way through, as one seat sees it (`seat` is its seat) or with everything
/// known (every hand and the deck's order), optionally with every move from the start.
/// `Position(text)` reads its one line of text (a `ValueError` says what is wrong); `str`
/// writes it back. Every position is one a game can reach: the engine checks it against
/// the rules. `Game.from_position` plays on from it.
#[pyclass(name = "Position", module = "tablic._tablic", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPosition {
    pub position: Position,
}

#[pymethods]
impl PyPosition {
    #[new]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let Ok(text) = text.cast::<PyString>() else {
            return Err(PyTypeError::new_err(format!(
                "expected a position's text, not {}",
                text.get_type().name()?
            )));
        };
        text.to_str()?
            .parse()
            .map(|position| PyPosition { position })
            .map_err(value_error)
    }

    /// Everything known about `game` now: every hand and the deck's order, and its moves
    /// (unless the game itself started from a position without them).
    #[classmethod]
    fn of_game(_class: &Bound<'_, PyType>, game: PyRef<'_, PyGame>) -> PyPosition {
        PyPosition {
            position: Position::of_game(&game.game),
        }
    }

    /// What `view`'s seat knows now: its hand and everything public, and the game's moves
    /// (unless the game started from a position without them).
    #[classmethod]
    fn of_view(_class: &Bound<'_, PyType>, view: PyRef<'_, PyView>) -> PyPosition {
        PyPosition {
            position: Position::of_view(&view.view()),
        }
    }

    /// The same position without its moves, as if typed from a table: a game from it
    /// starts there, with no history.
    fn without_moves(&self) -> PyPosition {
        PyPosition {
            position: self.position.clone().without_moves(),
        }
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.position.players().get()
    }

    /// Moves made so far.
    /// The rules of the position's game (a text without them: the original rules).
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: self.position.rules(),
        }
    }

    #[getter]
    fn plies(&self) -> usize {
        self.position.plies()
    }

    /// The seat to move, or None at the end of the game.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        self.position.to_move()
    }

    /// The seat whose position this is, or None when everything is known.
    #[getter]
    fn seat(&self) -> Option<usize> {
        self.position.seat()
    }

    /// True when every hand and the deck's order are known.
    #[getter]
    fn is_everything_known(&self) -> bool {
        self.position.is_everything_known()
    }

    /// The cards on the table.
    #[getter]
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyFrozenSet>> {
        card_set_object(py, self.position.table())
    }

    /// Every seat's hand, seat 0 first: None for a hand this position does not know.
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let hands = self
            .seats()
            .map(|seat| {
                self.position
                    .hand(seat)
                    .map(|hand| card_set_object(py, hand))
                    .transpose()
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, hands)
    }

    /// How many cards each seat holds.
    #[getter]
    fn hand_sizes(&self) -> Vec<usize> {
        self.seats()
            .map(|seat| self.position.hand_size(seat))
            .collect()
    }

    /// Every seat's captured cards, seat 0 first.
    #[getter]
    fn piles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let piles = self
            .seats()
            .map(|seat| card_set_object(py, self.position.pile(seat)))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, piles)
    }

    /// Every seat's tablas so far.
    #[getter]
    fn tablas(&self) -> Vec<u32> {
        self.seats()
            .map(|seat| self.position.tablas(seat))
            .collect()
    }

    /// The seat that captured last, or None.
    #[getter]
    fn last_capturer(&self) -> Option<usize> {
        self.position.last_capturer()
    }

    /// Cards not dealt yet.
    #[getter]
    fn undealt(&self) -> usize {
        self.position.undealt()
    }

    /// The cards still to be dealt, top first, when everything is known (else None).
    #[getter]
    fn deck<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        self.position
            .deck()
            .map(|deck| card_list(py, deck.iter().copied()))
            .transpose()
    }

    /// The cards this position does not place (the other hands and the deck, in a seat's
    /// position; none when everything is known).
    #[getter]
    fn unseen<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyFrozenSet>> {
        card_set_object(py, self.position.unseen())
    }

    /// Every move from the start, when the position carries them (else None).
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        self.position
            .moves()
            .map(|moves| move_list(py, moves.iter().copied()))
            .transpose()
    }

    fn __str__(&self) -> String {
        self.position.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.position)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().position.to_string(),)))
    }
}

impl PyPosition {
    /// Every seat of the game.
    fn seats(&self) -> std::ops::Range<usize> {
        0..self.position.players().get()
    }
}

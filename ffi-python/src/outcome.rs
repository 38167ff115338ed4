//! A finished game's result, per side and per seat.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tablic_core::{GameResult, SeatResult};

use crate::int_arg;
use crate::moves::py_bool;

/// One seat's result.
#[pyclass(name = "SeatResult", module = "tablic._tablic", frozen, get_all, eq)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PySeatResult {
    /// Points of the cards in the pile (22 in the deck).
    pub card_points: u32,
    /// Tablas (sweeps).
    pub tablas: u32,
    /// Cards in the pile.
    pub cards: u32,
    /// Strictly the most cards: +3.
    pub most_cards: bool,
    /// Card points + tablas + 3 for the most cards.
    pub total: u32,
}

impl From<&SeatResult> for PySeatResult {
    fn from(seat: &SeatResult) -> PySeatResult {
        PySeatResult {
            card_points: seat.card_points,
            tablas: seat.tablas,
            cards: seat.cards,
            most_cards: seat.most_cards,
            total: seat.total(),
        }
    }
}

#[pymethods]
impl PySeatResult {
    fn __repr__(&self) -> String {
        format!(
            "SeatResult(card_points={}, tablas={}, cards={}, most_cards={}, total={})",
            self.card_points,
            self.tablas,
            self.cards,
            py_bool(self.most_cards),
            self.total
        )
    }
}

/// The result of a finished game: `sides[i]` is side i's score and `seats[i]` seat i's
/// (in a game of sides, its share of its side's, without the +3, which is the side's);
/// `winner` is the side with the strictly highest total, None when it is shared. When
/// everyone plays alone a side is its seat, and `sides` equals `seats`.
#[pyclass(name = "GameResult", module = "tablic._tablic", frozen)]
#[derive(Clone)]
pub struct PyGameResult {
    result: GameResult,
    /// One result per seat, seat 0 first.
    #[pyo3(get)]
    pub seats: Vec<PySeatResult>,
    /// One result per side, side 0 first.
    #[pyo3(get)]
    pub sides: Vec<PySeatResult>,
    /// The side (the seat, when everyone plays alone) with the strictly highest total, or
    /// None.
    #[pyo3(get)]
    pub winner: Option<usize>,
}

impl From<GameResult> for PyGameResult {
    fn from(result: GameResult) -> PyGameResult {
        PyGameResult {
            seats: result.seats().iter().map(PySeatResult::from).collect(),
            sides: (0..result.side_count())
                .map(|side| PySeatResult::from(&result.side(side)))
                .collect(),
            winner: result.winner(),
            result,
        }
    }
}

#[pymethods]
impl PyGameResult {
    /// How many sides played.
    #[getter]
    fn side_count(&self) -> usize {
        self.sides.len()
    }

    /// The side `seat` played for (a `ValueError` for a seat the game did not have).
    fn side_of(&self, #[pyo3(from_py_with = int_arg::seat)] seat: usize) -> PyResult<usize> {
        if seat >= self.seats.len() {
            return Err(PyValueError::new_err(format!(
                "no seat {seat} in a game of {} players",
                self.seats.len()
            )));
        }
        Ok(self.result.side_of(seat))
    }

    /// Each side's total, side 0 first.
    #[getter]
    fn side_totals(&self) -> Vec<u32> {
        self.sides.iter().map(|side| side.total).collect()
    }

    /// Each seat's total, seat 0 first.
    #[getter]
    fn totals(&self) -> Vec<u32> {
        self.seats.iter().map(|seat| seat.total).collect()
    }

    fn __repr__(&self) -> String {
        let winner = self
            .winner
            .map_or("None".to_string(), |seat| seat.to_string());
        if self.sides.len() == self.seats.len() {
            format!("GameResult(totals={:?}, winner={winner})", self.totals())
        } else {
            format!(
                "GameResult(side_totals={:?}, totals={:?}, winner={winner})",
                self.side_totals(),
                self.totals()
            )
        }
    }
}

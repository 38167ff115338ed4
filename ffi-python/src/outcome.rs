//! A finished game's result, per seat.

use pyo3::prelude::*;
use tablic_core::{GameResult, SeatResult};

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

/// The result of a finished game: `seats[i]` is seat i's; `winner` is None when the best
/// total is shared.
#[pyclass(name = "GameResult", module = "tablic._tablic", frozen, get_all)]
#[derive(Clone)]
pub struct PyGameResult {
    /// One result per seat, seat 0 first.
    pub seats: Vec<PySeatResult>,
    /// The seat with the strictly highest total, or None.
    pub winner: Option<usize>,
}

impl From<GameResult> for PyGameResult {
    fn from(result: GameResult) -> PyGameResult {
        PyGameResult {
            seats: result.seats().iter().map(PySeatResult::from).collect(),
            winner: result.winner(),
        }
    }
}

#[pymethods]
impl PyGameResult {
    /// Each seat's total, seat 0 first.
    #[getter]
    fn totals(&self) -> Vec<u32> {
        self.seats.iter().map(|seat| seat.total).collect()
    }

    fn __repr__(&self) -> String {
        let winner = self
            .winner
            .map_or("None".to_string(), |seat| seat.to_string());
        format!("GameResult(totals={:?}, winner={winner})", self.totals())
    }
}

//! The module's own exception, and core errors as Python exceptions.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;
use tablic_core::IllegalMove;

create_exception!(
    _tablic,
    IllegalMoveError,
    PyValueError,
    "A move the rules do not allow; the message says why. Nothing was changed."
);

/// An illegal move as `IllegalMoveError("illegal move 5S 2C: …")`.
pub fn illegal(played: tablic_core::Move, reason: IllegalMove) -> PyErr {
    IllegalMoveError::new_err(format!("illegal move {played}: {reason}"))
}

/// An illegal move by a seat's player, as `IllegalMoveError("seat 1: illegal move …")`.
pub fn illegal_by(seat: usize, played: tablic_core::Move, reason: IllegalMove) -> PyErr {
    IllegalMoveError::new_err(format!("seat {seat}: illegal move {played}: {reason}"))
}

/// Any other core error as a `ValueError` with its message.
pub fn value_error(error: impl core::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

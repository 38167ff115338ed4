//! The most moves or captures one call lists: the core's `MAX_LISTED`. A crowded table has
//! billions, which as Python objects would exhaust memory; the core's listings refuse them
//! at once, and here that refusal becomes a `ValueError`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tablic_core::capture::{TooManyToList, MAX_LISTED};
use tablic_core::Card;

/// The `ValueError` for `card`'s captures, refused by the core's listing.
pub fn too_many_captures(card: Card) -> impl FnOnce(TooManyToList) -> PyErr {
    move |_| {
        PyValueError::new_err(format!(
            "{card} has more than {MAX_LISTED} legal captures on this table, too many to list"
        ))
    }
}

/// The `ValueError` for a hand's moves, refused by the core's listing.
pub fn too_many_moves(_: TooManyToList) -> PyErr {
    PyValueError::new_err(format!(
        "more than {MAX_LISTED} legal moves on this table, too many to list \
         (legal_move_codes(captures_per_card=…) lists some of each card's)"
    ))
}

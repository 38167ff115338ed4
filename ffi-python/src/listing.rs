//! The most moves or captures one call lists: the core's `MAX_LISTED`. A crowded table has
//! billions, which as Python objects would exhaust memory; calls that list count first (by
//! capture shapes, at once) and raise `ValueError` past the limit.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tablic_core::capture::legal_capture_count_up_to;
use tablic_core::{legal_move_count_up_to, Card, CardSet, MAX_LISTED};

/// Refuses a table where `card` has more than [`MAX_LISTED`] captures.
pub fn check_captures(table: CardSet, card: Card) -> PyResult<()> {
    if legal_capture_count_up_to(table, card, MAX_LISTED) > MAX_LISTED {
        return Err(PyValueError::new_err(format!(
            "{card} has more than {MAX_LISTED} legal captures on this table, too many to list"
        )));
    }
    Ok(())
}

/// Refuses a hand and table with more than [`MAX_LISTED`] legal moves.
pub fn check_moves(hand: CardSet, table: CardSet) -> PyResult<()> {
    if legal_move_count_up_to(hand, table, MAX_LISTED) > MAX_LISTED {
        return Err(PyValueError::new_err(format!(
            "more than {MAX_LISTED} legal moves on this table, too many to list \
             (legal_move_codes(captures_per_card=…) lists some of each card's)"
        )));
    }
    Ok(())
}

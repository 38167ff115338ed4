//! Moves as `tablic.Move` (a `(card, capture)` tuple defined in Python), `Played`, and
//! `captures()`.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyTuple, PyType};
use tablic_core::capture::{
    check_capture, for_each_capturable_group, list_legal_captures, CaptureError,
};
use tablic_core::{Move, Played};

use crate::card::{card_object, card_set_object, python_class_instance, to_card, to_card_set};
use crate::listing;

/// A core move as a `tablic.Move`.
pub fn move_object(py: Python<'_>, played: Move) -> PyResult<Bound<'_, PyTuple>> {
    static MOVE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let card = card_object(py, played.card)?.into_any();
    let capture = card_set_object(py, played.capture)?.into_any();
    let pair = PyTuple::new(py, [card, capture])?;
    Ok(python_class_instance::<PyTuple>(&MOVE, "Move", pair)?.cast_into()?)
}

/// Moves as a list of `tablic.Move`.
pub fn move_list<'py>(
    py: Python<'py>,
    moves: impl IntoIterator<Item = Move>,
) -> PyResult<Bound<'py, PyList>> {
    let moves = moves
        .into_iter()
        .map(|played| move_object(py, played))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, moves)
}

/// A move from Python: a `Move` or any `(card, capture)` pair when `capture` is None, else a
/// card and the cards it captures.
pub fn to_move(card: &Bound<'_, PyAny>, capture: Option<&Bound<'_, PyAny>>) -> PyResult<Move> {
    if let Ok(pair) = card.cast::<PyTuple>() {
        if capture.is_some() {
            return Err(PyValueError::new_err(
                "give a Move, or a card and its capture, not both",
            ));
        }
        let (card, capture) = pair
            .extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>()
            .map_err(|_| {
                PyTypeError::new_err(format!(
                    "a move is a (card, capture) pair, not a tuple of {}",
                    pair.len()
                ))
            })?;
        return card_and_capture(&card, Some(&capture));
    }
    card_and_capture(card, capture)
}

/// A move from a card and the cards it captures (None: nothing).
fn card_and_capture(card: &Bound<'_, PyAny>, capture: Option<&Bound<'_, PyAny>>) -> PyResult<Move> {
    let card = to_card(card)?;
    let capture = capture.map(to_card_set).transpose()?.unwrap_or_default();
    Ok(Move::new(card, capture))
}

/// `Move(card, capture)`: a move checked only for itself (whether a game allows it is for
/// the game to say).
#[pyfunction]
#[pyo3(name = "_move", signature = (card, capture = None))]
pub fn new_move<'py>(
    py: Python<'py>,
    card: &Bound<'py, PyAny>,
    capture: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyTuple>> {
    let played = card_and_capture(card, capture)?;
    if played.capture.contains(played.card) {
        return Err(PyValueError::new_err(format!(
            "a card cannot capture itself: {}",
            played.card
        )));
    }
    move_object(py, played)
}

/// A move as the engine writes it: `"5S 2C 3D"`, the card, then what it captures.
#[pyfunction]
#[pyo3(name = "_move_text")]
pub fn move_text(played: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(to_move(played, None)?.to_string())
}

/// What a move did beyond its capture: who moved, a tabla, a new deal, the end.
#[pyclass(name = "Played", module = "tablic._tablic", frozen, get_all)]
#[derive(Clone, Copy)]
pub struct PyPlayed {
    /// The seat that moved.
    pub seat: usize,
    /// The move emptied the table.
    pub tabla: bool,
    /// The hands ran out and new ones were dealt.
    pub new_deal: bool,
    /// The move ended the game.
    pub finished: bool,
}

impl From<Played> for PyPlayed {
    fn from(played: Played) -> PyPlayed {
        PyPlayed {
            seat: played.seat,
            tabla: played.tabla,
            new_deal: played.new_deal,
            finished: played.finished,
        }
    }
}

#[pymethods]
impl PyPlayed {
    fn __repr__(&self) -> String {
        format!(
            "Played(seat={}, tabla={}, new_deal={}, finished={})",
            self.seat,
            py_bool(self.tabla),
            py_bool(self.new_deal),
            py_bool(self.finished)
        )
    }
}

/// A bool as Python writes it.
pub fn py_bool(value: bool) -> &'static str {
    if value {
        "True"
    } else {
        "False"
    }
}

/// Every capturable group of `card` on `table`: each non-empty set of table cards whose
/// values (aces 1 or 11) add up to the card's. Legal captures are the unions of disjoint
/// groups (`captures`). Only the card's value counts, so it may be on the table itself:
/// then it is a group alone.
#[pyfunction]
pub fn capture_groups<'py>(
    py: Python<'py>,
    table: &Bound<'py, PyAny>,
    card: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let (table, card) = (to_card_set(table)?, to_card(card)?);
    let mut groups = Vec::new();
    for_each_capturable_group(table, card, |group| groups.push(group));
    let sets = groups
        .into_iter()
        .map(|group| card_set_object(py, group))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, sets)
}

/// Why `card` may not take `capture` from `table`, in the core's words: `"not on table"`,
/// `"nothing sums"` (no set of table cards sums to the card) or `"cannot split"` (the
/// cards cannot be split into groups that each do); None when it may. Only the card's
/// value counts, so it may be on the table itself.
#[pyfunction]
pub fn capture_problem(
    table: &Bound<'_, PyAny>,
    card: &Bound<'_, PyAny>,
    capture: &Bound<'_, PyAny>,
) -> PyResult<Option<&'static str>> {
    let (table, card, capture) = (to_card_set(table)?, to_card(card)?, to_card_set(capture)?);
    Ok(check_capture(table, card, capture)
        .err()
        .map(|error| match error {
            CaptureError::NotOnTable(_) => "not on table",
            CaptureError::NothingSumsToCard => "nothing sums",
            CaptureError::CannotSplitIntoGroups => "cannot split",
        }))
}

/// The table and the played card, which must not be on it.
fn table_and_card(
    table: &Bound<'_, PyAny>,
    card: &Bound<'_, PyAny>,
) -> PyResult<(tablic_core::CardSet, tablic_core::Card)> {
    let table = to_card_set(table)?;
    let card = to_card(card)?;
    if table.contains(card) {
        return Err(PyValueError::new_err(format!(
            "the played card {card} is on the table"
        )));
    }
    Ok((table, card))
}

/// Every legal capture of `card` played on `table` (cards as a string or an iterable), the
/// empty capture included: a list of `CardSet`, each capture once.
#[pyfunction]
pub fn captures<'py>(
    py: Python<'py>,
    table: &Bound<'py, PyAny>,
    card: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let (table, card) = table_and_card(table, card)?;
    let list = PyList::empty(py);
    let mut failure = None;
    list_legal_captures(table, card, |capture| {
        if failure.is_none() {
            failure = card_set_object(py, capture)
                .and_then(|set| list.append(set))
                .err();
        }
    })
    .map_err(listing::too_many_captures(card))?;
    match failure {
        Some(error) => Err(error),
        None => Ok(list),
    }
}

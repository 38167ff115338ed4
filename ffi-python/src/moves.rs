//! `Move`, `Played`, and `captures()`.

use core::ops::ControlFlow;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyFrozenSet, PyList, PyTuple};
use tablic_core::capture::{
    check_capture, for_each_capturable_group, try_for_each_legal_capture, CaptureError,
};
use tablic_core::{Move, Played};

use crate::card::{card_object, card_set_object, to_card, to_card_set, PyCard};
use crate::listing;

/// A move: the card played and the table cards it captures (empty: a discard).
/// `Move("5S", "2C 3D")`, or `Move(card, {card, …})`. Unpacks as `card, capture = move`.
#[pyclass(name = "Move", module = "tablic._tablic", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMove(pub Move);

#[pymethods]
impl PyMove {
    #[new]
    #[pyo3(signature = (card, capture = None))]
    fn new(card: &Bound<'_, PyAny>, capture: Option<&Bound<'_, PyAny>>) -> PyResult<PyMove> {
        let card = to_card(card)?;
        let capture = capture.map(to_card_set).transpose()?.unwrap_or_default();
        if capture.contains(card) {
            return Err(PyValueError::new_err(format!(
                "a card cannot capture itself: {card}"
            )));
        }
        Ok(PyMove(Move::new(card, capture)))
    }

    /// The card played.
    #[getter]
    fn card<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCard>> {
        card_object(py, self.0.card)
    }

    /// The table cards it captures.
    #[getter]
    fn capture<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyFrozenSet>> {
        card_set_object(py, self.0.capture)
    }

    /// True when it captures nothing.
    #[getter]
    fn is_discard(&self) -> bool {
        self.0.capture.is_empty()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pair = PyTuple::new(
            py,
            [self.card(py)?.into_any(), self.capture(py)?.into_any()],
        )?;
        pair.into_any().try_iter().map(Bound::into_any)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}', '{}')", self.0.card, self.0.capture)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let played = slf.get().0;
        Ok((
            slf.get_type().into_any(),
            (played.card.to_string(), played.capture.to_string()),
        ))
    }
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
/// empty capture included: a list of `frozenset[Card]`, each capture once.
#[pyfunction]
pub fn captures<'py>(
    py: Python<'py>,
    table: &Bound<'py, PyAny>,
    card: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let (table, card) = table_and_card(table, card)?;
    listing::check_captures(table, card)?;
    let list = PyList::empty(py);
    let mut failure = None;
    let _ = try_for_each_legal_capture(table, card, |capture| {
        match card_set_object(py, capture).and_then(|set| list.append(set)) {
            Ok(()) => ControlFlow::Continue(()),
            Err(error) => {
                failure = Some(error);
                ControlFlow::Break(())
            }
        }
    });
    match failure {
        Some(error) => Err(error),
        None => Ok(list),
    }
}

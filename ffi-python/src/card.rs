//! `Card`, and card sets as `tablic.CardSet` (a `frozenset[Card]` defined in Python).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::type_object::PyTypeInfo;
use pyo3::types::{PyFrozenSet, PyInt, PyList, PyString, PyTuple, PyType};
use tablic_core::{Card, CardSet};

use crate::errors::value_error;

/// A playing card. `Card("10D")`, `Card("10♦")`, `Card("karo 10")` or `Card(37)` (its index,
/// `4 × rank + suit`). Cards order by rank (A 2 … 10 J Q K), then suit (♣ ♦ ♥ ♠).
#[pyclass(name = "Card", module = "tablic._tablic", frozen, eq, ord, hash)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyCard(pub Card);

const RANK_NAMES: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];
const SUIT_NAMES: [&str; 4] = ["C", "D", "H", "S"];

#[pymethods]
impl PyCard {
    #[new]
    fn new(value: &Bound<'_, PyAny>) -> PyResult<PyCard> {
        to_card(value).map(PyCard)
    }

    /// The card's index, 0 to 51: `4 × rank + suit`.
    #[getter]
    fn index(&self) -> u8 {
        self.0.index()
    }

    /// The rank as written: `"A"`, `"2"` … `"10"`, `"J"`, `"Q"`, `"K"`.
    #[getter]
    fn rank(&self) -> &'static str {
        RANK_NAMES[self.0.rank().index() as usize]
    }

    /// The suit as a letter: `"C"`, `"D"`, `"H"` or `"S"`.
    #[getter]
    fn suit(&self) -> &'static str {
        SUIT_NAMES[self.0.suit().index() as usize]
    }

    /// Points in a pile: 2♣ 1, 10♦ 2, every A, 10, J, Q, K 1, others 0.
    #[getter]
    fn points(&self) -> u8 {
        self.0.points()
    }

    /// The value it captures with: 2–10 as printed, J 12, Q 13, K 14, A 1 (or 11).
    #[getter]
    fn capture_value(&self) -> u8 {
        self.0.capture_value()
    }

    /// With the suit's symbol: `"10♦"`.
    fn unicode(&self) -> String {
        self.0.unicode().to_string()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u8,))> {
        Ok((slf.get_type().into_any(), (slf.get().0.index(),)))
    }
}

/// A `Card`, a card's text, or its index as a core card.
pub fn to_card(value: &Bound<'_, PyAny>) -> PyResult<Card> {
    if let Ok(card) = value.cast::<PyCard>() {
        return Ok(card.get().0);
    }
    if let Ok(text) = value.cast::<PyString>() {
        return text.to_str()?.parse::<Card>().map_err(value_error);
    }
    if value.is_instance_of::<PyInt>() {
        // Any int: one too large for a machine integer is just as much not a card.
        return value
            .extract::<u8>()
            .ok()
            .and_then(Card::from_index)
            .ok_or_else(|| {
                PyValueError::new_err(format!("no card has index {} (0 to 51)", int_text(value)))
            });
    }
    Err(PyTypeError::new_err(format!(
        "expected a Card, a card's text or its index, not {}",
        value.get_type().name()?
    )))
}

/// An int as Python writes it, for a message (a placeholder for one too long to write).
pub fn int_text(value: &Bound<'_, PyAny>) -> String {
    value
        .str()
        .and_then(|text| text.to_str().map(str::to_owned))
        .unwrap_or_else(|_| "with too many digits".to_string())
}

/// Card sets from Python: a string of cards (`"3H 3S 4D"`) or an iterable of cards (each a
/// `Card`, text or index). A card given twice is an error.
pub fn to_card_set(value: &Bound<'_, PyAny>) -> PyResult<CardSet> {
    if let Ok(text) = value.cast::<PyString>() {
        return text.to_str()?.parse::<CardSet>().map_err(value_error);
    }
    let mut set = CardSet::EMPTY;
    let items = value.try_iter().map_err(|_| {
        PyTypeError::new_err(match value.get_type().name() {
            Ok(name) => format!("expected cards (an iterable or a string), not {name}"),
            Err(_) => "expected cards (an iterable or a string)".to_string(),
        })
    })?;
    for item in items {
        let card = to_card(&item?)?;
        if set.contains(card) {
            return Err(PyValueError::new_err(format!("card {card} appears twice")));
        }
        set = set.with(card);
    }
    Ok(set)
}

/// The 52 `Card` objects, made once: sets and moves share them instead of allocating.
static CARDS: PyOnceLock<Vec<Py<PyCard>>> = PyOnceLock::new();

/// The shared Python object of a card.
pub fn card_object(py: Python<'_>, card: Card) -> PyResult<Bound<'_, PyCard>> {
    let cards = CARDS.get_or_try_init(py, || {
        (0..52)
            .filter_map(Card::from_index)
            .map(|card| Py::new(py, PyCard(card)))
            .collect::<PyResult<Vec<_>>>()
    })?;
    Ok(cards[card.index() as usize].bind(py).clone())
}

/// Cards in order as a list of the shared `Card` objects.
pub fn card_list<'py>(
    py: Python<'py>,
    cards: impl IntoIterator<Item = Card>,
) -> PyResult<Bound<'py, PyList>> {
    let cards = cards
        .into_iter()
        .map(|card| card_object(py, card))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, cards)
}

/// A new `tablic._cards.<name>` (`CardSet` or `Move`) holding `members`, made by the
/// `__new__` of its base type `Base`: the class's own `__new__` would convert them through
/// this module again.
pub fn python_class_instance<'py, Base: PyTypeInfo>(
    class: &'static PyOnceLock<Py<PyType>>,
    name: &str,
    members: Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = members.py();
    let class = class.import(py, "tablic._cards", name)?;
    py.get_type::<Base>()
        .call_method1("__new__", (class, members))
}

/// A core card set as a `tablic.CardSet`.
pub fn card_set_object(py: Python<'_>, cards: CardSet) -> PyResult<Bound<'_, PyFrozenSet>> {
    static CARD_SET: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let members = cards
        .iter()
        .map(|card| card_object(py, card))
        .collect::<PyResult<Vec<_>>>()?;
    let members = PyTuple::new(py, members)?;
    Ok(python_class_instance::<PyFrozenSet>(&CARD_SET, "CardSet", members)?.cast_into()?)
}

/// `CardSet(cards)`: the cards (a string or an iterable, as every function takes them) as a
/// `CardSet`.
#[pyfunction]
#[pyo3(name = "_card_set")]
pub fn card_set<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyFrozenSet>> {
    card_set_object(py, to_card_set(cards)?)
}

/// The cards as the engine writes them, lowest first: `"2C 3D 10S"`, or with `unicode`
/// `"2♣ 3♦ 10♠"`; `""` for none. `CardSet` prints with it.
#[pyfunction]
#[pyo3(name = "_cards_text", signature = (cards, unicode = false))]
pub fn cards_text(cards: &Bound<'_, PyAny>, unicode: bool) -> PyResult<String> {
    let cards = to_card_set(cards)?;
    Ok(if unicode {
        cards.unicode().to_string()
    } else {
        cards.to_string()
    })
}

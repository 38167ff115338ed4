//! `Rules`: the sides and house rules a game is played under, a frozen value.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use tablic_core::game::rules::RULE_KEYS;
use tablic_core::{FinalTabla, Leftovers, Rules};

use crate::errors::value_error;

/// The rules of a game: `side_size` players a side, seated alternately (with n players,
/// seat s plays for side `s % (n // side_size)`, so four in pairs are seats 0 and 2
/// against 1 and 3); who takes the table's last cards (`leftovers`, `"last-capturer"` or
/// `"last-player"`); whether a tabla on the game's last move scores (`final_tabla`).
/// `Rules()` is the original game, everyone alone. `str(rules)` is its text, the words
/// that differ from the original (`side-size=2 leftovers=last-player final-tabla=no`),
/// which `Rules.parse` reads back.
#[pyclass(name = "Rules", module = "tablic._tablic", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyRules {
    pub rules: Rules,
}

const LAST_CAPTURER: &str = "last-capturer";
const LAST_PLAYER: &str = "last-player";

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (side_size = 1, leftovers = LAST_CAPTURER, final_tabla = true))]
    fn new(side_size: usize, leftovers: &str, final_tabla: bool) -> PyResult<PyRules> {
        let side_size = u8::try_from(side_size)
            .ok()
            .filter(|&size| size > 0)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "side_size {side_size} is out of range (1 to 255 players)"
                ))
            })?;
        // The core reads the value, as it would from `leftovers=…` in a rules text.
        let mut rules = Rules::ORIGINAL;
        rules.set(RULE_KEYS[1], leftovers).map_err(value_error)?;
        let final_tabla = if final_tabla {
            FinalTabla::Counts
        } else {
            FinalTabla::DoesNotCount
        };
        Ok(PyRules {
            rules: Rules {
                side_size,
                final_tabla,
                ..rules
            },
        })
    }

    /// Rules from their text, `key=value` words (`""` is the original rules); bad text
    /// raises `ValueError` saying why.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<PyRules> {
        text.parse()
            .map(|rules| PyRules { rules })
            .map_err(value_error)
    }

    /// The original game: everyone alone, the last cards to the last capturer, a final
    /// tabla counted.
    #[classattr]
    #[allow(non_snake_case)]
    fn ORIGINAL() -> PyRules {
        PyRules {
            rules: Rules::ORIGINAL,
        }
    }

    /// The original rules in pairs.
    #[classattr]
    #[allow(non_snake_case)]
    fn PAIRS() -> PyRules {
        PyRules {
            rules: Rules::PAIRS,
        }
    }

    /// Players a side: 1 for everyone alone.
    #[getter]
    fn side_size(&self) -> u8 {
        self.rules.side_size
    }

    /// Who takes the table's last cards: "last-capturer" or "last-player".
    #[getter]
    fn leftovers(&self) -> &'static str {
        match self.rules.leftovers {
            Leftovers::LastCapturer => LAST_CAPTURER,
            Leftovers::LastPlayer => LAST_PLAYER,
        }
    }

    /// True when a tabla on the game's last move scores.
    #[getter]
    fn final_tabla(&self) -> bool {
        self.rules.final_tabla == FinalTabla::Counts
    }

    /// How many sides `players` make, checked: a `ValueError` says why they cannot sit
    /// in these sides.
    fn side_count(&self, players: usize) -> PyResult<usize> {
        let players = checked(self.rules, players)?;
        Ok(self.rules.side_count(players))
    }

    fn __str__(&self) -> String {
        self.rules.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Rules(side_size={}, leftovers='{}', final_tabla={})",
            self.rules.side_size,
            self.leftovers(),
            if self.final_tabla() { "True" } else { "False" }
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let parse = slf.get_type().getattr("parse")?;
        Ok((parse, (slf.get().rules.to_string(),)))
    }
}

/// The player count for `rules`, or a `ValueError` saying why they cannot play it.
pub fn checked(rules: Rules, players: usize) -> PyResult<tablic_core::PlayerCount> {
    let players = tablic_core::PlayerCount::new(players).map_err(value_error)?;
    rules.check(players).map_err(value_error)?;
    Ok(players)
}

/// A `rules=` argument: a `Rules`, its text, or None for the original rules.
pub fn to_rules(value: Option<&Bound<'_, PyAny>>) -> PyResult<Rules> {
    let Some(value) = value.filter(|value| !value.is_none()) else {
        return Ok(Rules::ORIGINAL);
    };
    if let Ok(rules) = value.cast::<PyRules>() {
        return Ok(rules.get().rules);
    }
    if let Ok(text) = value.cast::<PyString>() {
        return text.to_str()?.parse().map_err(value_error);
    }
    Err(PyTypeError::new_err(format!(
        "rules must be a Rules or its text, not {}",
        value.get_type().name()?
    )))
}

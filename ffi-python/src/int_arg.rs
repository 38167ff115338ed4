//! Integer arguments by name: `#[pyo3(from_py_with = int_arg::seed)] seed: u64`.
//!
//! PyO3 turns an int outside the Rust type's range into an `OverflowError` ("can't convert
//! negative int to unsigned") that names neither the argument nor what it takes. Each
//! function here extracts its argument as the parameter's own type (`u64`, `usize`, or an
//! `Option` of one, for which `None` stays `None`) and makes that error a `ValueError` with
//! both: `seed -1 is out of range (0 to 18446744073709551615)`. Anything but an int keeps
//! PyO3's `TypeError`; ints in range are the function's to judge, with its own messages.
//! Python signatures do not change: the Rust parameter keeps its type and literal default.

use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;

use crate::card::int_text;

/// A type an integer argument can be: an unsigned machine integer, or an optional one.
pub trait IntArg: Sized {
    /// `value` as this type, or a `ValueError` naming `name` for an int out of range.
    fn extract_named(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Self>;
}

macro_rules! int_arg_types {
    ($($int:ty),*) => {$(
        impl IntArg for $int {
            fn extract_named(value: &Bound<'_, PyAny>, name: &str) -> PyResult<$int> {
                value.extract::<$int>().map_err(|error| {
                    if error.is_instance_of::<PyOverflowError>(value.py()) {
                        PyValueError::new_err(format!(
                            "{name} {} is out of range ({} to {})",
                            int_text(value),
                            <$int>::MIN,
                            <$int>::MAX
                        ))
                    } else {
                        error
                    }
                })
            }
        }
    )*};
}

int_arg_types!(u64, usize);

impl<T: IntArg> IntArg for Option<T> {
    fn extract_named(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Option<T>> {
        if value.is_none() {
            return Ok(None);
        }
        T::extract_named(value, name).map(Some)
    }
}

/// One extractor per argument name (PyO3's `from_py_with` takes a function, not a call).
macro_rules! int_args {
    ($($name:ident),* $(,)?) => {$(
        #[doc = concat!("The int argument `", stringify!($name), "`.")]
        pub fn $name<T: IntArg>(value: &Bound<'_, PyAny>) -> PyResult<T> {
            T::extract_named(value, stringify!($name))
        }
    )*};
}

int_args!(
    captures_per_card,
    end,
    games,
    groups,
    index,
    moves,
    nodes,
    parts,
    players,
    seat,
    seed,
    size,
    start,
    threads,
);

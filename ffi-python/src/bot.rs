//! `Bot`: a built-in bot by name and options, with the search memory it owns.

use ouroboros::self_referencing;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString, PyTuple};
use tablic_core::bots::solver::Entry;
use tablic_core::bots::{AnyBot, BotSpec};
use tablic_core::{Game, Move};

use crate::errors::value_error;
use crate::game_class::PyGame;
use crate::int_arg;
use crate::moves::move_object;
use crate::view::PyView;

/// A core bot and the transposition table it borrows, kept together.
#[self_referencing]
struct OwnedBot {
    memory: Box<[Entry]>,
    #[borrows(mut memory)]
    #[not_covariant]
    bot: AnyBot<'this>,
}

/// A built-in bot: `Bot("greedy")`, `Bot("minimax", depth=3, nodes=8000)`,
/// `Bot("pimc:samples=64")`, `Bot("ismcts", iterations=500)`, with `seed=` for its random
/// choices (the same seed and the same positions give the same moves). Names: random,
/// greedy, minimax, pimc, clairvoyant, ismcts, bestresponse.
#[pyclass(name = "Bot", module = "tablic._tablic")]
pub struct PyBot {
    spec: BotSpec,
    seed: u64,
    bot: OwnedBot,
}

/// `name` and keyword options as the core's spec text, `name:key=value,…`.
fn spec_text(name: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
    let mut text = name.to_string();
    let Some(options) = options.filter(|options| !options.is_empty()) else {
        return Ok(text);
    };
    if name.contains(':') {
        return Err(PyValueError::new_err(
            "give options in the name or as keywords, not both",
        ));
    }
    for (position, (key, value)) in options.iter().enumerate() {
        let key: String = key.extract()?;
        if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
            return Err(PyTypeError::new_err(format!(
                "bot option {key} must be an int, not {}",
                value.get_type().name()?
            )));
        }
        // Written as Python writes it, however large: the core says which values it takes.
        let value = value.str()?;
        text.push(if position == 0 { ':' } else { ',' });
        text.push_str(&format!("{key}={}", value.to_str()?));
    }
    Ok(text)
}

/// A bot spec as `match` and the command line write it: `"greedy"`, `"minimax:depth=3"`.
pub fn parse_spec(text: &str) -> PyResult<BotSpec> {
    text.parse::<BotSpec>().map_err(value_error)
}

/// Builds the bot of `spec` with a table of the size it wants.
fn build(spec: BotSpec, seed: u64) -> OwnedBot {
    let memory = vec![Entry::EMPTY; spec.memory_entries()].into_boxed_slice();
    OwnedBot::new(memory, |memory| spec.build(seed, memory))
}

impl PyBot {
    /// The built-in bot of `spec`, drawing its random choices from `seed`.
    pub fn of(spec: BotSpec, seed: u64) -> PyBot {
        PyBot {
            spec,
            seed,
            bot: build(spec, seed),
        }
    }

    /// A move for the seat to move in `game`, with the interpreter released meanwhile.
    pub fn choose_in(&mut self, py: Python<'_>, game: &Game) -> Option<Move> {
        py.detach(|| self.choose_here(game))
    }

    /// A move for the seat to move in `game`, on this thread: for callers that have
    /// released the interpreter already (the vector environment's threads).
    pub fn choose_here(&mut self, game: &Game) -> Option<Move> {
        self.bot.with_bot_mut(|bot| bot.choose(game))
    }

    /// The bot's spec.
    pub fn spec(&self) -> BotSpec {
        self.spec
    }
}

#[pymethods]
impl PyBot {
    #[new]
    #[pyo3(signature = (name, *, seed = 0, **options))]
    fn new(
        name: &Bound<'_, PyString>,
        #[pyo3(from_py_with = int_arg::seed)] seed: u64,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyBot> {
        let spec = parse_spec(&spec_text(name.to_str()?, options)?)?;
        Ok(PyBot::of(spec, seed))
    }

    /// The bot's name: random, greedy, minimax, pimc, clairvoyant, ismcts or bestresponse.
    #[getter]
    fn name(&self) -> &'static str {
        self.spec.name()
    }

    /// The bot with its options, as `Bot()` and the command line read it.
    #[getter]
    fn spec_string(&self) -> String {
        self.spec.to_string()
    }

    /// True for the bots that see every card (clairvoyant, bestresponse): `choose` needs
    /// the `Game` itself.
    #[getter]
    fn sees_every_card(&self) -> bool {
        self.spec.sees_every_card()
    }

    /// A move for the seat to move. Pass that seat's `View`; the bots that see every card
    /// (`sees_every_card`) need the `Game` itself.
    fn choose<'py>(
        &mut self,
        py: Python<'py>,
        state: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let chosen = if let Ok(view) = state.cast::<PyView>() {
            let view = view.get();
            if self.spec.sees_every_card() {
                return Err(PyTypeError::new_err(format!(
                    "the {} bot sees every card: give it the Game, not a View",
                    self.spec.name()
                )));
            }
            if !view.view().is_my_turn() {
                return Err(PyValueError::new_err(format!(
                    "it is not seat {}'s turn",
                    view.view().seat()
                )));
            }
            self.choose_in(py, view.game())
        } else if let Ok(game) = state.cast::<PyGame>() {
            let game = game.borrow().game.clone();
            self.choose_in(py, &game)
        } else {
            return Err(PyTypeError::new_err(format!(
                "expected a View or a Game, not {}",
                state.get_type().name()?
            )));
        };
        let chosen = chosen.ok_or_else(|| PyValueError::new_err("the game is over"))?;
        move_object(py, chosen)
    }

    fn __repr__(&self) -> String {
        format!("Bot('{}', seed={})", self.spec, self.seed)
    }
}

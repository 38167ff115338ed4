//! `analyze()`: every legal move of a position valued by the core's analysis, from a seat's
//! view over the PIMC bot's worlds or exactly with everything known; as `tablic analyze`.

use std::time::Instant;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use tablic_core::analysis::{
    analyze_game, analyze_view, values_needed, weighing_options, Analysis, AnalysisError,
    MoveTally, EXACT_ENTRIES, EXACT_NODES,
};
use tablic_core::bots::solver::Entry;
use tablic_core::bots::{Bot, BotSpec, PimcBot, PimcOptions};
use tablic_core::{Game, Move, PlayerView};

use crate::errors::value_error;
use crate::game_class::PyGame;
use crate::int_arg;
use crate::moves::{move_list, move_object};
use crate::position::PyPosition;
use crate::view::PyView;

/// One legal move and what the analysis says of it, in points of margin (the seat's points
/// and tablas minus the others' mean, at the horizon).
#[pyclass(name = "MoveAnalysis", module = "tablic._tablic", frozen)]
pub struct PyMoveAnalysis {
    tally: MoveTally,
}

#[pymethods]
impl PyMoveAnalysis {
    /// The move.
    #[getter(r#move)]
    fn played<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        move_object(py, self.tally.played())
    }

    /// Its mean margin over the worlds.
    #[getter]
    fn margin(&self) -> f64 {
        self.tally.mean_margin()
    }

    /// The standard error of `margin` (0.0 when exact; None from a single sampled world).
    #[getter]
    fn margin_se(&self) -> Option<f64> {
        self.tally.margin_error_variance().map(f64::sqrt)
    }

    /// The share of worlds in which the seat is ahead at the horizon, 0 to 1 (a win only
    /// when the horizon is the game's end).
    #[getter]
    fn ahead(&self) -> f64 {
        self.tally.ahead_share()
    }

    /// Points lost against the best move, world by world (0.0 for the best).
    #[getter]
    fn loss(&self) -> f64 {
        self.tally.loss()
    }

    /// The standard error of `loss`, from the differences paired world by world.
    #[getter]
    fn loss_se(&self) -> Option<f64> {
        self.tally.loss_error_variance().map(f64::sqrt)
    }

    /// `""`, `"?"` (a clear loss of a point or more) or `"??"` (three points or more).
    #[getter]
    fn mark(&self) -> &'static str {
        self.tally.mark().symbol()
    }

    /// Worlds the move was solved in.
    #[getter]
    fn worlds(&self) -> u32 {
        self.tally.worlds()
    }

    fn __repr__(&self) -> String {
        format!(
            "<MoveAnalysis {} margin={:+.2} loss={:.2}{}>",
            self.tally.played(),
            self.tally.mean_margin(),
            self.tally.loss(),
            match self.tally.mark().symbol() {
                "" => String::new(),
                mark => format!(" {mark}"),
            }
        )
    }
}

/// Every legal move of the seat to move, valued: `analyze()`'s answer.
#[pyclass(name = "Analysis", module = "tablic._tablic", frozen)]
pub struct PyAnalysis {
    analysis: Analysis,
    bot_move: Option<Move>,
    elapsed_ms: u64,
}

#[pymethods]
impl PyAnalysis {
    /// The seat to move, whose moves these are.
    #[getter]
    fn seat(&self) -> usize {
        self.analysis.seat()
    }

    /// True when the values are exact: everything was known, or the hidden cards could lie
    /// one way only (the other hand of two players' last deal).
    #[getter]
    fn exact(&self) -> bool {
        self.analysis.is_exact()
    }

    /// How far ahead the moves were solved: `"game_end"`, `"deal_end"` or `"moves:N"` (the
    /// next N moves).
    #[getter]
    fn horizon(&self) -> String {
        self.analysis.horizon().to_string()
    }

    /// Worlds solved (1 when exact).
    #[getter]
    fn worlds(&self) -> u32 {
        self.analysis.worlds()
    }

    /// Worlds sampled and left out, as their solve ran out of its node budget.
    #[getter]
    fn left_out(&self) -> u32 {
        self.analysis.left_out()
    }

    /// Every legal move, best first.
    #[getter]
    fn moves(&self) -> Vec<PyMoveAnalysis> {
        (self.analysis.moves().iter())
            .map(|&tally| PyMoveAnalysis { tally })
            .collect()
    }

    /// The best move.
    #[getter]
    fn best<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        move_object(py, self.analysis.best().played())
    }

    /// The move the bot plays from the seat's view with the same seed (None with
    /// everything known).
    #[getter]
    fn bot_move<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        self.bot_move
            .map(|played| move_object(py, played))
            .transpose()
    }

    /// With everything known, the best line to the end of the game, this move first (with
    /// more than two players, the others play against the seat); else empty.
    #[getter]
    fn line<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, self.analysis.line().iter().copied())
    }

    /// Nodes the solver searched.
    #[getter]
    fn nodes(&self) -> u64 {
        self.analysis.nodes()
    }

    /// Milliseconds the analysis took (the bot's own move not included).
    #[getter]
    fn elapsed_ms(&self) -> u64 {
        self.elapsed_ms
    }

    fn __repr__(&self) -> String {
        format!(
            "<Analysis seat={} exact={} horizon={} moves={} best={}>",
            self.analysis.seat(),
            crate::moves::py_bool(self.analysis.is_exact()),
            self.horizon(),
            self.analysis.moves().len(),
            self.analysis.best().played()
        )
    }
}

/// What to analyse: a seat's view, or a game with everything known.
enum Target {
    Seat(Game, usize),
    Everything(Game),
}

impl Target {
    fn of(target: &Bound<'_, PyAny>) -> PyResult<Target> {
        if let Ok(position) = target.cast::<PyPosition>() {
            let position = &position.get().position;
            let game = Game::from_position(position);
            return Ok(match position.seat() {
                Some(seat) => Target::Seat(game, seat),
                None => Target::Everything(game),
            });
        }
        if let Ok(view) = target.cast::<PyView>() {
            let view = view.get();
            return Ok(Target::Seat(view.game().clone(), view.view().seat()));
        }
        if let Ok(game) = target.cast::<PyGame>() {
            return Ok(Target::Everything(game.borrow().game.clone()));
        }
        Err(PyTypeError::new_err(format!(
            "expected a Position, a View or a Game, not {}",
            target.get_type().name()?
        )))
    }
}

/// The options of the bot that weighs a seat's moves, which must be PIMC.
fn judging_bot(text: &str) -> PyResult<PimcOptions> {
    let bot_error = |error: &dyn std::fmt::Display| PyValueError::new_err(format!("bot: {error}"));
    let spec = text.parse::<BotSpec>().map_err(|error| bot_error(&error))?;
    weighing_options(&spec).map_err(|error| bot_error(&error))
}

/// The core's reason, with the argument to raise when a budget ran out.
fn analysis_error(error: AnalysisError, budget: &str) -> PyErr {
    match error {
        AnalysisError::OutOfBudget { .. } => {
            PyValueError::new_err(format!("{error} (raise {budget})"))
        }
        _ => value_error(error),
    }
}

/// A seat's moves over the bot's worlds, and the bot's own move with the same seed.
fn analyze_seat(
    view: &PlayerView<'_>,
    options: &PimcOptions,
    seed: u64,
) -> Result<PyAnalysis, AnalysisError> {
    let mut entries = vec![Entry::EMPTY; BotSpec::Pimc(*options).memory_entries()];
    let mut values = vec![0; values_needed(view, options)];
    let started = Instant::now();
    let analysis = analyze_view(view, options, seed, &mut entries, &mut values)?;
    let elapsed_ms = started.elapsed().as_millis() as u64;
    let bot_move = PimcBot::new(*options, seed, &mut entries).choose(view);
    Ok(PyAnalysis {
        analysis,
        bot_move: Some(bot_move),
        elapsed_ms,
    })
}

/// Every legal move of the seat to move, valued (without the GIL).
///
/// `target` is a `Position`, a `View` or a `Game`. A seat's position or view is analysed
/// from that seat's view alone: `bot` (pimc, with its options: `"pimc:samples=32"`) samples
/// the cards the seat has not seen as it does when it plays, from `seed`, and every legal
/// move is solved in every world, to the bot's horizon. A `Game`, or a position with
/// everything known, is solved exactly to the end of the game within `nodes` nodes, with
/// the best line. A `ValueError` says why a target cannot be analysed: the game is over,
/// the seat is not to move, the budget ran out, a bad bot.
#[pyfunction]
#[pyo3(signature = (target, bot = "pimc", *, seed = 1, nodes = EXACT_NODES))]
pub fn analyze(
    py: Python<'_>,
    target: &Bound<'_, PyAny>,
    bot: &str,
    #[pyo3(from_py_with = int_arg::seed)] seed: u64,
    #[pyo3(from_py_with = int_arg::nodes)] nodes: u64,
) -> PyResult<PyAnalysis> {
    let options = judging_bot(bot)?;
    if nodes == 0 {
        return Err(PyValueError::new_err("nodes must be at least 1"));
    }
    match Target::of(target)? {
        Target::Seat(game, seat) => {
            let view = game.view(seat).ok_or_else(|| value_error("no such seat"))?;
            py.detach(|| analyze_seat(&view, &options, seed))
                .map_err(|error| analysis_error(error, "the bot's nodes"))
        }
        Target::Everything(game) => py
            .detach(|| {
                let mut entries = vec![Entry::EMPTY; EXACT_ENTRIES];
                let started = Instant::now();
                let analysis = analyze_game(&game, Some(nodes), &mut entries)?;
                Ok(PyAnalysis {
                    analysis,
                    bot_move: None,
                    elapsed_ms: started.elapsed().as_millis() as u64,
                })
            })
            .map_err(|error| analysis_error(error, "nodes")),
    }
}

//! `tablic._tablic`: the native module under the `tablic` Python package.
//!
//! A thin layer: it converts between Python objects and `tablic_core` values, releases the
//! interpreter during long work, and turns every error into a Python exception. Rules, bots
//! and matches all live in `tablic_core`.
//!
//! - `card.rs`: `Card` (52 shared objects), and card sets as `tablic.CardSet`.
//! - `moves.rs`: moves as `tablic.Move`, and `Played`; `captures()`, `capture_groups()`
//!   and `capture_problem()`. `CardSet` and `Move` subclass `frozenset` and `tuple`, which
//!   a class of this module cannot under the stable ABI: they are Python classes
//!   (`tablic/_cards.py`) over this module's conversions, checks and notation.
//! - `rules.rs`: `Rules`, the sides and house rules a game is played under;
//!   `match_to_target.rs`: `MatchToTarget`, a match to 101, and its `SheetLine`s.
//! - `game.rs`: `Game`; `view.rs`: `View`, what one seat may know; `outcome.rs`: results;
//!   `position.rs`: `Position`, a game part way through as one line of text.
//! - `bot.rs`: `Bot`, a built-in bot by name and options; `players.rs`: games between
//!   built-in bots and Python objects with a `choose(view)` method.
//! - `analysis.rs`: `analyze()`, every legal move of a position valued by the core's
//!   analysis (`Analysis`, `MoveAnalysis`).
//! - `int_arg.rs`: int arguments whose out-of-range values name the argument and range.
//! - `matches.rs`: `play_match()`, the core's match harness on threads, without the GIL;
//!   pieces of a match (`play_match_groups`, `MatchTally`) for other processes and machines;
//!   `play_tournament()`, a round robin over the core's tournament plan.
//! - `encoding.rs`: the observation and action encodings of `tablic.encoding`, once.
//! - `vector.rs`: `VectorGames`, many games stepped together for `tablic.vector`.
//! - `worlds.rs`: `sample_world()`, a world consistent with a view, as the PIMC bot draws it.

mod analysis;
mod bot;
mod card;
mod checkpointed;
mod encoding;
mod errors;
mod files;
mod game;
mod game_class;
mod int_arg;
mod listing;
mod match_to_target;
mod matches;
mod moves;
mod outcome;
mod players;
mod position;
mod rules;
mod vector;
mod view;
mod worlds;

use pyo3::prelude::*;

#[pymodule]
fn _tablic(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add_class::<card::PyCard>()?;
    module.add_class::<moves::PyPlayed>()?;
    module.add_class::<game_class::PyGame>()?;
    module.add_class::<view::PyView>()?;
    module.add_class::<position::PyPosition>()?;
    module.add_class::<outcome::PySeatResult>()?;
    module.add_class::<outcome::PyGameResult>()?;
    module.add_class::<rules::PyRules>()?;
    module.add_class::<match_to_target::PyMatchToTarget>()?;
    module.add_class::<match_to_target::PySheetLine>()?;
    module.add_class::<bot::PyBot>()?;
    module.add_class::<analysis::PyAnalysis>()?;
    module.add_class::<analysis::PyMoveAnalysis>()?;
    module.add_function(wrap_pyfunction!(analysis::analyze, module)?)?;
    module.add_class::<matches::PyBotStats>()?;
    module.add_class::<matches::PyMatchResult>()?;
    module.add_function(wrap_pyfunction!(card::card_set, module)?)?;
    module.add_function(wrap_pyfunction!(card::cards_text, module)?)?;
    module.add_function(wrap_pyfunction!(moves::new_move, module)?)?;
    module.add_function(wrap_pyfunction!(moves::move_text, module)?)?;
    module.add_function(wrap_pyfunction!(moves::captures, module)?)?;
    module.add_function(wrap_pyfunction!(moves::capture_groups, module)?)?;
    module.add_function(wrap_pyfunction!(moves::capture_problem, module)?)?;
    module.add_function(wrap_pyfunction!(players::play_game, module)?)?;
    module.add_class::<matches::PyMatchTally>()?;
    module.add_class::<matches::PyTournamentResult>()?;
    module.add_function(wrap_pyfunction!(matches::play_tournament, module)?)?;
    module.add_function(wrap_pyfunction!(matches::play_match, module)?)?;
    module.add_function(wrap_pyfunction!(matches::play_match_groups, module)?)?;
    module.add_function(wrap_pyfunction!(matches::split_match, module)?)?;
    module.add("MAX_SPLIT_PARTS", matches::MAX_PARTS)?;
    module.add("MAX_LISTED", tablic_core::MAX_LISTED)?;
    module.add("BOT_SEED_INDEX", tablic_core::matches::BOT_SEED_INDEX)?;
    module.add_function(wrap_pyfunction!(matches::derive_seed, module)?)?;
    module.add(
        "IllegalMoveError",
        module.py().get_type::<errors::IllegalMoveError>(),
    )?;
    module.add_function(wrap_pyfunction!(encoding::observe_flat, module)?)?;
    module.add_function(wrap_pyfunction!(encoding::legal_action_codes, module)?)?;
    module.add("MAX_CAPTURES_PER_CARD", encoding::MAX_CAPTURES_PER_CARD)?;
    module.add_class::<vector::PyVectorGames>()?;
    module.add_function(wrap_pyfunction!(worlds::sample_world, module)?)?;
    Ok(())
}

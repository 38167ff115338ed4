//! `Game`, the Python class of a whole game: what other classes take and give (a
//! `Position` of it, a bot's move in it); its methods are in `game.rs`.

use pyo3::prelude::*;
use tablic_core::Game;

/// A game of tablić: `Game(players=2, seed=…)` deals from the deck of `seed` (the same deck
/// on every platform, forever); `deck=` gives the order instead (52 cards, top first).
/// Without either, the seed is random. `rules=` (a `Rules` or its text) sets the sides and
/// house rules; the default is the original game. `Game.from_position` starts part way
/// through.
/// Copies, deep copies and pickles are independent games.
#[pyclass(name = "Game", module = "tablic._tablic")]
#[derive(Clone)]
pub struct PyGame {
    pub game: Game,
}

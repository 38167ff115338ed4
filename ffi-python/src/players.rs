//! Games between built-in bots and Python players.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use tablic_core::dealing::seeding::derive_seed;
use tablic_core::matches::BOT_SEED_INDEX;
use tablic_core::{DeckOrigin, Game};

use crate::bot::{parse_spec, PyBot};
use crate::errors::illegal_by;
use crate::game_class::PyGame;
use crate::moves::to_move;
use crate::outcome::PyGameResult;
use crate::view::PyView;

/// Plays `game` to its end, `players[i]` at seat i: each a `Bot`, a bot spec as `match`
/// takes it (`"greedy"`, `"minimax:depth=3"`), or any Python object with a `choose(view)`
/// method that returns a `Move` (or a `(card, capture)` pair) for its seat. A spec at seat
/// i gets the seed `match` gives the bot at that seat, `derive_seed(game.seed, 1000 + i)`
/// (seed 0 for a given deck or a position), so
/// `play_game(Game(seed=derive_seed(s, g)), specs)` plays deal group g of
/// `match(specs, …, seed=s)` (its first rotation with `duplicate`). Bots
/// decide without the GIL. An illegal answer raises `IllegalMoveError` naming the seat and
/// the reason; the game keeps every move played before it.
#[pyfunction]
pub fn play_game(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    players: Vec<Bound<'_, PyAny>>,
) -> PyResult<PyGameResult> {
    let seats = game.borrow().game.players().get();
    if players.len() != seats {
        return Err(PyValueError::new_err(format!(
            "{} players for a game of {seats}",
            players.len()
        )));
    }
    let deal_seed = match game.borrow().game.origin() {
        DeckOrigin::Seed(seed) => seed,
        DeckOrigin::Given | DeckOrigin::Position => 0,
    };
    let players = players
        .into_iter()
        .enumerate()
        .map(|(seat, player)| {
            if let Ok(spec) = player.cast::<PyString>() {
                let spec = parse_spec(spec.to_str()?)?;
                let seed = derive_seed(deal_seed, BOT_SEED_INDEX + seat as u64);
                return Ok(Bound::new(py, PyBot::of(spec, seed))?.into_any());
            }
            if !player.is_instance_of::<PyBot>() && !player.hasattr("choose")? {
                return Err(PyTypeError::new_err(format!(
                    "player {seat} is not a bot's spec and has no choose(view) method"
                )));
            }
            Ok(player)
        })
        .collect::<PyResult<Vec<_>>>()?;
    loop {
        let snapshot: Game = game.borrow().game.clone();
        let Some(seat) = snapshot.to_move() else {
            break;
        };
        let player = &players[seat];
        let chosen = if let Ok(bot) = player.cast::<PyBot>() {
            bot.borrow_mut()
                .choose_in(py, &snapshot)
                .ok_or_else(|| PyValueError::new_err("the game is over"))?
        } else {
            let answer = player.call_method1("choose", (PyView::of(&snapshot, seat)?,))?;
            answer_to_move(&answer).map_err(|error| {
                PyTypeError::new_err(format!(
                    "seat {seat}'s choose(view) answered badly: {error}"
                ))
            })?
        };
        game.borrow_mut()
            .game
            .play(chosen)
            .map_err(|reason| illegal_by(seat, chosen, reason))?;
    }
    let result = game.borrow().game.result();
    result
        .map(PyGameResult::from)
        .ok_or_else(|| PyValueError::new_err("the game did not end"))
}

/// A player's answer: a `Move`, or a `(card, capture)` pair.
fn answer_to_move(answer: &Bound<'_, PyAny>) -> PyResult<tablic_core::Move> {
    if !answer.is_instance_of::<PyTuple>() {
        return Err(PyTypeError::new_err(format!(
            "expected a Move or a (card, capture) pair, not {}",
            answer.get_type().name()?
        )));
    }
    to_move(answer, None)
}

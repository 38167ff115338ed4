//! Games between built-in bots and Python players.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use tablic_core::Game;

use crate::bot::PyBot;
use crate::errors::illegal_by;
use crate::game::PyGame;
use crate::moves::PyMove;
use crate::outcome::PyGameResult;
use crate::view::PyView;

/// Plays `game` to its end, `players[i]` at seat i: each a `Bot`, or any Python object
/// with a `choose(view)` method that returns a `Move` (or a `(card, capture)` pair) for
/// its seat. Bots decide without the GIL. An illegal answer raises `IllegalMoveError`
/// naming the seat and the reason; the game keeps every move played before it.
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
    for (seat, player) in players.iter().enumerate() {
        if !player.is_instance_of::<PyBot>() && !player.hasattr("choose")? {
            return Err(PyTypeError::new_err(format!(
                "player {seat} has no choose(view) method"
            )));
        }
    }
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
    if let Ok(played) = answer.cast::<PyMove>() {
        return Ok(played.get().0);
    }
    let (card, capture): (Bound<'_, PyAny>, Bound<'_, PyAny>) = answer.extract()?;
    crate::game::to_move(&card, Some(&capture))
}

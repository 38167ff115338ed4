//! A game's rules and sides: who plays with whom, and each side's result.

use tablic_core::{Game, GameResult};

use crate::boundary::{fill, write_out};
use crate::game::{read_game, tablic_game, tablic_seat_result};
use crate::result::tablic_result;
use crate::rules::tablic_rules;

/// One side's final result (`tablic_game_side_results`): its seats' card points, tablas and
/// cards added up, `most_cards` when the side holds strictly the most cards, and the total.
pub type tablic_side_result = tablic_seat_result;

/// The rules the game is played under.
///
/// # Safety
/// `game` must be a live handle; `rules` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_rules(
    game: *const tablic_game,
    rules: *mut tablic_rules,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe { read_game(game, |game| write_out(rules, game.rules().into())) }
}

/// How many sides play: the players over the side size (the players, when everyone plays
/// alone).
///
/// # Safety
/// `game` must be a live handle; `count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_side_count(
    game: *const tablic_game,
    count: *mut u32,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe { read_game(game, |game| write_out(count, game.side_count() as u32)) }
}

/// The side `seat` plays for (`TABLIC_RESULT_INVALID_SEAT` for a seat the game does not
/// have).
///
/// # Safety
/// `game` must be a live handle; `side` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_side_of(
    game: *const tablic_game,
    seat: u32,
    side: *mut u32,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_game(game, |game| {
            if seat as usize >= game.players().get() {
                return Err(tablic_result::InvalidSeat);
            }
            write_out(side, game.side_of(seat as usize) as u32)
        })
    }
}

/// The result of a finished game, one entry per side, side 0 first; buffer rules as
/// `tablic_game_result`, with `*count` the number of sides. When everyone plays alone, the
/// sides' results are the seats'. Before the end: `TABLIC_RESULT_GAME_NOT_OVER`.
///
/// # Safety
/// As `tablic_game_result`.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_side_results(
    game: *const tablic_game,
    results: *mut tablic_side_result,
    capacity: usize,
    count: *mut usize,
) -> tablic_result {
    let finished = |game: &Game| game.result().ok_or(tablic_result::GameNotOver);
    // SAFETY: the caller's guarantees are this function's.
    unsafe { read_sides(game, finished, results, capacity, count) }
}

/// Each side's score so far, for a scoreboard during play; buffer rules as
/// `tablic_game_side_results`, and at the end the same results. Before the end it counts
/// the piles as they stand: the cards still on the table are nobody's yet, and `most_cards`
/// marks the side that has taken strictly the most cards so far (its `total` counts the +3
/// it would get if the game ended so).
///
/// # Safety
/// As `tablic_game_result`.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_side_results_so_far(
    game: *const tablic_game,
    results: *mut tablic_side_result,
    capacity: usize,
    count: *mut usize,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_sides(
            game,
            |game| Ok(game.result_so_far()),
            results,
            capacity,
            count,
        )
    }
}

/// Writes each side's result in `result_of(game)`, side 0 first, into a caller's buffer
/// (as `fill`).
///
/// # Safety
/// As `tablic_game_result`.
unsafe fn read_sides(
    game: *const tablic_game,
    result_of: impl FnOnce(&Game) -> Result<GameResult, tablic_result>,
    results: *mut tablic_side_result,
    capacity: usize,
    count: *mut usize,
) -> tablic_result {
    // SAFETY: the caller's guarantees.
    unsafe {
        read_game(game, |game| {
            let result = result_of(game)?;
            let sides = (0..result.side_count()).map(|side| result.side(side).into());
            fill(results, capacity, count, sides)
        })
    }
}

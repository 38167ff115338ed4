//! The match-to-a-target handle, "a match to 101": games one after another, each side's
//! score added to its running total, until a side has reached the target and leads alone.
//! The match, its seating and its scoring are the core's `MatchToTarget`.
//!
//! The match numbers its players 0 to n − 1 for the whole match; player `p` plays for side
//! `p % (n / side_size)`. Game `g` is led by player `g % n`, so a game's seat `s` is player
//! `(s + leader) % n`: `tablic_match_to_target_player_at` and `_seat_of` convert.

pub mod record;
pub mod sheet;

use core::mem::{align_of, size_of};

use tablic_core::game::match_to_target::{MatchError, MatchToTarget, DEFAULT_TARGET, MAX_TARGET};

use crate::boundary::{borrow, borrow_mut, fill, require, with_boundary, write_out};
use crate::game::{tablic_game, tablic_move, tablic_played};
use crate::placement::{free, place, Placement};
use crate::player_count::player_count;
use crate::result::tablic_result;
use crate::rules::tablic_rules;

/// The usual target of a match: 101 points.
pub const TABLIC_MATCH_DEFAULT_TARGET: u32 = 101;

/// The highest target a match takes.
pub const TABLIC_MATCH_MAX_TARGET: u32 = 1_000_000;

// Literals for cbindgen, which cannot read the core's constants: they must agree.
const _: () = assert!(TABLIC_MATCH_DEFAULT_TARGET == DEFAULT_TARGET);
const _: () = assert!(TABLIC_MATCH_MAX_TARGET == MAX_TARGET);

/// A match to a target score: opaque. Made by `tablic_match_to_target_new` or
/// `tablic_match_to_target_new_from_record`; released by `tablic_match_to_target_free`.
pub struct tablic_match_to_target {
    played: MatchToTarget,
    /// The game in play as a game handle the caller may read (`_game`), kept equal to
    /// `played.game()` after every change.
    game: tablic_game,
    placement: Placement,
}

/// 64-bit words in a `tablic_match_to_target_storage`.
pub const TABLIC_MATCH_TO_TARGET_STORAGE_WORDS: usize = 512;

/// Memory for one match, to give to `tablic_match_to_target_new*` where there is no heap.
/// Its contents are private; it must stay in place, unmoved, until the match is freed.
#[repr(C)]
pub struct tablic_match_to_target_storage {
    /// The library's, not to be read or written.
    opaque: [u64; TABLIC_MATCH_TO_TARGET_STORAGE_WORDS],
}

// The storage holds a match on every target; a failing build here means: raise the words.
const _: () =
    assert!(size_of::<tablic_match_to_target>() <= size_of::<tablic_match_to_target_storage>());
const _: () =
    assert!(align_of::<tablic_match_to_target>() <= align_of::<tablic_match_to_target_storage>());

impl From<MatchError> for tablic_result {
    fn from(error: MatchError) -> tablic_result {
        match error {
            MatchError::Rules(_) => tablic_result::InvalidRules,
            MatchError::Target(_) => tablic_result::InvalidTarget,
            MatchError::GameNotOver => tablic_result::GameNotOver,
            MatchError::MatchOver => tablic_result::MatchOver,
        }
    }
}

impl tablic_match_to_target {
    /// Keeps the lent game handle equal to the game in play.
    fn sync(&mut self) {
        self.game.game.clone_from(self.played.game());
    }
}

/// Puts `played` where `storage` says (as `place_game`) and the handle into `*out`.
///
/// # Safety
/// As `tablic_match_to_target_new`'s `storage` and `match`.
pub(crate) unsafe fn place_match(
    storage: *mut tablic_match_to_target_storage,
    played: MatchToTarget,
    out: *mut *mut tablic_match_to_target,
) -> Result<(), tablic_result> {
    let make = |placement| tablic_match_to_target {
        game: tablic_game::lent(played.game().clone()),
        played,
        placement,
    };
    // SAFETY: the caller's guarantees; the storage holds a match (asserted above).
    unsafe { place(storage, make, out) }
}

/// Starts a match of `players` under `rules` to `target` points (`TABLIC_MATCH_DEFAULT_TARGET`
/// is 101), its games dealt from `seed`; the first game is dealt, led by player 0. Fails with
/// `TABLIC_RESULT_INVALID_PLAYER_COUNT`, `TABLIC_RESULT_INVALID_RULES` (`tablic_rules_check`
/// says why) or `TABLIC_RESULT_INVALID_TARGET`.
///
/// `storage`: memory for the match, or `NULL` to let the library allocate it (not in builds
/// without `std`: `TABLIC_RESULT_NO_ALLOCATOR`). `*match` gets the handle; release it with
/// `tablic_match_to_target_free`.
///
/// # Safety
/// A non-null `storage` must be valid for writes and hold no live match; `match` valid for a
/// write.
#[no_mangle]
pub unsafe extern "C" fn tablic_match_to_target_new(
    storage: *mut tablic_match_to_target_storage,
    players: u32,
    rules: tablic_rules,
    target: u32,
    seed: u64,
    r#match: *mut *mut tablic_match_to_target,
) -> tablic_result {
    with_boundary(|| {
        require(r#match)?;
        let players = player_count(players)?;
        let rules = rules.for_players(players)?;
        let played = MatchToTarget::new(players, rules, target, seed)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe { place_match(storage, played, r#match) }
    })
}

/// Releases a match: frees its memory if the library allocated it, and leaves the caller's
/// storage to the caller. `NULL` is accepted and does nothing.
///
/// # Safety
/// A non-null `match` must be a live handle from `tablic_match_to_target_new*`, not used
/// afterwards.
#[no_mangle]
pub unsafe extern "C" fn tablic_match_to_target_free(r#match: *mut tablic_match_to_target) {
    with_boundary(|| {
        // SAFETY: the caller's guarantee.
        unsafe { free(r#match, |handle| handle.placement) };
        Ok(())
    });
}

/// Runs `read` on the match behind a handle.
///
/// # Safety
/// A non-null `match` must be a live handle not being changed by another thread.
pub(crate) unsafe fn read_match(
    r#match: *const tablic_match_to_target,
    read: impl FnOnce(&MatchToTarget) -> Result<(), tablic_result>,
) -> tablic_result {
    with_boundary(|| {
        // SAFETY: the caller's guarantee.
        let handle = unsafe { borrow(r#match) }?;
        read(&handle.played)
    })
}

/// The game in play, or the last one once it is over, as a game handle for every
/// `tablic_game_*` function that reads (views, legal moves, results, its record, positions)
/// and for `tablic_bot_choose`. Its seats are the game's: seat 0 is the player who leads.
/// The handle is the match's: read-only, not to be freed, and valid until the match is
/// played on, rewound, dealt its next game or freed. Moves go through
/// `tablic_match_to_target_play`.
///
/// # Safety
/// `match` must be a live handle; `game` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_match_to_target_game(
    r#match: *const tablic_match_to_target,
    game: *mut *const tablic_game,
) -> tablic_result {
    with_boundary(|| {
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            let handle = borrow(r#match)?;
            write_out(game, &handle.game as *const tablic_game)
        }
    })
}

/// Plays `move` in the game in play, for the seat to move, as `tablic_game_play` does; the
/// move that ends the game adds the game's scores to the running totals. An illegal move
/// changes nothing and returns why.
///
/// # Safety
/// `match` must be a live handle that no other thread uses; a non-null `played` valid for a
/// write.
#[no_mangle]
pub unsafe extern "C" fn tablic_match_to_target_play(
    r#match: *mut tablic_match_to_target,
    r#move: tablic_move,
    played: *mut tablic_played,
) -> tablic_result {
    with_boundary(|| {
        // SAFETY: the caller's guarantee.
        let handle = unsafe { borrow_mut(r#match) }?;
        let outcome = handle.played.play(r#move.to_move()?)?;
        handle.sync();
        // SAFETY: the caller's guarantee.
        unsafe { crate::boundary::write_optional(played, outcome.into()) };
        Ok(())
    })
}

/// Deals the next game, led by the next player, once the game in play is over
/// (`TABLIC_RESULT_GAME_NOT_OVER` before) and the match is not
/// (`TABLIC_RESULT_MATCH_OVER`). Write the finished game's record block
/// (`tablic_match_to_target_game_record`) first if you keep the match's record.
///
/// # Safety
/// `match` must be a live handle that no other thread uses.
#[no_mangle]
pub unsafe extern "C" fn tablic_match_to_target_next_game(
    r#match: *mut tablic_match_to_target,
) -> tablic_result {
    with_boundary(|| {
        // SAFETY: the caller's guarantee.
        let handle = unsafe { borrow_mut(r#match) }?;
        handle.played.next_game()?;
        handle.sync();
        Ok(())
    })
}

/// Undoes moves: the match goes back to where it stood after the first `moves` moves of the
/// game in play (after all of them, if it has fewer). A game just over goes back into play
/// when `moves` is fewer than its moves: its scores come off the running totals, and its
/// sheet line and record block are no longer the match's (drop them if you keep them). The
/// match is then the one its record cut at that move reads back to.
///
/// # Safety
/// `match` must be a live handle that no other thread uses.
#[no_mangle]
pub unsafe extern "C" fn tablic_match_to_target_rewind(
    r#match: *mut tablic_match_to_target,
    moves: usize,
) -> tablic_result {
    with_boundary(|| {
        // SAFETY: the caller's guarantee.
        let handle = unsafe { borrow_mut(r#match) }?;
        handle.played = handle.played.rewound(moves);
        handle.sync();
        Ok(())
    })
}

/// What a match says at a glance (`tablic_match_to_target_describe`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tablic_match_to_target_info {
    /// Players in the match.
    pub players: u32,
    /// Sides in the match.
    pub sides: u32,
    /// The rules of every game.
    pub rules: tablic_rules,
    /// The score that ends the match.
    pub target: u32,
    /// The seed its games are dealt from.
    pub seed: u64,
    /// The number of the game in play (or just over), from 1.
    pub game_number: u32,
    /// Games played to the end.
    pub finished_games: u32,
    /// The player who leads the game in play (sits in its seat 0).
    pub leader: u32,
    /// The side that won the match, or -1 while it is undecided.
    pub winner: i32,
}

/// The match at a glance: players, sides, rules, target, seed, which game, who leads it,
/// and the winner once the match is decided.
///
/// # Safety
/// `match` must be a live handle; `info` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_match_to_target_describe(
    r#match: *const tablic_match_to_target,
    info: *mut tablic_match_to_target_info,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_match(r#match, |played| {
            let value = tablic_match_to_target_info {
                players: played.players().get() as u32,
                sides: played.side_count() as u32,
                rules: played.rules().into(),
                target: played.target(),
                seed: played.seed(),
                game_number: played.game_number(),
                finished_games: played.finished_games(),
                leader: played.leader() as u32,
                winner: crate::game::seat_or_minus_one(played.winner()),
            };
            write_out(info, value)
        })
    }
}

/// The running totals by the match's sides, side 0 first, including the game in play once
/// it is over: the first `capacity` go into `totals`, and `*count` gets the number of sides
/// (`TABLIC_RESULT_BUFFER_TOO_SMALL` when that is more than `capacity`).
///
/// # Safety
/// `match` must be a live handle; a non-null `totals` valid for `capacity` writes; `count`
/// valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_match_to_target_totals(
    r#match: *const tablic_match_to_target,
    totals: *mut u32,
    capacity: usize,
    count: *mut usize,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_match(r#match, |played| {
            fill(totals, capacity, count, played.totals().iter().copied())
        })
    }
}

/// The side alone with the highest running total, or -1 while two or more share it (as
/// before any game is over). A match stopped after an agreed number of games, a series, is
/// won by this side whether or not it reached the target; a match played to the target is
/// won once `tablic_match_to_target_info`'s `winner` names it.
///
/// # Safety
/// `match` must be a live handle; `side` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_match_to_target_ahead(
    r#match: *const tablic_match_to_target,
    side: *mut i32,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_match(r#match, |played| {
            write_out(side, crate::game::seat_or_minus_one(played.ahead()))
        })
    }
}

/// The player number `number` checked against the match's players (`InvalidSeat`).
fn player_of(played: &MatchToTarget, number: u32) -> Result<usize, tablic_result> {
    let number = number as usize;
    if number < played.players().get() {
        Ok(number)
    } else {
        Err(tablic_result::InvalidSeat)
    }
}

/// The side `player` plays for, all match long (`TABLIC_RESULT_INVALID_SEAT` past the
/// players).
///
/// # Safety
/// `match` must be a live handle; `side` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_match_to_target_side_of(
    r#match: *const tablic_match_to_target,
    player: u32,
    side: *mut u32,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_match(r#match, |played| {
            write_out(side, played.side_of(player_of(played, player)?) as u32)
        })
    }
}

/// The player in seat `seat` of the game in play (`TABLIC_RESULT_INVALID_SEAT` past the
/// players).
///
/// # Safety
/// `match` must be a live handle; `player` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_match_to_target_player_at(
    r#match: *const tablic_match_to_target,
    seat: u32,
    player: *mut u32,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_match(r#match, |played| {
            write_out(player, played.player_at(player_of(played, seat)?) as u32)
        })
    }
}

/// The seat of the game in play where `player` sits (`TABLIC_RESULT_INVALID_SEAT` past the
/// players).
///
/// # Safety
/// `match` must be a live handle; `seat` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_match_to_target_seat_of(
    r#match: *const tablic_match_to_target,
    player: u32,
    seat: *mut u32,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_match(r#match, |played| {
            write_out(seat, played.seat_of(player_of(played, player)?) as u32)
        })
    }
}

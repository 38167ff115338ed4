//! A match's record across the boundary, written as it goes and read back to resume.
//!
//! The match keeps no game but the one in play, so the caller keeps the record: the header
//! once (`tablic_match_to_target_record_header`), each game's block when it is over
//! (`tablic_match_to_target_game_record`, before `tablic_match_to_target_next_game`), and
//! the block of the game in play last, rewritten as it goes on.

use core::ffi::{c_char, c_void};

use tablic_core::game::match_to_target::MatchToTarget;
use tablic_core::SeatNames;

use crate::boundary::{require, with_boundary};
use crate::match_to_target::sheet::tablic_sheet_line;
use crate::match_to_target::{
    place_match, read_match, tablic_match_to_target, tablic_match_to_target_storage,
};
use crate::result::tablic_result;
use crate::text::{read_text, write_message, write_text};

/// Called by `tablic_match_to_target_new_from_record` with each finished game's score-sheet
/// line, in order, and the caller's `context`. It must not unwind (no C++ exception).
pub type tablic_sheet_line_fn =
    Option<unsafe extern "C" fn(context: *mut c_void, line: *const tablic_sheet_line)>;

/// Writes the record's first lines (`tablic-match 1`, the players, the rules unless they are
/// the original ones, the target, the seed, and a `name PLAYER NAME` line for each player
/// `names` names), NUL-terminated; buffer rules as `tablic_game_record`. `names` holds
/// `name_count` names, player 0 first (`NULL` and 0 for none; a `NULL` name leaves its player
/// unnamed), each 1 to 64 bytes of UTF-8 without control characters or spaces at either end:
/// otherwise, or with more names than players, the result is `TABLIC_RESULT_INVALID_NAME`.
/// 256 bytes always suffice without names, and 80 more a name.
///
/// # Safety
/// `match` must be a live handle; a non-null `names` valid for `name_count` reads, each
/// non-null name NUL-terminated; `buffer` valid for `capacity` bytes of writes; a non-null
/// `length` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_match_to_target_record_header(
    r#match: *const tablic_match_to_target,
    names: *const *const c_char,
    name_count: usize,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_match(r#match, |played| {
            let names = read_names(names, name_count, played.players().get())?;
            write_text(buffer, capacity, length, played.record_header(Some(&names)))
        })
    }
}

/// The names a caller gives `count` players of a match of `players`.
///
/// # Safety
/// As `tablic_match_to_target_record_header`'s `names`.
unsafe fn read_names<'a>(
    names: *const *const c_char,
    count: usize,
    players: usize,
) -> Result<SeatNames<'a>, tablic_result> {
    if count > players {
        return Err(tablic_result::InvalidName);
    }
    let mut named = SeatNames::NONE;
    if count == 0 {
        return Ok(named);
    }
    require(names)?;
    // SAFETY: non-null and valid for `count` reads by the caller's guarantee.
    let given = unsafe { core::slice::from_raw_parts(names, count) };
    for (player, &name) in given.iter().enumerate() {
        if !name.is_null() {
            // SAFETY: non-null and NUL-terminated by the caller's guarantee.
            let name = unsafe { read_text(name) }?;
            named
                .set(player, name)
                .map_err(|_| tablic_result::InvalidName)?;
        }
    }
    Ok(named)
}

/// Writes the game in play (or just over) as its block of the record: `game N`, its moves
/// as `play` lines and, once it is over, its `result` by the match's sides. Buffer rules as
/// `tablic_game_record`; 4096 bytes always suffice for two players.
///
/// # Safety
/// As `tablic_match_to_target_record_header`.
#[no_mangle]
pub unsafe extern "C" fn tablic_match_to_target_game_record(
    r#match: *const tablic_match_to_target,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_match(r#match, |played| {
            write_text(buffer, capacity, length, played.game_record())
        })
    }
}

/// Reads a match record (the header, then each game's block) and replays every game in it,
/// checking each move and result: the match is where the record stops, the middle of a game
/// too, ready to play on. `on_game_over` (may be `NULL`) is called with each finished game's
/// score-sheet line, in order, and `context`. On failure the result is
/// `TABLIC_RESULT_INVALID_RECORD` and the line and reason go into `message` (may be `NULL`).
/// `storage` and `match` as `tablic_match_to_target_new`.
///
/// # Safety
/// `text` must be a NUL-terminated string; `storage` and `match` as
/// `tablic_match_to_target_new`; a non-null `message` valid for `message_capacity` bytes.
#[no_mangle]
pub unsafe extern "C" fn tablic_match_to_target_new_from_record(
    storage: *mut tablic_match_to_target_storage,
    text: *const c_char,
    on_game_over: tablic_sheet_line_fn,
    context: *mut c_void,
    r#match: *mut *mut tablic_match_to_target,
    message: *mut c_char,
    message_capacity: usize,
) -> tablic_result {
    with_boundary(|| {
        require(r#match)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            let finished = |line: &_| {
                if let Some(call) = on_game_over {
                    let line = tablic_sheet_line::from(line);
                    call(context, &line);
                }
            };
            let (played, _) =
                MatchToTarget::from_record(read_text(text)?, finished).map_err(|error| {
                    write_message(message, message_capacity, error);
                    tablic_result::InvalidRecord
                })?;
            place_match(storage, played, r#match)
        }
    })
}

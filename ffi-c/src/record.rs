//! Game records across the boundary: written into a caller's buffer, read into a new game.

use core::ffi::c_char;

use tablic_core::Game;

use crate::boundary::with_boundary;
use crate::game::{place_game, tablic_game, tablic_game_storage};
use crate::result::tablic_result;
use crate::text::{read_text, write_message, write_text};

/// Writes the game's record (`tablic-record 1`, the players, the deck, its seed or the
/// position it started from, every move, and the result once finished) as NUL-terminated text, and its length without the
/// NUL into `*length` (which may be `NULL`). When `capacity` is too small nothing is written
/// to `buffer`, `*length` is the length needed and the result is
/// `TABLIC_RESULT_BUFFER_TOO_SMALL`. 4096 bytes always suffice for two players.
///
/// # Safety
/// `game` must be a live handle; `buffer` valid for `capacity` bytes of writes; a non-null
/// `length` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_record(
    game: *const tablic_game,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> tablic_result {
    with_boundary(|| {
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            let handle = crate::boundary::borrow(game)?;
            write_text(buffer, capacity, length, handle.game.record())
        }
    })
}

/// Creates a game by replaying a record (as `tablic_game_record` writes it): every move is
/// checked, and a `result` line must agree with the replay. On failure, writes the line and
/// the reason into `message` (may be `NULL`). `storage` and `game` as `tablic_game_new`.
///
/// # Safety
/// `text` must be a NUL-terminated string; `storage` and `game` as `tablic_game_new`; a
/// non-null `message` valid for `message_capacity` bytes.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_new_from_record(
    storage: *mut tablic_game_storage,
    text: *const c_char,
    game: *mut *mut tablic_game,
    message: *mut c_char,
    message_capacity: usize,
) -> tablic_result {
    with_boundary(|| {
        crate::boundary::require(game)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            let replayed = Game::from_record(read_text(text)?).map_err(|error| {
                write_message(message, message_capacity, error);
                tablic_result::InvalidRecord
            })?;
            place_game(storage, replayed, game)
        }
    })
}

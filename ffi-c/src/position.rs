//! The position handle: a game part way through, read from and written as one line of text,
//! taken from a game or a seat's view, and a game that plays on from it.

use core::ffi::c_char;
use core::mem::{align_of, size_of};

use tablic_core::{Game, Position};

use crate::boundary::{borrow, require, with_boundary, write_out};
use crate::game::{place_game, seat_or_minus_one, tablic_game, tablic_game_storage};
use crate::placement::{free, place, Placement};
use crate::result::tablic_result;
use crate::rules::tablic_rules;
use crate::text::{read_text, write_message, write_text};

/// A position: opaque. Made by `tablic_position_new_from_text`,
/// `tablic_position_new_from_game` or `tablic_position_new_from_view`; released by
/// `tablic_position_free`.
pub struct tablic_position {
    pub(crate) position: Position,
    placement: Placement,
}

/// 64-bit words in a `tablic_position_storage`.
pub const TABLIC_POSITION_STORAGE_WORDS: usize = 224;

/// Memory for one position, to give to `tablic_position_new*` where there is no heap. Its
/// contents are private; it must stay in place, unmoved, until the position is freed.
#[repr(C)]
pub struct tablic_position_storage {
    /// The library's, not to be read or written.
    opaque: [u64; TABLIC_POSITION_STORAGE_WORDS],
}

// The storage holds a position on every target; a failing build here means: raise the words.
const _: () = assert!(size_of::<tablic_position>() <= size_of::<tablic_position_storage>());
const _: () = assert!(align_of::<tablic_position>() <= align_of::<tablic_position_storage>());

/// Puts `position` where `storage` says (as `place_game`) and the handle into `*out`.
///
/// # Safety
/// As `tablic_position_new_from_game`'s `storage` and `position`.
unsafe fn place_position(
    storage: *mut tablic_position_storage,
    position: Position,
    out: *mut *mut tablic_position,
) -> Result<(), tablic_result> {
    // SAFETY: the caller's guarantees; the storage holds a position (asserted above).
    unsafe {
        place(
            storage,
            |placement| tablic_position {
                position,
                placement,
            },
            out,
        )
    }
}

/// Reads a position from its one line of text, for example
/// `players=2 ply=13 turn=1 seat=1 table=AH,KH hand=2C,4H,5D,8S,9D,JS piles=…;- tablas=2,0
/// last=0`: as one seat sees it (`seat=`, its `hand=`) or with everything known (`hands=`
/// and `deck=`), optionally with every move from the start (`moves=`). It is checked
/// against the rules; on failure the result is `TABLIC_RESULT_INVALID_POSITION` and the
/// reason (which field, and why) goes into `message` (may be `NULL`).
///
/// `storage`: memory for the position, or `NULL` to let the library allocate it (not in
/// builds without `std`: `TABLIC_RESULT_NO_ALLOCATOR`). `*position` gets the handle; release
/// it with `tablic_position_free`.
///
/// # Safety
/// `text` must be a NUL-terminated string; a non-null `storage` valid for writes and holding
/// no live position; `position` valid for a write; a non-null `message` valid for
/// `message_capacity` bytes.
#[no_mangle]
pub unsafe extern "C" fn tablic_position_new_from_text(
    storage: *mut tablic_position_storage,
    text: *const c_char,
    position: *mut *mut tablic_position,
    message: *mut c_char,
    message_capacity: usize,
) -> tablic_result {
    with_boundary(|| {
        require(position)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            let read = read_text(text)?.parse::<Position>().map_err(|error| {
                write_message(message, message_capacity, error);
                tablic_result::InvalidPosition
            })?;
            place_position(storage, read, position)
        }
    })
}

/// The position of `game` with everything known: every hand and the order of the cards
/// still to be dealt; with `with_moves`, every move from the start too (a game that itself
/// started from a position without moves has none to give). `storage` and `position` as
/// `tablic_position_new_from_text`.
///
/// # Safety
/// `game` must be a live handle; `storage` and `position` as
/// `tablic_position_new_from_text`.
#[no_mangle]
pub unsafe extern "C" fn tablic_position_new_from_game(
    storage: *mut tablic_position_storage,
    game: *const tablic_game,
    with_moves: bool,
    position: *mut *mut tablic_position,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        place_position_of(storage, game, with_moves, position, |game| {
            Ok(Position::of_game(game))
        })
    }
}

/// The position as `seat` sees `game`: its hand and everything public
/// (`TABLIC_RESULT_INVALID_SEAT` for a seat the game does not have); `with_moves` as
/// `tablic_position_new_from_game`. `storage` and `position` as
/// `tablic_position_new_from_text`.
///
/// # Safety
/// As `tablic_position_new_from_game`.
#[no_mangle]
pub unsafe extern "C" fn tablic_position_new_from_view(
    storage: *mut tablic_position_storage,
    game: *const tablic_game,
    seat: u32,
    with_moves: bool,
    position: *mut *mut tablic_position,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        place_position_of(storage, game, with_moves, position, |game| {
            let view = game.view(seat as usize).ok_or(tablic_result::InvalidSeat)?;
            Ok(Position::of_view(&view))
        })
    }
}

/// Places the position `of` takes from the game behind `game`, without its moves unless
/// `with_moves`.
///
/// # Safety
/// As `tablic_position_new_from_game`.
unsafe fn place_position_of(
    storage: *mut tablic_position_storage,
    game: *const tablic_game,
    with_moves: bool,
    position: *mut *mut tablic_position,
    of: impl FnOnce(&Game) -> Result<Position, tablic_result>,
) -> tablic_result {
    with_boundary(|| {
        require(position)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            let taken = of(&borrow(game)?.game)?;
            let taken = if with_moves {
                taken
            } else {
                taken.without_moves()
            };
            place_position(storage, taken, position)
        }
    })
}

/// Releases a position: frees its memory if the library allocated it, and leaves the
/// caller's storage to the caller. `NULL` is accepted and does nothing.
///
/// # Safety
/// A non-null `position` must be a live handle from `tablic_position_new*`, not used
/// afterwards.
#[no_mangle]
pub unsafe extern "C" fn tablic_position_free(position: *mut tablic_position) {
    with_boundary(|| {
        // SAFETY: the caller's guarantee.
        unsafe { free(position, |handle| handle.placement) };
        Ok(())
    });
}

/// Runs `read` on the position behind a handle.
///
/// # Safety
/// A non-null `position` must be a live handle.
unsafe fn read_position(
    position: *const tablic_position,
    read: impl FnOnce(&Position) -> Result<(), tablic_result>,
) -> tablic_result {
    with_boundary(|| {
        // SAFETY: the caller's guarantee.
        let handle = unsafe { borrow(position) }?;
        read(&handle.position)
    })
}

/// Writes the position as its one line of text (what `tablic_position_new_from_text`
/// reads back), NUL-terminated, and its length without the NUL into `*length` (which may be
/// `NULL`). When `capacity` is too small nothing is written to `buffer`, `*length` is the
/// length needed and the result is `TABLIC_RESULT_BUFFER_TOO_SMALL`. 1024 bytes always
/// suffice.
///
/// # Safety
/// `position` must be a live handle; `buffer` valid for `capacity` bytes of writes; a
/// non-null `length` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_position_text(
    position: *const tablic_position,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_position(position, |position| {
            write_text(buffer, capacity, length, position)
        })
    }
}

/// What a position says at a glance (`tablic_position_describe`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tablic_position_info {
    /// Players in the game.
    pub players: u32,
    /// Moves made so far (0 to 48).
    pub plies: u32,
    /// The seat whose view the position is, or -1 when everything is known.
    pub seat: i32,
    /// The seat to move, or -1 at the end of the game.
    pub to_move: i32,
    /// The cards on the table.
    pub table: u64,
    /// The seat that captured last, or -1 when nobody has.
    pub last_capturer: i32,
    /// Cards not dealt yet.
    pub undealt: u32,
    /// True when the position carries every move from the start.
    pub has_moves: bool,
}

/// What the position says at a glance: players, moves made, whose view, the turn, the
/// table. A game from it (`tablic_game_new_from_position`) answers everything else.
///
/// # Safety
/// `position` must be a live handle; `info` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_position_describe(
    position: *const tablic_position,
    info: *mut tablic_position_info,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_position(position, |position| {
            let value = tablic_position_info {
                players: position.players().get() as u32,
                plies: position.plies() as u32,
                seat: seat_or_minus_one(position.seat()),
                to_move: seat_or_minus_one(position.to_move()),
                table: position.table().bits(),
                last_capturer: seat_or_minus_one(position.last_capturer()),
                undealt: position.undealt() as u32,
                has_moves: position.moves().is_some(),
            };
            write_out(info, value)
        })
    }
}

/// The rules the position's game is played under (a text without them: the original
/// rules).
///
/// # Safety
/// `position` must be a live handle; `rules` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_position_rules(
    position: *const tablic_position,
    rules: *mut tablic_rules,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_position(position, |position| {
            write_out(rules, position.rules().into())
        })
    }
}

/// Creates a game that plays on from `position`. With its moves, the game is dealt and
/// replayed from the start, history and all; without them, it starts at the position with
/// no history (`tablic_game_history` lists the moves since), and its record starts from a
/// `position` line. For a seat's position, the cards the seat has not seen are placed in a
/// fixed order: any placement gives that seat the same view. `storage` and `game` as
/// `tablic_game_new`.
///
/// # Safety
/// `position` must be a live handle; `storage` and `game` as `tablic_game_new`.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_new_from_position(
    storage: *mut tablic_game_storage,
    position: *const tablic_position,
    game: *mut *mut tablic_game,
) -> tablic_result {
    with_boundary(|| {
        require(game)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            let handle = borrow(position)?;
            place_game(storage, Game::from_position(&handle.position), game)
        }
    })
}

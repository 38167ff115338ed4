//! The bot handle: a bot by name and options, its search memory, and its choices.

use core::ffi::{c_char, c_void};
use core::mem::{align_of, size_of};

use tablic_core::bots::solver::Entry;
use tablic_core::bots::{AnyBot, BotSpec};

use crate::boundary::{borrow, borrow_mut, require, with_boundary, write_out};
use crate::game::{tablic_game, tablic_move};
use crate::placement::{free, place, Placement};
use crate::result::tablic_result;
use crate::text::{read_text, write_message};

/// A bot: opaque. Made by `tablic_bot_new`, released by `tablic_bot_free`.
pub struct tablic_bot {
    /// Declared first so it is dropped before the memory it borrows.
    bot: AnyBot<'static>,
    /// Held only to be released, after the bot.
    _memory: SearchMemory,
    placement: Placement,
}

/// The search memory a bot borrows for its whole life.
enum SearchMemory {
    /// The caller's, or none.
    Caller,
    /// Allocated by the library with the bot, freed with it.
    #[cfg(feature = "std")]
    Library(*mut [Entry]),
}

impl Drop for SearchMemory {
    fn drop(&mut self) {
        #[cfg(feature = "std")]
        if let SearchMemory::Library(entries) = *self {
            // SAFETY: made by `Box::into_raw` in `library_memory`; the bot that borrowed
            // it was dropped first (field order).
            drop(unsafe { std::boxed::Box::from_raw(entries) });
        }
    }
}

/// 64-bit words in a `tablic_bot_storage`.
pub const TABLIC_BOT_STORAGE_WORDS: usize = 16;

/// Memory for one bot, to give to `tablic_bot_new` where there is no heap. Its contents are
/// private; it must stay in place, unmoved, until the bot is freed.
#[repr(C)]
pub struct tablic_bot_storage {
    /// The library's, not to be read or written.
    opaque: [u64; TABLIC_BOT_STORAGE_WORDS],
}

// The storage holds a bot on every target; a failing build here means: raise the words.
const _: () = assert!(size_of::<tablic_bot>() <= size_of::<tablic_bot_storage>());
const _: () = assert!(align_of::<tablic_bot>() <= align_of::<tablic_bot_storage>());
const _: () = assert!(align_of::<Entry>() <= 8);

/// The bot a text names, or `InvalidBot` with the reason in `message`.
///
/// # Safety
/// As `read_text`; a non-null `message` must be valid for `message_capacity` bytes.
unsafe fn parse_spec(
    spec: *const c_char,
    message: *mut c_char,
    message_capacity: usize,
) -> Result<BotSpec, tablic_result> {
    // SAFETY: the caller's guarantees.
    unsafe {
        read_text(spec)?.parse::<BotSpec>().map_err(|error| {
            write_message(message, message_capacity, error);
            tablic_result::InvalidBot
        })
    }
}

/// The bytes of search memory the bot `spec` names works best with (0 for bots that do not
/// search a transposition table: random, greedy, minimax without `exact=`). On failure,
/// writes why into `message` (may be `NULL`).
///
/// # Safety
/// `spec` must be a NUL-terminated string; `bytes` valid for a write; a non-null `message`
/// valid for `message_capacity` bytes.
#[no_mangle]
pub unsafe extern "C" fn tablic_bot_memory_bytes(
    spec: *const c_char,
    bytes: *mut usize,
    message: *mut c_char,
    message_capacity: usize,
) -> tablic_result {
    with_boundary(|| {
        require(bytes)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            let spec = parse_spec(spec, message, message_capacity)?;
            write_out(bytes, spec.memory_entries() * size_of::<Entry>())
        }
    })
}

/// Creates a bot from its name and options, as on the command line: `random`, `greedy`,
/// `minimax:depth=3,nodes=20000`, `pimc:samples=128,nodes=40000`, `clairvoyant`,
/// `ismcts:iterations=2000,exploration=45`, `bestresponse`, and `best`, the strongest of
/// them (today ismcts). Its random choices come from `seed`, so the same seed and the same
/// game give the same moves.
///
/// - `storage`: memory for the bot, or `NULL` to let the library allocate it.
/// - `memory`, `memory_bytes`: search memory for the bots that search (pimc, clairvoyant,
///   ismcts, bestresponse), 8-byte aligned, kept by the bot until it is freed; any size
///   works, less only costs speed (`tablic_bot_memory_bytes` says how much it wants).
///   `NULL` lets the library allocate what it wants.
/// - Builds without `std` cannot allocate: `NULL` for either gives
///   `TABLIC_RESULT_NO_ALLOCATOR` (for `memory`, only when the bot needs some).
///
/// `*bot` gets the handle; release it with `tablic_bot_free`. On failure, writes why into
/// `message` (may be `NULL`).
///
/// # Safety
/// `spec` must be a NUL-terminated string; a non-null `storage` valid for writes and holding
/// no live bot; a non-null `memory` valid for `memory_bytes` bytes of reads and writes, used
/// by nothing else until the bot is freed; `bot` valid for a write; a non-null `message`
/// valid for `message_capacity` bytes.
#[no_mangle]
pub unsafe extern "C" fn tablic_bot_new(
    storage: *mut tablic_bot_storage,
    spec: *const c_char,
    seed: u64,
    memory: *mut c_void,
    memory_bytes: usize,
    bot: *mut *mut tablic_bot,
    message: *mut c_char,
    message_capacity: usize,
) -> tablic_result {
    with_boundary(|| {
        require(bot)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            let spec = parse_spec(spec, message, message_capacity)?;
            // Misaligned storage is refused before any search memory is allocated.
            if !storage.is_null() && !storage.cast::<tablic_bot>().is_aligned() {
                return Err(tablic_result::Misaligned);
            }
            let (entries, memory) = search_memory(&spec, memory, memory_bytes)?;
            let make = |placement| tablic_bot {
                bot: spec.build(seed, entries),
                _memory: memory,
                placement,
            };
            place(storage, make, bot)
        }
    })
}

/// The transposition table a bot will borrow: the caller's memory, or the library's.
///
/// # Safety
/// As `tablic_bot_new`'s `memory` and `memory_bytes`.
unsafe fn search_memory(
    spec: &BotSpec,
    memory: *mut c_void,
    memory_bytes: usize,
) -> Result<(&'static mut [Entry], SearchMemory), tablic_result> {
    if memory.is_null() {
        return library_memory(spec.memory_entries());
    }
    let first = memory.cast::<Entry>();
    if !first.is_aligned() {
        return Err(tablic_result::Misaligned);
    }
    let count = memory_bytes / size_of::<Entry>();
    for index in 0..count {
        // SAFETY: within the caller's `memory_bytes`, aligned; writing makes every entry
        // initialised before the slice below claims they are.
        unsafe { first.add(index).write(Entry::EMPTY) };
    }
    // SAFETY: `count` initialised entries, used by nothing else until the bot is freed
    // (caller's guarantee), which is the life the bot borrows them for.
    let entries = unsafe { core::slice::from_raw_parts_mut(first, count) };
    Ok((entries, SearchMemory::Caller))
}

/// `count` entries allocated for the bot (none needed: no allocation).
fn library_memory(count: usize) -> Result<(&'static mut [Entry], SearchMemory), tablic_result> {
    if count == 0 {
        return Ok((&mut [], SearchMemory::Caller));
    }
    #[cfg(feature = "std")]
    {
        let entries = std::vec![Entry::EMPTY; count].into_boxed_slice();
        let raw = std::boxed::Box::into_raw(entries);
        // SAFETY: freshly allocated, freed only by `SearchMemory::drop` after the bot.
        Ok((unsafe { &mut *raw }, SearchMemory::Library(raw)))
    }
    #[cfg(not(feature = "std"))]
    Err(tablic_result::NoAllocator)
}

/// Releases a bot and any memory the library allocated for it; the caller's storage and
/// search memory are left to the caller. `NULL` is accepted and does nothing.
///
/// # Safety
/// A non-null `bot` must be a live handle from `tablic_bot_new`, not used afterwards.
#[no_mangle]
pub unsafe extern "C" fn tablic_bot_free(bot: *mut tablic_bot) {
    with_boundary(|| {
        // SAFETY: a live handle, never used again (caller's guarantee).
        unsafe { free(bot, |handle| handle.placement) };
        Ok(())
    });
}

/// Chooses a move for `seat`, which must be the seat to move (`TABLIC_RESULT_NOT_SEATS_TURN`
/// otherwise; `TABLIC_RESULT_GAME_OVER` when the game is over). The bot sees only that
/// seat's view of the game (the clairvoyant and bestresponse bots alone see every card).
/// The game is not changed: play the move with `tablic_game_play`.
///
/// # Safety
/// `bot` and `game` must be live handles that no other thread changes meanwhile; `chosen`
/// valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_bot_choose(
    bot: *mut tablic_bot,
    game: *const tablic_game,
    seat: u32,
    chosen: *mut tablic_move,
) -> tablic_result {
    with_boundary(|| {
        // SAFETY: the caller's guarantees.
        let (handle, game) = unsafe { (borrow_mut(bot)?, &borrow(game)?.game) };
        require(chosen)?;
        if seat as usize >= game.players().get() {
            return Err(tablic_result::InvalidSeat);
        }
        let to_move = game.to_move().ok_or(tablic_result::GameOver)?;
        if to_move != seat as usize {
            return Err(tablic_result::NotSeatsTurn);
        }
        let choice = handle.bot.choose(game).ok_or(tablic_result::GameOver)?;
        // SAFETY: the caller's guarantee.
        unsafe { write_out(chosen, choice.into()) }
    })
}

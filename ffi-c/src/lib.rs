//! # tablic-ffi: the C API of tablić
//!
//! A thin layer over [`tablic_core`]: it converts, checks and reports, and holds no rule of
//! its own. `include/tablic.h` is generated from this crate by cbindgen.
//!
//! A tour:
//! - [`result`]: every function returns a [`tablic_result`]; [`tablic_result_message`]
//!   writes what a code means into the caller's buffer. Functions that read text can also
//!   write the precise reason (which line, which option) into an optional message buffer.
//! - [`version`]: the library version, equal to the `TABLIC_VERSION_*` macros.
//! - [`cards`]: a card is a `uint8_t` index from 0 to 51 (`4 × rank + suit`, ranks A 2 … K,
//!   suits ♣ ♦ ♥ ♠, named by the `TABLIC_RANK_*` and `TABLIC_SUIT_*` constants), a card set a
//!   `uint64_t` with bit `i` for card `i`. Rank and suit to card and back, parse, format,
//!   points.
//! - [`captures`]: every legal capture of a card on a table, their count, and the check
//!   that says why a capture is illegal; a card's captures in a game best first, for a
//!   person choosing one.
//! - [`game`]: the [`tablic_game`] handle: create (seed or deck), views, legal moves, play,
//!   the last move played, turn, result. [`record`]: a game's record written and read.
//! - [`rules`]: [`rules::tablic_rules`], the sides and house rules a game is played under,
//!   as a struct or as text (`side-size=2 leftovers=last-player`); [`sides`]: a game's
//!   rules, who plays for which side, and each side's result, so far and at the end.
//! - [`match_to_target`]: the [`tablic_match_to_target`] handle, a match to 101 (or any
//!   target): games one after another under one set of rules, running totals by side,
//!   score-sheet lines, and its record written as it goes and read back to resume.
//! - [`position`]: the [`tablic_position`] handle: a game part way through as one line of
//!   text, read and written, taken from a game or a seat's view; a game that plays on from
//!   it (`tablic_game_new_from_position`).
//! - [`bot`]: the [`tablic_bot`] handle: a bot by name and options (`minimax:depth=3`),
//!   choosing a move for the seat to move.
//! - [`analysis`] (with the `std` and `solver` features): every legal move of a position valued, from
//!   a seat's view over the PIMC bot's worlds or exactly with everything known
//!   (`tablic_analyze`).
//!
//! # Memory: where a handle lives
//! Every handle lives either in memory the caller gives (a `tablic_game_storage`,
//! `tablic_bot_storage`, `tablic_position_storage` or `tablic_match_to_target_storage`, for example static memory on a
//! microcontroller) or, when the caller passes `NULL` for it, in memory the library
//! allocates (builds with the `std` feature only). Either way the rule is the same: **the
//! caller owns each handle and releases it exactly once with its free function**
//! (`tablic_game_free`, `tablic_bot_free`, `tablic_position_free`,
//! `tablic_match_to_target_free`), which returns allocated
//! memory and leaves the caller's memory to the caller. Free functions accept `NULL`. Using a handle after its free, or freeing it
//! twice, is the caller's bug and is not detected.
//!
//! # Errors and panics
//! Null pointers, cards out of range, seats out of range, illegal moves and small buffers
//! are reported with a result code; nothing aborts. On `std` builds every exported body
//! runs inside a panic boundary and a panic (a bug of this library) becomes
//! `TABLIC_RESULT_PANIC`. Without `std` a panic executes an undefined instruction, which a
//! Cortex-M turns into a HardFault for the firmware's fault handler.
//!
//! # Threads
//! The library has no global state. Different handles may be used on different threads at
//! the same time; one handle must not be used by two threads at once. A bot reads the game
//! it is given, so the game must not be played on while the bot chooses.

#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs, unsafe_op_in_unsafe_fn)]
#![allow(non_camel_case_types)]

#[cfg(all(feature = "std", feature = "solver"))]
pub mod analysis;
pub mod bot;
mod boundary;
pub mod captures;
pub mod cards;
pub mod game;
pub mod match_to_target;
mod placement;
mod player_count;
pub mod position;
pub mod record;
pub mod result;
pub mod result_message;
pub mod rules;
pub mod sides;
mod text;
pub mod version;

pub use bot::tablic_bot;
pub use game::tablic_game;
pub use match_to_target::tablic_match_to_target;
pub use position::tablic_position;
pub use result::tablic_result;
pub use result_message::tablic_result_message;

/// Without `std` there is no unwinding: stop at an undefined instruction, which a Cortex-M
/// raises as a HardFault, so the firmware's handler can report it.
#[cfg(all(not(feature = "std"), not(test)))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {
        #[cfg(target_arch = "arm")]
        // SAFETY: `udf` only raises the undefined-instruction fault; it touches no memory.
        unsafe {
            core::arch::asm!("udf #0", options(nomem, nostack));
        }
    }
}

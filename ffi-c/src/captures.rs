//! Captures for the C caller: enumeration into a buffer, count, the check with its reason,
//! and a card's captures in a game ranked best first for a person choosing one.

use tablic_core::bots::RankedCaptures;
use tablic_core::capture::{check_capture, legal_capture_count, list_legal_captures, MAX_LISTED};
use tablic_core::{Card, CardSet};

use crate::boundary::{output_slice, require, with_boundary, write_out};
use crate::cards::{card_from, cards_from};
use crate::game::{read_game, tablic_game};
use crate::result::tablic_result;

/// The most captures, or moves, one call lists (the core's `MAX_LISTED`); past it a call
/// returns `TABLIC_RESULT_TOO_MANY` instead of listing.
pub const TABLIC_MAX_LISTED: u64 = 1 << 20;
const _: () = assert!(TABLIC_MAX_LISTED == MAX_LISTED);

/// The table and the played card, checked: valid cards, and the card not on the table.
fn table_and_card(table: u64, card: u8) -> Result<(CardSet, Card), tablic_result> {
    let table = cards_from(table)?;
    let card = card_from(card)?;
    if table.contains(card) {
        return Err(tablic_result::CardOnTable);
    }
    Ok((table, card))
}

/// Every legal capture of `card` played on `table`, as card sets, the empty capture (a
/// plain discard) included: the first `capacity` go into `captures`, and `*count` gets how
/// many there are in all. When that is more than `capacity` the result is
/// `TABLIC_RESULT_BUFFER_TOO_SMALL` (call again with a buffer of `*count`).
///
/// Each capture appears once; the order is fixed but not sorted. A table crowded beyond
/// real play can have billions: past `TABLIC_MAX_LISTED` the result is
/// `TABLIC_RESULT_TOO_MANY`, at once, and nothing is written.
///
/// # Safety
/// A non-null `captures` must be valid for `capacity` writes (`NULL` is fine when
/// `capacity` is 0); `count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_captures(
    table: u64,
    card: u8,
    captures: *mut u64,
    capacity: usize,
    count: *mut usize,
) -> tablic_result {
    with_boundary(|| {
        let (table, card) = table_and_card(table, card)?;
        require(count)?;
        // SAFETY: the caller's guarantee.
        let slots = unsafe { output_slice(captures, capacity) }?;
        let mut found = 0;
        list_legal_captures(table, card, |capture| {
            if let Some(slot) = slots.get_mut(found) {
                slot.write(capture.bits());
            }
            found += 1;
        })?;
        // SAFETY: the caller's guarantee.
        unsafe { write_out(count, found) }?;
        if found > capacity {
            return Err(tablic_result::BufferTooSmall);
        }
        Ok(())
    })
}

/// How many legal captures `card` has on `table`, the empty capture included, counted
/// without listing them. On a table crowded far beyond real play (36 cards and more) the
/// count can take seconds, and a king's on a full table more than ten minutes.
///
/// # Safety
/// `count` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_capture_count(
    table: u64,
    card: u8,
    count: *mut u64,
) -> tablic_result {
    with_boundary(|| {
        let (table, card) = table_and_card(table, card)?;
        require(count)?;
        // SAFETY: the caller's guarantee.
        unsafe { write_out(count, legal_capture_count(table, card)) }
    })
}

/// Whether `card` played on `table` may take `capture`: `TABLIC_RESULT_OK`, or the reason
/// it may not (`TABLIC_RESULT_CAPTURE_NOT_ON_TABLE`, `TABLIC_RESULT_CAPTURE_DOES_NOT_SUM`,
/// `TABLIC_RESULT_CAPTURE_CANNOT_SPLIT`). The empty capture is always legal.
#[no_mangle]
pub extern "C" fn tablic_capture_check(table: u64, card: u8, capture: u64) -> tablic_result {
    with_boundary(|| {
        let (table, card) = table_and_card(table, card)?;
        let capture = cards_from(capture)?;
        check_capture(table, card, capture).map_err(tablic_result::from)
    })
}

/// The captures the seat to move may take with `card` from its hand, best first, for a
/// person choosing one (a device showing them one after another): the empty capture,
/// laying the card down, is always among them, and always last. Play the chosen one as
/// `tablic_move{card, captures[i]}`.
///
/// Best first is the greedy bot's order: a tabla (taking the whole table), then the most
/// points taken, then the most cards, then 10♦, 2♣ and aces taken, then the captured cards
/// compared highest first (ranks, then ♣ > ♦ > ♠ > ♥). No two captures tie, so the order is
/// the same on every run and platform.
///
/// The best `capacity` go into `captures`, best first, and `*count` gets how many there are
/// in all; when that is more than `capacity` the result is `TABLIC_RESULT_BUFFER_TOO_SMALL`
/// and `captures` still holds the best `capacity` (without the empty capture, which is the
/// last). Each of the `capacity` entries is written: those past the `*count` captures with
/// 0.
///
/// Errors, with nothing written: `TABLIC_RESULT_NULL_ARGUMENT` (`game` or `count` `NULL`, or
/// `captures` `NULL` with a `capacity`), `TABLIC_RESULT_INVALID_CARD`,
/// `TABLIC_RESULT_GAME_OVER`, `TABLIC_RESULT_CARD_NOT_IN_HAND` (not in the hand of the seat
/// to move), `TABLIC_RESULT_TOO_MANY` (more than `TABLIC_MAX_LISTED` captures, on a table
/// filled far beyond real play).
///
/// # Safety
/// `game` must be a live handle; a non-null `captures` valid for `capacity` writes (`NULL`
/// is fine with `capacity` 0); `count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_card_captures(
    game: *const tablic_game,
    card: u8,
    captures: *mut u64,
    capacity: usize,
    count: *mut usize,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_game(game, |game| {
            require(count)?;
            let slots = output_slice(captures, capacity)?;
            let ranking = RankedCaptures::of(game, card_from(card)?)?;
            let found = ranking.rank_into(card_set_slots(slots));
            write_out(count, found)?;
            if found > capacity {
                return Err(tablic_result::BufferTooSmall);
            }
            Ok(())
        })
    }
}

/// A caller's masks, cleared, as card sets to fill.
fn card_set_slots(slots: &mut [core::mem::MaybeUninit<u64>]) -> &mut [CardSet] {
    for slot in slots.iter_mut() {
        slot.write(0);
    }
    // SAFETY: every slot now holds 0, the empty set; `CardSet` is a transparent `u64`, so
    // the slice has the same layout, and the core writes only card sets into it.
    unsafe { core::slice::from_raw_parts_mut(slots.as_mut_ptr().cast(), slots.len()) }
}

const _: () = assert!(core::mem::size_of::<CardSet>() == core::mem::size_of::<u64>());
const _: () = assert!(core::mem::align_of::<CardSet>() == core::mem::align_of::<u64>());

//! Captures for the C caller: enumeration into a buffer, count, and the check with its reason.

use tablic_core::capture::{check_capture, legal_capture_count, list_legal_captures, MAX_LISTED};
use tablic_core::{Card, CardSet};

use crate::boundary::{output_slice, require, with_boundary, write_out};
use crate::cards::{card_from, cards_from};
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

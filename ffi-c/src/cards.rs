//! Cards (`uint8_t` indexes) and card sets (`uint64_t` masks): ranks and suits, parse,
//! format, points.

use core::ffi::c_char;

use tablic_core::{Card, CardSet, Rank, Suit};

use crate::boundary::{require, with_boundary, write_out};
use crate::result::tablic_result;
use crate::text::{read_text, write_message, write_text};

/// The rank of an ace; ranks go up by one to `TABLIC_RANK_KING`.
pub const TABLIC_RANK_ACE: u8 = 0;
/// The rank of a two.
pub const TABLIC_RANK_TWO: u8 = 1;
/// The rank of a three.
pub const TABLIC_RANK_THREE: u8 = 2;
/// The rank of a four.
pub const TABLIC_RANK_FOUR: u8 = 3;
/// The rank of a five.
pub const TABLIC_RANK_FIVE: u8 = 4;
/// The rank of a six.
pub const TABLIC_RANK_SIX: u8 = 5;
/// The rank of a seven.
pub const TABLIC_RANK_SEVEN: u8 = 6;
/// The rank of an eight.
pub const TABLIC_RANK_EIGHT: u8 = 7;
/// The rank of a nine.
pub const TABLIC_RANK_NINE: u8 = 8;
/// The rank of a ten.
pub const TABLIC_RANK_TEN: u8 = 9;
/// The rank of a jack.
pub const TABLIC_RANK_JACK: u8 = 10;
/// The rank of a queen.
pub const TABLIC_RANK_QUEEN: u8 = 11;
/// The rank of a king, the highest.
pub const TABLIC_RANK_KING: u8 = 12;

/// The suit of clubs (♣, tref); suits go up by one to `TABLIC_SUIT_SPADES`.
pub const TABLIC_SUIT_CLUBS: u8 = 0;
/// The suit of diamonds (♦, karo).
pub const TABLIC_SUIT_DIAMONDS: u8 = 1;
/// The suit of hearts (♥, herc).
pub const TABLIC_SUIT_HEARTS: u8 = 2;
/// The suit of spades (♠, pik), the highest.
pub const TABLIC_SUIT_SPADES: u8 = 3;

// The header's numbers are the core's: a card index is `4 * rank + suit` in the core's order.
const _: () = {
    let ranks = [
        TABLIC_RANK_ACE,
        TABLIC_RANK_TWO,
        TABLIC_RANK_THREE,
        TABLIC_RANK_FOUR,
        TABLIC_RANK_FIVE,
        TABLIC_RANK_SIX,
        TABLIC_RANK_SEVEN,
        TABLIC_RANK_EIGHT,
        TABLIC_RANK_NINE,
        TABLIC_RANK_TEN,
        TABLIC_RANK_JACK,
        TABLIC_RANK_QUEEN,
        TABLIC_RANK_KING,
    ];
    let suits = [
        TABLIC_SUIT_CLUBS,
        TABLIC_SUIT_DIAMONDS,
        TABLIC_SUIT_HEARTS,
        TABLIC_SUIT_SPADES,
    ];
    let mut index = 0;
    while index < Rank::ALL.len() {
        assert!(ranks[index] == Rank::ALL[index].index());
        index += 1;
    }
    let mut index = 0;
    while index < Suit::ALL.len() {
        assert!(suits[index] == Suit::ALL[index].index());
        index += 1;
    }
};

/// A card index, 0 to 51, or `InvalidCard`.
pub(crate) fn card_from(index: u8) -> Result<Card, tablic_result> {
    Card::from_index(index).ok_or(tablic_result::InvalidCard)
}

/// A mask of cards 0 to 51, or `InvalidCardSet`.
pub(crate) fn cards_from(bits: u64) -> Result<CardSet, tablic_result> {
    CardSet::from_bits(bits).ok_or(tablic_result::InvalidCardSet)
}

/// The card of a rank (`TABLIC_RANK_ACE` to `TABLIC_RANK_KING`) and a suit
/// (`TABLIC_SUIT_CLUBS` to `TABLIC_SUIT_SPADES`): its index, `4 * rank + suit`.
///
/// # Safety
/// `card` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_card_index(rank: u8, suit: u8, card: *mut u8) -> tablic_result {
    with_boundary(|| {
        let rank = Rank::from_index(rank).ok_or(tablic_result::InvalidRank)?;
        let suit = Suit::from_index(suit).ok_or(tablic_result::InvalidSuit)?;
        // SAFETY: the caller's guarantee.
        unsafe { write_out(card, Card::new(rank, suit).index()) }
    })
}

/// A card's rank, `TABLIC_RANK_ACE` to `TABLIC_RANK_KING`.
///
/// # Safety
/// `rank` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_card_rank(card: u8, rank: *mut u8) -> tablic_result {
    with_boundary(|| {
        let card = card_from(card)?;
        // SAFETY: the caller's guarantee.
        unsafe { write_out(rank, card.rank().index()) }
    })
}

/// A card's suit, `TABLIC_SUIT_CLUBS` to `TABLIC_SUIT_SPADES`.
///
/// # Safety
/// `suit` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_card_suit(card: u8, suit: *mut u8) -> tablic_result {
    with_boundary(|| {
        let card = card_from(card)?;
        // SAFETY: the caller's guarantee.
        unsafe { write_out(suit, card.suit().index()) }
    })
}

/// Parses one card: `10D`, `10♦` or `karo 10` (any case) into its index.
///
/// On failure, writes why into `message` (NUL-terminated, cut to `message_capacity`;
/// `message` may be `NULL`).
///
/// # Safety
/// `text` must be a NUL-terminated string; `card` valid for a write; a non-null `message`
/// valid for `message_capacity` bytes.
#[no_mangle]
pub unsafe extern "C" fn tablic_card_parse(
    text: *const c_char,
    card: *mut u8,
    message: *mut c_char,
    message_capacity: usize,
) -> tablic_result {
    with_boundary(|| {
        require(card)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            let parsed = read_text(text)?.parse::<Card>().map_err(|error| {
                write_message(message, message_capacity, error);
                tablic_result::InvalidCard
            })?;
            write_out(card, parsed.index())
        }
    })
}

/// Writes a card as text, `10D` (or `10♦` when `unicode` is true), NUL-terminated, and
/// its length in bytes without the NUL into `*length` (which may be `NULL`).
///
/// When `capacity` is too small nothing is written to `buffer`, `*length` is the length
/// needed and the result is `TABLIC_RESULT_BUFFER_TOO_SMALL`. 8 bytes always suffice.
///
/// # Safety
/// `buffer` must be valid for `capacity` bytes; a non-null `length` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_card_format(
    card: u8,
    unicode: bool,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> tablic_result {
    with_boundary(|| {
        let card = card_from(card)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            if unicode {
                write_text(buffer, capacity, length, card.unicode())
            } else {
                write_text(buffer, capacity, length, card)
            }
        }
    })
}

/// The points a card is worth in a pile (2♣ 1, 10♦ 2, aces, tens, jacks, queens, kings 1).
///
/// # Safety
/// `points` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_card_points(card: u8, points: *mut u32) -> tablic_result {
    with_boundary(|| {
        let card = card_from(card)?;
        // SAFETY: the caller's guarantee.
        unsafe { write_out(points, u32::from(card.points())) }
    })
}

/// The value a card captures with: 2 to 10 as printed, J 12, Q 13, K 14, and 1 for an
/// ace (which also captures as 11).
///
/// # Safety
/// `value` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_card_capture_value(card: u8, value: *mut u32) -> tablic_result {
    with_boundary(|| {
        let card = card_from(card)?;
        // SAFETY: the caller's guarantee.
        unsafe { write_out(value, u32::from(card.capture_value())) }
    })
}

/// Parses cards separated by spaces or commas (`"3H 3S 10♦"`, or `""` for none) into a
/// set. A card given twice is an error.
///
/// On failure, writes why into `message` (may be `NULL`), as [`tablic_card_parse`].
///
/// # Safety
/// `text` must be a NUL-terminated string; `cards` valid for a write; a non-null `message`
/// valid for `message_capacity` bytes.
#[no_mangle]
pub unsafe extern "C" fn tablic_cards_parse(
    text: *const c_char,
    cards: *mut u64,
    message: *mut c_char,
    message_capacity: usize,
) -> tablic_result {
    with_boundary(|| {
        require(cards)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            let parsed = read_text(text)?.parse::<CardSet>().map_err(|error| {
                write_message(message, message_capacity, error);
                tablic_result::InvalidCardSet
            })?;
            write_out(cards, parsed.bits())
        }
    })
}

/// Writes a card set as text, lowest card first, separated by single spaces (`3H 3S 4D`,
/// or with suit symbols when `unicode` is true; the empty set is the empty string).
/// Buffer rules as [`tablic_card_format`]; 256 bytes always suffice.
///
/// # Safety
/// `buffer` must be valid for `capacity` bytes; a non-null `length` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_cards_format(
    cards: u64,
    unicode: bool,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> tablic_result {
    with_boundary(|| {
        let cards = cards_from(cards)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            if unicode {
                write_text(buffer, capacity, length, cards.unicode())
            } else {
                write_text(buffer, capacity, length, cards)
            }
        }
    })
}

/// The points of all the cards in a set.
///
/// # Safety
/// `points` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_cards_points(cards: u64, points: *mut u32) -> tablic_result {
    with_boundary(|| {
        let cards = cards_from(cards)?;
        // SAFETY: the caller's guarantee.
        unsafe { write_out(points, cards.points()) }
    })
}

//! Listing every legal capture for a caller that must hold them all (the command line, the
//! bindings): refused past [`MAX_LISTED`], decided at once and without a second search
//! wherever the table is too small to pass the limit.

use core::fmt;

use super::legal::{for_each_legal_capture, legal_capture_count_up_to};
use crate::{Card, CardSet};

/// The most moves, or captures, that the command line and the bindings list at once:
/// 2^20. Real play stays under a thousand, but a discard is always legal, so a table can
/// fill up, and a crowded table has billions: they are refused up front instead of
/// exhausting memory or time.
pub const MAX_LISTED: u64 = 1 << 20;

/// More than [`MAX_LISTED`] captures or moves: too many to list. Nothing was listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TooManyToList;

impl fmt::Display for TooManyToList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "more than {MAX_LISTED} captures or moves, too many to list"
        )
    }
}

impl core::error::Error for TooManyToList {}

/// The most legal captures any card can have on `table`: every capture is a subset of it.
/// On a table of 20 cards or fewer this alone shows that a list fits [`MAX_LISTED`].
pub const fn captures_at_most(table: CardSet) -> u64 {
    1 << table.len()
}

/// Calls `visit` once for every legal capture of `played` on `table`, ∅ included (as
/// [`for_each_legal_capture`]), unless there are more than [`MAX_LISTED`]: then it lists
/// nothing. The captures are counted first only on tables of more than 20 cards, where the
/// limit can be passed, and the count stops there.
pub fn list_legal_captures(
    table: CardSet,
    played: Card,
    visit: impl FnMut(CardSet),
) -> Result<(), TooManyToList> {
    check_listable(table, played)?;
    for_each_legal_capture(table, played, visit);
    Ok(())
}

/// `TooManyToList` when `played` has more than [`MAX_LISTED`] legal captures on `table`,
/// decided as [`list_legal_captures`] decides it: for a caller that must refuse before it
/// writes anything.
pub fn check_listable(table: CardSet, played: Card) -> Result<(), TooManyToList> {
    if more_captures_than(table, played, MAX_LISTED) {
        return Err(TooManyToList);
    }
    Ok(())
}

/// Whether `played` has more than `most` legal captures on `table`: no search when the
/// table is too small to have that many.
fn more_captures_than(table: CardSet, played: Card, most: u64) -> bool {
    captures_at_most(table) > most && legal_capture_count_up_to(table, played, most) > most
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capture::legal_capture_count;

    /// Cards, or a card, from text such as `"3H 4D"`.
    fn parsed<T: core::str::FromStr>(text: &str) -> T {
        text.parse().unwrap_or_else(|_| panic!("bad cards {text}"))
    }

    #[test]
    fn the_limit_is_exact_at_the_bound_and_one_past_it() {
        // A seven has 6 captures on these 4 cards (at most 16 subsets, so they are counted).
        let (table, seven) = (parsed::<CardSet>("3H 3S 4D 4C"), parsed::<Card>("7S"));
        assert!(!more_captures_than(table, seven, 6));
        assert!(more_captures_than(table, seven, 5));
        assert!(!more_captures_than(table, seven, 16));
    }

    #[test]
    fn a_crowded_table_is_refused_and_nothing_listed() {
        let king = parsed::<Card>("KS");
        let mut listed = 0;
        let refused = list_legal_captures(CardSet::FULL.without(king), king, |_| listed += 1);
        assert_eq!((refused, listed), (Err(TooManyToList), 0));
    }

    #[test]
    fn a_table_of_more_than_20_cards_under_the_limit_is_listed_whole() {
        // A two on 24 cards: the other twos, the aces, and cards above it that take no part.
        let table = parsed::<CardSet>(
            "2H 2D 2C AS AH AD AC 9S 9H 9D 9C 10S 10H 10D 10C JS JH JD JC QS QH QD QC KS",
        );
        let two = parsed::<Card>("2S");
        assert_eq!(table.len(), 24);
        let expected = legal_capture_count(table, two);
        // Any subset of the twos (8), times no aces, a pair of them (6 ways) or all four.
        assert_eq!(expected, 64);
        let mut listed = 0;
        assert_eq!(list_legal_captures(table, two, |_| listed += 1), Ok(()));
        assert_eq!(listed, expected);
    }

    #[test]
    fn a_table_of_20_cards_is_listed_whole() {
        let table =
            parsed::<CardSet>("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H 4H 5H 6H 7H");
        assert_eq!(captures_at_most(table), MAX_LISTED);
        let played = parsed::<Card>("KD");
        let mut listed = 0;
        assert_eq!(list_legal_captures(table, played, |_| listed += 1), Ok(()));
        assert_eq!(listed, legal_capture_count(table, played));
    }
}

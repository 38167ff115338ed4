//! A move, and why one can be illegal.

use core::fmt;
use core::ops::ControlFlow;

use crate::capture::{
    captures_at_most, legal_capture_count_up_to, try_for_each_legal_capture, CaptureError,
    TooManyToList, MAX_LISTED,
};
use crate::{Card, CardSet, Rank};

/// One card from the hand and the table cards it takes (∅ for a discard).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The card played.
    pub card: Card,
    /// The table cards captured; empty when the card is left on the table.
    pub capture: CardSet,
}

impl Move {
    /// Plays `card` taking `capture`.
    pub const fn new(card: Card, capture: CardSet) -> Move {
        Move { card, capture }
    }

    /// Plays `card` onto the table, taking nothing.
    pub const fn discard(card: Card) -> Move {
        Move {
            card,
            capture: CardSet::EMPTY,
        }
    }
}

/// `7S 3H 4D`: the card, then the captured cards, if any.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.card)?;
        if !self.capture.is_empty() {
            write!(f, " {}", self.capture)?;
        }
        Ok(())
    }
}

/// Why a move was refused. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The game is over.
    GameOver,
    /// The card is not in the hand of the player to move.
    CardNotInHand(Card),
    /// The card may not take that capture.
    Capture(CaptureError),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => f.write_str("the game is over"),
            IllegalMove::CardNotInHand(card) => write!(f, "{card} is not in the hand"),
            IllegalMove::Capture(reason) => reason.fmt(f),
        }
    }
}

impl core::error::Error for IllegalMove {}

impl From<CaptureError> for IllegalMove {
    fn from(reason: CaptureError) -> Self {
        IllegalMove::Capture(reason)
    }
}

/// Calls `visit` for every legal move with `hand` on `table`, until it breaks. Cards of one
/// rank capture alike, so each rank's captures are found once and offered with each of its
/// cards in turn (lowest rank first; otherwise in no set order).
pub fn try_for_each_move<B>(
    hand: CardSet,
    table: CardSet,
    mut visit: impl FnMut(Move) -> ControlFlow<B>,
) -> ControlFlow<B> {
    for rank in Rank::ALL {
        let cards = hand.rank_cards(rank);
        let Some(first) = cards.first() else {
            continue;
        };
        try_for_each_legal_capture(table, first, |capture| {
            cards
                .iter()
                .try_for_each(|card| visit(Move::new(card, capture)))
        })?;
    }
    ControlFlow::Continue(())
}

/// Calls `visit` for the legal moves of `hand` on `table` with at most `captures_per_card`
/// captures for each card (at least one): the discard first, then the other captures in
/// the order the capture search finds them, each rank's searched once and offered with
/// each of its cards (lowest rank first). A crowded table can have millions of captures;
/// the search of a rank stops at the cap, so this costs the same on any table.
pub fn for_each_move_capped(
    hand: CardSet,
    table: CardSet,
    captures_per_card: usize,
    mut visit: impl FnMut(Move),
) {
    for rank in Rank::ALL {
        let cards = hand.rank_cards(rank);
        let Some(first) = cards.first() else {
            continue;
        };
        cards.iter().for_each(|card| visit(Move::discard(card)));
        let mut offered = 1;
        let _ = try_for_each_legal_capture(table, first, |capture| {
            if offered >= captures_per_card {
                return ControlFlow::Break(());
            }
            if !capture.is_empty() {
                offered += 1;
                cards
                    .iter()
                    .for_each(|card| visit(Move::new(card, capture)));
            }
            ControlFlow::Continue(())
        });
    }
}

/// Calls `visit` for every legal move with `hand` on `table`.
pub fn for_each_move(hand: CardSet, table: CardSet, mut visit: impl FnMut(Move)) {
    let _ = try_for_each_move::<()>(hand, table, |legal| {
        visit(legal);
        ControlFlow::Continue(())
    });
}

/// How many legal moves `hand` has on `table`, counted by capture shapes without listing
/// them: exact when at most `most`, otherwise some number above `most`. Lets a caller
/// refuse a crowded table's billions of moves before it lists any.
///
/// ```
/// use tablic_core::{legal_move_count_up_to, CardSet};
/// let hand: CardSet = "7S 7D 2C".parse().unwrap();
/// let table: CardSet = "3H 3S 4D 4C".parse().unwrap();
/// // Each seven: the discard and five captures; the two: the discard.
/// assert_eq!(legal_move_count_up_to(hand, table, 100), 13);
/// assert!(legal_move_count_up_to(hand, table, 12) > 12);
/// ```
pub fn legal_move_count_up_to(hand: CardSet, table: CardSet, most: u64) -> u64 {
    let mut count = 0u64;
    for rank in Rank::ALL {
        let cards = hand.rank_cards(rank);
        let Some(first) = cards.first() else {
            continue;
        };
        // Every card of a rank has the same captures.
        let copies = cards.len() as u64;
        let captures = legal_capture_count_up_to(table, first, (most - count) / copies);
        count = count.saturating_add(captures.saturating_mul(copies));
        if count > most {
            break;
        }
    }
    count
}

/// Calls `visit` for every legal move of `hand` on `table` (as [`for_each_move`]), unless
/// there are more than [`MAX_LISTED`]: then it lists nothing. The moves are counted first
/// only where the hand and table are large enough to pass the limit, and the count stops
/// there.
pub fn list_moves(
    hand: CardSet,
    table: CardSet,
    visit: impl FnMut(Move),
) -> Result<(), TooManyToList> {
    if more_moves_than(hand, table, u64::MAX, MAX_LISTED) {
        return Err(TooManyToList);
    }
    for_each_move(hand, table, visit);
    Ok(())
}

/// [`for_each_move_capped`], refused as [`list_moves`] when it could list more than
/// [`MAX_LISTED`] moves (`captures_per_card` for each card, or every capture if fewer) and
/// the hand has more than that many legal moves.
pub fn list_moves_capped(
    hand: CardSet,
    table: CardSet,
    captures_per_card: usize,
    visit: impl FnMut(Move),
) -> Result<(), TooManyToList> {
    if more_moves_than(hand, table, captures_per_card as u64, MAX_LISTED) {
        return Err(TooManyToList);
    }
    for_each_move_capped(hand, table, captures_per_card, visit);
    Ok(())
}

/// Whether a list of `hand`'s moves on `table`, `captures_per_card` at most for each card,
/// could pass `most` and the legal moves do: no search when each card's captures (at most
/// one per subset of the table) cannot add up to more.
fn more_moves_than(hand: CardSet, table: CardSet, captures_per_card: u64, most: u64) -> bool {
    let per_card = captures_per_card.min(captures_at_most(table));
    (hand.len() as u64).saturating_mul(per_card) > most
        && legal_move_count_up_to(hand, table, most) > most
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    #[test]
    fn the_limit_on_moves_is_exact_at_the_bound_and_one_past_it() {
        // Each seven: the discard and five captures; the two: the discard. 13 in all.
        let (hand, table) = (set("7S 7D 2C"), set("3H 3S 4D 4C"));
        assert!(!more_moves_than(hand, table, u64::MAX, 13));
        assert!(more_moves_than(hand, table, u64::MAX, 12));
        // Two captures a card list at most 6 moves, so 6 fit whatever the full count.
        assert!(!more_moves_than(hand, table, 2, 6));
        assert!(more_moves_than(hand, table, 3, 6));
    }

    #[test]
    fn a_crowded_table_lists_no_move() {
        let hand = set("KS QS");
        let table = CardSet::FULL - hand;
        let mut listed = 0;
        assert_eq!(list_moves(hand, table, |_| listed += 1), Err(TooManyToList));
        assert_eq!(
            list_moves_capped(hand, table, usize::MAX, |_| listed += 1),
            Err(TooManyToList)
        );
        assert_eq!(listed, 0);
        // Capped at two captures a card, four moves: listed on any table.
        assert_eq!(list_moves_capped(hand, table, 2, |_| listed += 1), Ok(()));
        assert_eq!(listed, 4);
    }
}

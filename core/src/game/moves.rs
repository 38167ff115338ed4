//! A move, and why one can be illegal.

use core::fmt;
use core::ops::ControlFlow;

use crate::capture::{legal_capture_count_up_to, try_for_each_legal_capture, CaptureError};
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

/// The most moves, or captures, that the command line and the bindings list at once:
/// 2^20. Real play stays under a thousand, but a discard is always legal, so a table can
/// fill up, and a crowded table has billions: they refuse it up front (counting with
/// [`legal_move_count_up_to`]) instead of exhausting memory or time.
pub const MAX_LISTED: u64 = 1 << 20;

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

//! What a played card can take: its target sum, and the table sorted by what can reach it.

use crate::{Card, CardSet, Rank};

/// The largest capture value (the king's).
pub(crate) const MAX_VALUE: u8 = 14;

/// The sum a capturing group must reach for `played`.
///
/// An ace captures groups summing to 1 or 11; a group summing to 1 is a lone ace, which also
/// sums to 11 (ace high), so 11 alone decides. Table aces stay free to count 1 or 11.
pub const fn target_sum(played: Card) -> u8 {
    match played.rank() {
        Rank::Ace => 11,
        rank => rank.capture_value(),
    }
}

/// One rank of table cards that can sit in a group with others (value below the target).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SmallRank {
    pub value: u8,
    pub cards: CardSet,
}

/// The table split by the part each card can play for a target sum:
/// - `exact`: non-ace cards worth exactly the target; each can only be a group alone;
/// - `small`: non-ace ranks worth less, highest value first (the order groups are built in);
/// - `aces`: 1 or 11, always placed last.
///
/// Other cards (worth more than the target) cannot be captured.
#[derive(Clone, Debug)]
pub(crate) struct TableLayout {
    pub target: u8,
    pub exact: CardSet,
    pub small: arrayvec::ArrayVec<SmallRank, 12>,
    pub aces: CardSet,
}

impl TableLayout {
    pub fn new(table: CardSet, target: u8) -> TableLayout {
        let mut small = arrayvec::ArrayVec::new();
        let mut exact = CardSet::EMPTY;
        for rank in Rank::ALL[1..].iter().rev() {
            let cards = table.rank_cards(*rank);
            let value = rank.capture_value();
            if cards.is_empty() || value > target {
                continue;
            }
            if value == target {
                exact = cards;
            } else {
                small.push(SmallRank { value, cards });
            }
        }
        TableLayout {
            target,
            exact,
            small,
            aces: table.rank_cards(Rank::Ace),
        }
    }
}

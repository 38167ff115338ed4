//! What a played card can take: its target sum, and the table cards that can reach it.

use super::rank_counts::{RankCounts, VALUES};
use crate::{Card, CardSet, Rank};

/// The sum a capturing group must reach for `played`.
///
/// An ace captures groups summing to 1 or 11; a group summing to 1 is a lone ace, which also
/// sums to 11 (ace high), so 11 alone decides. Table aces stay free to count 1 or 11.
pub const fn target_sum(played: Card) -> u8 {
    match VALUES[played.index() as usize / 4] {
        1 => 11,
        value => value,
    }
}

/// The table split by the part each card can play for a target sum:
/// - `exact`: non-ace cards worth exactly the target; each can only be a group alone;
/// - `groupable`: aces and non-aces worth less, which only capture in groups of ranks,
///   and `limit`, their rank counts, which groups may draw on;
///
/// the rest (worth more than the target) cannot be captured.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TableLayout {
    pub target: u8,
    pub exact: CardSet,
    pub groupable: CardSet,
    pub limit: RankCounts,
}

/// For each target sum (index), the cards worth less (aces included) and worth exactly it.
const BY_TARGET: [(CardSet, CardSet); 15] = {
    let mut table = [(CardSet::EMPTY, CardSet::EMPTY); 15];
    let mut target = 0;
    while target < 15 {
        let mut below = CardSet::of_rank(Rank::Ace);
        let mut exact = CardSet::EMPTY;
        let mut index = 1;
        while index < 13 {
            let rank = Rank::ALL[index];
            if rank.capture_value() < target as u8 {
                below = below.union(CardSet::of_rank(rank));
            } else if rank.capture_value() == target as u8 {
                exact = CardSet::of_rank(rank);
            }
            index += 1;
        }
        table[target] = (below, exact);
        target += 1;
    }
    table
};

impl TableLayout {
    pub fn new(table: CardSet, target: u8) -> TableLayout {
        let (below, exact) = BY_TARGET[target as usize];
        TableLayout {
            target,
            exact: table & exact,
            groupable: table & below,
            limit: RankCounts::of(table & below),
        }
    }
}

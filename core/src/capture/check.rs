//! Is a given capture legal, and if not, why.

use super::groups::can_capture;
use super::patterns::{find_patterns, Patterns};
use super::rank_counts::RankCounts;
use super::target::{target_sum, TableLayout};
use crate::{Card, CardSet};

/// Why a capture is illegal, in the order the rules check it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureError {
    /// These cards of the capture are not on the table.
    NotOnTable(CardSet),
    /// No set of table cards sums to the played card, so it can take nothing.
    NothingSumsToCard,
    /// The cards cannot be split into disjoint groups that each sum to the played card.
    CannotSplitIntoGroups,
}

impl core::fmt::Display for CaptureError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            CaptureError::NotOnTable(cards) => write!(f, "not on the table: {cards}"),
            CaptureError::NothingSumsToCard => {
                f.write_str("no set of table cards sums to the played card")
            }
            CaptureError::CannotSplitIntoGroups => f.write_str(
                "the captured cards cannot be split into groups that each sum to the played card",
            ),
        }
    }
}

impl core::error::Error for CaptureError {}

/// Checks that `capture` is a legal capture of `played` on `table` (∅ always is).
pub fn check_capture(table: CardSet, played: Card, capture: CardSet) -> Result<(), CaptureError> {
    let missing = capture - table;
    if !missing.is_empty() {
        return Err(CaptureError::NotOnTable(missing));
    }
    if capture.is_empty() {
        return Ok(());
    }
    let layout = TableLayout::new(capture, target_sum(played));
    let groupable = layout.limit;
    // Cards worth more than the target fit in no group; those worth it are groups alone.
    if (layout.exact | layout.groupable) == capture && splits_into_groups(groupable, layout.target)
    {
        Ok(())
    } else if can_capture(table, played) {
        Err(CaptureError::CannotSplitIntoGroups)
    } else {
        Err(CaptureError::NothingSumsToCard)
    }
}

/// Can `cards` be split into groups that each reach `target`? Most captures are one group
/// (or none: only cards worth the target), which the sum alone shows.
fn splits_into_groups(cards: RankCounts, target: u8) -> bool {
    let (sum, aces) = (cards.low_sum(), cards.count(crate::Rank::Ace));
    // `|`, not `||`: one branch, almost always taken.
    if (sum == 0) | (sum == target as u32) | ((aces > 0) & (sum + 10 == target as u32)) {
        return true;
    }
    let mut patterns = Patterns::new();
    find_patterns(cards, target, &mut patterns);
    splits(cards, &patterns)
}

/// Can `cards` be split into groups of these patterns? The highest card must be in some
/// group, so try each pattern holding its rank, then split the rest.
fn splits(cards: RankCounts, patterns: &[RankCounts]) -> bool {
    let Some(highest) = cards.highest_rank() else {
        return true;
    };
    patterns.iter().any(|pattern| {
        pattern.count(highest) > 0
            && pattern.fits_within(cards)
            && splits(cards.minus(*pattern), patterns)
    })
}

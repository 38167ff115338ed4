//! Is a given capture legal, and if not, why.

use arrayvec::ArrayVec;

use super::groups::can_capture;
use super::partition::{splits, RankCount};
use super::target::target_sum;
use crate::{Card, CardSet, Rank};

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
            CaptureError::NotOnTable(cards) => {
                write!(f, "not on the table: {cards}")
            }
            CaptureError::NothingSumsToCard => {
                f.write_str("no set of table cards sums to the played card")
            }
            CaptureError::CannotSplitIntoGroups => f.write_str(
                "the captured cards cannot be split into groups that each sum to the played card",
            ),
        }
    }
}

/// Checks that `capture` is a legal capture of `played` on `table` (∅ always is).
pub fn check_capture(table: CardSet, played: Card, capture: CardSet) -> Result<(), CaptureError> {
    let missing = capture - table;
    if !missing.is_empty() {
        return Err(CaptureError::NotOnTable(missing));
    }
    if capture.is_empty() {
        return Ok(());
    }
    if !can_capture(table, played) {
        return Err(CaptureError::NothingSumsToCard);
    }
    if splits_into_groups(capture, target_sum(played)) {
        Ok(())
    } else {
        Err(CaptureError::CannotSplitIntoGroups)
    }
}

/// Can `cards` be split into groups that each reach `target`?
fn splits_into_groups(cards: CardSet, target: u8) -> bool {
    let mut ranks: ArrayVec<RankCount, 12> = ArrayVec::new();
    for rank in Rank::ALL[1..].iter().rev() {
        let count = cards.rank_count(*rank);
        let value = rank.capture_value();
        if count == 0 || value == target {
            // A card worth the target is a group on its own.
            continue;
        }
        if value > target {
            return false;
        }
        ranks.push(RankCount { value, count });
    }
    splits(&ranks, cards.rank_count(Rank::Ace), target)
}

impl core::error::Error for CaptureError {}

//! Groups by rank: every multiset of ranks that sums to the target and fits on the table.

use arrayvec::ArrayVec;

use super::rank_counts::{RankCounts, VALUES};
use crate::Rank;

/// The most rank patterns any target can have on any table (checked by a test).
pub(crate) const MAX_PATTERNS: usize = 99;

/// Rank patterns of capturable groups, in a fixed order. One spare slot lets the tests see
/// an overflow.
pub(crate) type Patterns = ArrayVec<RankCounts, { MAX_PATTERNS + 1 }>;

/// Fills `found` with every non-empty rank multiset within `limit` whose sum, aces 1 or 11,
/// is `target`. Ranks worth the target or more must already be left out of `limit` (they
/// are groups alone, or nothing).
pub(crate) fn find_patterns(limit: RankCounts, target: u8, found: &mut Patterns) {
    found.clear();
    let aces = limit.count(Rank::Ace);
    // Which sums the aces can make (bit s for sum s): k aces make k, or k + 10 with one
    // counted 11.
    let mut sums: u32 = 1;
    for _ in 0..aces {
        sums = (sums | sums << 1 | sums << 11) & WITHIN_TARGETS;
    }
    // The non-ace ranks present, lowest first, each with the sums that the ranks below it
    // and the aces can make, so that the walk only enters branches that end in a pattern.
    let mut ranks: ArrayVec<RankSlot, 12> = ArrayVec::new();
    let mut rest = limit.bits() & !0xF;
    while rest != 0 {
        let shift = rest.trailing_zeros() & !3;
        let slot = RankSlot {
            one: RankCounts::from_bits(1 << shift),
            value: VALUES[shift as usize / 4],
            count: ((rest >> shift) & 0xF) as u8,
            sums_below: sums,
        };
        for _ in 0..slot.count {
            sums = (sums | sums << slot.value) & WITHIN_TARGETS;
        }
        ranks.push(slot);
        rest &= !(0xF << shift);
    }
    // Most small tables cannot reach the target, and then there is nothing to walk.
    if sums & 1 << target == 0 {
        return;
    }
    let walk = Walk {
        ranks: &ranks,
        aces,
    };
    walk.extend(ranks.len(), target, RankCounts::ZERO, found);
}

/// The sums a group can need: 0 to 14 (the king).
const WITHIN_TARGETS: u32 = (1 << 15) - 1;

/// A rank the table has, for the walk.
struct RankSlot {
    /// One card of the rank.
    one: RankCounts,
    value: u8,
    count: u8,
    /// The sums (bit s for sum s) that the lower ranks and the aces can make.
    sums_below: u32,
}

struct Walk<'r> {
    ranks: &'r [RankSlot],
    aces: u8,
}

impl Walk<'_> {
    /// Patterns that add ranks from `ranks[..below]`, highest first, then aces, to `chosen`,
    /// lacking `need` (not 0), which those ranks can make.
    fn extend(&self, below: usize, need: u8, chosen: RankCounts, found: &mut Patterns) {
        // Pushes never fail: MAX_PATTERNS bounds every case (see the tests).
        let Some(slot) = below.checked_sub(1).and_then(|index| self.ranks.get(index)) else {
            // `need` aces counted 1, or one counted 11 and the rest 1.
            for aces in [need, need.wrapping_sub(10)] {
                if (1..=self.aces).contains(&aces) {
                    let _ = found.try_push(chosen.plus(RankCounts::single(Rank::Ace, aces)));
                }
            }
            return;
        };
        let (mut need, mut chosen) = (need, chosen);
        for _ in 0..=slot.count {
            if need == 0 {
                let _ = found.try_push(chosen);
                return;
            }
            if slot.sums_below & 1 << need != 0 {
                self.extend(below - 1, need, chosen, found);
            }
            if slot.value > need {
                return;
            }
            need -= slot.value;
            chosen = chosen.plus(slot.one);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_patterns_bounds_every_target() {
        let full = RankCounts::of(crate::CardSet::FULL);
        let most = (2..=14)
            .map(|target| {
                let mut limit = full;
                for rank in Rank::ALL {
                    if rank.capture_value() >= target && rank != Rank::Ace {
                        limit = limit.minus(RankCounts::single(rank, 4));
                    }
                }
                let mut found = Patterns::new();
                find_patterns(limit, target, &mut found);
                found.len()
            })
            .max();
        assert_eq!(most, Some(MAX_PATTERNS));
    }
}

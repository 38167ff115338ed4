//! Groups by rank: every multiset of ranks that sums to the target and fits on the table.

use arrayvec::ArrayVec;

use super::rank_counts::RankCounts;
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
    // The most the aces can add: one counted 11, the others 1.
    let aces_reach = if aces == 0 { 0 } else { 10 + aces as u32 };
    // The non-ace ranks present, highest first, with what they and all below can reach.
    let mut ranks: ArrayVec<RankSlot, 12> = ArrayVec::new();
    let mut rest = limit.bits() & !0xF;
    while rest != 0 {
        let shift = (63 - rest.leading_zeros()) & !3;
        ranks.push(RankSlot {
            one: RankCounts::from_bits(1 << shift),
            value: VALUES[shift as usize / 4],
            count: ((rest >> shift) & 0xF) as u8,
            reach: 0,
        });
        rest &= !(0xF << shift);
    }
    // Which sums the cards can make at all (bit s for sum s); most small tables cannot
    // reach the target, and then there is nothing to walk.
    let mut sums: u32 = 1;
    for _ in 0..aces {
        sums |= sums << 1 | sums << 11;
    }
    let mut reach = aces_reach;
    for slot in ranks.iter_mut().rev() {
        reach += slot.value as u32 * slot.count as u32;
        slot.reach = reach;
        for _ in 0..slot.count {
            sums |= sums << slot.value;
        }
    }
    if sums & 1 << target == 0 {
        return;
    }
    let walk = Walk {
        ranks: &ranks,
        aces,
        aces_reach,
    };
    walk.extend(0, target, RankCounts::ZERO, found);
}

/// Capture values by rank index.
const VALUES: [u8; 13] = {
    let mut values = [0; 13];
    let mut index = 0;
    while index < 13 {
        values[index] = Rank::ALL[index].capture_value();
        index += 1;
    }
    values
};

/// A rank the table has, for the walk.
struct RankSlot {
    /// One card of the rank.
    one: RankCounts,
    value: u8,
    count: u8,
    /// The largest sum this rank and all lower ones (aces included) can make.
    reach: u32,
}

struct Walk<'r> {
    ranks: &'r [RankSlot],
    aces: u8,
    aces_reach: u32,
}

impl Walk<'_> {
    /// Patterns that add ranks from `ranks[index..]`, then aces, to `chosen`, lacking `need`.
    fn extend(&self, index: usize, need: u8, chosen: RankCounts, found: &mut Patterns) {
        if need == 0 {
            // Never full: MAX_PATTERNS bounds every case (see the tests).
            let _ = found.try_push(chosen);
            return;
        }
        let Some(slot) = self.ranks.get(index) else {
            if need as u32 > self.aces_reach {
                return;
            }
            // `need` aces counted 1, or one counted 11 and the rest 1.
            for aces in [need, need.wrapping_sub(10)] {
                if (1..=self.aces).contains(&aces) {
                    let _ = found.try_push(chosen.plus(RankCounts::single(Rank::Ace, aces)));
                }
            }
            return;
        };
        if need as u32 > slot.reach {
            return;
        }
        let (mut need, mut chosen) = (need, chosen);
        for _ in 0..=slot.count {
            self.extend(index + 1, need, chosen, found);
            if slot.value > need {
                break;
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

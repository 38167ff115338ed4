//! Groups by rank: every multiset of ranks that sums to the target and fits on the table.

use arrayvec::ArrayVec;

use super::rank_counts::{RankCounts, VALUES};

/// The most rank patterns any target can have on any table (checked by a test).
pub(crate) const MAX_PATTERNS: usize = 99;

/// Rank patterns of capturable groups, in a fixed order. One spare slot lets the tests see
/// an overflow.
pub(crate) type Patterns = ArrayVec<RankCounts, { MAX_PATTERNS + 1 }>;

/// Fills `found` with every non-empty rank multiset within `limit` whose sum, aces 1 or 11,
/// is `target`, in ascending order of their bits. Ranks worth the target or more must
/// already be left out of `limit` (they are groups alone, or nothing).
pub(crate) fn find_patterns(limit: RankCounts, target: u8, found: &mut Patterns) {
    found.clear();
    // Most small tables cannot reach the target, and then there is nothing to filter.
    if limit.reachable_sums() & 1 << target == 0 {
        return;
    }
    let (start, end) = (OFFSETS[target as usize], OFFSETS[target as usize + 1]);
    // A filter of a fixed list: no walk to enter, and no branch to guess per pattern.
    found.extend(
        ALL_PATTERNS[start as usize..end as usize]
            .iter()
            .map(|&bits| RankCounts::from_bits(bits))
            .filter(|pattern| pattern.fits_within(limit)),
    );
}

/// How many patterns all the targets have on a full table together.
const ALL_COUNT: usize = 385;

/// Every target's patterns on a full table, ascending, one target after the other, and
/// where each target's start (`OFFSETS[t]` to `OFFSETS[t + 1]`).
const ALL_PATTERNS: [u64; ALL_COUNT] = all_patterns().0;
const OFFSETS: [u16; 16] = all_patterns().1;

const fn all_patterns() -> ([u64; ALL_COUNT], [u16; 16]) {
    let mut patterns = [0; ALL_COUNT];
    let mut offsets = [0; 16];
    let mut len = 0;
    let mut target = 0;
    while target < 15 {
        offsets[target] = len as u16;
        if target >= 2 {
            extend(12, target as u8, target as u8, 0, &mut patterns, &mut len);
        }
        target += 1;
    }
    offsets[15] = len as u16;
    assert!(len == ALL_COUNT, "ALL_COUNT is every target's patterns");
    (patterns, offsets)
}

/// Appends, in ascending order, the patterns that add ranks from `rank` (an index) down to
/// `chosen`, lacking `need` (not 0): the highest rank's count varies slowest.
const fn extend(
    rank: usize,
    target: u8,
    need: u8,
    chosen: u64,
    patterns: &mut [u64; ALL_COUNT],
    len: &mut usize,
) {
    if rank == 0 {
        // `need` aces counted 1, or one counted 11 and the rest 1.
        let aces = if need <= 4 {
            need
        } else {
            need.wrapping_sub(10)
        };
        if aces >= 1 && aces <= 4 {
            patterns[*len] = chosen | aces as u64;
            *len += 1;
        }
        return;
    }
    let value = VALUES[rank];
    let mut count = 0;
    let mut need = need;
    let mut chosen = chosen;
    // Ranks worth the target or more are groups alone.
    while value < target && count <= 4 {
        if need == 0 {
            patterns[*len] = chosen;
            *len += 1;
            return;
        }
        extend(rank - 1, target, need, chosen, patterns, len);
        if value > need {
            return;
        }
        need -= value;
        chosen += 1 << (4 * rank);
        count += 1;
    }
    if count == 0 {
        extend(rank - 1, target, need, chosen, patterns, len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rank;

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

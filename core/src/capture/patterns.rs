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
    // A filter of a fixed list, ascending, so grouped by their highest rank and then by
    // its count: only the groups of the ranks the table has are read, and of each only the
    // patterns that take no more of that rank than there is.
    let groups = &GROUPS[target as usize];
    let mut ranks = limit.ranks_present();
    while ranks != 0 {
        let shift = ranks.trailing_zeros();
        let rank = shift as usize / 4;
        // Past the last pattern that takes at most the table's count of this rank.
        let beyond = ((limit.bits() >> shift & 0xF) + 1) << shift;
        for &bits in &ALL_PATTERNS[groups[rank] as usize..groups[rank + 1] as usize] {
            if bits >= beyond {
                break;
            }
            let pattern = RankCounts::from_bits(bits);
            if pattern.fits_within(limit) {
                let _ = found.try_push(pattern);
            }
        }
        ranks &= ranks - 1;
    }
}

/// How many patterns all the targets have on a full table together.
const ALL_COUNT: usize = 385;

/// Every target's patterns on a full table, ascending, one target after the other.
const ALL_PATTERNS: [u64; ALL_COUNT] = all_patterns().0;

/// Where each target's patterns with each highest rank are: those of target `t` whose
/// highest rank has index `r` are `ALL_PATTERNS[GROUPS[t][r]..GROUPS[t][r + 1]]`.
const GROUPS: [[u16; 14]; 15] = {
    let (patterns, ends) = all_patterns();
    let mut groups = [[0; 14]; 15];
    let mut target = 0;
    while target < 15 {
        let mut at = if target == 0 { 0 } else { ends[target - 1] };
        let mut rank = 0;
        while rank < 14 {
            // The first pattern whose highest rank is this one or above (none above the
            // king: the target's end).
            while at < ends[target] && patterns[at] < 1 << (4 * rank) {
                at += 1;
            }
            groups[target][rank] = at as u16;
            rank += 1;
        }
        target += 1;
    }
    groups
};

/// The patterns, and where each target's end.
const fn all_patterns() -> ([u64; ALL_COUNT], [usize; 15]) {
    let mut patterns = [0; ALL_COUNT];
    let mut ends = [0; 15];
    let mut len = 0;
    let mut target = 0;
    while target < 15 {
        if target >= 2 {
            extend(12, target as u8, target as u8, 0, &mut patterns, &mut len);
        }
        ends[target] = len;
        target += 1;
    }
    assert!(len == ALL_COUNT, "ALL_COUNT is every target's patterns");
    (patterns, ends)
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

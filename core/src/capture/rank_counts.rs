//! How many cards of each rank: the currency of the capture search.

use crate::{CardSet, Rank};

const LOW_NIBBLE_BITS: u64 = 0x0001_1111_1111_1111;
const GUARD_BITS: u64 = LOW_NIBBLE_BITS * 8;

/// Capture values by rank index, the ace counted 1: a lookup, where [`Rank::capture_value`]
/// is a branch.
pub(crate) const VALUES: [u8; 13] = {
    let mut values = [0; 13];
    let mut index = 0;
    while index < 13 {
        values[index] = Rank::ALL[index].capture_value();
        index += 1;
    }
    values
};

/// A count (0..=4) for each rank, one nibble per rank in [`CardSet`]'s layout (ace lowest),
/// so sums decide from counts alone and suits come back only when captures are listed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct RankCounts(u64);

impl RankCounts {
    pub const ZERO: RankCounts = RankCounts(0);

    /// The rank counts of a set of cards (a popcount per nibble).
    pub const fn of(cards: CardSet) -> RankCounts {
        let bits = cards.bits();
        let pairs = bits - ((bits >> 1) & 0x5555_5555_5555_5555);
        RankCounts((pairs & 0x3333_3333_3333_3333) + ((pairs >> 2) & 0x3333_3333_3333_3333))
    }

    pub const fn from_bits(bits: u64) -> RankCounts {
        RankCounts(bits)
    }

    pub const fn bits(self) -> u64 {
        self.0
    }

    /// `count` cards of `rank`.
    #[cfg(test)]
    pub const fn single(rank: Rank, count: u8) -> RankCounts {
        RankCounts((count as u64) << (4 * rank.index()))
    }

    /// One bit (the nibble's lowest) for each rank with a non-zero count. Counts are at most
    /// 8, so adding 7 sets a nibble's top bit exactly when it is not 0, and never carries.
    pub const fn ranks_present(self) -> u64 {
        ((self.0 + LOW_NIBBLE_BITS * 7) >> 3) & LOW_NIBBLE_BITS
    }

    /// How many cards in all.
    pub const fn total(self) -> u32 {
        let ones = self.0 & LOW_NIBBLE_BITS;
        let twos = self.0 & (LOW_NIBBLE_BITS << 1);
        let fours = self.0 & (LOW_NIBBLE_BITS << 2);
        ones.count_ones() + 2 * twos.count_ones() + 4 * fours.count_ones()
    }

    /// The cards' capture values added up, aces counted 1.
    pub const fn low_sum(self) -> u32 {
        let mut sum = 0;
        let mut rest = self.0;
        while rest != 0 {
            let shift = rest.trailing_zeros() & !3;
            sum += ((rest >> shift) & 0xF) as u32 * VALUES[shift as usize / 4] as u32;
            rest &= !(0xF << shift);
        }
        sum
    }

    pub const fn count(self, rank: Rank) -> u8 {
        ((self.0 >> (4 * rank.index())) & 0xF) as u8
    }

    /// Counts of both (each sum at most 8, so nibbles never carry).
    pub const fn plus(self, other: RankCounts) -> RankCounts {
        RankCounts(self.0 + other.0)
    }

    /// `self` minus `other`, which must fit within it.
    pub const fn minus(self, other: RankCounts) -> RankCounts {
        RankCounts(self.0 - other.0)
    }

    /// Every count at most `limit`'s: a guard bit per nibble catches any borrow.
    pub const fn fits_within(self, limit: RankCounts) -> bool {
        ((limit.0 | GUARD_BITS) - self.0) & GUARD_BITS == GUARD_BITS
    }

    /// The highest-valued rank present (the king's nibble is highest, the ace's lowest).
    pub const fn highest_rank(self) -> Option<Rank> {
        if self.0 == 0 {
            None
        } else {
            Rank::from_index(((63 - self.0.leading_zeros()) / 4) as u8)
        }
    }
}

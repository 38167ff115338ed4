//! A set of cards as a 52-bit mask: the one data structure every rule works on.

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};

use crate::cards::card::{Card, Rank};

/// A set of cards: bit `c.index()` is set when card `c` is in the set. The four cards of a
/// rank share a nibble, so [`CardSet::of_rank`] and [`CardSet::rank_count`] are a shift and
/// a mask.
///
/// Transparent, so that a binding can lend a caller's array of 64-bit masks as card sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct CardSet(u64);

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL: CardSet = CardSet((1 << 52) - 1);
    /// Every card worth at least one point (all 10s, J, Q, K, A, and 2♣).
    pub const SCORING: CardSet = {
        let mut bits = 0;
        let mut index = 0;
        while index < 52 {
            if let Some(card) = Card::from_index(index) {
                if card.points() > 0 {
                    bits |= 1 << index;
                }
            }
            index += 1;
        }
        CardSet(bits)
    };

    /// The set with these bits, or `None` if a bit above 51 is set.
    pub const fn from_bits(bits: u64) -> Option<CardSet> {
        if bits & !Self::FULL.0 == 0 {
            Some(CardSet(bits))
        } else {
            None
        }
    }

    /// The underlying mask.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding just this card.
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// The four cards of a rank.
    pub const fn of_rank(rank: Rank) -> CardSet {
        CardSet(0xF << (4 * rank.index()))
    }

    /// Number of cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when the set has no cards.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// True when every card of `self` is in `other`.
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// True when the sets share no card.
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The set with `card` added.
    #[must_use]
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card.index())
    }

    /// The set with `card` removed.
    #[must_use]
    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card.index()))
    }

    /// Cards in either set.
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Cards in both sets.
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// Cards of `self` not in `other`.
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards of this set that have the given rank.
    pub const fn rank_cards(self, rank: Rank) -> CardSet {
        self.intersection(Self::of_rank(rank))
    }

    /// How many cards of the given rank the set holds (0..=4).
    pub const fn rank_count(self, rank: Rank) -> u8 {
        ((self.0 >> (4 * rank.index())) & 0xF).count_ones() as u8
    }

    /// The lowest card (by index: ace of clubs first), if any.
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// Sum of the cards' points.
    pub const fn points(self) -> u32 {
        let scoring = self.intersection(Self::SCORING);
        // Every scoring card is worth 1, and 10♦ one more.
        let ten_of_diamonds = 1 << (4 * Rank::Ten as u64 + crate::Suit::Diamonds as u64);
        scoring.0.count_ones() + (self.0 & ten_of_diamonds != 0) as u32
    }

    /// The cards, lowest index first.
    pub const fn iter(self) -> Cards {
        Cards(self.0)
    }

    /// Every subset of this set, the empty set first and the set itself last, by the
    /// carry-rippler step `next = (sub - set) & set`.
    pub const fn subsets(self) -> Subsets {
        Subsets {
            set: self.0,
            next: Some(0),
        }
    }
}

/// Iterator over the cards of a [`CardSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct Cards(u64);

impl Iterator for Cards {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Card::from_index(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Cards {}

impl DoubleEndedIterator for Cards {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = 63 - self.0.leading_zeros() as u8;
        self.0 &= !(1 << index);
        Card::from_index(index)
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Cards;

    fn into_iter(self) -> Cards {
        self.iter()
    }
}

/// Iterator over all subsets of a [`CardSet`] (see [`CardSet::subsets`]).
#[derive(Clone, Debug)]
pub struct Subsets {
    set: u64,
    next: Option<u64>,
}

impl Iterator for Subsets {
    type Item = CardSet;

    fn next(&mut self) -> Option<CardSet> {
        let current = self.next?;
        self.next = if current == self.set {
            None
        } else {
            Some(current.wrapping_sub(self.set) & self.set)
        };
        Some(CardSet(current))
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> CardSet {
        cards.into_iter().fold(CardSet::EMPTY, CardSet::with)
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> CardSet {
        CardSet::single(card)
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, other: CardSet) -> CardSet {
        self.union(other)
    }
}

impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, other: CardSet) {
        *self = self.union(other);
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, other: CardSet) -> CardSet {
        self.intersection(other)
    }
}

impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, other: CardSet) {
        *self = self.intersection(other);
    }
}

impl BitXor for CardSet {
    type Output = CardSet;
    fn bitxor(self, other: CardSet) -> CardSet {
        CardSet(self.0 ^ other.0)
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, other: CardSet) -> CardSet {
        self.difference(other)
    }
}

impl SubAssign for CardSet {
    fn sub_assign(&mut self, other: CardSet) {
        *self = self.difference(other);
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The complement within the 52-card deck.
    fn not(self) -> CardSet {
        CardSet::FULL.difference(self)
    }
}

//! Card classes: the cards that make the same moves. A class is a rank, except that 2♣ and
//! 10♦, worth more points than the rest of their rank, are classes of their own: 15 in all.
//!
//! The search reasons about classes, not cards, because a hidden hand is only ever guessed
//! at class level: two cards of one class capture the same groups and score the same.

use crate::{Card, CardSet, Rank, Suit};

const TWO_OF_CLUBS: Card = Card::new(Rank::Two, Suit::Clubs);
const TEN_OF_DIAMONDS: Card = Card::new(Rank::Ten, Suit::Diamonds);
const SPECIAL: CardSet = CardSet::single(TWO_OF_CLUBS).union(CardSet::single(TEN_OF_DIAMONDS));

/// One of the 15 card classes: A, 2 (not 2♣), 3 … 9, 10 (not 10♦), J, Q, K, 2♣, 10♦.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardClass(u8);

impl CardClass {
    /// How many classes there are.
    pub const COUNT: usize = 15;
    /// The class of 2♣ alone.
    pub const TWO_OF_CLUBS: CardClass = CardClass(13);
    /// The class of 10♦ alone.
    pub const TEN_OF_DIAMONDS: CardClass = CardClass(14);

    /// The class of this card.
    pub const fn of(card: Card) -> CardClass {
        if card.index() == TWO_OF_CLUBS.index() {
            CardClass::TWO_OF_CLUBS
        } else if card.index() == TEN_OF_DIAMONDS.index() {
            CardClass::TEN_OF_DIAMONDS
        } else {
            CardClass(card.rank().index())
        }
    }

    /// The class of the ordinary cards of `rank` (for 2 and 10: the three other suits).
    pub const fn of_rank(rank: Rank) -> CardClass {
        CardClass(rank.index())
    }

    /// This class's index (0..15): rank index for ranks, 13 for 2♣, 14 for 10♦.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The cards of this class.
    pub const fn cards(self) -> CardSet {
        match Rank::from_index(self.0) {
            Some(rank) => CardSet::of_rank(rank).difference(SPECIAL),
            None if self.0 == CardClass::TWO_OF_CLUBS.0 => CardSet::single(TWO_OF_CLUBS),
            None => CardSet::single(TEN_OF_DIAMONDS),
        }
    }

    /// All classes, ace first, then 2 … K, 2♣, 10♦.
    pub fn all() -> impl Iterator<Item = CardClass> {
        (0..CardClass::COUNT as u8).map(CardClass)
    }
}

/// A set of card classes, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ClassSet(u16);

impl ClassSet {
    /// No class.
    pub const EMPTY: ClassSet = ClassSet(0);

    /// The classes that have at least one card in `cards`.
    pub fn of_cards(cards: CardSet) -> ClassSet {
        // One bit per non-empty rank nibble, at the nibble's lowest bit.
        let plain = cards.difference(SPECIAL).bits();
        let spread = plain | plain >> 1;
        let mut occupied = (spread | spread >> 2) & 0x0001_1111_1111_1111;
        let mut bits = 0u16;
        while occupied != 0 {
            bits |= 1 << (occupied.trailing_zeros() / 4);
            occupied &= occupied - 1;
        }
        bits |= (cards.contains(TWO_OF_CLUBS) as u16) << CardClass::TWO_OF_CLUBS.0;
        bits |= (cards.contains(TEN_OF_DIAMONDS) as u16) << CardClass::TEN_OF_DIAMONDS.0;
        ClassSet(bits)
    }

    /// The set holding just `class`.
    pub const fn single(class: CardClass) -> ClassSet {
        ClassSet(1 << class.0)
    }

    /// True when `class` is in the set.
    pub const fn contains(self, class: CardClass) -> bool {
        self.0 & 1 << class.0 != 0
    }

    /// True when the set has no class.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many classes the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Classes in either set.
    #[must_use]
    pub const fn union(self, other: ClassSet) -> ClassSet {
        ClassSet(self.0 | other.0)
    }

    /// Classes of `self` not in `other`.
    #[must_use]
    pub const fn difference(self, other: ClassSet) -> ClassSet {
        ClassSet(self.0 & !other.0)
    }

    /// The classes, lowest index first.
    pub fn iter(self) -> impl Iterator<Item = CardClass> {
        let mut rest = self.0;
        core::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let index = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            Some(CardClass(index))
        })
    }
}

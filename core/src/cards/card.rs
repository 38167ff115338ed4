//! A single card: its rank, its suit, and the two values the rules give it.

/// The thirteen ranks, ace low. The discriminant is the rank's index (0..13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    Ace,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
}

impl Rank {
    /// All ranks, ace first.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// The rank with this index (0 = ace … 12 = king).
    pub const fn from_index(index: u8) -> Option<Rank> {
        if index < 13 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }

    /// This rank's index (0 = ace … 12 = king).
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The capture value: 2–10 face value, J 12, Q 13, K 14, and 1 for the ace, which may
    /// also count 11 (see [`crate::capture`]). No card is worth 11 except an ace counted high.
    pub const fn capture_value(self) -> u8 {
        match self {
            Rank::Jack => 12,
            Rank::Queen => 13,
            Rank::King => 14,
            other => other as u8 + 1,
        }
    }
}

/// The four suits. The discriminant is the suit's index (0..4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// ♣, *tref*.
    Clubs,
    /// ♦, *karo*.
    Diamonds,
    /// ♥, *herc*.
    Hearts,
    /// ♠, *pik*.
    Spades,
}

impl Suit {
    /// All suits in index order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit with this index (0 = clubs … 3 = spades).
    pub const fn from_index(index: u8) -> Option<Suit> {
        if index < 4 {
            Some(Suit::ALL[index as usize])
        } else {
            None
        }
    }

    /// This suit's index (0 = clubs … 3 = spades).
    pub const fn index(self) -> u8 {
        self as u8
    }
}

/// Points of each card by index (see [`Card::points`]).
const POINTS: [u8; 52] = {
    let mut points = [0; 52];
    let mut index = 0;
    while index < 52 {
        let (rank, suit) = (Rank::ALL[index / 4], Suit::ALL[index % 4]);
        points[index] = match (rank, suit) {
            (Rank::Two, Suit::Clubs) => 1,
            (Rank::Ten, Suit::Diamonds) => 2,
            (Rank::Ten | Rank::Jack | Rank::Queen | Rank::King | Rank::Ace, _) => 1,
            _ => 0,
        };
        index += 1;
    }
    points
};

/// One of the 52 cards, stored as `4 × rank + suit` so that the four cards of a rank are
/// one nibble of a [`CardSet`](crate::CardSet): rank questions become nibble questions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(rank as u8 * 4 + suit as u8)
    }

    /// The card with this index (0..52), as used in [`CardSet`](crate::CardSet) bit positions.
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 52 {
            Some(Card(index))
        } else {
            None
        }
    }

    /// This card's index (0..52): `4 × rank index + suit index`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 / 4) as usize]
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 % 4) as usize]
    }

    /// The capture value of the card's rank (ace 1, see [`Rank::capture_value`]).
    pub const fn capture_value(self) -> u8 {
        self.rank().capture_value()
    }

    /// Points for scoring: 2♣ 1, 10♦ 2, every other 10, J, Q, K and A 1, the rest 0.
    pub const fn points(self) -> u8 {
        POINTS[self.0 as usize]
    }
}

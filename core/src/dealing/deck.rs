//! The deck order a game is dealt from, validated, and shuffled reproducibly.

use core::fmt;

use crate::dealing::pcg32::{below, Pcg32};
use crate::{Card, CardSet};

/// The stream of [`Pcg32`] used for seeded deals.
const DEAL_STREAM: u64 = 0;

/// The 52 cards in dealing order: `cards()[0]` is the top card, dealt first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deck([Card; 52]);

/// Why a list of cards is not a deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeckError {
    /// A deck has exactly 52 cards; this many were given.
    WrongLength(usize),
    /// This card appears more than once.
    DuplicateCard(Card),
}

impl fmt::Display for DeckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeckError::WrongLength(count) => write!(f, "a deck has 52 cards, not {count}"),
            DeckError::DuplicateCard(card) => write!(f, "card {card} appears twice in the deck"),
        }
    }
}

impl core::error::Error for DeckError {}

impl Deck {
    /// All cards in index order (A♣ A♦ A♥ A♠ 2♣ … K♠).
    pub const fn sorted() -> Deck {
        let mut cards = [Card::new(crate::Rank::Ace, crate::Suit::Clubs); 52];
        let mut index = 0;
        while index < 52 {
            if let Some(card) = Card::from_index(index as u8) {
                cards[index] = card;
            }
            index += 1;
        }
        Deck(cards)
    }

    /// The deck dealt by a seeded game: [`Deck::shuffled`] with `Pcg32::new(seed, 0)`.
    /// Fixed forever: the same seed gives the same deal on every platform and version.
    pub fn from_seed(seed: u64) -> Deck {
        Deck::shuffled(&mut Pcg32::new(seed, DEAL_STREAM))
    }

    /// A uniformly shuffled deck: Fisher–Yates from the bottom up over [`Deck::sorted`],
    /// each draw by Lemire's unbiased bounded integer.
    pub fn shuffled(rng: &mut impl rand_core::Rng) -> Deck {
        let mut cards = Deck::sorted().0;
        for last in (1..cards.len()).rev() {
            let pick = below(rng, last as u32 + 1) as usize;
            cards.swap(last, pick);
        }
        Deck(cards)
    }

    /// A deck in the given order, which must hold each of the 52 cards once.
    pub fn from_cards(cards: &[Card]) -> Result<Deck, DeckError> {
        if cards.len() != 52 {
            return Err(DeckError::WrongLength(cards.len()));
        }
        let mut seen = CardSet::EMPTY;
        let mut order = Deck::sorted().0;
        for (slot, &card) in order.iter_mut().zip(cards) {
            if seen.contains(card) {
                return Err(DeckError::DuplicateCard(card));
            }
            seen = seen.with(card);
            *slot = card;
        }
        Ok(Deck(order))
    }

    /// A deck that deals `order` first (a card given again is skipped), then every card not
    /// in it, in index order. For callers that have checked their order already (a game from
    /// a position): it cannot fail, and for 52 distinct cards it is exactly that order.
    pub(crate) fn completing(order: impl IntoIterator<Item = Card>) -> Deck {
        let mut cards = Deck::sorted().0;
        let mut given = CardSet::EMPTY;
        for card in order {
            if !given.contains(card) && given.len() < 52 {
                cards[given.len()] = card;
                given = given.with(card);
            }
        }
        for (slot, card) in cards[given.len()..].iter_mut().zip((!given).iter()) {
            *slot = card;
        }
        Deck(cards)
    }

    /// The cards, top first.
    pub const fn cards(&self) -> &[Card; 52] {
        &self.0
    }
}

/// The cards top first, separated by spaces.
impl fmt::Display for Deck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (position, card) in self.0.iter().enumerate() {
            if position > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

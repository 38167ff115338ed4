//! Cards and sets of cards, the bottom of the engine: [`Card`](crate::Card) and its
//! [`Rank`](crate::Rank) and [`Suit`](crate::Suit), the 52-bit [`CardSet`](crate::CardSet),
//! the [`CardClass`](crate::CardClass)es of cards that make the same moves, and the
//! [`notation`] cards are written in. Nothing here knows about players or games.

pub(crate) mod card;
pub(crate) mod card_class;
pub(crate) mod card_set;
pub mod notation;

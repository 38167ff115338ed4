//! Who plays and what is dealt: the [`PlayerCount`](crate::PlayerCount) and its deal
//! schedule, the [`Deck`](crate::Deck) order a game is dealt from, the portable
//! [`Pcg32`](crate::Pcg32) generator behind seeded decks, and the [`seeding`] that gives
//! every game and bot of a match its own seed.

pub(crate) mod deck;
pub(crate) mod pcg32;
pub(crate) mod players;
pub mod seeding;

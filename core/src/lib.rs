//! # tablic-core
//!
//! The rules of tablić, its games and its bots, with no heap: `no_std`, no `alloc`, no
//! `unsafe`. Everything here runs the same on a desktop and on a microcontroller.
//!
//! A tour, bottom up, one folder of `src/` at a time; each uses only the folders before it:
//! - [`cards`]: [`Card`], [`Rank`], [`Suit`]: a card is `4 × rank + suit`, so the four
//!   cards of a rank share a nibble of a [`CardSet`], a 52-bit mask with `const fn` set
//!   algebra and carry-rippler subset iteration. [`CardClass`]: the cards that make the same
//!   moves (a rank; 2♣ and 10♦ alone), the unit that inference, merging and the greedy
//!   player's suit choice work in. [`notation`](cards::notation): `10D`, `10♦` and
//!   `karo 10`, parsed and printed.
//! - [`dealing`]: [`PlayerCount`] and [`Deck`]: who plays and what is dealt; seeded decks
//!   come from [`Pcg32`] and a fixed shuffle, so a seed means the same deal everywhere,
//!   forever. [`seeding`](dealing::seeding): one match seed, every game's seed.
//! - [`capture`]: where captures are computed: capturable groups, every legal capture
//!   (enumerated without allocation), counts, and the legality check that says why.
//! - [`game`]: [`Game`]: deals, turns, [`Move`]s checked ([`IllegalMove`] says why) and
//!   applied, tablas, the last capturer, and the [`GameResult`], under [`Rules`]: everyone
//!   alone or in sides (partners), and the house rules for the table's last cards and a
//!   tabla on the last move. [`match_to_target`](game::match_to_target): games one after
//!   another to 101, the score sheet, and a match record that resumes. [`PlayerView`]: what one
//!   seat may know, the only thing bots and interfaces get. [`record`](game::record): a game
//!   as lines of text, written and read back move by move. [`Position`]: a game part way
//!   through in one line, as a seat sees it or with everything known, checked against the
//!   rules; a game plays on from it.
//! - [`bots`]: the [`bots::Bot`] trait, the bots, and [`bots::play_out`] to play a game.
//! - `analysis` (with the `solver` feature): every legal move of a position valued, for
//!   reviews and hints: from a seat's view over the PIMC bot's sampled worlds, each move
//!   solved in every world (mean margin ± standard error, share of worlds ahead, loss
//!   against the best paired world by world, a mark for clear mistakes); or, with
//!   everything known, exactly to the end of the game, with the best line.
//! - [`matches`](mod@matches): bots against each other: the deal of each game, the seat of
//!   each bot (rotated over duplicated deals), games played with every decision timed.
//!   [`tally`](matches::tally): statistics per bot over a match;
//!   [`to_target`](matches::to_target): bots playing matches to 101;
//!   [`tournament`](matches::tournament): every table of a field plays a match, and
//!   standings add up each entrant's tables.
//!
//! ```
//! use tablic_core::{Game, PlayerCount};
//!
//! let mut game = Game::from_seed(PlayerCount::TWO, 42);
//! while !game.is_finished() {
//!     // Play the first legal move each turn.
//!     let mut first = None;
//!     game.for_each_legal_move(|legal| { first.get_or_insert(legal); });
//!     game.play(first.unwrap()).unwrap();
//! }
//! let result = game.result().unwrap();
//! assert_eq!(result.seats().iter().map(|s| s.card_points).sum::<u32>(), 22);
//! ```

#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

// The folders are layers, bottom up: cards, dealing, capture, game, bots, analysis,
// matches. A file uses only its own folder and those below it, and no files use each other
// in a circle (tests/layers.rs checks both).
/// The Rust examples of the READMEs and of the Rust guide, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
#[doc = include_str!("../../README.md")]
#[doc = include_str!("../../docs/RUST.md")]
pub struct DocumentedExamples;

#[cfg(feature = "solver")]
pub mod analysis;
pub mod bots;
pub mod capture;
pub mod cards;
pub mod dealing;
pub mod game;
pub mod matches;

pub use capture::{TooManyToList, MAX_LISTED};
pub use cards::card::{Card, Rank, Suit};
pub use cards::card_class::{CardClass, ClassSet};
pub use cards::card_set::{CardSet, Cards, Subsets};
pub use dealing::deck::{Deck, DeckError};
pub use dealing::pcg32::{below, below_u64, Pcg32};
pub use dealing::players::{
    DealPoint, InvalidPlayerCount, PlayerCount, MAX_HAND, MAX_PLAYERS, TABLE_CARDS,
};
pub use game::moves::{
    for_each_move, for_each_move_capped, legal_move_count_up_to, list_moves, list_moves_capped,
    try_for_each_move, IllegalMove, Move,
};
pub use game::position::{Position, PositionError};
pub use game::public_view::PublicView;
pub use game::record::{Record, RecordError, RecordErrorKind, SeatNames};
pub use game::rules::{FinalTabla, Leftovers, Rules, RulesError};
pub use game::score::{GameResult, SeatResult, SideResult, MOST_CARDS_BONUS};
pub use game::view::{PastMove, PlayerView};
pub use game::{DeckOrigin, Game, Played, MOVES_PER_GAME};

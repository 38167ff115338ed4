//! A learned model of how a competent player chooses its move: odds for each move a hand
//! allows, for weighing the worlds a searching bot samples by how likely each opponent's
//! moves were with the hand the world gives it (inference).
//!
//! - A move's score is a linear function of the sparse features in `features.rs` (what it
//!   takes, what it discards, what it leaves on the table for the next player), with
//!   integer weights (`weights.rs`) in [`SCALE`]ths of a doubling of the odds: a move
//!   scoring [`SCALE`] more than another is taken to be twice as likely (a softmax in
//!   base 2). Integer arithmetic only, so the firmware's odds are the host's, bit for bit.
//! - The moves a player is taken to choose from ([`MoveContext::for_each_choice`]): each
//!   card discarded, and each capture no further group fits beside, with the best suits
//!   (the choices the greedy player weighs).
//! - A move's features never look at the rest of the hand, so the odds of a hand's
//!   choices add up card by card: [`ClassWeights`] holds each card class's sum once, and a
//!   world's hand costs a sum over its cards.
//! - The weights are fitted by maximum likelihood to the moves the engine's minimax player
//!   made against itself; `weights.rs` says how, and the command that makes it again
//!   (`scripts/train-move-model.sh`).

mod features;
mod weights;

pub use features::FEATURES;

use core::ops::ControlFlow;

use crate::bots::greedy::best_of_shape;
use crate::capture::{can_capture, try_for_each_unextendable_shape};
use crate::{Card, CardClass, CardSet, Game};

/// Units of a score to a doubling of a move's odds.
pub const SCALE: i32 = 16;

/// What a player saw when it chose a move, as the model weighs it: the table, how many
/// cards it held, and whether this is the last deal (whose end gives the table away).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveContext {
    table: CardSet,
    block: usize,
}

impl MoveContext {
    /// A mover holding `hand_size` cards (its move's card among them) in front of `table`,
    /// in the game's last deal or not.
    pub const fn new(table: CardSet, hand_size: usize, last_deal: bool) -> MoveContext {
        MoveContext {
            table,
            block: features::block(last_deal, hand_size),
        }
    }

    /// What the seat to move in `game` sees as it chooses (`None` once the game is over).
    pub fn of_game(game: &Game) -> Option<MoveContext> {
        let seat = game.to_move()?;
        let hand = game.hand(seat);
        Some(MoveContext::new(
            game.table(),
            hand.len(),
            game.undealt() == 0,
        ))
    }

    /// Calls `visit` with each capture a player is taken to choose from when it plays
    /// `card`: ∅ (a discard), then each capture of a shape nothing fits beside, with the
    /// best suits of each rank ([`GreedyKey`](crate::bots::GreedyKey)'s choice).
    pub fn for_each_choice(&self, card: Card, mut visit: impl FnMut(CardSet)) {
        visit(CardSet::EMPTY);
        if can_capture(self.table, card) {
            let _ = try_for_each_unextendable_shape::<()>(self.table, card, |shape| {
                visit(best_of_shape(shape));
                ControlFlow::Continue(())
            });
        }
    }

    /// Calls `visit(index, value)` for every feature of playing `played` and taking
    /// `capture` that is not zero, indices ascending and below [`FEATURES`]: what the
    /// weights multiply (for training them).
    pub fn for_each_feature(&self, played: Card, capture: CardSet, visit: impl FnMut(usize, i32)) {
        features::for_each_feature(self.block, self.table, played, capture, visit);
    }

    /// The move's score, in [`SCALE`]ths of a doubling of its odds.
    pub fn score(&self, played: Card, capture: CardSet) -> i32 {
        let mut sum = 0;
        self.for_each_feature(played, capture, |index, value| {
            sum += weights::WEIGHTS[index] * value;
        });
        sum
    }
}

/// For each card class, the odds of every choice of a card of that class added up, in one
/// context and relative to one another: how much a card of that class in a hand adds to
/// the odds of all its choices. The chance of a move with a hand is its own odds over the
/// hand's sum ([`ClassWeights::of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassWeights {
    weights: [u64; CardClass::COUNT],
}

impl ClassWeights {
    /// The weights of the classes of `cards` in `context` (0 for the other classes), the
    /// largest choice's odds being [`ONE`].
    pub fn new(context: &MoveContext, cards: CardSet) -> ClassWeights {
        let mut classes = [None; CardClass::COUNT];
        for card in cards.iter() {
            classes[CardClass::of(card).index()] = Some(card);
        }
        let mut top = i32::MIN;
        for card in classes.iter().flatten() {
            context.for_each_choice(*card, |capture| {
                top = top.max(context.score(*card, capture));
            });
        }
        let mut weights = [0; CardClass::COUNT];
        for (weight, card) in weights.iter_mut().zip(classes) {
            if let Some(card) = card {
                context.for_each_choice(card, |capture| {
                    *weight += odds(top - context.score(card, capture));
                });
            }
        }
        ClassWeights { weights }
    }

    /// The weight of a card's class.
    pub fn of_card(&self, card: Card) -> u64 {
        self.weights[CardClass::of(card).index()]
    }

    /// The sum of the odds of every choice `hand` allows.
    pub fn of(&self, hand: CardSet) -> u64 {
        hand.iter().map(|card| self.of_card(card)).sum()
    }
}

/// Odds are fixed-point fractions of this.
pub const ONE: u64 = 1 << 32;

/// `2^(−down / SCALE)` in fractions of [`ONE`] (a table for the sixteenths, a shift for
/// the doublings): exact integers, so every platform rounds alike. Odds never exceed
/// [`ONE`]: a `down` below 0 counts as 0.
pub const fn odds(down: i32) -> u64 {
    /// `round(ONE × 2^(−k/16))` for k = 0..16.
    const SIXTEENTHS: [u64; 16] = [
        4294967296, 4112874773, 3938502376, 3771522796, 3611622603, 3458501653, 3311872529,
        3171459999, 3037000500, 2908241642, 2784941738, 2666869345, 2553802834, 2445529972,
        2341847524, 2242560872,
    ];
    const _: () = assert!(SCALE == 16);
    if down <= 0 {
        return ONE;
    }
    let doublings = down as u32 / SCALE as u32;
    if doublings >= 64 {
        return 0;
    }
    SIXTEENTHS[down as usize % 16] >> doublings
}

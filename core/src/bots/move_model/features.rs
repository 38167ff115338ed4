//! What the move model weighs: a sparse vector of small integers per move, one block of
//! [`PER_CONTEXT`] features for each context (whether this is the last deal, and whether
//! the mover holds more than half a hand), so that each context learns its own weights.
//!
//! A move's features depend on the move and the table only, never on the rest of the hand:
//! so a card's choices weigh the same whatever else a hand holds, and the model's odds for
//! a hand are sums over its cards ([`super::ClassWeights`]).

use super::weights::WEIGHTS;
use crate::capture::{capturing_cards, check_capture};
use crate::{Card, CardClass, CardSet, Rank, Suit};

// Offsets of the features within a context's block.
/// 1 for a capture (a discard is the baseline).
const CAPTURE: usize = 0;
/// 1 for a capture that sweeps the table (a tabla).
const TABLA: usize = CAPTURE + 1;
/// A capture's points, the played card's among them.
const TAKEN_POINTS: usize = TABLA + 1;
/// The table cards a capture takes.
const TAKEN_CARDS: usize = TAKEN_POINTS + 1;
/// 10♦, then 2♣, among the cards a capture sends to the pile.
const TAKEN_TEN_OF_DIAMONDS: usize = TAKEN_CARDS + 1;
const TAKEN_TWO_OF_CLUBS: usize = TAKEN_TEN_OF_DIAMONDS + 1;
/// One-hot: the rank of the card played in a capture.
const CAPTURE_RANK: usize = TAKEN_TWO_OF_CLUBS + 1;
/// One-hot: the rank of a discarded card.
const DISCARD_RANK: usize = CAPTURE_RANK + 13;
/// A discarded card's points.
const DISCARD_POINTS: usize = DISCARD_RANK + 13;
/// The cards, then the points, left on the table for the next player.
const LEFT_CARDS: usize = DISCARD_POINTS + 1;
const LEFT_POINTS: usize = LEFT_CARDS + 1;
/// The ranks with which the next player could sweep the table left (a tabla risk), and 1
/// if there is any.
const SWEEP_RANKS: usize = LEFT_POINTS + 1;
const SWEEPABLE: usize = SWEEP_RANKS + 1;
/// The ranks with which the next player could take something from the table left.
const TAKING_RANKS: usize = SWEEPABLE + 1;

/// Features in each context's block.
pub const PER_CONTEXT: usize = TAKING_RANKS + 1;

/// Contexts: the last deal or not, times a hand of more than three cards or not.
pub const CONTEXTS: usize = 4;

/// The length of the feature vector.
pub const FEATURES: usize = CONTEXTS * PER_CONTEXT;

// Weights fitted to another feature vector do not build.
const _: () = assert!(WEIGHTS.len() == FEATURES);

/// Tables left larger than this are not checked for a sweep (no sweep was ever seen of
/// one; the check grows with the table).
const SWEEP_CHECKED: usize = 8;

/// The first feature of the block of a context.
pub(super) const fn block(last_deal: bool, hand_size: usize) -> usize {
    (last_deal as usize * 2 + (hand_size > 3) as usize) * PER_CONTEXT
}

/// Calls `visit(index, value)` for every feature of playing `played` and taking `capture`
/// from `table` that is not zero, indices ascending, from the block starting at `base`.
pub(super) fn for_each_feature(
    base: usize,
    table: CardSet,
    played: Card,
    capture: CardSet,
    mut visit: impl FnMut(usize, i32),
) {
    let mut put = |offset: usize, value: i32| {
        if value != 0 {
            visit(base + offset, value);
        }
    };
    let rank = played.rank().index() as usize;
    let left = if capture.is_empty() {
        put(DISCARD_RANK + rank, 1);
        put(DISCARD_POINTS, played.points() as i32);
        table.with(played)
    } else {
        let taken = capture.with(played);
        put(CAPTURE, 1);
        put(TABLA, i32::from(capture == table));
        put(TAKEN_POINTS, taken.points() as i32);
        put(TAKEN_CARDS, capture.len() as i32);
        put(
            TAKEN_TEN_OF_DIAMONDS,
            has(taken, CardClass::TEN_OF_DIAMONDS),
        );
        put(TAKEN_TWO_OF_CLUBS, has(taken, CardClass::TWO_OF_CLUBS));
        put(CAPTURE_RANK + rank, 1);
        table - capture
    };
    put(LEFT_CARDS, left.len() as i32);
    put(LEFT_POINTS, left.points() as i32);
    let sweeps = sweeping_ranks(left);
    put(SWEEP_RANKS, sweeps);
    put(SWEEPABLE, i32::from(sweeps > 0));
    put(TAKING_RANKS, taking_ranks(left));
}

/// The ranks a card of which could take every card of `table` (none for an empty table).
fn sweeping_ranks(table: CardSet) -> i32 {
    if table.is_empty() || table.len() > SWEEP_CHECKED {
        return 0;
    }
    let takers = capturing_cards(table);
    Rank::ALL
        .iter()
        .map(|&rank| Card::new(rank, Suit::Hearts))
        .filter(|&card| takers.contains(card) && check_capture(table, card, table).is_ok())
        .count() as i32
}

/// The ranks a card of which could take something from `table`.
fn taking_ranks(table: CardSet) -> i32 {
    // Every rank's four cards are alike here.
    (capturing_cards(table).len() / 4) as i32
}

fn has(cards: CardSet, class: CardClass) -> i32 {
    i32::from(!cards.is_disjoint(class.cards()))
}

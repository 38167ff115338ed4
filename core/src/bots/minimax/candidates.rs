//! The moves a node searches: one card per class, one capture per equivalent set, ordered
//! greedily, at most [`MAX_BRANCHING`] of them.

use arrayvec::ArrayVec;

use crate::bots::minimax::measure::Measure;
use crate::bots::GreedyKey;
use crate::capture::for_each_legal_capture;
use crate::cards::card_class::{CardClass, ClassSet};
use crate::game::moves::Move;
use crate::{Card, CardSet, Rank, Suit};

/// The most moves searched at one node: the greedy key's best. Memory is fixed at compile
/// time; real hands rarely have more distinct moves, and when they do the cut ones are
/// those the greedy measure ranks lowest.
pub const MAX_BRANCHING: usize = 24;

/// A node's moves, best greedy key first, and the best [`Measure`] each class could reach
/// (for guessing what an opponent lacks from the move it makes). One lives on the stack
/// for every ply of a line, so it keeps only the moves: their keys, needed to rank them,
/// stay in [`Ranking`], which is gone before the search goes deeper.
#[derive(Clone, Debug)]
pub(super) struct Candidates {
    moves: ArrayVec<Move, MAX_BRANCHING>,
    best: [Measure; CardClass::COUNT],
}

/// The moves being ranked while a node's candidates are found, with their greedy keys.
#[derive(Default)]
struct Ranking {
    moves: ArrayVec<(GreedyKey, Move), MAX_BRANCHING>,
}

impl Candidates {
    /// The moves of playing, for each of `classes`, the lowest card of `holder` in that
    /// class. Cards of a class are interchangeable, so one stands for all; captures that
    /// differ only in which cards of a class they take are kept once.
    #[inline(never)]
    pub(super) fn new(table: CardSet, holder: CardSet, classes: ClassSet) -> Candidates {
        let mut ranking = Ranking::default();
        let mut best = [Measure::default(); CardClass::COUNT];
        // Equivalent captures need two table cards of one class; most tables have none.
        let twins = ClassSet::of_cards(table).len() < table.len();
        for class in classes.iter() {
            let Some(card) = (holder & class.cards()).first() else {
                continue;
            };
            let mut class_best = Measure::default();
            for_each_legal_capture(table, card, |capture| {
                class_best = class_best.max(Measure::of(card, capture));
                ranking.offer(table, card, capture, twins);
            });
            best[class.index()] = class_best;
        }
        Candidates {
            moves: ranking.moves.iter().map(|&(_, listed)| listed).collect(),
            best,
        }
    }

    /// The moves, best greedy key first.
    pub(super) fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Moves `chosen` to the front, keeping the others' order.
    pub(super) fn promote(&mut self, chosen: Move) {
        if let Some(index) = self.moves.iter().position(|&listed| listed == chosen) {
            self.moves[..=index].rotate_right(1);
        }
    }

    /// The classes, other than the one played, that could have made a move measuring more
    /// than `made`: what the mover is then assumed to lack.
    pub(super) fn outclassing(&self, made: Move) -> ClassSet {
        let measure = Measure::of_move(made);
        let mut better = ClassSet::EMPTY;
        for class in CardClass::all() {
            if self.best[class.index()] > measure {
                better = better.union(ClassSet::single(class));
            }
        }
        better.difference(ClassSet::single(CardClass::of(made.card)))
    }
}

impl Ranking {
    /// Adds a move in greedy order unless the list is full of better ones or, when the table
    /// has `twins` (two cards of a class), an equivalent move is listed.
    fn offer(&mut self, table: CardSet, card: Card, capture: CardSet, twins: bool) {
        let key = GreedyKey::new(table, card, capture);
        if self.moves.is_full() && self.moves.last().is_some_and(|&(last, _)| key <= last) {
            return;
        }
        if twins {
            let signature = class_signature(capture);
            let equivalent = |m: &Move| {
                m.card == card
                    && m.capture.len() == capture.len()
                    && class_signature(m.capture) == signature
            };
            if self.moves.iter().any(|(_, m)| equivalent(m)) {
                return;
            }
        }
        if self.moves.is_full() {
            self.moves.pop();
        }
        let at = self.moves.partition_point(|&(listed, _)| listed > key);
        // Cannot fail: a slot was freed above if the list was full.
        let _ = self.moves.try_insert(at, (key, Move::new(card, capture)));
    }
}

/// How many cards of each class a capture takes, as one word: captures with the same
/// signature differ only in suits that change nothing, so they lead to the same game.
fn class_signature(capture: CardSet) -> u64 {
    const TWO_OF_CLUBS: Card = Card::new(Rank::Two, Suit::Clubs);
    const TEN_OF_DIAMONDS: Card = Card::new(Rank::Ten, Suit::Diamonds);
    let plain = capture
        .without(TWO_OF_CLUBS)
        .without(TEN_OF_DIAMONDS)
        .bits();
    // Per-nibble population counts (the first two steps of a SWAR popcount).
    let pairs = plain - (plain >> 1 & 0x5555_5555_5555_5555);
    let nibbles = (pairs & 0x3333_3333_3333_3333) + (pairs >> 2 & 0x3333_3333_3333_3333);
    nibbles
        | (capture.contains(TWO_OF_CLUBS) as u64) << 56
        | (capture.contains(TEN_OF_DIAMONDS) as u64) << 57
}

//! The yardstick of the original's inference: what a move takes, as (points, cards).

use crate::capture::for_each_legal_capture;
use crate::game::moves::Move;
use crate::{Card, CardSet};

/// Points taken by a move (the captured cards and the played card; 0 for a discard), then
/// table cards taken, compared in that order. A player is assumed to lack any class that
/// would have allowed a move with a strictly larger measure than the one it made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct Measure {
    points: u8,
    cards: u8,
}

impl Measure {
    /// The measure of playing `card` and taking `capture`.
    pub(super) fn of(card: Card, capture: CardSet) -> Measure {
        if capture.is_empty() {
            Measure::default()
        } else {
            Measure {
                points: (capture.points() + card.points() as u32) as u8,
                cards: capture.len() as u8,
            }
        }
    }

    /// The measure of `played`.
    pub(super) fn of_move(played: Move) -> Measure {
        Measure::of(played.card, played.capture)
    }

    /// The largest measure `card` can reach on `table`.
    pub(super) fn best(table: CardSet, card: Card) -> Measure {
        let mut best = Measure::default();
        for_each_legal_capture(table, card, |capture| {
            best = best.max(Measure::of(card, capture));
        });
        best
    }
}

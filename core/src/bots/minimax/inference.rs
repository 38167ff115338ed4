//! Which card classes each opponent probably lacks, inferred from its moves in this deal.
//!
//! After an opponent's move, every class (other than the one it played) that would have let
//! it make a move with a strictly larger [`Measure`] is assumed absent from its hand: the
//! original assumes players take what they can. Everything is recomputed from the public
//! history at each decision, so the bot keeps no hidden state and can start anywhere.

use crate::bots::minimax::measure::Measure;
use crate::cards::card_class::{CardClass, ClassSet};
use crate::dealing::players::MAX_PLAYERS;
use crate::game::view::PlayerView;
use crate::CardSet;

/// The classes `seat` probably lacks, as `view`'s seat infers them: nothing for itself,
/// nothing in the last deal (when nothing is left to deal), and only from this deal's moves.
pub fn probably_lacking(view: &PlayerView<'_>, seat: usize) -> ClassSet {
    lacking_by_seat(view)
        .get(seat)
        .copied()
        .unwrap_or(ClassSet::EMPTY)
}

/// [`probably_lacking`] for every seat at once.
pub(super) fn lacking_by_seat(view: &PlayerView<'_>) -> [ClassSet; MAX_PLAYERS] {
    let mut lacking = [ClassSet::EMPTY; MAX_PLAYERS];
    if view.is_last_deal() {
        // The original stops guessing once the deck is empty: with two players the other
        // hand is then known exactly, and the end-of-game bonus changes what players want.
        return lacking;
    }
    // Walking back from the present, a class a seat played later in the deal cannot be
    // missing from its hand, whatever its earlier moves suggested.
    let mut played_later = [ClassSet::EMPTY; MAX_PLAYERS];
    for past in view.this_deal_backwards() {
        let (seat, table, played) = (past.seat, past.table_before, past.played);
        let class = CardClass::of(played.card);
        if seat != view.seat() {
            let better = outclassing(table, Measure::of_move(played), class);
            lacking[seat] = lacking[seat].union(better.difference(played_later[seat]));
        }
        played_later[seat] = played_later[seat].union(ClassSet::single(class));
    }
    lacking
}

/// The classes other than `played` whose cards could have made a move measuring more than
/// `made` on `table`.
fn outclassing(table: CardSet, made: Measure, played: CardClass) -> ClassSet {
    CardClass::all()
        .filter(|&class| class != played)
        .filter(|&class| {
            // Any card of the class not on the table stands for the class; a class that is
            // all on the table cannot be in a hand.
            (class.cards() - table)
                .first()
                .is_some_and(|card| Measure::best(table, card) > made)
        })
        .fold(ClassSet::EMPTY, |set, class| {
            set.union(ClassSet::single(class))
        })
}

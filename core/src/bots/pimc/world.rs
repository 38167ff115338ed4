//! Worlds consistent with what a seat knows: the hidden cards dealt out at random.

use arrayvec::ArrayVec;

use crate::bots::probably_lacking;
use crate::pcg32::below;
use crate::players::MAX_PLAYERS;
use crate::view::PlayerView;
use crate::CardClass;
use crate::{Card, CardSet};

/// One guess at the hidden cards: every other seat's hand and the undealt deck in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct World {
    /// Every seat's hand (the viewer's own as it is).
    pub hands: [CardSet; MAX_PLAYERS],
    /// The cards still to be dealt, top first.
    pub deck: ArrayVec<Card, 48>,
}

/// Deals the cards `view`'s seat has not seen at random: each other seat gets as many as it
/// holds, the rest become the undealt deck in a random order.
///
/// A seat is dealt no card of a class it [probably lacks](probably_lacking) (the minimax
/// player's inference from how it played this deal) while other unseen cards remain, so
/// worlds agree with what the opponents' play revealed.
pub fn sample_world(view: &PlayerView<'_>, rng: &mut impl rand_core::Rng) -> World {
    let mut hidden: ArrayVec<Card, 52> = view.unseen().iter().collect();
    // Fisher–Yates, as the deck's own shuffle.
    for last in (1..hidden.len()).rev() {
        let pick = below(rng, last as u32 + 1) as usize;
        hidden.swap(last, pick);
    }
    let mut left: CardSet = hidden.iter().copied().collect();
    let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
    for (seat, hand) in hands.iter_mut().enumerate().take(view.players().get()) {
        if seat == view.seat() {
            *hand = view.hand();
            continue;
        }
        let lacking = probably_lacking(view, seat);
        let plausible = |card: &Card| !lacking.contains(CardClass::of(*card));
        let wanted = view.hand_size(seat);
        // Plausible cards first, in the shuffled order; others only if those run out.
        let firsts = hidden.iter().copied().filter(|card| left.contains(*card));
        let picked: CardSet = firsts
            .clone()
            .filter(plausible)
            .chain(firsts.filter(|card| !plausible(card)))
            .take(wanted)
            .collect();
        left -= picked;
        *hand = picked;
    }
    World {
        hands,
        deck: hidden
            .iter()
            .copied()
            .filter(|card| left.contains(*card))
            .collect(),
    }
}

//! Worlds consistent with what a seat knows: the hidden cards dealt out at random.

use arrayvec::ArrayVec;

use crate::bots::{best_greedy_move, probably_lacking, GreedyKey};
use crate::pcg32::below;
use crate::players::MAX_PLAYERS;
use crate::view::PlayerView;
use crate::CardClass;
use crate::{Card, CardSet};

/// Worlds [`sample_world`] draws at most, looking for one where every other seat's move
/// of this deal is what a greedy player would have made.
const GREEDY_TRIES: usize = 96;

/// How many parts of the greedy key ([`GreedyKey::parts`]) a move must not fall short on:
/// all seven (tabla, points, cards, 10♦, 2♣, aces, low card first).
const KEY_PARTS: usize = 7;

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
/// - A seat is dealt no card of a class it [probably lacks](probably_lacking) (the minimax
///   player's inference from how it played this deal) while other unseen cards remain.
/// - Among such deals, up to 96 are drawn, and the first in which every
///   other seat's moves of this deal were greedy ones (no card its hand then held allowed
///   a move with a larger greedy key, [`GreedyKey::parts`]) is kept; if none is, the one
///   with the fewest moves that were not greedy. Opponents mostly take what they can, and how they
///   discard says which low cards they lack, so worlds agree with what their play
///   revealed. Unlike `probably_lacking`, this also works in the last deal.
pub fn sample_world(view: &PlayerView<'_>, rng: &mut impl rand_core::Rng) -> World {
    let mut best = sample_once(view, rng);
    let mut fewest = greedy_misses(view, &best, usize::MAX);
    for _ in 1..GREEDY_TRIES {
        if fewest == 0 {
            break;
        }
        let world = sample_once(view, rng);
        let misses = greedy_misses(view, &world, fewest);
        if misses < fewest {
            fewest = misses;
            best = world;
        }
    }
    best
}

/// One world as [`sample_world`] describes, without the greedy filter.
fn sample_once(view: &PlayerView<'_>, rng: &mut impl rand_core::Rng) -> World {
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

/// How many of the other seats' moves in this deal a greedy player holding `world`'s hands
/// would not have made (counting stops at `enough`): walking back from the present, each
/// seat's hand at its move is its hand now and the cards it played since.
fn greedy_misses(view: &PlayerView<'_>, world: &World, enough: usize) -> usize {
    let mut hands = world.hands;
    let mut misses = 0;
    for past in view.this_deal_backwards() {
        let (seat, table, played) = (past.seat, past.table_before, past.played);
        let Some(hand) = hands.get_mut(seat) else {
            continue;
        };
        *hand = hand.with(played.card);
        if seat == view.seat() {
            continue;
        }
        let made = GreedyKey::new(table, played.card, played.capture).parts();
        let greedy = best_greedy_move(*hand, table)
            .map(|best| GreedyKey::new(table, best.card, best.capture).parts());
        if greedy.is_some_and(|greedy| greedy[..KEY_PARTS] > made[..KEY_PARTS]) {
            misses += 1;
            if misses >= enough {
                break;
            }
        }
    }
    misses
}

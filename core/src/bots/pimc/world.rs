//! Worlds consistent with what a seat knows: the hidden cards dealt out at random.

use arrayvec::ArrayVec;

use super::opponents::{judge_moves, Opponents, ONE};
use crate::bots::probably_lacking;
use crate::pcg32::below;
use crate::players::MAX_PLAYERS;
use crate::view::PlayerView;
use crate::CardClass;
use crate::{Card, CardSet};

/// Worlds [`sample_world`] draws at most, looking for one it accepts.
const GREEDY_TRIES: usize = 96;

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
/// - Such deals are then weighed by how likely each other seat's moves of this deal were
///   with that hand, for a player who mostly makes greedy moves (no card its hand then
///   held allowed a move with a larger greedy key,
///   [`GreedyKey::parts`](crate::bots::GreedyKey::parts)): each move that was not greedy
///   with the hand scales the deal's weight by the seat's odds of such a move, which its
///   play in the deals already over measures (`opponents`, see [`Opponents::observe`]).
/// - Deals are drawn until one is accepted with a chance equal to its weight (rejection
///   sampling), 96 at most; if none is, the likeliest drawn is kept. Against a greedy
///   player only hands that explain every move survive; against a player who often is not
///   greedy, the filter all but lets go.
pub fn sample_world(
    view: &PlayerView<'_>,
    opponents: &Opponents,
    rng: &mut impl rand_core::Rng,
) -> World {
    let odds = opponents.miss_odds();
    let mut likeliest: Option<(World, u64)> = None;
    for _ in 0..GREEDY_TRIES {
        let world = sample_once(view, rng);
        let weight = likelihood(&odds, &greedy_misses(view, &world));
        if accepts(rng, weight) {
            return world;
        }
        if likeliest.as_ref().is_none_or(|(_, most)| weight > *most) {
            likeliest = Some((world, weight));
        }
    }
    likeliest.map_or_else(|| sample_once(view, rng), |(world, _)| world)
}

/// True with probability `weight` / [`ONE`].
fn accepts(rng: &mut impl rand_core::Rng, weight: u64) -> bool {
    weight >= ONE || u64::from(rng.next_u32() >> 1) < weight
}

/// A world's weight: each seat's odds raised to its moves that were not greedy.
fn likelihood(odds: &[u64; MAX_PLAYERS], misses: &[u32; MAX_PLAYERS]) -> u64 {
    odds.iter()
        .zip(misses)
        .fold(ONE, |weight, (&odds, &misses)| {
            (0..misses).fold(weight, |weight, _| weight * odds / ONE)
        })
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

/// For each other seat, how many of its moves in this deal a greedy player holding
/// `world`'s hands would not have made: walking back from the present, each seat's hand at
/// its move is its hand now and the cards it played since.
fn greedy_misses(view: &PlayerView<'_>, world: &World) -> [u32; MAX_PLAYERS] {
    let mut misses = [0; MAX_PLAYERS];
    judge_moves(
        view.this_deal_backwards(),
        world.hands,
        view.seat(),
        |seat, greedy| misses[seat] += u32::from(!greedy),
    );
    misses
}

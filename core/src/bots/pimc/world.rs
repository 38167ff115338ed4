//! Worlds consistent with what a seat knows: the hidden cards dealt out at random.

use arrayvec::ArrayVec;

use super::opponents::{was_greedy, Opponents, ONE};
use crate::bots::move_model::{ClassWeights, MoveContext};
use crate::bots::probably_lacking;
use crate::dealing::pcg32::below;
use crate::dealing::players::{MAX_HAND, MAX_PLAYERS};
use crate::game::view::PlayerView;
use crate::{Card, CardSet, MOVES_PER_GAME};

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
/// holds, the rest become the undealt deck in a random order. See [`Worlds::sample`]; a
/// decision that samples many worlds makes its [`Worlds`] once.
pub fn sample_world(
    view: &PlayerView<'_>,
    opponents: &Opponents,
    rng: &mut impl rand_core::Rng,
) -> World {
    Worlds::new(view, opponents, Inference::Greedy).sample(rng)
}

/// How worlds weigh the other seats' moves of this deal as evidence of their hands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Inference {
    /// By whether each move was the greedy player's with the world's hand, at the odds
    /// the seat's play so far gives a move that was not.
    #[default]
    Greedy,
    /// By the chance of each move with the world's hand under the learned move model
    /// ([`crate::bots::move_model`]), which was fitted to two-player games: with more
    /// players, as [`Inference::Greedy`].
    Learned,
}

/// The worlds consistent with what a seat knows, with what they are drawn by worked out
/// once: which unseen cards each seat probably lacks, and, for each other seat's move of
/// this deal, which cards would have made it a move the greedy player would not make.
#[derive(Clone, Debug)]
pub struct Worlds<'v, 'g> {
    view: &'v PlayerView<'g>,
    /// Per seat, the cards of the classes it probably lacks.
    unlikely: [CardSet; MAX_PLAYERS],
    /// Per seat, the odds of a move that is not greedy against a greedy one.
    odds: [u64; MAX_PLAYERS],
    /// Every other seat's move of this deal that the hidden cards decide, newest first
    /// (none with [`Inference::Learned`] and two players).
    moves: ArrayVec<JudgedMove, MOVES_PER_GAME>,
    /// With [`Inference::Learned`] and two players, the other seat's moves of this deal as
    /// the move model weighs them; otherwise none, and the greedy test weighs the worlds.
    learned: ArrayVec<LearnedMove, MAX_HAND>,
}

/// An other seat's move of this deal, as a world's hands judge it.
#[derive(Clone, Copy, Debug)]
struct JudgedMove {
    seat: usize,
    /// The cards the seat played from this move on in the deal: with its hand now, its
    /// hand at the move.
    played_since: CardSet,
    /// The cards with which a better greedy move was there to make: the move was greedy
    /// if the hand held none of them.
    beaters: CardSet,
}

/// The other seat's move of this deal, as the move model weighs it: its chance with a hand
/// is its own odds over the sum of the odds of every choice the hand gave, so a hand's
/// likelihood relative to the likeliest is the least such sum over the hand's.
#[derive(Clone, Copy, Debug)]
struct LearnedMove {
    /// As in [`JudgedMove`].
    seat: usize,
    /// As in [`JudgedMove`].
    played_since: CardSet,
    /// The odds of all the choices each card would have given.
    weights: ClassWeights,
    /// The least sum of `weights` over a hand the seat could have held.
    least: u64,
}

impl<'v, 'g> Worlds<'v, 'g> {
    /// What `view` says of the hidden cards, with `opponents`' record of play, the
    /// other seats' moves of this deal weighed by `inference`.
    pub fn new(
        view: &'v PlayerView<'g>,
        opponents: &Opponents,
        inference: Inference,
    ) -> Worlds<'v, 'g> {
        let mut unlikely = [CardSet::EMPTY; MAX_PLAYERS];
        for (seat, cards) in unlikely.iter_mut().enumerate().take(view.players().get()) {
            if seat != view.seat() {
                *cards = probably_lacking(view, seat)
                    .iter()
                    .fold(CardSet::EMPTY, |cards, class| cards | class.cards());
            }
        }
        let learned_inference = inference == Inference::Learned && view.players().get() == 2;
        let mut moves = ArrayVec::new();
        let mut learned = ArrayVec::new();
        let unseen = view.unseen();
        let mut played_since = [CardSet::EMPTY; MAX_PLAYERS];
        for past in view.this_deal_backwards() {
            let Some(since) = played_since.get_mut(past.seat) else {
                continue;
            };
            *since = since.with(past.played.card);
            if past.seat == view.seat() {
                continue;
            }
            let possible = unseen | *since;
            if learned_inference {
                let held_now = view.hand_size(past.seat);
                let context = MoveContext::new(
                    past.table_before,
                    held_now + since.len(),
                    view.is_last_deal(),
                );
                let weights = ClassWeights::new(&context, possible);
                let _ = learned.try_push(LearnedMove {
                    seat: past.seat,
                    played_since: *since,
                    weights,
                    least: least_sum(&weights, *since, unseen, held_now),
                });
                continue;
            }
            let beaters: CardSet = possible
                .iter()
                .filter(|&card| !was_greedy(CardSet::single(card), past.table_before, past.played))
                .collect();
            // A card played since that would have made a better greedy move makes the move
            // a miss in every world: a factor common to all, which weighs none against
            // another, so only the moves the hidden cards decide are judged.
            if beaters.is_disjoint(*since) {
                let _ = moves.try_push(JudgedMove {
                    seat: past.seat,
                    played_since: *since,
                    beaters,
                });
            }
        }
        Worlds {
            view,
            unlikely,
            odds: opponents.miss_odds(),
            moves,
            learned,
        }
    }

    /// One world, at random:
    ///
    /// - A seat is dealt no card of a class it [probably lacks](probably_lacking) (the
    ///   minimax player's inference from how it played this deal) while other unseen cards
    ///   remain.
    /// - Such deals are then weighed by how likely each other seat's moves of this deal
    ///   were with that hand, for a player who mostly makes greedy moves (no card its hand
    ///   then held allowed a move with a larger greedy key,
    ///   [`GreedyKey::parts`](crate::bots::GreedyKey::parts)): each move that was not greedy
    ///   with the hand scales the deal's weight by the seat's odds of such a move, which its
    ///   play in the deals already over measures (`opponents`, see [`Opponents::observe`]).
    ///   With [`Inference::Learned`] and two players, by the move model's chance of each
    ///   move with that hand instead, relative to the likeliest hand's.
    /// - Deals are drawn until one is accepted with a chance equal to its weight (rejection
    ///   sampling), 96 at most; if none is, the likeliest drawn is kept. Against a greedy
    ///   player only hands that explain every move survive; against a player who often is
    ///   not greedy, the filter all but lets go.
    pub fn sample(&self, rng: &mut impl rand_core::Rng) -> World {
        let mut likeliest: Option<(World, u64)> = None;
        for _ in 0..GREEDY_TRIES {
            let world = self.sample_once(rng);
            // One of the two is empty: a world is weighed by the greedy test or the model.
            let weight = likelihood(&self.odds, &self.greedy_misses(&world))
                * self.learned_likelihood(&world)
                / ONE;
            if accepts(rng, weight) {
                return world;
            }
            if likeliest.as_ref().is_none_or(|(_, most)| weight > *most) {
                likeliest = Some((world, weight));
            }
        }
        likeliest.map_or_else(|| self.sample_once(rng), |(world, _)| world)
    }

    /// One world as [`Worlds::sample`] describes, without the greedy filter.
    fn sample_once(&self, rng: &mut impl rand_core::Rng) -> World {
        let view = self.view;
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
            let unlikely = self.unlikely[seat];
            let plausible = |card: &Card| !unlikely.contains(*card);
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
    /// `world`'s hands would not have made.
    fn greedy_misses(&self, world: &World) -> [u32; MAX_PLAYERS] {
        let mut misses = [0; MAX_PLAYERS];
        for judged in &self.moves {
            let held = world.hands[judged.seat] | judged.played_since;
            misses[judged.seat] += u32::from(!(held & judged.beaters).is_empty());
        }
        misses
    }

    /// How likely the other seat's moves of this deal were with `world`'s hand for it
    /// under the move model, relative to the likeliest hands, in fractions of [`ONE`].
    fn learned_likelihood(&self, world: &World) -> u64 {
        self.learned.iter().fold(ONE, |weight, judged| {
            let sum = judged
                .weights
                .of(world.hands[judged.seat] | judged.played_since);
            let chance = u128::from(judged.least) * u128::from(ONE) / u128::from(sum.max(1));
            weight * chance.min(u128::from(ONE)) as u64 / ONE
        })
    }
}

/// The least sum of `weights` over the hands a seat may have held: the cards it `played`
/// since, and `more` cards of `unseen`.
fn least_sum(weights: &ClassWeights, played: CardSet, unseen: CardSet, more: usize) -> u64 {
    let mut others: ArrayVec<u64, 52> = unseen.iter().map(|card| weights.of_card(card)).collect();
    others.sort_unstable();
    weights.of(played) + others.iter().take(more).sum::<u64>()
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

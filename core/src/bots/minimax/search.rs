//! Alpha-beta over rounds of play, deepened one round at a time within a node budget.
//!
//! The budget counts nodes, not time, so a decision is the same on any machine under any
//! load. Iterative deepening makes a cut-off search still useful: the answer is the best
//! move of the deepest round count searched in full, or of a partial deeper search once its
//! first move (the previous best) has been searched in full.
//!
//! The searching seat maximizes. An opponent's node is an expectation over its hand: it
//! plays the class best for it among those it holds, and a hand of its size drawn from the
//! classes it may hold has each class with a computable chance (see [`Search::chance`]).

use core::ops::ControlFlow;

use arrayvec::ArrayVec;

use crate::bots::minimax::candidates::Candidates;
use crate::bots::minimax::position::Position;
use crate::bots::minimax::score::Score;
use crate::capture::{can_capture, try_for_each_legal_shape};
use crate::cards::card_class::{CardClass, ClassSet};
use crate::game::moves::Move;
use crate::{Card, CardSet, Rank};

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decision {
    /// The move chosen (its card before an equivalent one is drawn).
    pub chosen: Move,
    /// Its score from the deepest search that scored it, `None` when the move needed no
    /// search (it was the only one) or the budget ran out before any move was scored.
    pub score: Option<Score>,
    /// The rounds (own moves) searched in full.
    pub rounds: u8,
    /// Nodes visited: at most the budget plus one (the one that found it spent).
    pub nodes: u32,
}

/// The budget ran out: the node's value is unknown.
struct OutOfNodes;

/// One decision's search.
pub(super) struct Search {
    position: Position,
    budget: u32,
    nodes: u32,
}

impl Search {
    /// A search from `position`, the searching seat to move, visiting at most `budget` nodes.
    pub(super) fn new(position: Position, budget: u32) -> Search {
        Search {
            position,
            budget,
            nodes: 0,
        }
    }

    /// The best move looking `rounds` own moves ahead (fewer when the budget runs out), or
    /// `None` with an empty hand.
    pub(super) fn decide(mut self, rounds: u8) -> Option<Decision> {
        let position = &self.position;
        let mut root = Candidates::new(
            position.table(),
            position.hand(),
            ClassSet::of_cards(position.hand()),
        );
        let &greedy = root.moves().first()?;
        let mut decision = Decision {
            chosen: greedy,
            score: None,
            rounds: 0,
            nodes: 0,
        };
        if root.moves().len() == 1 {
            return Some(decision);
        }
        for depth in 1..=rounds {
            root.promote(decision.chosen);
            let mut best: Option<(Score, Move)> = None;
            let mut complete = true;
            for &candidate in root.moves() {
                let alpha = best.map_or(Score::MIN, |(score, _)| score);
                let undo = self.position.play(candidate, ClassSet::EMPTY);
                let result = self.value(depth - 1, alpha, Score::MAX);
                self.position.undo(undo);
                match result {
                    Ok(score) if best.is_none_or(|(known, _)| score > known) => {
                        best = Some((score, candidate));
                    }
                    Ok(_) => {}
                    Err(OutOfNodes) => {
                        complete = false;
                        break;
                    }
                }
            }
            if let Some((score, chosen)) = best {
                decision.chosen = chosen;
                decision.score = Some(score);
            }
            if !complete {
                break;
            }
            decision.rounds = depth;
        }
        decision.nodes = self.nodes;
        Some(decision)
    }

    /// Spends one node of the budget.
    fn spend(&mut self) -> Result<(), OutOfNodes> {
        spend(&mut self.nodes, self.budget)
    }

    /// The value of the position after the searching seat's move, with `rounds` own moves
    /// still to search, by alpha-beta in the window (`alpha`, `beta`).
    ///
    /// A leaf is the end of the deal (the next deal is unknown, so it is not searched) or
    /// the end of the last round: the searching seat has made its moves and the seat that
    /// leads the deal is to move again, so every seat has moved equally often.
    fn value(&mut self, rounds: u8, alpha: Score, beta: Score) -> Result<Score, OutOfNodes> {
        self.spend()?;
        let position = &self.position;
        if position.deal_is_over() || (rounds == 0 && position.to_move() == 0) {
            return Ok(position.score());
        }
        let seat = position.to_move();
        let maximizing = position.is_mine();
        let rounds_after = rounds.saturating_sub(maximizing as u8);
        let next = (seat + 1) % position.players();
        // Every move from here reaches a leaf, valued without playing it.
        let frontier = !position.last_move_of_game()
            && (position.moves_left() == 1 || (rounds_after == 0 && next == 0));
        // Another seat whose hand is all the cards it may hold (two players, last deal).
        let known = !maximizing && {
            let classes = position.candidate_classes(seat);
            let cards = classes
                .iter()
                .fold(CardSet::EMPTY, |cards, class| cards | class.cards());
            let cards = position.pool() & cards;
            position.hand_size(seat) >= cards.len()
        };
        match (maximizing, frontier) {
            (true, true) => self.best_leaf(),
            (true, false) => self.max_node(rounds_after, alpha, beta),
            (false, false) if known => self.known_node(rounds_after, alpha, beta),
            (false, _) => self.chance(rounds_after, frontier),
        }
    }

    /// The searching seat's best move, every one of them leading to a leaf (one node per
    /// class).
    fn best_leaf(&mut self) -> Result<Score, OutOfNodes> {
        let Search {
            position,
            budget,
            nodes,
        } = self;
        let hand = position.hand();
        let mut gain = 0;
        for class in ClassSet::of_cards(hand).iter() {
            spend(nodes, *budget)?;
            if let Some(card) = (hand & class.cards()).first() {
                gain = gain.max(best_gain(position, card));
            }
        }
        let me = position.to_move();
        Ok(Score(position.score().0 + position.effect(me, gain)))
    }

    /// The searching seat's node: the best of its moves, by alpha-beta.
    fn max_node(&mut self, rounds: u8, mut alpha: Score, beta: Score) -> Result<Score, OutOfNodes> {
        let hand = self.position.hand();
        let candidates = Candidates::new(self.position.table(), hand, ClassSet::of_cards(hand));
        let mut best = Score::MIN;
        for &candidate in candidates.moves() {
            let undo = self.position.play(candidate, ClassSet::EMPTY);
            let result = self.value(rounds, alpha, beta);
            self.position.undo(undo);
            let score = result?;
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }

    /// Another seat's node when its hand is known: the worst of its moves for the
    /// searching seat if it is an opponent, the best if it is a partner, by alpha-beta.
    fn known_node(
        &mut self,
        rounds: u8,
        mut alpha: Score,
        mut beta: Score,
    ) -> Result<Score, OutOfNodes> {
        let position = &self.position;
        let partner = position.is_on_my_side(position.to_move());
        let classes = position.candidate_classes(position.to_move());
        let candidates = Candidates::new(position.table(), position.pool(), classes);
        let guessing = !position.is_last_deal();
        let mut best = if partner { Score::MIN } else { Score::MAX };
        for &candidate in candidates.moves() {
            let outclassed = if guessing {
                candidates.outclassing(candidate)
            } else {
                ClassSet::EMPTY
            };
            let undo = self.position.play(candidate, outclassed);
            let result = self.value(rounds, alpha, beta);
            self.position.undo(undo);
            let score = result?;
            if partner {
                best = best.max(score);
                alpha = alpha.max(score);
            } else {
                best = best.min(score);
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }

    /// Another seat's node, as an expectation over its hand.
    ///
    /// Each class it may play gets the value of its best move for that class: the lowest
    /// for the searching seat if it is an opponent, the highest if it is a partner, whose
    /// hand is as hidden as an opponent's. The seat is assumed to hold a random hand of its size
    /// from the unseen cards of the classes it may hold, and to play the best class it
    /// holds: with the classes sorted best first, class `i` is played when the hand holds
    /// none of the classes before it but holds it. For a hand of `h` cards out of `m`, the
    /// chance of holding none of `k` given cards is C(m − k, h) / C(m, h) exactly.
    ///
    /// When every move leads to a leaf (`frontier`), a class's best move is found from the
    /// captures nothing more fits beside, without playing them.
    fn chance(&mut self, rounds: u8, frontier: bool) -> Result<Score, OutOfNodes> {
        let position = &self.position;
        let seat = position.to_move();
        let partner = position.is_on_my_side(seat);
        let classes = position.candidate_classes(seat);
        let pool = position.pool();
        let hand = position.hand_size(seat);
        let unplayable = if partner { Score::MIN } else { Score::MAX };
        let mut best = [unplayable; CardClass::COUNT];
        if frontier {
            let base = position.score().0;
            for class in classes.iter() {
                spend(&mut self.nodes, self.budget)?;
                if let Some(card) = (pool & class.cards()).first() {
                    let gain = best_gain(position, card);
                    best[class.index()] = Score(base + position.effect(seat, gain));
                }
            }
        } else {
            let candidates = Candidates::new(position.table(), pool, classes);
            let guessing = !position.is_last_deal();
            for &candidate in candidates.moves() {
                let class = CardClass::of(candidate.card).index();
                let outclassed = if guessing {
                    candidates.outclassing(candidate)
                } else {
                    ClassSet::EMPTY
                };
                let undo = self.position.play(candidate, outclassed);
                // Only a move better for the seat than its class's best so far matters.
                let result = if partner {
                    self.value(rounds, best[class], Score::MAX)
                } else {
                    self.value(rounds, Score::MIN, best[class])
                };
                self.position.undo(undo);
                best[class] = if partner {
                    best[class].max(result?)
                } else {
                    best[class].min(result?)
                };
            }
        }
        Ok(expectation(&best, unplayable, pool, hand))
    }
}

/// Spends one of `nodes` against `budget`.
fn spend(nodes: &mut u32, budget: u32) -> Result<(), OutOfNodes> {
    *nodes = nodes.saturating_add(1);
    if *nodes > budget {
        Err(OutOfNodes)
    } else {
        Ok(())
    }
}

/// One in the fixed-point chances of [`expectation`].
const ONE: u64 = 1 << 24;

/// The value of another seat's node from the best value of each class for it
/// (`unplayable` for a class it cannot play: `Score::MAX` for an opponent, which plays the
/// lowest class it holds, `Score::MIN` for a partner, which plays the highest), its `hand`
/// size, and the `pool` its cards come from.
fn expectation(
    best: &[Score; CardClass::COUNT],
    unplayable: Score,
    pool: CardSet,
    hand: usize,
) -> Score {
    let mut order: ArrayVec<(Score, usize), { CardClass::COUNT }> = ArrayVec::new();
    let mut total = 0;
    for class in CardClass::all() {
        let score = best[class.index()];
        if score != unplayable {
            let count = (pool & class.cards()).len();
            total += count;
            order.push((score, count));
        }
    }
    // The class the seat plays first: the best for it it holds.
    if unplayable == Score::MIN {
        order.sort_unstable_by_key(|&(score, _)| core::cmp::Reverse(score));
    } else {
        order.sort_unstable_by_key(|&(score, _)| score);
    }
    let mut sum = 0i64;
    let mut taken = 0;
    let mut none_before = ONE;
    for &(score, count) in &order {
        taken += count;
        let none_after = none_held(total, taken, hand);
        sum += (none_before - none_after) as i64 * score.0 as i64;
        none_before = none_after;
    }
    match (ONE - none_before) as i64 {
        0 => order.first().map_or(unplayable, |&(score, _)| score),
        held => Score(sum.div_euclid(held) as i32),
    }
}

/// C(pool − taken, hand) / C(pool, hand) in units of [`ONE`]: the chance that `hand` cards
/// drawn from `pool` include none of `taken` given ones.
fn none_held(pool: usize, taken: usize, hand: usize) -> u64 {
    let mut chance = ONE;
    for drawn in 0..hand {
        if pool < taken + drawn + 1 {
            return 0;
        }
        chance = chance * (pool - taken - drawn) as u64 / (pool - drawn) as u64;
    }
    chance
}

/// The most that playing `card` can raise its player's [`Score::estimate`]. The gain grows
/// with the capture, so each capture shape (cards per rank) needs only its best suits: every
/// free card, and of each rank the cards with the most points.
fn best_gain(position: &Position, card: Card) -> i32 {
    let table = position.table();
    if !can_capture(table, card) {
        return 0;
    }
    let mut best = 0;
    let _ = try_for_each_legal_shape::<()>(table, card, |shape| {
        let capture = shape.free() | shape.pick(most_points);
        best = best.max(position.gain(card, capture));
        ControlFlow::Continue(())
    });
    best
}

/// `count` of the `cards` of `rank` with the most points: 10♦ or 2♣ first.
fn most_points(_rank: Rank, cards: CardSet, count: u8) -> CardSet {
    let special = cards & (CardClass::TWO_OF_CLUBS.cards() | CardClass::TEN_OF_DIAMONDS.cards());
    special
        .iter()
        .chain((cards - special).iter())
        .take(count as usize)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_of_holding_none_are_exact_ratios_of_binomials() {
        // C(38, 6) / C(40, 6) = 38·37·36·35·34·33 / (40·39·38·37·36·35) = 34·33 / (40·39).
        assert_eq!(none_held(40, 2, 6), ONE * 34 * 33 / (40 * 39) - 1);
        assert_eq!(none_held(40, 0, 6), ONE);
        assert_eq!(
            none_held(6, 1, 6),
            0,
            "a hand of the whole pool holds everything"
        );
        assert_eq!(none_held(10, 4, 1), ONE * 6 / 10);
    }

    #[test]
    fn an_opponent_plays_the_best_class_it_holds() {
        let pool: CardSet = "AH AS 5H 5S 5D 5C KH".parse().unwrap();
        let mut best = [Score::MAX; CardClass::COUNT];
        best[CardClass::of_rank(Rank::Ace).index()] = Score(-700);
        best[CardClass::of_rank(Rank::Five).index()] = Score(0);
        best[CardClass::of_rank(Rank::King).index()] = Score(70);
        // One card from 7: an ace with chance 2/7, a five 4/7, the king 1/7: −190, less
        // the rounding down of chances in units of 2⁻²⁴.
        assert_eq!(expectation(&best, Score::MAX, pool, 1), Score(-191));
        // Two cards: an ace with chance 11/21, else surely a five: −366.7, rounded down.
        assert_eq!(expectation(&best, Score::MAX, pool, 2), Score(-367));
        // The whole pool: the opponent surely holds an ace.
        assert_eq!(expectation(&best, Score::MAX, pool, 7), Score(-700));
    }

    #[test]
    fn a_partner_plays_the_best_class_it_holds_for_the_side() {
        let pool: CardSet = "AH AS 5H 5S 5D 5C KH".parse().unwrap();
        let mut best = [Score::MIN; CardClass::COUNT];
        best[CardClass::of_rank(Rank::Ace).index()] = Score(-700);
        best[CardClass::of_rank(Rank::Five).index()] = Score(0);
        best[CardClass::of_rank(Rank::King).index()] = Score(70);
        // One card from 7: the king (best for the side) with chance 1/7, a five 4/7, an
        // ace 2/7: 10 − 200 = −190.
        assert_eq!(expectation(&best, Score::MIN, pool, 1), Score(-190));
        // Two cards: the king with chance 1 − C(6,2)/C(7,2) = 6/21, else a five unless
        // both cards are aces (1/21): 70·6/21 − 700/21 = −13.3, rounded down.
        assert_eq!(expectation(&best, Score::MIN, pool, 2), Score(-14));
        // The whole pool: the partner surely holds the king.
        assert_eq!(expectation(&best, Score::MIN, pool, 7), Score(70));
    }
}

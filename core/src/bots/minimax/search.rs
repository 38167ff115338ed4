//! Alpha-beta over rounds of play, deepened one round at a time within a node budget.
//!
//! The budget counts nodes, not time, so a decision is the same on any machine under any
//! load. Iterative deepening makes a cut-off search still useful: the answer is the best
//! move of the deepest round count searched in full, or of a partial deeper search once its
//! first move (the previous best) has been searched in full.

use crate::bots::minimax::candidates::Candidates;
use crate::bots::minimax::position::Position;
use crate::bots::minimax::score::Score;
use crate::card_class::ClassSet;
use crate::moves::Move;

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
        let &(_, greedy) = root.moves().first()?;
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
            for &(_, candidate) in root.moves() {
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

    /// The value of the position after the searching seat's move, with `rounds` own moves
    /// still to search, by alpha-beta in the window (`alpha`, `beta`).
    ///
    /// A leaf is the end of the deal (the next deal is unknown, so it is not searched) or
    /// the end of the last round: the searching seat has made its moves and the seat that
    /// leads the deal is to move again, so every seat has moved equally often.
    fn value(
        &mut self,
        rounds: u8,
        mut alpha: Score,
        mut beta: Score,
    ) -> Result<Score, OutOfNodes> {
        self.nodes = self.nodes.saturating_add(1);
        if self.nodes > self.budget {
            return Err(OutOfNodes);
        }
        let position = &self.position;
        if position.deal_is_over() || (rounds == 0 && position.to_move() == 0) {
            return Ok(position.score());
        }
        let maximizing = position.is_mine();
        let candidates = if maximizing {
            let hand = position.hand();
            Candidates::new(position.table(), hand, ClassSet::of_cards(hand))
        } else {
            let classes = position.candidate_classes(position.to_move());
            Candidates::new(position.table(), position.pool(), classes)
        };
        let guessing = !maximizing && !position.is_last_deal();
        let rounds_after = rounds.saturating_sub(maximizing as u8);
        let mut best = if maximizing { Score::MIN } else { Score::MAX };
        for &(_, candidate) in candidates.moves() {
            let outclassed = if guessing {
                candidates.outclassing(candidate)
            } else {
                ClassSet::EMPTY
            };
            let undo = self.position.play(candidate, outclassed);
            let result = self.value(rounds_after, alpha, beta);
            self.position.undo(undo);
            let score = result?;
            if maximizing {
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
}

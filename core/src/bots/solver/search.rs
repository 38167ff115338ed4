//! Alpha-beta over the rest of the game, from one seat's point of view (the *hero*).
//!
//! Values are of the rest of the game only: the hero's weighted score gained from here
//! on, plus the bonus for most cards at the end. Points already won are not part of a
//! node's value, so transpositions reached with different scores share their entry. With
//! two players this is minimax of the margin; with more, the others all minimise the
//! hero's value (paranoid search).

use super::moves::{Arena, Batch};
use super::position::Position;
use super::table::{Probe, Table};
use crate::Move;

/// Positions with this many moves left or fewer are not kept in the table.
const UNREMEMBERED: usize = 2;

/// Positions with more moves left than this first look for a child whose bound in the
/// table cuts them off (cuts 10–15 % of the nodes of the last two deals).
const ETC_MOVES: usize = 6;

/// Beyond every value a game can have.
pub(crate) const INFINITY: i32 = 30_000;

/// The search ran out of its node budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OutOfBudget;

/// One search: the solver's memory, the hero, and the node count against the budget.
pub(crate) struct Search<'s, 't> {
    pub table: &'s mut Table<'t>,
    pub arena: &'s mut Arena,
    pub hero: usize,
    pub nodes: u64,
    pub limit: u64,
}

impl Search<'_, '_> {
    /// The value of the rest of the game, fail-soft: a value at most `alpha` is an upper
    /// bound, at least `beta` a lower bound, and in between exact.
    pub fn value<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, OutOfBudget> {
        self.node(position, alpha, beta, false)
            .map(|(value, _)| value)
    }

    /// The exact value of the rest of the game by MTD(f): null-window searches closing in
    /// from `guess`, each cheaper than one wide search; the table keeps their bounds.
    pub fn exact<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
        guess: i32,
    ) -> Result<i32, OutOfBudget> {
        let (mut lower, mut upper) = (-INFINITY, INFINITY);
        let mut value = guess;
        while lower < upper {
            let beta = if value == lower { value + 1 } else { value };
            value = self.value(position, beta - 1, beta)?;
            if value < beta {
                upper = value;
            } else {
                lower = value;
            }
        }
        Ok(value)
    }

    /// Enhanced transposition cutoff: a child whose bound in the table already refutes
    /// the window ends the node before any search.
    fn transposition_cutoff<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
        batch: &Batch,
        seat: usize,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let maximising = seat == self.hero;
        batch.iter().find_map(|played| {
            let (child, gain) = position.after_for(played, seat, self.hero);
            let probe = self.table.probe(child.key(self.hero));
            if maximising && gain + i32::from(probe.lower) >= beta {
                Some(gain + i32::from(probe.lower))
            } else if !maximising && gain + i32::from(probe.upper) <= alpha {
                Some(gain + i32::from(probe.upper))
            } else {
                None
            }
        })
    }

    /// The value and the best move of `position`; at the root (`root`), the transposition
    /// table only orders moves, so that a move is always found.
    pub fn node<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
        alpha: i32,
        beta: i32,
        root: bool,
    ) -> Result<(i32, Option<Move>), OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(OutOfBudget);
        }
        let Some(seat) = position.to_move() else {
            return Ok((position.bonus_value(self.hero), None));
        };
        let maximising = seat == self.hero;
        let left = position.moves_left();
        if !root && left == 1 {
            return Ok((position.last_move_value(seat, self.hero, maximising), None));
        }
        // Near the end a search is cheaper than a cache miss: no table there.
        let remembered = root || left > UNREMEMBERED;
        let key = if remembered {
            position.key(self.hero)
        } else {
            0
        };
        let probe = if remembered {
            self.table.probe(key)
        } else {
            Probe::NOTHING
        };
        let (lower, upper) = (i32::from(probe.lower), i32::from(probe.upper));
        if !root {
            if lower >= beta || lower == upper {
                return Ok((lower, None));
            }
            if upper <= alpha {
                return Ok((upper, None));
            }
        }
        let (low, high) = if root {
            (alpha, beta)
        } else {
            (alpha.max(lower), beta.min(upper))
        };
        let (mut alpha, mut beta) = (low, high);
        let mut best = if maximising { -INFINITY } else { INFINITY };
        let mut best_move = None;
        let mut batch = Batch::default();
        let mut start = Some(0);
        'batches: while let Some(from) = start {
            start = batch.fill(
                self.arena,
                position.hand(seat),
                position.table(),
                from,
                &probe,
            );
            if !root && left > ETC_MOVES {
                if let Some(cut) = self.transposition_cutoff(position, &batch, seat, alpha, beta) {
                    return Ok((cut, None));
                }
            }
            for played in batch.iter() {
                let (child, gain) = position.after_for(played, seat, self.hero);
                let value = gain + self.value(&child, alpha - gain, beta - gain)?;
                if maximising && value > best || !maximising && value < best {
                    best = value;
                    best_move = Some(played);
                }
                if maximising {
                    alpha = alpha.max(value);
                } else {
                    beta = beta.min(value);
                }
                if alpha >= beta {
                    break 'batches;
                }
            }
        }
        if best_move.is_none() {
            // Only a malformed position has no move; score it as over.
            return Ok((position.bonus_value(self.hero), None));
        }
        let clamp = |value: i32| value.clamp(i16::MIN.into(), i16::MAX.into()) as i16;
        if remembered {
            let (lower, upper, known_best) = if best <= low {
                // Every move failed low: none is known to be best.
                (i16::MIN, clamp(best), None)
            } else if best >= high {
                (clamp(best), i16::MAX, best_move)
            } else {
                (clamp(best), clamp(best), best_move)
            };
            self.table.store(key, left, lower, upper, known_best);
        }
        Ok((best, best_move))
    }
}

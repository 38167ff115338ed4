//! Alpha-beta over the rest of the game, from one seat's point of view (the *hero*).
//!
//! Values are of the rest of the game only: the hero's weighted score gained from here
//! on, plus the bonus for most cards at the end. Points already won are not part of a
//! node's value, so transpositions reached with different scores share their entry. With
//! two sides this is minimax of the margin; with more, the other sides all minimise the
//! hero's value (paranoid search). The hero's partners maximise it, as the hero does.

use super::moves::{for_each_capture_class, Arena, Batch, Class};
use super::position::Position;
use super::table::{Key, Probe, Span, Spans, Table};
use core::ops::ControlFlow;

use crate::bots::best_greedy_move;
use crate::capture::{reachable_sums, target_sum};
use crate::{CardSet, Move};

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

/// One search: the solver's memory, the hero, the seats taken to play greedy moves (bit
/// `s` for seat `s`), and the node count against the budget.
pub(crate) struct Search<'s, 't> {
    pub table: &'s mut Table<'t>,
    pub arena: &'s mut Arena,
    pub hero: usize,
    pub greedy: u64,
    pub nodes: u64,
    pub limit: u64,
}

impl Search<'_, '_> {
    /// The value of the rest of the game, fail-soft: a value at most `alpha` is an upper
    /// bound, at least `beta` a lower bound, and in between exact; with the other leads
    /// where that holds too.
    pub fn value<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, Span), OutOfBudget> {
        self.node(position, alpha, beta, false)
            .map(|(value, _, span)| (value, span))
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
            value = self.value(position, beta - 1, beta)?.0;
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
    ) -> Option<(i32, Span)> {
        let maximising = position.same_side(seat, self.hero);
        batch.iter().find_map(|played| {
            let (child, gain) = position.after_for(played, seat, self.hero);
            let probe = self
                .table
                .probe(child.key(self.hero), child.table(), CardSet::EMPTY);
            if maximising && gain + i32::from(probe.lower) >= beta {
                let span = probe.span.before(played, child.is_finished());
                Some((gain + i32::from(probe.lower), span))
            } else if !maximising && gain + i32::from(probe.upper) <= alpha {
                let span = probe.span.before(played, child.is_finished());
                Some((gain + i32::from(probe.upper), span))
            } else {
                None
            }
        })
    }

    /// The value of a node where `seat` is taken to play the greedy player's move: that
    /// move's, with no search of the others.
    fn greedy_move<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
        seat: usize,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, Option<Move>, Span), OutOfBudget> {
        let Some(played) = best_greedy_move(position.hand(seat), position.table()) else {
            // Only a malformed position has no move; score it as over.
            let hero = self.hero;
            return Ok((position.bonus_value(hero), None, position.bonus_span(hero)));
        };
        let (child, gain) = position.after_for(played, seat, self.hero);
        let (rest, span) = self.value(&child, alpha - gain, beta - gain)?;
        let span = span.before(played, child.is_finished());
        Ok((gain + rest, Some(played), span))
    }

    /// The value of a position with two moves left (not the root), fail-soft: every move of
    /// `seat` as it comes (one capture per class), each valued by the last move's shortcut,
    /// with no table and no ordering (a node here has few moves, and most of them are
    /// captures of one card).
    fn two_left<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
        seat: usize,
        alpha: i32,
        beta: i32,
    ) -> (i32, Span) {
        let (hero, greedy) = (self.hero, self.greedy);
        let maximising = position.same_side(seat, hero);
        let mut best = if maximising { -INFINITY } else { INFINITY };
        let mut spans = Spans::ALL;
        let mut children = 0;
        let sums = reachable_sums(position.table());
        for card in position.hand(seat).iter() {
            let mut visit = |capture| {
                let played = Move::new(card, capture);
                let (child, gain) = position.after_for(played, seat, hero);
                children += 1;
                let (rest, rest_span) = match child.to_move() {
                    None => (child.bonus_value(hero), child.bonus_span(hero)),
                    Some(next) if child.moves_left() == 1 => last_move(&child, next, hero, greedy),
                    // Not reached: two moves left leave one.
                    Some(_) => return ControlFlow::Break(()),
                };
                let value = gain + rest;
                let better = if maximising {
                    value > best
                } else {
                    value < best
                };
                let rest_span = rest_span.before(played, child.is_finished());
                spans.add(rest_span, maximising, better);
                if maximising {
                    best = best.max(value);
                } else {
                    best = best.min(value);
                }
                if maximising && best >= beta || !maximising && best <= alpha {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            };
            // Captures first, the discard last.
            let cut = sums & 1 << target_sum(card) != 0
                && for_each_capture_class(self.arena, position.table(), card, |capture| {
                    if capture.is_empty() {
                        ControlFlow::Continue(())
                    } else {
                        visit(capture)
                    }
                })
                .is_break();
            if cut || visit(CardSet::EMPTY).is_break() {
                break;
            }
        }
        self.nodes += children;
        (best, spans.node(maximising))
    }

    /// The value, the best move and the other leads where the value holds ([`Span`]) of
    /// `position`; at the root (`root`), the transposition table only orders moves, so
    /// that a move is always found.
    pub fn node<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
        alpha: i32,
        beta: i32,
        root: bool,
    ) -> Result<(i32, Option<Move>, Span), OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(OutOfBudget);
        }
        let Some(seat) = position.to_move() else {
            let hero = self.hero;
            return Ok((position.bonus_value(hero), None, position.bonus_span(hero)));
        };
        if !root && self.greedy & 1 << seat != 0 {
            return self.greedy_move(position, seat, alpha, beta);
        }
        let maximising = position.same_side(seat, self.hero);
        let left = position.moves_left();
        if !root && left == 1 {
            let (value, span) = position.last_move_value(seat, self.hero, maximising);
            return Ok((value, None, span));
        }
        // Fast fail: even winning (or losing) everything left cannot reach the window.
        if !root {
            if let Some(bound) = position.fast_fail(self.hero, alpha, beta) {
                return Ok((bound, None, position.bounds_span(self.hero)));
            }
        }
        if !root && left == 2 {
            let (value, span) = self.two_left(position, seat, alpha, beta);
            return Ok((value, None, span));
        }
        // Near the end a search is cheaper than a cache miss: no table there.
        let remembered = root || left > UNREMEMBERED;
        let key = if remembered {
            position.key(self.hero)
        } else {
            Key::plain(0)
        };
        let probe = if remembered {
            self.table.probe(key, position.table(), position.hand(seat))
        } else {
            Probe::NOTHING
        };
        let (lower, upper) = (i32::from(probe.lower), i32::from(probe.upper));
        if !root {
            if lower >= beta || lower == upper {
                return Ok((lower, None, probe.span));
            }
            if upper <= alpha {
                return Ok((upper, None, probe.span));
            }
        }
        let (low, high) = if root {
            (alpha, beta)
        } else {
            (alpha.max(lower), beta.min(upper))
        };
        // Where the result holds: where every child's does, and the probe's bounds' where
        // they narrowed the window.
        let mut span = Span::ALL;
        if low > alpha {
            span.lo = probe.span.lo;
        }
        if high < beta {
            span.hi = probe.span.hi;
        }
        let mut spans = Spans::ALL;
        let (mut alpha, mut beta) = (low, high);
        let mut best = if maximising { -INFINITY } else { INFINITY };
        let mut best_move = None;
        // The table's move first, before any move is generated: it often cuts.
        let hand = position.hand(seat);
        let first = probe.best.filter(|played| {
            hand.contains(played.card) && played.capture.is_subset(position.table())
        });
        if let Some(played) = first {
            let (child, gain) = position.after_for(played, seat, self.hero);
            let (rest, rest_span) = self.value(&child, alpha - gain, beta - gain)?;
            let value = gain + rest;
            let rest_span = rest_span.before(played, child.is_finished());
            spans.add(rest_span, maximising, true);
            best = value;
            best_move = Some(played);
            if maximising {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
        }
        let skip = first.map(|played| Class::of(position.table(), played));
        let mut batch = Batch::default();
        let mut start = (alpha < beta).then_some(0);
        'batches: while let Some(from) = start {
            start = batch.fill(self.arena, hand, position.table(), from, skip);
            if !root && left > ETC_MOVES {
                if let Some((cut, span)) =
                    self.transposition_cutoff(position, &batch, seat, alpha, beta)
                {
                    return Ok((cut, None, span));
                }
            }
            for played in batch.iter() {
                let (child, gain) = position.after_for(played, seat, self.hero);
                let (rest, rest_span) = self.value(&child, alpha - gain, beta - gain)?;
                let value = gain + rest;
                let better = maximising && value > best || !maximising && value < best;
                let rest_span = rest_span.before(played, child.is_finished());
                spans.add(rest_span, maximising, better);
                if better {
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
            let hero = self.hero;
            return Ok((position.bonus_value(hero), None, position.bonus_span(hero)));
        }
        let span = span.meet(spans.node(maximising));
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
            self.table
                .store(key, span, position.table(), left, lower, upper, known_best);
        }
        Ok((best, best_move, span))
    }
}

/// The hero's value of the game's last move, made by `seat`: its greedy move if it is
/// taken to play one (bit `seat` of `greedy`), else its best
/// ([`Position::last_move_value`]).
fn last_move<const SEATS: usize>(
    position: &Position<SEATS>,
    seat: usize,
    hero: usize,
    greedy: u64,
) -> (i32, Span) {
    if greedy & 1 << seat != 0 {
        if let Some(played) = best_greedy_move(position.hand(seat), position.table()) {
            let (child, gain) = position.after_for(played, seat, hero);
            let span = child.bonus_span(hero).before(played, true);
            return (gain + child.bonus_value(hero), span);
        }
    }
    position.last_move_value(seat, hero, position.same_side(seat, hero))
}

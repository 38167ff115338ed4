//! The solver itself: its memory, its budget, and the questions it answers.

use core::fmt;
use core::ops::ControlFlow;

use arrayvec::ArrayVec;

use super::moves::{Arena, Class};
use super::position::Position;
use super::search::{OutOfBudget, Search, INFINITY};
use super::table::{Entry, Table};
use crate::game::moves::try_for_each_move;
use crate::Move;

/// Why a solve gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolveError {
    /// The game is over: there is no move to value.
    GameOver,
    /// The search visited more nodes than its budget allows.
    OutOfBudget,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SolveError::GameOver => "the game is over",
            SolveError::OutOfBudget => "the search ran out of its node budget",
        })
    }
}

impl core::error::Error for SolveError {}

impl From<OutOfBudget> for SolveError {
    fn from(_: OutOfBudget) -> SolveError {
        SolveError::OutOfBudget
    }
}

/// Root move classes remembered while reporting every root move, so that merged moves are
/// reported without another search (past this many they are searched again: the
/// transposition table makes that cheap).
const ROOT_CLASSES: usize = 64;

/// The solver: a transposition table in the caller's memory, a capture arena (4 KiB), an
/// optional node budget, and a node count.
#[derive(Debug)]
pub struct Solver<'t> {
    table: Table<'t>,
    arena: Arena,
    budget: Option<u64>,
    nodes: u64,
    /// Seats taken to play greedy moves, bit `s` for seat `s`.
    greedy: u64,
}

impl<'t> Solver<'t> {
    /// A solver using `entries` (16 bytes each, see [`Entry`]) as its transposition table.
    /// Any size works, even none; more entries search fewer nodes. The entries are cleared.
    pub fn new(entries: &'t mut [Entry]) -> Solver<'t> {
        let mut solver = Solver::reusing(entries);
        solver.clear();
        solver
    }

    /// A solver keeping what earlier solvers stored in `entries`: keys cover hands, table,
    /// deck and rules, so what was learnt on one position serves any other (a sampling bot
    /// solving many deals saves the clearing, and gains where the deals agree). Only
    /// entries stored with no [greedy seats](Solver::set_greedy_seats) may be reused so:
    /// the keys do not say which seats played greedy moves.
    pub fn reusing(entries: &'t mut [Entry]) -> Solver<'t> {
        Solver {
            table: Table::new(entries),
            arena: Arena::new(),
            budget: None,
            nodes: 0,
            greedy: 0,
        }
    }

    /// A solver keeping what earlier solvers stored in `entries` while the seats marked in
    /// `seats` played greedy moves ([`Solver::set_greedy_seats`]): for a bot that always
    /// plays against the same greedy seats, the table kept from one decision holds the
    /// next ones' answers. Entries stored with other greedy seats must not be reused so.
    pub fn reusing_with_greedy_seats(entries: &'t mut [Entry], seats: &[bool]) -> Solver<'t> {
        let mut solver = Solver::reusing(entries);
        solver.greedy = greedy_mask(seats);
        solver
    }

    /// Limits each later call to `budget` nodes (`None`: no limit); a call that needs more
    /// returns [`SolveError::OutOfBudget`]. The table keeps what was learnt.
    pub fn set_node_budget(&mut self, budget: Option<u64>) {
        self.budget = budget;
    }

    /// Takes the seats marked in `seats` to play the greedy player's move
    /// ([`best_greedy_move`](crate::bots::best_greedy_move)) instead of their best: an
    /// opponent model, for a bot that has seen a seat play that way. The seat to move at
    /// the root is always searched. Values then are against those seats' greedy play; the
    /// table is cleared when the seats change, as what it held assumed the others.
    pub fn set_greedy_seats(&mut self, seats: &[bool]) {
        let greedy = greedy_mask(seats);
        if greedy != self.greedy {
            self.greedy = greedy;
            self.clear();
        }
    }

    /// Nodes searched since the solver was made.
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets every position in the transposition table. Never needed for correct values
    /// (keys cover hands, table, deck and rules); it only frees the slots.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Calls `visit` with every legal move of the seat to move and its exact value for that
    /// seat: its side's final margin `(S − 1)·own side's total − Σ other sides' totals`
    /// (with everyone alone `(n − 1)·own total − Σ other totals`) with best play after it,
    /// partners helping (paranoid with more than two sides); for a cut position, its horizon value
    /// ([`Position::margin`], [`Position::value_scale`] units to a point). Every move is
    /// reported, moves equivalent up to suits with equal values.
    pub fn solve_all<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
        visit: impl FnMut(Move, i32),
    ) -> Result<(), SolveError> {
        let root = position.to_move().ok_or(SolveError::GameOver)?;
        let (hand, table) = (position.hand(root), position.table());
        self.solve_each(
            position,
            |solve| try_for_each_move(hand, table, solve),
            visit,
        )
    }

    /// As [`Solver::solve_all`], for `moves` alone (each legal), in their order: a sampling
    /// bot solves only the moves it still weighs, where a crowded table has millions.
    pub(crate) fn solve_moves<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
        moves: impl IntoIterator<Item = Move>,
        visit: impl FnMut(Move, i32),
    ) -> Result<(), SolveError> {
        self.solve_each(
            position,
            |solve| moves.into_iter().try_for_each(solve),
            visit,
        )
    }

    /// Values each move that `moves` passes to its callback, in that order.
    fn solve_each<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
        moves: impl FnOnce(&mut dyn FnMut(Move) -> ControlFlow<OutOfBudget>) -> ControlFlow<OutOfBudget>,
        mut visit: impl FnMut(Move, i32),
    ) -> Result<(), SolveError> {
        let root = position.to_move().ok_or(SolveError::GameOver)?;
        let (hero, sign) = hero_of(position, root);
        let base = position.score_value(hero);
        let mut search = self.search(hero);
        let mut known: ArrayVec<(Class, i32), ROOT_CLASSES> = ArrayVec::new();
        // Each root move's search starts from the value of the one before.
        let mut guess = 0;
        let outcome = moves(&mut |played| {
            let class = Class::of(position.table(), played);
            let value = match known.iter().find(|(other, _)| *other == class) {
                Some(&(_, value)) => value,
                None => {
                    let (child, gain) = position.after_for(played, root, hero);
                    let rest = match search.exact(&child, guess - gain) {
                        Ok(rest) => rest,
                        Err(out) => return ControlFlow::Break(out),
                    };
                    let value = sign * (base + gain + rest);
                    guess = gain + rest;
                    let _ = known.try_push((class, value));
                    value
                }
            };
            visit(played, value);
            ControlFlow::Continue(())
        });
        let nodes = search.nodes;
        self.nodes = nodes;
        match outcome {
            ControlFlow::Continue(()) => Ok(()),
            ControlFlow::Break(out) => Err(out.into()),
        }
    }

    /// A best move for the seat to move and its exact value (as in [`Solver::solve_all`]).
    pub fn best_move<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
    ) -> Result<(Move, i32), SolveError> {
        let root = position.to_move().ok_or(SolveError::GameOver)?;
        self.best_move_for(position, root)
    }

    /// The move `seat`'s search plays here, whoever is to move, and the position's exact
    /// value for `seat`: its best move when it is to move, else the move worst for it
    /// (every other side plays against it, its partners for it, as in
    /// [`Solver::solve_all`]). Following these
    /// moves from `seat`'s turn gives a best line, whose end has the value of its start.
    pub fn best_move_for<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
        seat: usize,
    ) -> Result<(Move, i32), SolveError> {
        position.to_move().ok_or(SolveError::GameOver)?;
        let (hero, sign) = hero_of(position, seat);
        let base = position.score_value(hero);
        let mut search = self.search(hero);
        let outcome = search.node(position, -INFINITY, INFINITY, true);
        self.nodes = search.nodes;
        match outcome? {
            (rest, Some(best), _) => Ok((best, sign * (base + rest))),
            (_, None, _) => Err(SolveError::GameOver),
        }
    }

    /// A move worth at least `target` to the seat to move (in the values of
    /// [`Solver::solve_all`]), or `None` if no move is: one null-window search, far
    /// cheaper than [`Solver::best_move`], which must also prove that no move is better.
    /// For a bot that already knows the position's value.
    pub fn move_reaching<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
        target: i32,
    ) -> Result<Option<Move>, SolveError> {
        let root = position.to_move().ok_or(SolveError::GameOver)?;
        let (hero, sign) = hero_of(position, root);
        // The target in the hero's values of the rest of the game: at least this, or, for
        // a root seat whose values are the hero's negated, at most.
        let bound = sign * target - position.score_value(hero);
        let (alpha, beta) = if sign > 0 {
            (bound - 1, bound)
        } else {
            (bound, bound + 1)
        };
        let mut search = self.search(hero);
        let outcome = search.node(position, alpha, beta, true);
        self.nodes = search.nodes;
        let (value, best, _) = outcome?;
        let reached = if sign > 0 {
            value >= beta
        } else {
            value <= alpha
        };
        Ok(best.filter(|_| reached))
    }

    /// The exact value of the position for the seat to move (as in [`Solver::solve_all`]).
    pub fn value<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
    ) -> Result<i32, SolveError> {
        let root = position.to_move().ok_or(SolveError::GameOver)?;
        let (hero, sign) = hero_of(position, root);
        // The rest of the game guessed even: the points won so far.
        self.value_near(position, sign * position.score_value(hero))
    }

    /// As [`Solver::value`], the search closing in from `guess` (a value in the same
    /// units): the nearer the guess, the fewer nodes. Before a two-player game's first
    /// move, the margin of a game the [clairvoyant bot](crate::bots::ClairvoyantBot) plays
    /// against itself (3.5 points from the value on average over 613 deals, in 26 ms)
    /// saves 16 % of the nodes over guessing 0; the first null window, on an empty
    /// table, costs most whatever the guess.
    pub fn value_near<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
        guess: i32,
    ) -> Result<i32, SolveError> {
        let root = position.to_move().ok_or(SolveError::GameOver)?;
        let (hero, sign) = hero_of(position, root);
        let base = position.score_value(hero);
        let mut search = self.search(hero);
        let guess = guess.clamp(-INFINITY, INFINITY);
        let outcome = search.exact(position, sign * guess - base);
        self.nodes = search.nodes;
        Ok(sign * (base + outcome?))
    }

    /// A search for `hero`, within the budget from the nodes counted so far.
    fn search(&mut self, hero: usize) -> Search<'_, 't> {
        Search {
            table: &mut self.table,
            arena: &mut self.arena,
            hero,
            greedy: self.greedy,
            nodes: self.nodes,
            limit: self
                .budget
                .map_or(u64::MAX, |budget| self.nodes.saturating_add(budget)),
        }
    }
}

/// The seats marked in `seats` as a mask, bit `s` for seat `s`.
fn greedy_mask(seats: &[bool]) -> u64 {
    (seats.iter().enumerate())
        .filter(|&(seat, &greedy)| greedy && seat < 64)
        .fold(0u64, |mask, (seat, _)| mask | 1 << seat)
}

/// The seat whose value the search computes, and the sign that turns it into `root`'s:
/// with two sides always seat 0 (the other side's margin is its negation), so that every
/// seat shares the transposition table; with more, the first seat of `root`'s side (a
/// side's seats share its value), which is `root` itself when everyone plays alone.
fn hero_of<const SEATS: usize>(position: &Position<SEATS>, root: usize) -> (usize, i32) {
    let side = position.side_of(root);
    if position.rules().side_count(position.players()) == 2 {
        (0, if side == 0 { 1 } else { -1 })
    } else {
        (side, 1)
    }
}

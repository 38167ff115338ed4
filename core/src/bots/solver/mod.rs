//! An exact solver for games whose every card is known (like bridge's double-dummy
//! solvers): the value of every legal move, to the end of the game.
//!
//! Design, in brief:
//! - [`Position`]: a compact `Copy` state (hands, table, the deck order still to come,
//!   and per seat only the pile's card count, points and tablas); moves by copy-make.
//! - The value of a move for the seat to move is the final margin
//!   `(n − 1)·own total − Σ other totals`: with two players `own − other`, searched by
//!   alpha-beta minimax; with more, every other seat minimises it (paranoid search).
//! - The search values only the rest of the game (points still to win, and the bonus for
//!   most cards, which depends on the pile counts' differences alone), so that positions
//!   reached with different scores share a transposition-table entry. Entries hold
//!   depth-independent lower and upper bounds, in memory the caller gives ([`Entry`]).
//! - Moves that a renaming of suits maps onto each other (same rank and points played,
//!   tables left equal up to suits) are searched once; see `moves.rs`.
//! - Moves are tried best-guess first: the transposition table's move, searched before any
//!   move is generated (it often cuts the node), then by a cheap greedy order (tabla,
//!   points won, cards taken, a low card played). Cards that can take nothing on the
//!   table skip the capture search.
//! - Fast fail: a node whose value cannot reach the window even if the hero (or the
//!   others) won every point left, the tablas still possible and the bonus for most cards
//!   is cut at once ([`Position`]'s bounds). With two players, a seat's tablas are bounded
//!   by its moves and the pairs of equal ranks the two seats still hold.
//! - Two moves before the end, moves are valued directly (the last move has at most two
//!   distinct choices) with no table, ordering or merging.
//! - With two players, leads in cards larger than the cards left (the bonus is decided)
//!   share one table key.
//!
//! ```
//! use tablic_core::bots::solver::{Entry, Position, Solver};
//! use tablic_core::{Game, PlayerCount};
//!
//! let mut game = Game::from_seed(PlayerCount::TWO, 7);
//! while game.undealt() > 0 || game.hand(0).len() > 2 {
//!     let seat = game.to_move().unwrap();
//!     let greedy = tablic_core::bots::best_greedy_move(game.hand(seat), game.table());
//!     game.play(greedy.unwrap()).unwrap();
//! }
//! let position = Position::<2>::from_game(&game).unwrap();
//! let mut entries = vec![Entry::EMPTY; 1 << 12];
//! let mut solver = Solver::new(&mut entries);
//! let (best, value) = solver.best_move(&position).unwrap();
//! solver.solve_all(&position, |played, margin| assert!(margin <= value || played == best)).unwrap();
//! ```

mod moves;
mod position;
mod search;
mod table;

use core::fmt;
use core::ops::ControlFlow;

use arrayvec::ArrayVec;

pub use position::{Position, PositionError, Setup};
pub use table::Entry;

use crate::moves::try_for_each_move;
use crate::Move;
use moves::{Arena, Class};
use search::{OutOfBudget, Search, INFINITY};
use table::Table;

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
}

impl<'t> Solver<'t> {
    /// A solver using `entries` (16 bytes each, see [`Entry`]) as its transposition table.
    /// Any size works, even none; more entries search fewer nodes. The entries are cleared.
    pub fn new(entries: &'t mut [Entry]) -> Solver<'t> {
        let mut solver = Solver::reusing(entries);
        solver.clear();
        solver
    }

    /// A solver keeping what earlier solvers stored in `entries`: keys cover hands, table
    /// and deck, so what was learnt on one position serves any other (a sampling bot
    /// solving many deals saves the clearing, and gains where the deals agree).
    pub fn reusing(entries: &'t mut [Entry]) -> Solver<'t> {
        Solver {
            table: Table::new(entries),
            arena: Arena::new(),
            budget: None,
            nodes: 0,
        }
    }

    /// Limits each later call to `budget` nodes (`None`: no limit); a call that needs more
    /// returns [`SolveError::OutOfBudget`]. The table keeps what was learnt.
    pub fn set_node_budget(&mut self, budget: Option<u64>) {
        self.budget = budget;
    }

    /// Nodes searched since the solver was made.
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets every position in the transposition table. Never needed for correct values
    /// (keys cover hands, table and deck); it only frees the slots.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Calls `visit` with every legal move of the seat to move and its exact value for that
    /// seat: the final margin `(n − 1)·own total − Σ other totals` with best play after it
    /// (paranoid with more than two players). Every move is reported, moves equivalent up
    /// to suits with equal values.
    pub fn solve_all<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
        mut visit: impl FnMut(Move, i32),
    ) -> Result<(), SolveError> {
        let root = position.to_move().ok_or(SolveError::GameOver)?;
        let (hero, sign) = hero_of(position, root);
        let base = position.score_value(hero);
        let mut search = self.search(hero);
        let mut known: ArrayVec<(Class, i32), ROOT_CLASSES> = ArrayVec::new();
        // Each root move's search starts from the value of the one before.
        let mut guess = 0;
        let outcome = try_for_each_move(position.hand(root), position.table(), |played| {
            let class = Class::of(position.table(), played);
            let value = match known.iter().find(|(other, _)| *other == class) {
                Some(&(_, value)) => value,
                None => {
                    let (child, gain) = position.after_for(played, root, hero);
                    match search.exact(&child, guess - gain) {
                        Ok(rest) => {
                            let value = sign * (base + gain + rest);
                            guess = gain + rest;
                            let _ = known.try_push((class, value));
                            value
                        }
                        Err(out) => return ControlFlow::Break(out),
                    }
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
        let (hero, sign) = hero_of(position, root);
        let base = position.score_value(hero);
        let mut search = self.search(hero);
        let outcome = search.node(position, -INFINITY, INFINITY, true);
        self.nodes = search.nodes;
        match outcome? {
            (rest, Some(best)) => Ok((best, sign * (base + rest))),
            (_, None) => Err(SolveError::GameOver),
        }
    }

    /// The exact value of the position for the seat to move (as in [`Solver::solve_all`]).
    pub fn value<const SEATS: usize>(
        &mut self,
        position: &Position<SEATS>,
    ) -> Result<i32, SolveError> {
        let root = position.to_move().ok_or(SolveError::GameOver)?;
        let (hero, sign) = hero_of(position, root);
        let base = position.score_value(hero);
        let mut search = self.search(hero);
        let outcome = search.exact(position, 0);
        self.nodes = search.nodes;
        Ok(sign * (base + outcome?))
    }

    /// A search for `hero`, within the budget from the nodes counted so far.
    fn search(&mut self, hero: usize) -> Search<'_, 't> {
        Search {
            table: &mut self.table,
            arena: &mut self.arena,
            hero,
            nodes: self.nodes,
            limit: self
                .budget
                .map_or(u64::MAX, |budget| self.nodes.saturating_add(budget)),
        }
    }
}

/// The seat whose value the search computes, and the sign that turns it into the root
/// seat's: with two players always seat 0 (the other's margin is its negation), so that
/// both seats share the transposition table; with more, the root seat.
fn hero_of<const SEATS: usize>(position: &Position<SEATS>, root: usize) -> (usize, i32) {
    if position.players().get() == 2 {
        (0, if root == 0 { 1 } else { -1 })
    } else {
        (root, 1)
    }
}

//! Analysis: every legal move of a position valued, for a person reviewing a game or asking
//! for a hint, rather than for a bot that only needs its one move.
//!
//! - From a seat's view ([`analyze_view`]): worlds sampled as the PIMC bot samples them
//!   (its [`Worlds`](crate::bots::Worlds), inference and opponent model, the same seed
//!   giving the same worlds), every legal move solved in every world, never raced, to the
//!   PIMC bot's horizon. Each move gets its mean margin ± standard error, its share of
//!   worlds ahead, and its loss against the best move ± the standard error of the
//!   difference paired world by world.
//! - With everything known ([`analyze_game`]): every move's exact value to the end of the
//!   game, and the best line.
//! - In a game of sides, values are the side's margin over the other sides, as the solver
//!   gives them: a partner plays for the side (its hand sampled like any hidden one), and
//!   the end is settled by the game's house rules.
//!
//! Both give an [`Analysis`]: its moves best first, each a [`MoveTally`] of integer sums,
//! so that the same seed gives the same analysis on every platform (floating point only in
//! the figures a tally presents). The best move is known only once every world is solved,
//! so the losses are paired afterwards: every move's value in every world is kept in memory
//! the caller gives ([`values_needed`]: 128 worlds of 30 moves take 15 KB), and each
//! move's difference from the best is then summed world by world, with its square.

mod game;
mod tally;
mod view;

use core::cmp::Reverse;
use core::fmt;
use core::ops::ControlFlow;

use arrayvec::ArrayVec;

pub use game::analyze_game;
pub use tally::{Mark, MoveTally, BLUNDER_POINTS, CLEAR_ERRORS, MISTAKE_POINTS};
pub use view::{analyze_view, values_needed};

use crate::bots::solver::{Position, SolveError, Solver};
use crate::bots::{
    crowded, BotSpec, GreedyKey, Horizon, PimcOptions, CROWDED_TABLE, MAX_ROOT_MOVES,
};
use crate::game::moves::{try_for_each_move, Move};
use crate::game::view::PlayerView;
use crate::game::MOVES_PER_GAME;
use crate::CardSet;

/// Every legal move of one seat valued: from its view over sampled worlds, or exactly with
/// everything known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    seat: usize,
    horizon: Horizon,
    exact: bool,
    worlds: u32,
    left_out: u32,
    moves: ArrayVec<MoveTally, MAX_ROOT_MOVES>,
    line: ArrayVec<Move, MOVES_PER_GAME>,
    nodes: u64,
}

impl Analysis {
    /// The seat to move, whose moves these are.
    pub const fn seat(&self) -> usize {
        self.seat
    }

    /// How far ahead the moves were solved: the end of the game, or short of it, where a
    /// margin is "ahead at the horizon", not yet a win.
    pub const fn horizon(&self) -> Horizon {
        self.horizon
    }

    /// True when the values are exact: everything was known, or the hidden cards could lie
    /// one way only (the other hand of two players' last deal).
    pub const fn is_exact(&self) -> bool {
        self.exact
    }

    /// Worlds solved within their node budget (1 when exact).
    pub const fn worlds(&self) -> u32 {
        self.worlds
    }

    /// Worlds sampled at the final horizon and left out, as their solve ran out of its
    /// node budget (a world counts for every move or for none).
    pub const fn left_out(&self) -> u32 {
        self.left_out
    }

    /// Every legal move, best first: by the sum of its values, ties in the greedy player's
    /// order ([`GreedyKey`]), then the lower card.
    pub fn moves(&self) -> &[MoveTally] {
        &self.moves
    }

    /// The best move's figures.
    pub fn best(&self) -> &MoveTally {
        // Never empty: an analysis is made only of a seat with a legal move.
        &self.moves[0]
    }

    /// The figures of `played`, if it is a legal move.
    pub fn get(&self, played: Move) -> Option<&MoveTally> {
        self.moves.iter().find(|tally| tally.played == played)
    }

    /// With everything known, the best line: the best move, then each seat's move in the
    /// search to the end of the game (partners play for this seat's side; with more than
    /// two sides, the other sides play against it); empty for a seat's view.
    pub fn line(&self) -> &[Move] {
        &self.line
    }

    /// Nodes the solver searched in all.
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// The node budget an exact analysis ([`analyze_game`]) gets unless its caller says
/// otherwise: about a minute on a desktop. The last two deals take well under a second; from
/// the start of the second deal (36 moves from the end) one took 11 million nodes; a whole
/// two-player game took hundreds of millions.
pub const EXACT_NODES: u64 = 100_000_000;

/// Transposition-table entries the command line and the bindings give an exact analysis
/// (16 MiB): the solver's benchmarks of whole last deals use 2¹⁸, and more entries search
/// fewer nodes.
pub const EXACT_ENTRIES: usize = 1 << 20;

/// The options of the bot that weighs a seat's moves ([`analyze_view`]): only PIMC samples
/// worlds and solves moves in them.
pub fn weighing_options(spec: &BotSpec) -> Result<PimcOptions, AnalysisError> {
    match *spec {
        BotSpec::Pimc(options) => Ok(options),
        ref other => Err(AnalysisError::CannotWeigh(other.name())),
    }
}

/// Why a position was not analysed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnalysisError {
    /// The game is over: there is no move to value.
    GameOver,
    /// This bot (named) does not weigh moves: only PIMC does ([`weighing_options`]).
    CannotWeigh(&'static str),
    /// The view is not of the seat to move.
    NotToMove {
        /// The view's seat.
        seat: usize,
        /// The seat to move.
        to_move: usize,
    },
    /// The table holds more than [`CROWDED_TABLE`] cards, where captures run into the
    /// millions: no search is made there.
    CrowdedTable {
        /// Cards on the table.
        cards: usize,
    },
    /// More legal moves than an analysis holds ([`MAX_ROOT_MOVES`]).
    TooManyMoves,
    /// The memory for the values of every move in every world is too small.
    ValuesTooFew {
        /// Values needed ([`values_needed`]).
        needed: usize,
    },
    /// The exact solve, or every sampled world even a round ahead, ran out of its node
    /// budget: no value is given rather than a wrong one.
    OutOfBudget {
        /// The budget, in nodes.
        nodes: u64,
    },
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            AnalysisError::GameOver => f.write_str("the game is over: there is no move to analyse"),
            AnalysisError::CannotWeigh(bot) => write!(f, "{bot} cannot weigh moves (use pimc)"),
            AnalysisError::NotToMove { seat, to_move } => write!(
                f,
                "the position is seat {seat}'s, but seat {to_move} is to move"
            ),
            AnalysisError::CrowdedTable { cards } => write!(
                f,
                "{cards} cards on the table: more than {CROWDED_TABLE}, where no search is made"
            ),
            AnalysisError::TooManyMoves => {
                write!(
                    f,
                    "more than {MAX_ROOT_MOVES} legal moves, too many to analyse"
                )
            }
            AnalysisError::ValuesTooFew { needed } => {
                write!(f, "memory for {needed} values is needed")
            }
            AnalysisError::OutOfBudget { nodes } => {
                write!(f, "the search ran out of its budget of {nodes} nodes")
            }
        }
    }
}

impl core::error::Error for AnalysisError {}

/// Every legal move of `view`'s seat, which is to move; refused when the table is crowded
/// or the moves are too many.
fn legal_moves(view: &PlayerView<'_>) -> Result<ArrayVec<Move, MAX_ROOT_MOVES>, AnalysisError> {
    let (seat, table) = (view.seat(), view.table());
    match view.to_move() {
        None => return Err(AnalysisError::GameOver),
        Some(to_move) if to_move != seat => return Err(AnalysisError::NotToMove { seat, to_move }),
        Some(_) => {}
    }
    if crowded(view) {
        return Err(AnalysisError::CrowdedTable { cards: table.len() });
    }
    let mut moves = ArrayVec::new();
    let listed = try_for_each_move(view.hand(), table, |legal| match moves.try_push(legal) {
        Ok(()) => ControlFlow::Continue(()),
        Err(_) => ControlFlow::Break(()),
    });
    match listed {
        ControlFlow::Continue(()) if !moves.is_empty() => Ok(moves),
        ControlFlow::Continue(()) => Err(AnalysisError::GameOver),
        ControlFlow::Break(()) => Err(AnalysisError::TooManyMoves),
    }
}

/// Solves `position` for every move of `moves`, writing their values into `values` in the
/// same order.
fn solve_into<const SEATS: usize>(
    solver: &mut Solver<'_>,
    position: &Position<SEATS>,
    moves: &[Move],
    values: &mut [i32],
) -> Result<(), SolveError> {
    let mut slots = values.iter_mut();
    solver.solve_moves(position, moves.iter().copied(), |_, value| {
        if let Some(slot) = slots.next() {
            *slot = value;
        }
    })
}

/// What the worlds' values say: `values` holds a row per world, a value per move of
/// `moves` in their order. The best move has the largest sum (ties in the greedy order on
/// `table`); each move's loss is summed world by world against it.
fn tally(
    moves: &[Move],
    values: &[i32],
    table: CardSet,
    units_per_point: u32,
    exact: bool,
) -> ArrayVec<MoveTally, MAX_ROOT_MOVES> {
    let rows = || values.chunks_exact(moves.len());
    let mut tallies: ArrayVec<MoveTally, MAX_ROOT_MOVES> = moves
        .iter()
        .enumerate()
        .map(|(index, &played)| {
            let mut tally = MoveTally {
                played,
                worlds: 0,
                ahead: 0,
                sum: 0,
                squares: 0,
                loss_sum: 0,
                loss_squares: 0,
                units_per_point,
                exact,
            };
            for row in rows() {
                let value = i64::from(row[index]);
                tally.worlds += 1;
                tally.ahead += u32::from(value > 0);
                tally.sum += value;
                tally.squares += value * value;
            }
            tally
        })
        .collect();
    // A total order: equal keys (cards alike up to suits) go to the lower card, then the
    // smaller capture.
    let order = |tally: &MoveTally| {
        let played = tally.played;
        let key = GreedyKey::new(table, played.card, played.capture);
        let lower = Reverse((played.card.index(), played.capture.bits()));
        (tally.sum, key, lower)
    };
    let best = (0..tallies.len())
        .max_by_key(|&index| order(&tallies[index]))
        .unwrap_or(0);
    for (index, tally) in tallies.iter_mut().enumerate() {
        for row in rows() {
            let loss = i64::from(row[best]) - i64::from(row[index]);
            tally.loss_sum += loss;
            tally.loss_squares += loss * loss;
        }
    }
    tallies.sort_unstable_by_key(|tally| Reverse(order(tally)));
    tallies
}

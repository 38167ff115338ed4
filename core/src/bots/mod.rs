//! Players that choose moves from what their seat may know.
//!
//! A [`Bot`] sees a [`PlayerView`], never the game, so it cannot peek at other hands.
//!
//! In a game of sides the searching bots (minimax, the solver and every bot built on it)
//! value their side's margin and take a partner to play for the side, its hand as hidden
//! as an opponent's; they settle the game's end by its house rules. The random and greedy
//! players play as the original's did, sides or not.
//!
//! - [`RandomBot`] and [`GreedyBot`]: the original program's players, exactly.
//! - [`MinimaxBot`]: the original's adapted minimax, with a node budget (and with the
//!   `solver` feature an optional exact solve of the two-player last deal, `exact=`).
//! - [`solver`]: exact values of every move when every card is known; the next three
//!   bots use it (with the `solver` feature).
//! - `PimcBot`: solves sampled worlds consistent with what the seat knows.
//! - `IsmctsBot`: one search tree over those worlds, played out by greedy moves.
//! - `ClairvoyantBot`: sees every card; a bound for the others.
//! - `BestResponseBot`: sees every card and knows the others play greedy moves; the
//!   exact best reply to them, the bound on exploiting the greedy player.
//! - [`evaluation`]: a learned value of the rest of a game at a deal's end, and
//!   [`move_model`]: learned odds of each move a hand allows; what the searching bots may
//!   use at their horizon and to weigh their worlds (`learned=1`, `inference=1`).
//! - `alone=1` (pimc, ismcts): in a game of sides, the bot plays for its own seat, through
//!   [`PlayerView::playing_alone`]; what playing for the side is worth is measured so.
//! - [`BotSpec`]: any of them by name and options, as the command line writes them.
//! - [`RankedCaptures`]: a card's captures in the greedy player's order, best first, for a
//!   person choosing among them.

#[cfg(feature = "solver")]
mod bestresponse;
#[cfg(feature = "solver")]
mod clairvoyant;
pub mod evaluation;
mod greedy;
#[cfg(feature = "solver")]
mod ismcts;
mod minimax;
pub mod move_model;
#[cfg(feature = "solver")]
mod nearing;
#[cfg(feature = "solver")]
mod pimc;
mod random;
mod ranked_captures;
pub mod solver;
mod spec;

#[cfg(feature = "solver")]
pub use bestresponse::BestResponseBot;
#[cfg(feature = "solver")]
pub use clairvoyant::ClairvoyantBot;
#[cfg(feature = "solver")]
pub(crate) use greedy::crowded;
pub use greedy::{best_greedy_move, equivalent_cards, GreedyBot, GreedyKey, CROWDED_TABLE};
#[cfg(feature = "solver")]
pub use ismcts::{IsmctsBot, IsmctsOptions};
pub use minimax::{probably_lacking, Decision, MinimaxBot, MinimaxOptions, Score, MAX_BRANCHING};
#[cfg(feature = "solver")]
pub(crate) use pimc::{has_single_world, OUT_OF_BUDGET_SHARE};
#[cfg(feature = "solver")]
pub use pimc::{
    sample_world, Evaluation, Horizon, Inference, Opponents, PimcBot, PimcOptions, World, Worlds,
    MAX_ROOT_MOVES, MAX_SAMPLES, WORLD_STREAM,
};
pub use random::RandomBot;
pub use ranked_captures::{RankedCaptures, RankingError};
pub use solver::SOLVER_MEMORY_KIB;
pub use spec::{
    split_bot_list, AnyBot, BotOption, BotSpec, BotSpecError, BEST_RESPONSE_ENTRIES,
    MAX_MEMORY_KIB, SOLVER_ENTRIES,
};

use crate::game::moves::{IllegalMove, Move};
use crate::game::view::PlayerView;
use crate::game::Game;
use crate::GameResult;

/// Something that picks a move for its seat.
pub trait Bot {
    /// A legal move for `view`'s seat, which is to move.
    fn choose(&mut self, view: &PlayerView<'_>) -> Move;
}

/// Why a game between bots stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// One bot per seat is needed.
    WrongBotCount {
        /// Seats in the game.
        seats: usize,
        /// Bots given.
        bots: usize,
    },
    /// A bot chose an illegal move.
    Illegal {
        /// The seat whose bot failed.
        seat: usize,
        /// The move it chose.
        chosen: Move,
        /// Why the move is illegal.
        reason: IllegalMove,
    },
}

impl core::fmt::Display for PlayError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PlayError::WrongBotCount { seats, bots } => {
                write!(f, "{seats} seats need {seats} bots, not {bots}")
            }
            PlayError::Illegal {
                seat,
                chosen,
                reason,
            } => write!(f, "the bot at seat {seat} chose {chosen}: {reason}"),
        }
    }
}

impl core::error::Error for PlayError {}

/// Plays `game` to the end, `bots[seat]` choosing for each seat.
pub fn play_out(game: &mut Game, bots: &mut [&mut dyn Bot]) -> Result<GameResult, PlayError> {
    let seats = game.players().get();
    if bots.len() != seats {
        return Err(PlayError::WrongBotCount {
            seats,
            bots: bots.len(),
        });
    }
    while let Some(view) = game.current_view() {
        let seat = view.seat();
        let chosen = bots[seat].choose(&view);
        game.play(chosen).map_err(|reason| PlayError::Illegal {
            seat,
            chosen,
            reason,
        })?;
    }
    Ok(game.result_so_far())
}

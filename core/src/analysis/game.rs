//! A game with everything known analysed exactly: every move's value to the end of the
//! game, and the best line.

use arrayvec::ArrayVec;

use super::{legal_moves, solve_into, tally, Analysis, AnalysisError};
use crate::bots::solver::{Entry, Position, SolveError, Solver};
use crate::bots::{Horizon, MAX_ROOT_MOVES};
use crate::dealing::players::MAX_PLAYERS;
use crate::game::moves::Move;
use crate::game::view::PlayerView;
use crate::game::Game;

/// Every legal move of the seat to move in `game`, valued exactly to the end of the game
/// by the solver with every hand and the deck's order known ([`Solver::solve_all`]'s
/// values), and the best line to the end. `nodes` bounds the whole analysis, line
/// included: past it the answer is [`AnalysisError::OutOfBudget`], never a value short of
/// exact. `entries` are the solver's transposition table; more of them search fewer nodes.
pub fn analyze_game(
    game: &Game,
    nodes: Option<u64>,
    entries: &mut [Entry],
) -> Result<Analysis, AnalysisError> {
    let view = game.current_view().ok_or(AnalysisError::GameOver)?;
    let moves = legal_moves(&view)?;
    match game.players().get() {
        2 => analyze_exactly::<2>(game, &view, &moves, nodes, entries),
        3 | 4 => analyze_exactly::<4>(game, &view, &moves, nodes, entries),
        _ => analyze_exactly::<MAX_PLAYERS>(game, &view, &moves, nodes, entries),
    }
}

fn analyze_exactly<const SEATS: usize>(
    game: &Game,
    view: &PlayerView<'_>,
    moves: &[Move],
    budget: Option<u64>,
    entries: &mut [Entry],
) -> Result<Analysis, AnalysisError> {
    let out_of_budget = |_: SolveError| AnalysisError::OutOfBudget {
        nodes: budget.unwrap_or(u64::MAX),
    };
    // Not reached: a game's own position is always one the solver takes.
    let position = Position::<SEATS>::from_game(game).map_err(|_| AnalysisError::GameOver)?;
    let mut solver = Solver::new(entries);
    solver.set_node_budget(budget);
    let mut values = [0i32; MAX_ROOT_MOVES];
    solve_into(&mut solver, &position, moves, &mut values).map_err(out_of_budget)?;
    let seat = view.seat();
    let others = game.side_count() as u32 - 1;
    let tallies = tally(moves, &values[..moves.len()], view.table(), others, true);
    // The best line: the best move, then the search's move for this seat at each turn,
    // the table kept, within what is left of the budget.
    let mut line = ArrayVec::new();
    let mut now = position;
    let mut next = tallies[0].played;
    loop {
        line.push(next);
        // Not reached: every move of the line is one the solver chose.
        now = now.play(next).map_err(|_| AnalysisError::GameOver)?;
        if now.is_finished() {
            break;
        }
        solver.set_node_budget(budget.map(|budget| budget.saturating_sub(solver.nodes())));
        next = solver.best_move_for(&now, seat).map_err(out_of_budget)?.0;
    }
    Ok(Analysis {
        seat,
        horizon: Horizon::GameEnd,
        exact: true,
        worlds: 1,
        left_out: 0,
        moves: tallies,
        line,
        nodes: solver.nodes(),
    })
}

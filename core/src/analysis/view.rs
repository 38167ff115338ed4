//! A seat's moves analysed from its view alone: the PIMC bot's worlds, every legal move
//! solved in each.

use arrayvec::ArrayVec;

use super::{legal_moves, solve_into, tally, Analysis, AnalysisError};
use crate::bots::solver::{Entry, Solver};
use crate::bots::{
    has_single_world, Horizon, Opponents, PimcOptions, World, Worlds, MAX_ROOT_MOVES, MAX_SAMPLES,
    OUT_OF_BUDGET_SHARE, WORLD_STREAM,
};
use crate::dealing::pcg32::Pcg32;
use crate::dealing::players::MAX_PLAYERS;
use crate::game::moves::{legal_move_count_up_to, Move};
use crate::game::view::PlayerView;

/// Values [`analyze_view`] needs room for: one per legal move (at most
/// [`MAX_ROOT_MOVES`]) in each world it samples.
pub fn values_needed(view: &PlayerView<'_>, options: &PimcOptions) -> usize {
    let most = MAX_ROOT_MOVES as u64;
    let moves = legal_move_count_up_to(view.hand(), view.table(), most).min(most) as usize;
    samples(view, options) as usize * moves
}

/// Worlds to sample: the bot's samples (1 to [`MAX_SAMPLES`]), or the single world of a
/// two-player last deal.
fn samples(view: &PlayerView<'_>, options: &PimcOptions) -> u32 {
    if has_single_world(view) {
        1
    } else {
        options.samples.clamp(1, MAX_SAMPLES)
    }
}

/// Every legal move of `view`'s seat (which must be to move), valued over the worlds the
/// PIMC bot with `options` and `seed` would sample ([`WORLD_STREAM`]), each solved for
/// every move with its node budget and opponent model. The horizon is the bot's: the end
/// of the deal, a cut after whole rounds for three or four players, the end of the game in
/// the last deal; as the bot does, the analysis starts over a round nearer when more than
/// one world in eight tried runs out of its budget, and leaves those worlds out. A
/// two-player last deal has one world, the other hand being every unseen card: solved
/// exactly, without a budget.
///
/// `entries` are the solver's transposition table; `values` holds every move's value in
/// every world ([`values_needed`]), so that each move's loss against the best is paired
/// world by world.
pub fn analyze_view(
    view: &PlayerView<'_>,
    options: &PimcOptions,
    seed: u64,
    entries: &mut [Entry],
    values: &mut [i32],
) -> Result<Analysis, AnalysisError> {
    let view = &view.playing_alone(options.alone);
    let moves = legal_moves(view)?;
    let samples = samples(view, options);
    let needed = samples as usize * moves.len();
    let values = values
        .get_mut(..needed)
        .ok_or(AnalysisError::ValuesTooFew { needed })?;
    let opponents = Opponents::observe(view);
    let worlds = Worlds::new(view, &opponents, options.inference);
    let exact = has_single_world(view);
    let mut solver = Solver::new(entries);
    solver.set_greedy_seats(&opponents.greedy_seats());
    solver.set_node_budget((!exact).then_some(options.nodes));
    let mut rng = Pcg32::new(seed, WORLD_STREAM);
    let mut horizon = Horizon::of(view).valued(options.learned, view);
    let (mut tried, mut solved, mut left_out) = (0u32, 0usize, 0u32);
    while tried < samples {
        let world = worlds.sample(&mut rng);
        tried += 1;
        let row = &mut values[solved * moves.len()..][..moves.len()];
        if solve_world(&mut solver, view, &world, horizon, &moves, row) {
            solved += 1;
            continue;
        }
        left_out += 1;
        if left_out * OUT_OF_BUDGET_SHARE > tried {
            if let Some(nearer) = horizon.nearer(view) {
                horizon = nearer;
                (tried, solved, left_out) = (0, 0, 0);
            }
        }
    }
    if solved == 0 {
        return Err(AnalysisError::OutOfBudget {
            nodes: options.nodes,
        });
    }
    let others = view.side_count() as u32 - 1;
    let values = &values[..solved * moves.len()];
    Ok(Analysis {
        seat: view.seat(),
        horizon,
        exact,
        worlds: solved as u32,
        left_out,
        moves: tally(
            &moves,
            values,
            view.table(),
            others * horizon.scale(),
            exact,
        ),
        line: ArrayVec::new(),
        nodes: solver.nodes(),
    })
}

/// Solves `world` cut at `horizon` for every move of `moves`, writing their values into
/// `row` in the same order; false when the solve ran out of its budget.
fn solve_world(
    solver: &mut Solver<'_>,
    view: &PlayerView<'_>,
    world: &World,
    horizon: Horizon,
    moves: &[Move],
    row: &mut [i32],
) -> bool {
    let (hands, deck) = (&world.hands, &world.deck);
    let solved = match view.players().get() {
        2 => horizon
            .position::<2>(view, hands, deck)
            .map(|position| solve_into(solver, &position, moves, row)),
        3 | 4 => horizon
            .position::<4>(view, hands, deck)
            .map(|position| solve_into(solver, &position, moves, row)),
        _ => horizon
            .position::<MAX_PLAYERS>(view, hands, deck)
            .map(|position| solve_into(solver, &position, moves, row)),
    };
    matches!(solved, Ok(Ok(())))
}

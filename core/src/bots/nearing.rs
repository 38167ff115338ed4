//! A best move solved as far ahead as the solver's node budget allows: the clairvoyant
//! player's every move, and the sampling bots' two-player last deal when given an `exact`
//! budget (the minimax bot's `exact` solve is a single attempt, its own search the
//! fallback). A solve that runs out is done again a round nearer (the table keeps what it
//! learnt), from a single round (long with many players) half as many moves ahead, and past
//! a single move the greedy move is played: each attempt is bounded, and there are at most
//! as many as the moves ahead, so the decision is too.

use crate::bots::best_greedy_move;
use crate::bots::pimc::Horizon;
use crate::bots::solver::{SolveError, Solver};
use crate::dealing::players::MAX_PLAYERS;
use crate::game::moves::Move;
use crate::game::view::PlayerView;
use crate::{Card, CardSet};

/// The solver's best move for `view`'s seat with every seat's `hands` and the `undealt`
/// deck known, from `horizon` on and nearer while the budget runs out; `None` when the
/// position cannot be built (not for a real game's).
pub(crate) fn best_move_nearing(
    solver: &mut Solver<'_>,
    view: &PlayerView<'_>,
    hands: &[CardSet],
    undealt: &[Card],
    mut horizon: Horizon,
) -> Option<Move> {
    loop {
        match best_move_within_budget(solver, view, hands, undealt, horizon) {
            Ok(chosen) => return Some(chosen),
            Err(Some(SolveError::OutOfBudget)) => {
                match horizon.nearer(view).or_else(|| horizon.halved(view)) {
                    Some(nearer) => horizon = nearer,
                    None => return best_greedy_move(view.hand(), view.table()),
                }
            }
            Err(_) => return None,
        }
    }
}

/// The solver's best move for `view`'s seat with every seat's `hands` and the `undealt`
/// deck known, solved to `horizon` in a single attempt: the solver's error when it fails
/// (out of its node budget), `None` when the position cannot be built (not for a real
/// game's).
pub(crate) fn best_move_within_budget(
    solver: &mut Solver<'_>,
    view: &PlayerView<'_>,
    hands: &[CardSet],
    undealt: &[Card],
    horizon: Horizon,
) -> Result<Move, Option<SolveError>> {
    let best = match view.players().get() {
        2 => horizon
            .position::<2>(view, hands, undealt)
            .map(|p| solver.best_move(&p)),
        3 | 4 => horizon
            .position::<4>(view, hands, undealt)
            .map(|p| solver.best_move(&p)),
        _ => horizon
            .position::<MAX_PLAYERS>(view, hands, undealt)
            .map(|p| solver.best_move(&p)),
    };
    match best {
        Ok(Ok((chosen, _))) => Ok(chosen),
        Ok(Err(error)) => Err(Some(error)),
        Err(_) => Err(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::solver::Entry;
    use crate::{Game, PlayerCount};

    /// The start of a two-player last deal, reached by greedy moves.
    fn last_deal(seed: u64) -> Game {
        let mut game = Game::from_seed(PlayerCount::TWO, seed);
        while game.undealt() > 0 || game.hand(0).len() > 6 {
            let seat = game.to_move().unwrap();
            let greedy = best_greedy_move(game.hand(seat), game.table()).unwrap();
            game.play(greedy).unwrap();
        }
        game
    }

    /// Each attempt stops at the budget, and there are no more attempts than moves ahead:
    /// the node count stays under their product, where the exact solve takes more than
    /// that. A single attempt says it ran out. The last move's leaves are counted together
    /// after the budget is checked, so an attempt may pass it by a few (9 at most in 40
    /// greedy last deals, every position and budget up to 300).
    #[test]
    fn the_budget_bounds_every_attempt() {
        const BUDGET: u64 = 60;
        for seed in 0..6u64 {
            let game = last_deal(seed);
            let view = game.current_view().unwrap();
            let hands = [game.hand(0), game.hand(1)];
            let mut entries = [Entry::EMPTY; 256];
            let mut exact = Solver::new(&mut entries);
            let solved = best_move_nearing(&mut exact, &view, &hands, &[], Horizon::GameEnd);
            assert_eq!(solved.map(|played| game.check(played)), Some(Ok(())));
            assert!(
                exact.nodes() > 12 * (BUDGET + 1),
                "seed {seed}: {}",
                exact.nodes()
            );
            let mut single = Solver::new(&mut entries);
            single.set_node_budget(Some(BUDGET));
            let attempt =
                best_move_within_budget(&mut single, &view, &hands, &[], Horizon::GameEnd);
            assert_eq!(attempt, Err(Some(SolveError::OutOfBudget)), "seed {seed}");
            assert!(
                single.nodes() <= BUDGET + 16,
                "seed {seed}: {}",
                single.nodes()
            );
            let mut bounded = Solver::new(&mut entries);
            bounded.set_node_budget(Some(BUDGET));
            let played =
                best_move_nearing(&mut bounded, &view, &hands, &[], Horizon::GameEnd).unwrap();
            assert_eq!(game.check(played), Ok(()), "seed {seed}");
            assert!(
                bounded.nodes() <= 12 * (BUDGET + 1),
                "seed {seed}: {}",
                bounded.nodes()
            );
        }
    }
}

//! The clairvoyant reference bot: the solver's best move with every card known, at the
//! horizon the sampling bot uses, in reasonable time for any player count.

use tablic_core::bots::solver::{Entry, Position, Solver};
use tablic_core::bots::{best_greedy_move, ClairvoyantBot, SOLVER_ENTRIES};
use tablic_core::{Game, PlayerCount};

fn entries() -> Vec<Entry> {
    vec![Entry::EMPTY; SOLVER_ENTRIES]
}

/// A game after `plies` greedy moves.
fn greedy_for(players: usize, seed: u64, plies: usize) -> Game {
    let mut game = Game::from_seed(PlayerCount::new(players).unwrap(), seed);
    while game.history().len() < plies {
        let seat = game.to_move().unwrap();
        game.play(best_greedy_move(game.hand(seat), game.table()).unwrap())
            .unwrap();
    }
    game
}

/// With two players the clairvoyant move is worth the solver's best value, to the end of
/// the deal (to the end of the game in the last deal).
#[test]
fn two_players_play_the_solvers_best_move() {
    for seed in 0..24u64 {
        let game = greedy_for(2, seed, (seed as usize * 7) % 48);
        let mut memory = entries();
        let chosen = ClairvoyantBot::new(&mut memory)
            .choose_seeing_all(&game)
            .unwrap();
        let whole = Position::<2>::from_game(&game).unwrap();
        let position = if game.undealt() > 0 {
            whole.cut_at_deal_end()
        } else {
            whole
        };
        let mut memory = entries();
        let mut solver = Solver::new(&mut memory);
        let (_, best) = solver.best_move(&position).unwrap();
        let mut value_of_chosen = None;
        solver
            .solve_all(&position, |played, value| {
                if played == chosen {
                    value_of_chosen = Some(value);
                }
            })
            .unwrap();
        assert_eq!(value_of_chosen, Some(best), "seed {seed}: {chosen}");
    }
}

/// Four players' deals (24 moves) are cut after four rounds, or nearer when that outruns
/// the node budget: the first moves of a deal, the farthest from its end, are made with
/// legal moves.
#[test]
fn four_players_decide_at_a_deals_start() {
    let mut game = Game::from_seed(PlayerCount::new(4).unwrap(), 1);
    let mut memory = entries();
    let mut bot = ClairvoyantBot::new(&mut memory);
    for _ in 0..4 {
        let chosen = bot.choose_seeing_all(&game).unwrap();
        game.play(chosen).unwrap();
    }
    assert_eq!(game.history().len(), 4);
}
